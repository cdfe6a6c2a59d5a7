//! Ranks of standard playing cards.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

use crate::ParseCardError;

/// The rank of a standard playing card, Ace low: `Ace` = 1 up to `King` = 13.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum Rank {
    /// Ace (value 1).
    Ace = 1,
    /// Two.
    Two = 2,
    /// Three.
    Three = 3,
    /// Four.
    Four = 4,
    /// Five.
    Five = 5,
    /// Six.
    Six = 6,
    /// Seven.
    Seven = 7,
    /// Eight.
    Eight = 8,
    /// Nine.
    Nine = 9,
    /// Ten.
    Ten = 10,
    /// Jack (value 11).
    Jack = 11,
    /// Queen (value 12).
    Queen = 12,
    /// King (value 13).
    King = 13,
}

impl Rank {
    /// Every rank, Ace to King.
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];

    /// The rank's value with the Ace low: 1 (Ace) to 13 (King).
    pub const fn value(self) -> u8 {
        self as u8
    }

    /// The rank of a value 1–13 (Ace low), or `None` outside that range.
    pub const fn from_value(value: u8) -> Option<Rank> {
        if value >= 1 && value <= 13 {
            Some(Rank::ALL[(value - 1) as usize])
        } else {
            None
        }
    }

    /// Whether this is a number rank 2–10.
    pub const fn is_number(self) -> bool {
        let v = self as u8;
        v >= 2 && v <= 10
    }

    /// Whether this is a face rank (Jack, Queen, King).
    pub const fn is_face(self) -> bool {
        (self as u8) >= 11
    }

    /// The short text of the rank: `A`, `2`…`10`, `J`, `Q`, `K`.
    pub const fn symbol(self) -> &'static str {
        [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ][(self as u8 - 1) as usize]
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.symbol())
    }
}

impl FromStr for Rank {
    type Err = ParseCardError;

    /// Accepts `A`, `2`–`10`, `T` (ten), `J`, `Q`, `K`, case-insensitively.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let rank = match s.trim().to_ascii_uppercase().as_str() {
            "A" | "1" => Rank::Ace,
            "2" => Rank::Two,
            "3" => Rank::Three,
            "4" => Rank::Four,
            "5" => Rank::Five,
            "6" => Rank::Six,
            "7" => Rank::Seven,
            "8" => Rank::Eight,
            "9" => Rank::Nine,
            "10" | "T" => Rank::Ten,
            "J" => Rank::Jack,
            "Q" => Rank::Queen,
            "K" => Rank::King,
            _ => return Err(ParseCardError::BadRank(s.to_string())),
        };
        Ok(rank)
    }
}
