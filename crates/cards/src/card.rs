//! Standard playing cards, jokers included, and their text notation.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

use crate::{Rank, Suit};

/// Why a text is not a card, a rank or a suit.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseCardError {
    /// The text is empty.
    #[error("empty card text")]
    Empty,
    /// The rank part is not a rank.
    #[error("`{0}` is not a rank (A, 2-10, T, J, Q, K)")]
    BadRank(String),
    /// The suit part is not a suit.
    #[error("`{0}` is not a suit (♣ ♦ ♥ ♠ or C D H S)")]
    BadSuit(String),
}

/// A standard playing card or one of the two jokers.
///
/// A card is one byte: its [`index`](Card::index) 0–53, where 0–51 are the suited cards
/// (suit-major, Ace low) and 52, 53 are the black and the red joker.
///
/// Text notation: rank then suit, `4♥`, `4H`, `10H` or `TH` (parsing accepts all of them, any
/// case); jokers are `BJ` and `RJ` (also `🃏` for the black joker). `Display` writes `4♥`, or
/// `4H` with `{:#}`.
///
/// ```
/// use cards::{Card, Rank, Suit};
/// let c: Card = "10H".parse().unwrap();
/// assert_eq!(c, Card::new(Rank::Ten, Suit::Hearts));
/// assert_eq!(c.to_string(), "10♥");
/// assert_eq!(format!("{c:#}"), "10H");
/// assert_eq!("TH".parse::<Card>(), Ok(c));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// Number of distinct cards: 52 suited cards and 2 jokers.
    pub const COUNT: usize = 54;
    /// The black joker.
    pub const BLACK_JOKER: Card = Card(52);
    /// The red joker.
    pub const RED_JOKER: Card = Card(53);

    /// Every card: the 52 suited cards in suit-major order, then the two jokers.
    pub const ALL: [Card; 54] = {
        let mut all = [Card(0); 54];
        let mut i = 0;
        while i < 54 {
            all[i] = Card(i as u8);
            i += 1;
        }
        all
    };

    /// The suited card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 13 + rank as u8 - 1)
    }

    /// The card with this index 0–53, or `None`.
    pub const fn from_index(index: usize) -> Option<Card> {
        if index < Self::COUNT {
            Some(Card(index as u8))
        } else {
            None
        }
    }

    /// The card's index 0–53.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is a joker.
    pub const fn is_joker(self) -> bool {
        self.0 >= 52
    }

    /// The rank, or `None` for a joker.
    pub const fn rank(self) -> Option<Rank> {
        if self.is_joker() {
            None
        } else {
            Rank::from_value(self.0 % 13 + 1)
        }
    }

    /// The suit, or `None` for a joker.
    pub const fn suit(self) -> Option<Suit> {
        if self.is_joker() {
            None
        } else {
            Suit::from_index((self.0 / 13) as usize)
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.rank(), self.suit()) {
            (Some(rank), Some(suit)) if f.alternate() => {
                write!(f, "{}{}", rank.symbol(), suit.letter())
            }
            (Some(rank), Some(suit)) => write!(f, "{}{}", rank.symbol(), suit.symbol()),
            _ if *self == Card::BLACK_JOKER => f.write_str("BJ"),
            _ => f.write_str("RJ"),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:#}")
    }
}

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        if text.is_empty() {
            return Err(ParseCardError::Empty);
        }
        if text.eq_ignore_ascii_case("BJ") || text == "🃏" {
            return Ok(Card::BLACK_JOKER);
        }
        if text.eq_ignore_ascii_case("RJ") {
            return Ok(Card::RED_JOKER);
        }
        let mut chars = text.chars();
        let suit_char = chars.next_back().ok_or(ParseCardError::Empty)?;
        let suit = Suit::from_char(suit_char)
            .ok_or_else(|| ParseCardError::BadSuit(suit_char.to_string()))?;
        let rank: Rank = chars.as_str().parse()?;
        Ok(Card::new(rank, suit))
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&format_args!("{self:#}"))
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_both_notations() {
        for card in Card::ALL {
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            assert_eq!(format!("{card:#}").parse::<Card>(), Ok(card));
        }
    }

    #[test]
    fn accepts_the_usual_spellings() {
        let four_hearts = Card::new(Rank::Four, Suit::Hearts);
        for text in ["4♥", "4H", "4h", " 4♡ "] {
            assert_eq!(text.parse::<Card>(), Ok(four_hearts), "{text}");
        }
        let ten = Card::new(Rank::Ten, Suit::Spades);
        for text in ["10S", "TS", "t♠", "10♠"] {
            assert_eq!(text.parse::<Card>(), Ok(ten), "{text}");
        }
        assert_eq!("bj".parse::<Card>(), Ok(Card::BLACK_JOKER));
        assert_eq!("RJ".parse::<Card>(), Ok(Card::RED_JOKER));
    }

    #[test]
    fn refuses_malformed_text_with_a_typed_error() {
        assert_eq!("".parse::<Card>(), Err(ParseCardError::Empty));
        assert!(matches!(
            "4X".parse::<Card>(),
            Err(ParseCardError::BadSuit(_))
        ));
        assert!(matches!(
            "11H".parse::<Card>(),
            Err(ParseCardError::BadRank(_))
        ));
        assert!(matches!(
            "H".parse::<Card>(),
            Err(ParseCardError::BadRank(_))
        ));
        assert!(matches!(
            "♥".parse::<Card>(),
            Err(ParseCardError::BadRank(_))
        ));
    }

    #[test]
    fn rank_and_suit_survive_construction() {
        for suit in Suit::ALL {
            for rank in Rank::ALL {
                let card = Card::new(rank, suit);
                assert_eq!((card.rank(), card.suit()), (Some(rank), Some(suit)));
                assert!(!card.is_joker());
            }
        }
        assert_eq!(Card::RED_JOKER.rank(), None);
        assert!(Card::BLACK_JOKER.is_joker());
    }

    #[test]
    fn serde_uses_the_ascii_text() {
        let card = Card::new(Rank::Queen, Suit::Diamonds);
        let json = serde_json::to_string(&card).unwrap();
        assert_eq!(json, "\"QD\"");
        assert_eq!(serde_json::from_str::<Card>(&json).unwrap(), card);
        assert!(serde_json::from_str::<Card>("\"ZZ\"").is_err());
    }
}
