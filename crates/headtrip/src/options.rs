//! Options of a Head Trip game or session, and why options are refused.

use cards::{Card, CardSet, Rank, Suit};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Number of challenge cards: 2–10 of ♣, ♥ and ♠.
pub const CHALLENGES: usize = 27;

/// Most games a session may have.
pub const MAX_GAMES: u32 = 10_000;

/// How a Head Trip game (or multi-game session) is played.
///
/// `Default` is one game of the basic rules. Deserialising fills missing fields with their
/// defaults, so `{"aspect_affinities": true}` is a complete set of options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The Aspect Affinities variant (ruling HT6): when the challenge suit is the pilot's own,
    /// the pilot may play one or two action cards.
    pub aspect_affinities: bool,
    /// Number of games in the session (Multi-game Sessions variant, ruling HT9); 1 is a single
    /// game.
    pub games: u32,
    /// A stacked challenge deck for each game of the session (ruling G2), top card first:
    /// each a permutation of the 27 challenge cards. `None` shuffles with the game's generator.
    pub stacked_challenges: Option<Vec<Vec<Card>>>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            aspect_affinities: false,
            games: 1,
            stacked_challenges: None,
        }
    }
}

/// Why options are refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionsError {
    /// The session has no game, or too many.
    #[error("a session has 1 to {MAX_GAMES} games, not {0}")]
    BadGameCount(u32),
    /// The number of stacked decks is not the number of games.
    #[error("{given} stacked challenge decks given for {games} games")]
    StackedDeckCount {
        /// Decks given.
        given: usize,
        /// Games in the session.
        games: u32,
    },
    /// A stacked deck is not a permutation of the 27 challenge cards.
    #[error("stacked challenge deck {game} is not an order of the 27 challenge cards (2-10 of ♣ ♥ ♠): {reason}")]
    BadStackedDeck {
        /// Which game's deck, from 0.
        game: usize,
        /// What is wrong with it.
        reason: String,
    },
}

/// The 27 challenge cards: 2–10 of ♣, ♥ and ♠.
pub fn challenge_cards() -> CardSet {
    [Suit::Clubs, Suit::Hearts, Suit::Spades]
        .into_iter()
        .flat_map(|suit| {
            Rank::ALL
                .into_iter()
                .filter(|r| r.is_number())
                .map(move |r| Card::new(r, suit))
        })
        .collect()
}

impl Options {
    /// Checks the options, with the reason for the first problem found.
    pub fn validate(&self) -> Result<(), OptionsError> {
        if self.games == 0 || self.games > MAX_GAMES {
            return Err(OptionsError::BadGameCount(self.games));
        }
        if let Some(decks) = &self.stacked_challenges {
            if decks.len() != self.games as usize {
                return Err(OptionsError::StackedDeckCount {
                    given: decks.len(),
                    games: self.games,
                });
            }
            let all = challenge_cards();
            for (game, deck) in decks.iter().enumerate() {
                let bad = |reason: String| OptionsError::BadStackedDeck { game, reason };
                if deck.len() != CHALLENGES {
                    return Err(bad(format!("{} cards", deck.len())));
                }
                let mut seen = CardSet::EMPTY;
                for &card in deck {
                    if !all.contains(card) {
                        return Err(bad(format!("{card} is not a challenge card")));
                    }
                    if !seen.insert(card) {
                        return Err(bad(format!("{card} appears twice")));
                    }
                }
            }
        }
        Ok(())
    }
}
