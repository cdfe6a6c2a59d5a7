//! Round Trip Ticket's guide: 2-6 players build trips of transport cards. Its log names a card
//! drawn or stolen with its face, as the screen shows cards (`17:bike △-◇`).

use super::{Guide, OptionField};
use cards::{Game, Seat};
use roundtrip::{Observation, RoundTrip, TripCard};

impl Guide for RoundTrip {
    const TITLE: &'static str = "Round Trip Ticket";
    const PLAYERS: &'static str = "2-6 players";
    const SUMMARY: &'static str = "The players build trips of transport cards whose symbols \
        join up; the basic game, the advanced game (goals, several trips a deal), Round the \
        World, Specific Trip and Aversion.";
    const OPTIONS: &'static [OptionField] = &[
        OptionField {
            name: "players",
            default: "4",
            meaning: "Number of players, 2 to 6.",
        },
        OptionField {
            name: "advanced",
            default: "false",
            meaning: "The advanced game: goal cards, and several trips a deal.",
        },
        OptionField {
            name: "target_score",
            default: "null",
            meaning: "The score to pass to win; null is 40 in the basic game, 80 in the \
                advanced.",
        },
        OptionField {
            name: "round_the_world",
            default: "false",
            meaning: "Round the World (basic game only): trips of at least 10 segments with two \
                blue cards; the first to complete one wins.",
        },
        OptionField {
            name: "specific_trip",
            default: "false",
            meaning: "Specific Trip: two face-up cards name four symbols every trip must visit.",
        },
        OptionField {
            name: "aversion",
            default: "0",
            meaning: "Aversion: 0, 1 or 2 face-up cards dealt to each player bar their modes for \
                that player.",
        },
        OptionField {
            name: "deck",
            default: "null",
            meaning: "Another deck list, one card a string: a mode and two symbols, or \
                `airplane` with one symbol and `?`; null is the default deck.",
        },
        OptionField {
            name: "stacked_decks",
            default: "[]",
            meaning: "Stacked decks: for deal i, the card numbers from the top down; deals \
                beyond the list are shuffled.",
        },
        OptionField {
            name: "max_hands",
            default: "100",
            meaning: "The game ends after this many hands (deals) even if nobody has passed the \
                target; the best score wins then.",
        },
    ];
    const NOTATION: &'static str = "\
Cards are named by their number, shown before their face (17:bike △-◇). A card's first symbol
is forward: played `fwd`, it joins the trip and the other becomes the trip's end; `rev` flips it.
play 17 fwd, play 17 rev  play a card on your own trip (or answer a wild card)
discard 17              discard a card
draw                    draw the top card of the deck
steal 2                 take a random card from seat 2's hand instead of drawing
pass                    draw nothing (or, answering a wild card, do nothing)";
    const EXAMPLES: &'static [&'static str] = &[
        "play 17 fwd",
        "play 17 rev",
        "discard 17",
        "draw",
        "steal 2",
        "pass",
    ];

    /// A card the observer is shown, drawn or stolen, is named with its face.
    fn log_line(&self, _actor: Seat, observer: Seat, observation: Observation) -> String {
        let faces = self.view(observer).faces;
        let card = |card: TripCard| match faces.get(card.index()) {
            Some(face) => format!("{card}:{face}"),
            None => card.to_string(),
        };
        match observation {
            Observation::Drew {
                by,
                card: Some(drawn),
            } => format!("seat {by} drew card {}", card(drawn)),
            Observation::Stole {
                by,
                from,
                card: Some(stolen),
                replacement,
            } => {
                let mut line = format!("seat {by} stole card {} from seat {from}", card(stolen));
                if let Some(drawn) = replacement {
                    line.push_str(&format!(", which drew card {}", card(drawn)));
                }
                line
            }
            other => other.to_string(),
        }
    }
}
