//! The four aspects of Bobby, one per seat (ruling HT1).

use cards::{Card, Rank, Seat, Suit};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

use crate::ParseActionError;

/// An aspect of Bobby's personality. Seat `i` plays aspect `i` (ruling HT1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Aspect {
    /// Seat 0, J♣: physicality; scores physical (♣) successes.
    Animal = 0,
    /// Seat 1, Q♥: compassion; scores social (♥) successes.
    Angel = 1,
    /// Seat 2, K♠: intellect; scores mental (♠) successes.
    Genius = 2,
    /// Seat 3, A♦: curiosity; scores failures.
    Student = 3,
}

impl Aspect {
    /// The four aspects in seat order.
    pub const ALL: [Aspect; 4] = [
        Aspect::Animal,
        Aspect::Angel,
        Aspect::Genius,
        Aspect::Student,
    ];

    /// The aspect of a seat, or `None` for a seat not at the table.
    pub const fn of_seat(seat: Seat) -> Option<Aspect> {
        if seat.index() < 4 {
            Some(Aspect::ALL[seat.index()])
        } else {
            None
        }
    }

    /// The seat that plays this aspect.
    pub const fn seat(self) -> Seat {
        Seat(self as u8)
    }

    /// The aspect's index 0–3 (its seat number).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The suit of the aspect's action and voting cards.
    pub const fn suit(self) -> Suit {
        match self {
            Aspect::Animal => Suit::Clubs,
            Aspect::Angel => Suit::Hearts,
            Aspect::Genius => Suit::Spades,
            Aspect::Student => Suit::Diamonds,
        }
    }

    /// The rank of the aspect card, which is also the rank of every voting card that names this
    /// aspect: J (Animal), Q (Angel), K (Genius), A (Student).
    pub const fn voting_rank(self) -> Rank {
        match self {
            Aspect::Animal => Rank::Jack,
            Aspect::Angel => Rank::Queen,
            Aspect::Genius => Rank::King,
            Aspect::Student => Rank::Ace,
        }
    }

    /// The aspect card: J♣, Q♥, K♠ or A♦.
    pub const fn card(self) -> Card {
        Card::new(self.voting_rank(), self.suit())
    }

    /// The short lowercase name used in action notation: `animal`, `angel`, `genius`,
    /// `student`.
    pub const fn name(self) -> &'static str {
        match self {
            Aspect::Animal => "animal",
            Aspect::Angel => "angel",
            Aspect::Genius => "genius",
            Aspect::Student => "student",
        }
    }

    /// The full name: "The Animal" and so on.
    pub const fn title(self) -> &'static str {
        match self {
            Aspect::Animal => "The Animal",
            Aspect::Angel => "The Angel",
            Aspect::Genius => "The Genius",
            Aspect::Student => "The Student",
        }
    }
}

impl fmt::Display for Aspect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for Aspect {
    type Err = ParseActionError;

    /// Accepts the name (`animal`), the title (`The Animal`), the seat number (`0`) or the rank
    /// of the voting card (`J`), in any case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim().to_ascii_lowercase();
        let text = text.strip_prefix("the ").unwrap_or(&text);
        let aspect = match text {
            "animal" | "0" | "j" => Aspect::Animal,
            "angel" | "1" | "q" => Aspect::Angel,
            "genius" | "2" | "k" => Aspect::Genius,
            "student" | "3" | "a" => Aspect::Student,
            _ => return Err(ParseActionError::UnknownAspect(s.to_string())),
        };
        Ok(aspect)
    }
}
