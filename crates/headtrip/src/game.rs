//! [`HeadTrip`]: the `Game` implementation.

use cards::{Card, Facing, Game, GameRng, Rank, Seat, Suit};
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;

use crate::options::{challenge_cards, CHALLENGES};
use crate::table::{
    hand_cards, Phase, Played, Table, FULL_HAND, MAX_PLIES_PER_ROUND, RECALL_CARDS, ROW_CAPACITY,
};
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
    table: Table,
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

    fn score(&self, seat: Seat) -> i64 {
        Aspect::of_seat(seat).map_or(0, |a| self.table.score(a))
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

    fn action_space(&self, out: &mut Vec<Action>) {
        out.clear();
        out.extend([
            Action::StepDown,
            Action::Stay,
            Action::CallRecall,
            Action::NoRecall,
        ]);
        out.extend(Aspect::ALL.map(Action::Vote));
        out.extend(Aspect::ALL.map(Action::Choose));
        out.extend(Card::ALL.map(Action::Play));
        for suit in cards::Suit::ALL {
            for a in (1..=13).filter_map(Rank::from_value) {
                for b in (1..=13).filter_map(Rank::from_value) {
                    if a.is_number() && b.is_number() {
                        out.push(Action::PlayTwo(Card::new(a, suit), Card::new(b, suit)));
                    }
                }
            }
        }
        // A few pairs across suits and with jokers, which are never legal.
        out.push(Action::PlayTwo(
            Card::new(Rank::Two, Suit::Clubs),
            Card::new(Rank::Three, Suit::Hearts),
        ));
        out.push(Action::PlayTwo(Card::BLACK_JOKER, Card::RED_JOKER));
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
    /// Reads a saved game and checks that it is a state the rules can reach in shape (cards
    /// conserved, phases and counters in range), so that a loaded game never misbehaves.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut table = Table::deserialize(deserializer)?;
        validate(&table).map_err(serde::de::Error::custom)?;
        for row in &mut table.rows {
            row.reserve(ROW_CAPACITY);
        }
        Ok(HeadTrip { table })
    }
}

fn validate(t: &Table) -> Result<(), String> {
    t.options.validate().map_err(|e| e.to_string())?;
    if t.game_index >= t.options.games {
        return Err(format!(
            "game {} of a {}-game session",
            t.game_index, t.options.games
        ));
    }
    if t.deck.iter().copied().collect::<cards::CardSet>() != challenge_cards() {
        return Err("the challenge deck is not the 27 challenge cards".into());
    }
    let next = usize::from(t.next);
    if next > CHALLENGES || (next == CHALLENGES && t.phase != Phase::Over) {
        return Err(format!("{next} challenges faced"));
    }
    if t.recalls > RECALL_CARDS {
        return Err(format!("{} recall cards", t.recalls));
    }
    let mut action_cards = cards::CardSet::EMPTY;
    for aspect in Aspect::ALL {
        let hand = t.hands[aspect.index()];
        if hand & !FULL_HAND != 0 {
            return Err(format!("{aspect} holds cards that are not action cards"));
        }
        action_cards = action_cards.union(hand_cards(hand, aspect.suit()).collect());
    }
    for (row, suit) in crate::table::ROW_SUITS.iter().enumerate() {
        let faced = t.deck[..next]
            .iter()
            .filter(|c| c.suit() == Some(*suit))
            .count();
        if t.rows[row].len() != faced {
            return Err(format!(
                "row {row} has {} plays for {faced} challenges",
                t.rows[row].len()
            ));
        }
        let challenges = t.deck[..next].iter().filter(|c| c.suit() == Some(*suit));
        for (placed, challenge) in t.rows[row].iter().zip(challenges) {
            let play = placed.card;
            let owner = play
                .owner()
                .ok_or("a play of a card that is no action card")?;
            for card in play.cards() {
                if card.suit() != Some(owner.suit()) || !card.rank().is_some_and(Rank::is_number) {
                    return Err(format!("{card} is not an action card of {owner}"));
                }
                if !action_cards.insert(card) {
                    return Err(format!("{card} is in two places"));
                }
            }
            if play.second.is_some_and(|s| s <= play.first) {
                return Err("a two-card play out of order".into());
            }
            let success = play.total() >= challenge.rank().map_or(0, Rank::value);
            if success != (placed.facing == Facing::Up) {
                return Err(format!("{play} lies the wrong way up"));
            }
        }
    }
    if action_cards.len() != 36 {
        return Err("action cards are missing".into());
    }
    if t.recall_calls >= 16 {
        return Err("recall calls of seats beyond the table".into());
    }
    if let Phase::RecallPoll { calls, .. } = t.phase {
        let pilot_called = t.recall_calls & (1 << t.pilot.index()) != 0;
        if pilot_called || t.recall_calls.count_ones() != u32::from(calls) {
            return Err("the recall calls do not add up".into());
        }
    }
    let phase_ok = match t.phase {
        Phase::RecallPoll { asked, calls } => t.recalls > 0 && asked <= 2 && calls <= asked,
        Phase::Election { next } => next < 4,
        Phase::TieBreak { leaders } => leaders != 0 && leaders < 16,
        Phase::StepDown | Phase::Play => t.hands[t.pilot.index()] != 0,
        Phase::Over => true,
    };
    if !phase_ok {
        return Err(format!("impossible phase {:?}", t.phase));
    }
    Ok(())
}

impl fmt::Display for HeadTrip {
    /// The whole table, hidden cards included: for replays and debugging.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.table;
        if t.options.games > 1 {
            writeln!(f, "Game {} of {}", t.game_index + 1, t.options.games)?;
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
