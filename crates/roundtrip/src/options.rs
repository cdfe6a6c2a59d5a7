//! The game's options: players, basic or advanced, target score, variants, deck list and
//! stacked decks (rulings G2, RT1).

use serde::{Deserialize, Serialize};

use crate::deck::{default_deck, parse_deck_list, Face, AIRPLANE};
use crate::error::OptionsError;

/// Cards dealt to each player.
pub const HAND_SIZE: usize = 5;
/// Suggested target score of the basic game.
pub const BASIC_TARGET: u32 = 40;
/// Suggested target score of the advanced game.
pub const ADVANCED_TARGET: u32 = 80;
/// Default hand limit (the engine's guarantee that every game ends).
pub const DEFAULT_MAX_HANDS: u32 = 100;

/// The options of a game. Missing fields take their defaults, so `{"players":3}` is a
/// 3-player basic game; unknown fields are refused, so that a misspelt option (`"playrs"`)
/// never silently plays the default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Number of players, 2–6 (default 4).
    pub players: usize,
    /// The advanced game: goal cards and several trips per deal.
    pub advanced: bool,
    /// The score to pass (strictly); `None` takes 40 for the basic game, 80 for the advanced.
    /// Round the World has no target score: only a trip around the world ends it.
    pub target_score: Option<u32>,
    /// Round the World (basic game only): trips of at least 10 segments with at least two blue
    /// cards; the first to complete one wins the game, whatever the scores (the target score
    /// does not end it, the hand limit still does).
    pub round_the_world: bool,
    /// Specific Trip (rulings RT7, RT8): two face-up cards name four symbols every trip must visit.
    pub specific_trip: bool,
    /// Aversion: 0, 1 or 2 face-up cards dealt to each player bar their modes for that player.
    pub aversion: u8,
    /// Another deck list (ruling RT1), one card a line in the form of the default deck's list:
    /// a mode and two symbols, or `airplane` with one symbol and `?`. `None`: the default deck.
    pub deck: Option<Vec<String>>,
    /// Stacked decks (ruling G2): for deal `i`, `stacked_decks[i]` lists the card numbers from
    /// the top of the deck down; deals beyond the list are shuffled by the generator.
    pub stacked_decks: Vec<Vec<u8>>,
    /// The engine ends the game after this many hands (deals) even if nobody has passed the
    /// target score; the best score wins then (default 100).
    pub max_hands: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            players: 4,
            advanced: false,
            target_score: None,
            round_the_world: false,
            specific_trip: false,
            aversion: 0,
            deck: None,
            stacked_decks: Vec::new(),
            max_hands: DEFAULT_MAX_HANDS,
        }
    }
}

impl Options {
    /// The target score in force: the option, or 40 basic / 80 advanced.
    pub fn target(&self) -> u32 {
        self.target_score.unwrap_or(if self.advanced {
            ADVANCED_TARGET
        } else {
            BASIC_TARGET
        })
    }

    /// The fewest segments of a complete trip: 6, or 10 in Round the World.
    pub fn min_segments(&self) -> u8 {
        if self.round_the_world {
            10
        } else {
            6
        }
    }

    /// Checks the options and returns the deck's faces.
    pub fn validate(&self) -> Result<Vec<Face>, OptionsError> {
        if !(2..=6).contains(&self.players) {
            return Err(OptionsError::Players(self.players));
        }
        if self.aversion > 2 {
            return Err(OptionsError::Aversion(self.aversion));
        }
        if self.round_the_world && self.advanced {
            return Err(OptionsError::RoundTheWorldAdvanced);
        }
        if self.target_score == Some(0) {
            return Err(OptionsError::TargetScore);
        }
        if !(1..=10_000).contains(&self.max_hands) {
            return Err(OptionsError::MaxHands(self.max_hands));
        }
        let faces = match &self.deck {
            Some(lines) => parse_deck_list(lines)?,
            None => default_deck(),
        };
        let specific = if self.specific_trip { 2 } else { 0 };
        let needed = self.players * (HAND_SIZE + usize::from(self.aversion)) + specific;
        if faces.len() < needed {
            return Err(OptionsError::DeckTooSmall {
                cards: faces.len(),
                needed,
            });
        }
        if self.specific_trip && faces.iter().filter(|f| f.mode != AIRPLANE).count() < 2 {
            return Err(OptionsError::SpecificTripDeck);
        }
        for (deal, order) in self.stacked_decks.iter().enumerate() {
            let mut seen = vec![false; faces.len()];
            if order.len() != faces.len() {
                return Err(OptionsError::StackedDeck {
                    deal,
                    reason: format!("lists {} cards, the deck has {}", order.len(), faces.len()),
                });
            }
            for &card in order {
                match seen.get_mut(usize::from(card)) {
                    Some(slot) if !*slot => *slot = true,
                    Some(_) => {
                        return Err(OptionsError::StackedDeck {
                            deal,
                            reason: format!("card {card} twice"),
                        })
                    }
                    None => {
                        return Err(OptionsError::StackedDeck {
                            deal,
                            reason: format!("no card {card}"),
                        })
                    }
                }
            }
        }
        Ok(faces)
    }
}
