//! Suits of standard playing cards.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

use crate::ParseCardError;

/// The suit of a standard playing card, in bridge order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum Suit {
    /// ♣
    Clubs = 0,
    /// ♦
    Diamonds = 1,
    /// ♥
    Hearts = 2,
    /// ♠
    Spades = 3,
}

impl Suit {
    /// Every suit, in bridge order (♣ ♦ ♥ ♠).
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit's index 0–3 in [`Suit::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The suit at index 0–3 of [`Suit::ALL`], or `None`.
    pub const fn from_index(index: usize) -> Option<Suit> {
        if index < 4 {
            Some(Suit::ALL[index])
        } else {
            None
        }
    }

    /// The suit's symbol: `♣`, `♦`, `♥` or `♠`.
    pub const fn symbol(self) -> char {
        ['♣', '♦', '♥', '♠'][self as usize]
    }

    /// The suit's ASCII letter: `C`, `D`, `H` or `S`.
    pub const fn letter(self) -> char {
        ['C', 'D', 'H', 'S'][self as usize]
    }

    /// Whether the suit is red (♦ or ♥).
    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    /// Parses one suit character: a symbol (`♣♦♥♠`, also the white ones `♧♢♡♤`) or a letter
    /// (`C D H S`, any case).
    pub fn from_char(c: char) -> Option<Suit> {
        match c {
            '♣' | '♧' | 'C' | 'c' => Some(Suit::Clubs),
            '♦' | '♢' | 'D' | 'd' => Some(Suit::Diamonds),
            '♥' | '♡' | 'H' | 'h' => Some(Suit::Hearts),
            '♠' | '♤' | 'S' | 's' => Some(Suit::Spades),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    /// `♣` by default; `{:#}` gives the ASCII letter `C`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            write!(f, "{}", self.letter())
        } else {
            write!(f, "{}", self.symbol())
        }
    }
}

impl FromStr for Suit {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.trim().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => {
                Suit::from_char(c).ok_or_else(|| ParseCardError::BadSuit(s.to_string()))
            }
            _ => Err(ParseCardError::BadSuit(s.to_string())),
        }
    }
}
