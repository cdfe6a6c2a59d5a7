//! The game's options: the standard game, or stacked decks and die results (ruling G2).

use cards::{Card, CardSet, Rank, Suit};
use serde::{Deserialize, Serialize};

use crate::error::OptionsError;

/// Most die results a game can use: two roll coins per seat.
pub const MAX_ROLLS: usize = 4;

/// Number of cards in each seat's deck (A–7 in two suits, BH1).
pub const DECK_SIZE: usize = 14;

/// How a game starts.
///
/// `Default` is the standard game: both decks shuffled and every die result drawn from the
/// game's generator. Missing fields take their defaults when deserialising, so `{}` is the
/// standard game.
///
/// ```
/// use brainshearts::Options;
/// let options: Options = serde_json::from_str(r#"{"die_results":[6,2]}"#).unwrap();
/// assert_eq!(options.die_results, Some(vec![6, 2]));
/// assert_eq!(options.brain_deck, None);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The Brain's deck in draw order (first card drawn first): the 14 cards A–7 of ♠ and ♣,
    /// each once. `None`: shuffled from the game's generator.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub brain_deck: Option<Vec<Card>>,
    /// The Heart's deck in draw order: the 14 cards A–7 of ♥ and ♦, each once. `None`:
    /// shuffled from the game's generator.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heart_deck: Option<Vec<Card>>,
    /// The first die results, in order, each 1–6 (at most four: only four coins exist). Rolls
    /// beyond the list are drawn from the game's generator. `None`: every roll is drawn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub die_results: Option<Vec<u8>>,
}

/// The suits of a seat's deck: The Brain (seat 0) plays the black suits, The Heart the red.
pub const fn seat_suits(seat: usize) -> [Suit; 2] {
    if seat == 0 {
        [Suit::Spades, Suit::Clubs]
    } else {
        [Suit::Hearts, Suit::Diamonds]
    }
}

/// The cards of a seat's deck in their unshuffled order: A–7 of its first suit, then of its
/// second.
pub fn seat_cards(seat: usize) -> [Card; DECK_SIZE] {
    let [first, second] = seat_suits(seat);
    let mut cards = [Card::new(Rank::Ace, first); DECK_SIZE];
    for (i, place) in cards.iter_mut().enumerate() {
        let suit = if i < 7 { first } else { second };
        if let Some(rank) = Rank::from_value((i % 7) as u8 + 1) {
            *place = Card::new(rank, suit);
        }
    }
    cards
}

/// The set of a seat's 14 cards.
pub fn seat_card_set(seat: usize) -> CardSet {
    seat_cards(seat).into_iter().collect()
}

impl Options {
    /// The stacked deck of a seat, if any.
    pub fn deck(&self, seat: usize) -> Option<&[Card]> {
        if seat == 0 {
            self.brain_deck.as_deref()
        } else {
            self.heart_deck.as_deref()
        }
    }

    /// Checks the options: each stacked deck holds exactly its seat's 14 cards, each once; at
    /// most four die results, each 1–6.
    pub fn validate(&self) -> Result<(), OptionsError> {
        for seat in 0..2 {
            let Some(deck) = self.deck(seat) else {
                continue;
            };
            let own = seat_card_set(seat);
            let mut seen = CardSet::EMPTY;
            for &card in deck {
                if !own.contains(card) {
                    return Err(OptionsError::ForeignCard {
                        seat: seat as u8,
                        card,
                    });
                }
                if !seen.insert(card) {
                    return Err(OptionsError::DuplicateCard {
                        seat: seat as u8,
                        card,
                    });
                }
            }
            if deck.len() != DECK_SIZE {
                return Err(OptionsError::WrongDeckSize {
                    seat: seat as u8,
                    len: deck.len(),
                });
            }
        }
        if let Some(results) = &self.die_results {
            if results.len() > MAX_ROLLS {
                return Err(OptionsError::TooManyDieResults(results.len()));
            }
            if let Some(&bad) = results.iter().find(|&&r| !(1..=6).contains(&r)) {
                return Err(OptionsError::BadDieResult(bad));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_cards_are_a_to_7_of_two_suits() {
        let brain = seat_cards(0);
        assert_eq!(brain[0].to_string(), "A♠");
        assert_eq!(brain[13].to_string(), "7♣");
        assert_eq!(seat_card_set(1).len(), 14);
        assert!(seat_card_set(0).intersection(seat_card_set(1)).is_empty());
    }

    #[test]
    fn validation_refuses_bad_stacks() {
        let mut options = Options {
            brain_deck: Some(seat_cards(0).to_vec()),
            ..Options::default()
        };
        assert_eq!(options.validate(), Ok(()));
        options.heart_deck = Some(seat_cards(0).to_vec());
        assert!(matches!(
            options.validate(),
            Err(OptionsError::ForeignCard { seat: 1, .. })
        ));
        options.heart_deck = Some(seat_cards(1)[..13].to_vec());
        assert!(matches!(
            options.validate(),
            Err(OptionsError::WrongDeckSize { seat: 1, len: 13 })
        ));
        options.heart_deck = None;
        options.die_results = Some(vec![1, 7]);
        assert_eq!(options.validate(), Err(OptionsError::BadDieResult(7)));
        options.die_results = Some(vec![1; 5]);
        assert_eq!(options.validate(), Err(OptionsError::TooManyDieResults(5)));
    }
}
