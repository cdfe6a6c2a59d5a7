//! The game's options (rulings HJ1, HJ5, HJ18, HJ38, G2, HJ79, HJ82).

use serde::{Deserialize, Serialize};

use crate::error::OptionsError;
use crate::table::card::{Card, Cards};

/// Default bound on the top-level actions of one Main Phase (HJ18).
pub const DEFAULT_MAX_MAIN_ACTIONS: u16 = 200;
/// Largest `max_main_actions` accepted.
pub const MAX_MAIN_ACTIONS: u16 = 1_000;
/// Default bound on the turns of a game (HJ38).
pub const DEFAULT_MAX_TURNS: u32 = 500;
/// Largest `max_turns` accepted.
pub const MAX_TURNS: u32 = 100_000;
/// Longest queue of stacked later shuffles accepted.
pub const MAX_STACKED_SHUFFLES: usize = 10_000;
/// Cards dealt to each seat (§27).
pub const DEAL: usize = 9;
/// Cards each seat rejects at set-up (§27).
pub const REJECTS: usize = 3;

/// The options of a game. Missing fields take their defaults, so `{"players":3}` is a 3-player
/// game with two decks and four Jokers; unknown fields are refused, so that a misspelt option
/// never silently plays the default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Number of players, 2–4 (default 2).
    pub players: usize,
    /// Standard 52-card decks shuffled together, 1 or 2; `None`: 1 for 2 players, 2 for 3–4
    /// (HJ1, §28).
    pub decks: Option<u8>,
    /// Jokers added, at most 2 a deck; `None`: 2 a deck (HJ1).
    pub jokers: Option<u8>,
    /// Playing under time (§29, HJ5): the host may then send *clock expired* inputs.
    pub timed: bool,
    /// Top-level actions allowed in one Main Phase (HJ18), 1–1000 (default 200).
    pub max_main_actions: u16,
    /// Turns before the game ends on the fewest Damage Counters (HJ38), 1–100000 (default 500).
    pub max_turns: u32,
    /// A stacked Deck (G2, HJ79): every card of the game, top first, in place of the first
    /// shuffle. Cards are identities (`QS`, `JK`).
    pub deck: Option<Vec<Card>>,
    /// Orders for the later shuffles (Deck rebuilds, HJ82), used in turn, top first; once used
    /// up, the generator shuffles. An order that does not fit is replaced by the generator's and
    /// the game says so (HJ90).
    pub shuffles: Vec<Vec<Card>>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            players: 2,
            decks: None,
            jokers: None,
            timed: false,
            max_main_actions: DEFAULT_MAX_MAIN_ACTIONS,
            max_turns: DEFAULT_MAX_TURNS,
            deck: None,
            shuffles: Vec::new(),
        }
    }
}

impl Options {
    /// Options for `players` seats, the rest default.
    pub fn players(players: usize) -> Options {
        Options {
            players,
            ..Options::default()
        }
    }

    /// Decks in play.
    pub fn deck_count(&self) -> u8 {
        self.decks.unwrap_or(if self.players <= 2 { 1 } else { 2 })
    }

    /// Jokers in play.
    pub fn joker_count(&self) -> u8 {
        self.jokers.unwrap_or(2 * self.deck_count())
    }

    /// Every card of the game.
    pub fn cards(&self) -> Cards {
        let mut all = Cards::new();
        for _ in 0..self.deck_count() {
            for card in Card::ALL.iter().filter(|c| !c.is_joker()) {
                all.add(*card);
            }
        }
        for _ in 0..self.joker_count() {
            all.add(Card::JOKER);
        }
        all
    }

    /// Checks the options.
    pub fn validate(&self) -> Result<(), OptionsError> {
        if !(2..=4).contains(&self.players) {
            return Err(OptionsError::Players(self.players));
        }
        let decks = self.deck_count();
        if !(1..=2).contains(&decks) {
            return Err(OptionsError::Decks(decks));
        }
        let jokers = self.joker_count();
        if jokers > 2 * decks {
            return Err(OptionsError::Jokers { jokers, decks });
        }
        if !(1..=MAX_MAIN_ACTIONS).contains(&self.max_main_actions) {
            return Err(OptionsError::MaxMainActions(self.max_main_actions));
        }
        if !(1..=MAX_TURNS).contains(&self.max_turns) {
            return Err(OptionsError::MaxTurns(self.max_turns));
        }
        if self.shuffles.len() > MAX_STACKED_SHUFFLES {
            return Err(OptionsError::TooManyShuffles(self.shuffles.len()));
        }
        if let Some(deck) = &self.deck {
            let expected = self.cards();
            if deck.len() != expected.len() || deck.iter().copied().collect::<Cards>() != expected {
                return Err(OptionsError::StackedDeck {
                    expected: expected.len(),
                    got: deck.len(),
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
impl Options {
    /// The options the engine's own tests of random games play: 2–4 players, one and two
    /// decks, fewer Jokers than the rules' count, and a Main-action bound (HJ18) low enough to
    /// be reached.
    pub(crate) fn test_variety() -> [Options; 6] {
        [
            Options::players(2),
            Options {
                decks: Some(2),
                ..Options::players(2)
            },
            Options {
                decks: Some(2),
                ..Options::players(3)
            },
            Options {
                decks: Some(1),
                jokers: Some(1),
                ..Options::players(3)
            },
            Options::players(4),
            Options {
                max_main_actions: 3,
                ..Options::players(4)
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hj1_decks_follow_the_player_count_and_can_be_overridden() {
        assert_eq!(Options::players(2).cards().len(), 54);
        assert_eq!(Options::players(3).cards().len(), 108);
        assert_eq!(Options::players(4).cards().count(Card::JOKER), 4);
        let one_deck = Options {
            decks: Some(1),
            jokers: Some(0),
            ..Options::players(4)
        };
        assert_eq!(one_deck.validate(), Ok(()));
        assert_eq!(one_deck.cards().len(), 52);
        let too_many = Options {
            jokers: Some(3),
            ..Options::players(2)
        };
        assert!(matches!(
            too_many.validate(),
            Err(OptionsError::Jokers { .. })
        ));
        assert_eq!(
            Options::players(5).validate(),
            Err(OptionsError::Players(5))
        );
    }
}
