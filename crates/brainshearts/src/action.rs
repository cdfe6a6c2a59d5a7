//! Actions and their text notation.

use cards::{Card, Seat};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

use crate::error::ParseActionError;

/// A slot on the board, named absolutely: `B1`–`B3` are The Brain's slots, `H1`–`H3` The
/// Heart's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos(u8);

impl Pos {
    /// Every position: `B1 B2 B3 H1 H2 H3`.
    pub const ALL: [Pos; 6] = [Pos(0), Pos(1), Pos(2), Pos(3), Pos(4), Pos(5)];

    /// The position of a seat's slot (slot 0–2), or `None`.
    pub const fn new(seat: Seat, slot: usize) -> Option<Pos> {
        if seat.0 < 2 && slot < 3 {
            Some(Pos(seat.0 * 3 + slot as u8))
        } else {
            None
        }
    }

    /// The position's index 0–5 (`B1` = 0 … `H3` = 5).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat whose slot this is.
    pub const fn seat(self) -> Seat {
        Seat(self.0 / 3)
    }

    /// The slot 0–2 within its seat's three.
    pub const fn slot(self) -> usize {
        (self.0 % 3) as usize
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = if self.0 < 3 { 'B' } else { 'H' };
        write!(f, "{side}{}", self.slot() + 1)
    }
}

impl FromStr for Pos {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || ParseActionError::BadPosition(s.to_string());
        let mut chars = s.chars();
        let seat = match chars.next() {
            Some('B' | 'b') => Seat(0),
            Some('H' | 'h') => Seat(1),
            _ => return Err(bad()),
        };
        let slot = match chars.as_str() {
            "1" => 0,
            "2" => 1,
            "3" => 2,
            _ => return Err(bad()),
        };
        Pos::new(seat, slot).ok_or_else(bad)
    }
}

/// One decision of the seat to act.
///
/// Text notation (the `Display` form parses back; parsing ignores case and extra spaces):
///
/// | action | text |
/// |---|---|
/// | draw a card, committing to play | `draw` |
/// | play a card into own slot 1–3 | `play 4S slot2`, `play 4S slot2 locked` |
/// | spend a roll coin | `roll` |
/// | after a 6, take result 1–5 | `choose 3` |
/// | the die's change lands on a top card | `change H2` |
/// | claim three of a kind of a value | `three 4`, `three A` |
/// | start a run at one of own slots | `run B1` |
/// | add a top card to the run | `extend H2` |
/// | end the run (once it has captured) | `stop` |
/// | end the scoring phase | `end` |
///
/// ```
/// use brainshearts::Action;
/// let action: Action = "play 4S slot2 locked".parse().unwrap();
/// assert_eq!(action.to_string(), "play 4S slot2 locked");
/// assert_eq!("extend h3".parse::<Action>().unwrap().to_string(), "extend H3");
/// ```
// An explicit tag byte (four bytes in all): matching reads the tag directly instead of
// decoding it from the spare values of a play's `locked` flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Action {
    /// Draw the top card of one's deck; the card played this turn is then chosen from the
    /// hand (BH2).
    Draw,
    /// Play a card from the hand into one of one's own slots (0–2), locked or not (BH3).
    Play {
        /// The card played.
        card: Card,
        /// The slot, 0–2 (written 1–3).
        slot: u8,
        /// Whether the card is played locked (only into an empty slot).
        locked: bool,
    },
    /// Spend a roll coin and roll the God Die (BH5).
    Roll,
    /// After rolling a 6, take one of results 1–5.
    Choose(u8),
    /// Apply the die result (2–5) to the top card at a position.
    Change(Pos),
    /// Claim three of a kind of a value 1–7 (1 is the Ace) (BH8).
    Three(u8),
    /// Start a run with the top card of one of one's own slots (BH7).
    Run(Pos),
    /// Add the top card at a position to the run in progress.
    Extend(Pos),
    /// End the run in progress (once it has captured something).
    Stop,
    /// End the scoring phase.
    End,
}

/// The text of a value 1–7: `A`, `2`…`7`.
pub fn value_text(value: u8) -> &'static str {
    match value {
        1 => "A",
        2 => "2",
        3 => "3",
        4 => "4",
        5 => "5",
        6 => "6",
        7 => "7",
        _ => "?",
    }
}

fn parse_value(text: &str) -> Result<u8, ParseActionError> {
    match text.to_ascii_uppercase().as_str() {
        "A" | "1" => Ok(1),
        "2" => Ok(2),
        "3" => Ok(3),
        "4" => Ok(4),
        "5" => Ok(5),
        "6" => Ok(6),
        "7" => Ok(7),
        _ => Err(ParseActionError::BadValue(text.to_string())),
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Draw => f.write_str("draw"),
            Action::Play { card, slot, locked } => {
                write!(f, "play {card:#} slot{}", u16::from(slot) + 1)?;
                if locked {
                    f.write_str(" locked")?;
                }
                Ok(())
            }
            Action::Roll => f.write_str("roll"),
            Action::Choose(result) => write!(f, "choose {result}"),
            Action::Change(pos) => write!(f, "change {pos}"),
            Action::Three(value) => write!(f, "three {}", value_text(value)),
            Action::Run(pos) => write!(f, "run {pos}"),
            Action::Extend(pos) => write!(f, "extend {pos}"),
            Action::Stop => f.write_str("stop"),
            Action::End => f.write_str("end"),
        }
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut words = s.split_whitespace();
        let Some(verb) = words.next() else {
            return Err(ParseActionError::Empty);
        };
        let verb = verb.to_ascii_lowercase();
        let mut arg = || {
            words
                .next()
                .ok_or_else(|| ParseActionError::MissingArgument(verb.clone()))
        };
        let action = match verb.as_str() {
            "draw" => Action::Draw,
            "roll" => Action::Roll,
            "stop" => Action::Stop,
            "end" => Action::End,
            "play" => {
                let card: Card = arg()?.parse().map_err(ParseActionError::BadCard)?;
                let slot_text = arg()?;
                let slot = match slot_text.to_ascii_lowercase().as_str() {
                    "slot1" => 0,
                    "slot2" => 1,
                    "slot3" => 2,
                    _ => return Err(ParseActionError::BadSlot(slot_text.to_string())),
                };
                let locked = match words.next() {
                    None => false,
                    Some(word) if word.eq_ignore_ascii_case("locked") => true,
                    Some(word) => return Err(ParseActionError::Trailing(word.to_string())),
                };
                Action::Play { card, slot, locked }
            }
            "choose" => {
                let text = arg()?;
                match parse_value(text) {
                    Ok(n) if n <= 5 => Action::Choose(n),
                    _ => return Err(ParseActionError::BadChoice(text.to_string())),
                }
            }
            "change" => Action::Change(arg()?.parse()?),
            "three" => Action::Three(parse_value(arg()?)?),
            "run" => Action::Run(arg()?.parse()?),
            "extend" => Action::Extend(arg()?.parse()?),
            _ => return Err(ParseActionError::Unknown(verb)),
        };
        match words.next() {
            Some(word) => Err(ParseActionError::Trailing(word.to_string())),
            None => Ok(action),
        }
    }
}

impl Serialize for Action {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_round_trip() {
        let four: Card = "4S".parse().unwrap_or(Card::BLACK_JOKER);
        let actions = [
            Action::Draw,
            Action::Play {
                card: four,
                slot: 2,
                locked: true,
            },
            Action::Play {
                card: four,
                slot: 0,
                locked: false,
            },
            Action::Roll,
            Action::Choose(1),
            Action::Change(Pos::ALL[4]),
            Action::Three(1),
            Action::Run(Pos::ALL[0]),
            Action::Extend(Pos::ALL[5]),
            Action::Stop,
            Action::End,
        ];
        for action in actions {
            assert_eq!(action.to_string().parse::<Action>(), Ok(action), "{action}");
        }
        assert_eq!(Action::Three(1).to_string(), "three A");
        assert_eq!(
            Action::Play {
                card: four,
                slot: 2,
                locked: true
            }
            .to_string(),
            "play 4S slot3 locked"
        );
    }

    #[test]
    fn malformed_texts_are_refused() {
        for text in [
            "",
            "dance",
            "play",
            "play 4S",
            "play 4S slot4",
            "play 4S slot1 sideways",
            "choose 6",
            "change X1",
            "change B4",
            "three 8",
            "roll now",
            "play ZZ slot1",
        ] {
            assert!(text.parse::<Action>().is_err(), "{text}");
        }
    }
}
