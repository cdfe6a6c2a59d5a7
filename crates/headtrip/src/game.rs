//! [`HeadTrip`]: the `Game` implementation.

use cards::{Card, Game, GameRng, PlayoutError, Rank, Seat, SeatSet, Standings, Suit};
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;

use crate::options::CHALLENGES;
use crate::table::{hand_cards, Phase, Played, Table, MAX_PLIES_PER_ROUND};
use crate::{
    Action, ActionError, Aspect, Observation, Options, OptionsError, ParseActionError, View,
};

/// A game (or multi-game session) of Head Trip.
///
/// ```
/// use cards::Game;
/// use headtrip::{Action, HeadTrip, Options};
///
/// let mut game = HeadTrip::new(Options::default(), 42)?;
/// // The Student pilots first and decides whether to step down.
/// assert_eq!(game.to_act(), Some(cards::Seat(3)));
/// game.apply(Action::StepDown)?;
/// // An illegal action is refused and changes nothing.
/// assert!(game.apply("play 5C".parse()?).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, PartialEq, Serialize)]
#[serde(transparent)]
pub struct HeadTrip {
    pub(crate) table: Table,
}

impl Clone for HeadTrip {
    fn clone(&self) -> Self {
        HeadTrip {
            table: self.table.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.table.clone_from(&source.table);
    }
}

impl HeadTrip {
    /// The challenge being faced, if any.
    pub fn challenge(&self) -> Option<Card> {
        self.table.challenge()
    }

    /// The pilot.
    pub fn pilot(&self) -> Aspect {
        self.table.pilot
    }

    /// The decision the game waits for.
    pub fn phase(&self) -> Phase {
        self.table.phase
    }

    /// The tableau rows ♣ ♥ ♠, left to right, with each play's facing.
    pub fn tableau(&self) -> [&[cards::Placed<Played>]; 3] {
        [
            self.table.rows[0].as_slice(),
            self.table.rows[1].as_slice(),
            self.table.rows[2].as_slice(),
        ]
    }

    /// Action cards an aspect still holds, low first.
    pub fn hand(&self, aspect: Aspect) -> impl Iterator<Item = Card> {
        hand_cards(self.table.hands[aspect.index()], aspect.suit())
    }

    /// Recall cards left in this game.
    pub fn recalls(&self) -> u8 {
        self.table.recalls
    }

    /// Which game of the session is under way (from 0).
    pub fn game_index(&self) -> u32 {
        self.table.game_index
    }

    /// The score of an aspect in the game under way (without earlier games of the session).
    pub fn game_score(&self, aspect: Aspect) -> i64 {
        self.table.game_score(aspect)
    }

    /// The revealed votes of the last finished election, by seat.
    pub fn last_votes(&self) -> Option<[Aspect; 4]> {
        self.table.last_votes
    }
}

impl Game for HeadTrip {
    type Options = Options;
    type Action = Action;
    type ParseActionError = ParseActionError;
    type OptionsError = OptionsError;
    type ActionError = ActionError;
    type View = View;
    type Observation = Observation;
    type Card = Card;

    const NAME: &'static str = "headtrip";

    fn new(options: Options, seed: u64) -> Result<Self, OptionsError> {
        options.validate()?;
        Ok(HeadTrip {
            table: Table::new(options, seed),
        })
    }

    /// The table is inline: with the game's own options (checked when it was made or loaded),
    /// it is dealt again in place; other options are checked and copied (a stacked session's
    /// decks are the one thing that allocates).
    fn new_into(options: &Options, seed: u64, out: &mut Self) -> Result<(), OptionsError> {
        if *options != out.table.options {
            options.validate()?;
            out.table.options.clone_from(options);
        }
        out.table.renew(seed);
        Ok(())
    }

    fn options(&self) -> &Options {
        &self.table.options
    }

    fn seat_count(&self) -> usize {
        4
    }

    #[inline]
    fn to_act(&self) -> Option<Seat> {
        self.table.to_act()
    }

    #[inline]
    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.table.legal_actions(out);
    }

    #[inline]
    fn apply(&mut self, action: Action) -> Result<(), ActionError> {
        self.table.apply(action)
    }

    /// Looks at the phase once: the legal actions are filled and the drawn one is applied by
    /// the phase's own rule (the same games as `legal_actions` then `apply`).
    #[inline]
    fn random_ply<R: cards::Draw + ?Sized>(
        &mut self,
        rng: &mut R,
        buffer: &mut Vec<Action>,
    ) -> Result<usize, PlayoutError> {
        self.table
            .random_ply(rng, buffer)
            .map_err(|(action, reason)| PlayoutError::refused(self.table.plies, action, reason))
    }

    fn score(&self, seat: Seat) -> i64 {
        Aspect::of_seat(seat).map_or(0, |a| self.table.score(a))
    }

    /// The seats with the best score, ties shared (G5), as the default has it, from the
    /// scores worked out together.
    fn winners(&self) -> SeatSet {
        self.standings().winners()
    }

    /// The four scores worked out together (each row read once instead of once a seat), and
    /// the winners by G5.
    fn standings(&self) -> Standings {
        Standings::best_of(&self.table.scores())
    }

    fn view(&self, seat: Seat) -> View {
        View::of(&self.table, seat)
    }

    #[inline]
    fn plies(&self) -> u64 {
        self.table.plies
    }

    #[inline]
    fn max_plies(&self) -> u64 {
        u64::from(self.table.options.games) * CHALLENGES as u64 * MAX_PLIES_PER_ROUND
    }

    fn census(&self, out: &mut Vec<Card>) {
        out.clear();
        let t = &self.table;
        // The auxiliary deck: challenges (faced or not), aspect cards, label cards.
        out.extend_from_slice(&t.deck);
        out.extend(Aspect::ALL.map(Aspect::card));
        out.extend([Suit::Clubs, Suit::Hearts, Suit::Spades].map(|s| Card::new(Rank::Ace, s)));
        // The persona deck: action cards in hands and on the tableau, voting cards, recall cards.
        for aspect in Aspect::ALL {
            out.extend(hand_cards(t.hands[aspect.index()], aspect.suit()));
            out.extend(Aspect::ALL.map(|named| Card::new(named.voting_rank(), aspect.suit())));
        }
        for row in &t.rows {
            out.extend(row.iter().flat_map(|p| p.card.cards()));
        }
        out.extend([Card::BLACK_JOKER, Card::RED_JOKER]);
    }

    /// The index space of [`cards::Learn`] in index order (the same in every state), then a
    /// few actions that are never legal, for the refusal probes: plays of cards that are not
    /// action cards, pairs across suits, high first, of The Student's suit, and (without Aspect
    /// Affinities) of an affine suit.
    fn action_space(&self, out: &mut Vec<Action>) {
        cards::learning::index_space::<Self>(&self.table.options, out);
        let card = |rank, suit| Card::new(rank, suit);
        out.extend([
            Action::Play(card(Rank::Jack, Suit::Clubs)),
            Action::Play(card(Rank::Ace, Suit::Diamonds)),
            Action::Play(Card::BLACK_JOKER),
            Action::PlayTwo(
                card(Rank::Two, Suit::Clubs),
                card(Rank::Three, Suit::Hearts),
            ),
            Action::PlayTwo(
                card(Rank::Five, Suit::Clubs),
                card(Rank::Three, Suit::Clubs),
            ),
            Action::PlayTwo(
                card(Rank::Two, Suit::Diamonds),
                card(Rank::Three, Suit::Diamonds),
            ),
            Action::PlayTwo(Card::BLACK_JOKER, Card::RED_JOKER),
        ]);
        if !self.table.options.aspect_affinities {
            out.push(Action::PlayTwo(
                card(Rank::Two, Suit::Clubs),
                card(Rank::Three, Suit::Clubs),
            ));
        }
    }

    fn observe(&self, action: Action, observer: Seat) -> Observation {
        Observation::of(&self.table, action, observer)
    }

    fn resample_hidden_into(&self, observer: Seat, rng: &mut GameRng, out: &mut Self) {
        out.table.clone_from(&self.table);
        crate::determinise::determinise(&mut out.table, observer, rng);
    }
}

impl<'de> Deserialize<'de> for HeadTrip {
    /// Reads a saved game and checks every invariant the rules keep (cards conserved, the phase,
    /// pilot, votes and recalls agreeing with the rest, scores and ply count within what the
    /// rules can produce), refusing the state with an [`InvalidState`](crate::InvalidState) as
    /// the message otherwise, so that a loaded game never misbehaves.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let table = Table::deserialize(deserializer)?;
        crate::check::check(&table).map_err(serde::de::Error::custom)?;
        Ok(HeadTrip { table })
    }
}

impl fmt::Display for HeadTrip {
    /// The whole table, hidden cards included: for replays and debugging.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.table;
        if t.options.games > 1 {
            writeln!(
                f,
                "Game {} of {}",
                t.game_index.saturating_add(1),
                t.options.games
            )?;
        }
        match t.challenge() {
            Some(c) => writeln!(f, "Challenge: {c}")?,
            None => writeln!(f, "No challenge")?,
        }
        writeln!(
            f,
            "Pilot: {}   Recall cards: {}   Now: {}",
            t.pilot.title(),
            t.recalls,
            t.phase
        )?;
        writeln!(f, "Tableau ([..] = face down):")?;
        let rows: [Vec<String>; 3] = std::array::from_fn(|r| {
            t.rows[r]
                .iter()
                .map(|p| {
                    if p.is_face_up() {
                        p.card.to_string()
                    } else {
                        format!("[{}]", p.card)
                    }
                })
                .collect()
        });
        crate::view::write_rows(f, &rows)?;
        for aspect in Aspect::ALL {
            write!(
                f,
                "{:<12} score {:>3}  hand:",
                aspect.title(),
                t.score(aspect)
            )?;
            for card in hand_cards(t.hands[aspect.index()], aspect.suit()) {
                write!(f, " {card}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
