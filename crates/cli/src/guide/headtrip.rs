//! Head Trip's guide: 4 players, the aspects of Bobby compete to pilot him.

use super::{Guide, OptionField};
use headtrip::HeadTrip;

impl Guide for HeadTrip {
    const TITLE: &'static str = "Head Trip";
    const PLAYERS: &'static str = "4 players";
    const SUMMARY: &'static str = "The four aspects of Bobby (The Animal, The Angel, \
        The Genius, The Student) vote for a pilot, who answers the challenges with action cards; \
        the others may recall the pilot.";
    const OPTIONS: &'static [OptionField] = &[
        OptionField {
            name: "aspect_affinities",
            default: "false",
            meaning: "The Aspect Affinities variant (HT6): when the challenge's suit is the \
                pilot's own, the pilot may play one or two action cards.",
        },
        OptionField {
            name: "games",
            default: "1",
            meaning: "Games in a multi-game session (HT9), 1 to 10000: each seat keeps its \
                aspect, its score is the sum of its games' scores.",
        },
        OptionField {
            name: "stacked_challenges",
            default: "null",
            meaning: "A stacked challenge deck for each game of the session, top card first, \
                each an order of the 27 challenge cards (2-10 of clubs, hearts, spades); null \
                shuffles.",
        },
    ];
    const NOTATION: &'static str = "\
step-down               the pilot stands down (an election follows)
stay                    the pilot stays (the others may then call for a recall)
recall, no-recall       each other aspect in turn: call for a recall of the pilot, or not
vote genius             every aspect in seat order, in an election (also `vote K`, the voting
                        card's rank; `vote the genius`)
choose angel            The Student breaks a tied election
play 5C                 the pilot plays an action card (also `play 5♣`, `play 10C`, `play TC`)
play 3C+5C              two cards, with Aspect Affinities: the lower first
Aspects: animal, angel, genius, student. Any case.";
    const EXAMPLES: &'static [&'static str] = &[
        "step-down",
        "stay",
        "recall",
        "no-recall",
        "vote genius",
        "vote K",
        "vote the genius",
        "choose angel",
        "play 5C",
        "play 5♣",
        "play 10C",
        "play TC",
        "play 3C+5C",
    ];
}
