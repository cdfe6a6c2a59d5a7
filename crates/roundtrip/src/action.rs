//! Actions and their text notation.

use cards::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

use crate::deck::TripCard;
use crate::error::ParseActionError;

/// One decision of the seat to act.
///
/// Text notation (round-trips through `Display`/`FromStr`):
/// `play 17 fwd` (the card's listed first symbol on the near side), `play 17 rev` (flipped),
/// `discard 17`, `draw`, `steal 2` (from seat 2), `pass`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Play a card from the hand onto the end of the seat's own trip.
    Play {
        /// The card.
        card: TripCard,
        /// Whether it is flipped: its listed second symbol then faces the trip.
        reversed: bool,
    },
    /// Discard a card from the hand.
    Discard(TripCard),
    /// Draw the top card of the deck (after playing or discarding; or in a wild-card response;
    /// or, with an empty hand, as the whole turn).
    Draw,
    /// Take a random card from that seat's hand instead of drawing (ruling RT2).
    Steal(Seat),
    /// Draw nothing (or, in a wild-card response, do nothing).
    Pass,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play {
                card,
                reversed: false,
            } => write!(f, "play {card} fwd"),
            Action::Play {
                card,
                reversed: true,
            } => write!(f, "play {card} rev"),
            Action::Discard(card) => write!(f, "discard {card}"),
            Action::Draw => f.write_str("draw"),
            Action::Steal(seat) => write!(f, "steal {seat}"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let fail = || ParseActionError {
            text: text.to_string(),
        };
        let mut words = text.split_whitespace();
        let verb = words.next().ok_or_else(fail)?;
        let first = words.next();
        let second = words.next();
        if words.next().is_some() {
            return Err(fail());
        }
        let number = |w: Option<&str>| w.and_then(|w| w.parse::<u8>().ok()).ok_or_else(fail);
        let action = match (verb, second) {
            ("play", Some("fwd")) => Action::Play {
                card: TripCard(number(first)?),
                reversed: false,
            },
            ("play", Some("rev")) => Action::Play {
                card: TripCard(number(first)?),
                reversed: true,
            },
            ("discard", None) => Action::Discard(TripCard(number(first)?)),
            ("steal", None) => Action::Steal(Seat(number(first)?)),
            ("draw", None) if first.is_none() => Action::Draw,
            ("pass", None) if first.is_none() => Action::Pass,
            _ => return Err(fail()),
        };
        Ok(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips() {
        let actions = [
            Action::Play {
                card: TripCard(17),
                reversed: false,
            },
            Action::Play {
                card: TripCard(0),
                reversed: true,
            },
            Action::Discard(TripCard(97)),
            Action::Draw,
            Action::Steal(Seat(2)),
            Action::Pass,
        ];
        for a in actions {
            assert_eq!(a.to_string().parse::<Action>(), Ok(a));
        }
        for bad in [
            "",
            "play",
            "play 3",
            "play 3 up",
            "draw 2",
            "steal",
            "discard 300",
            "pass pass",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }
}
