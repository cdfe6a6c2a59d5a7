//! Actions (the decision catalogue of the rulings, HJ16) and their text notation.

use cards::Seat;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

use crate::card::Card;
use crate::error::ParseActionError;

/// Where a Mana card that empowers an Agent comes from (§9, §24, HJ31).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Source {
    /// From the hand, discarded to the Boneyard.
    Hand(Card),
    /// From one's own Mana zone 0–5, tapped and turned face up.
    Zone(u8),
    /// One's own face-up Mana Damage Counter, flipped face down.
    Counter(Card),
}

/// One decision of one seat, or the host's clock input.
///
/// Text notation (each line one action; cards as [`Card`] writes them, seats `p0`–`p3`, Agent
/// zones `a0`–`a2`, Mana zones `m0`–`m5`):
///
/// | action | text |
/// | --- | --- |
/// | reject a dealt card (§27) | `reject 5H` |
/// | normal summon (§5) | `summon QS` |
/// | special summon (§5) | `special QS` |
/// | retire an Agent (§5) | `retire a1` |
/// | set a Mana card (§6) | `set 7C` |
/// | go to the Combat Phase | `combat` |
/// | end the turn | `end turn` |
/// | draw (after a summon, Valor) | `draw` |
/// | decline (a summon's draw, Valor, a retaliation) | `decline` |
/// | attack (§7) | `attack a0 p1` |
/// | end combat | `end combat` |
/// | block (§7) | `block a2` |
/// | no block | `no block` |
/// | empower from hand, zone or Damage Counter (§9, §24) | `empower 5H`, `empower m3`, `empower dc 5H` |
/// | play an Ace (§16) | `ace AS` |
/// | pass the duel turn | `pass` |
/// | retaliate with an Ace (§16) | `retaliate AH` |
/// | salvage (Valor) | `salvage 9C` |
/// | a seat's clock expired (§29) | `clock p1` |
///
/// ```
/// use highjinks::Action;
/// let action: Action = "attack a0 p1".parse().unwrap();
/// assert_eq!(action.to_string(), "attack a0 p1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Set-up: reject one of the dealt cards.
    Reject(Card),
    /// Normal summon an Agent from hand.
    Summon(Card),
    /// Special summon an Agent from hand (it enters tapped).
    Special(Card),
    /// Retire the Agent of a zone for another normal summon.
    Retire(u8),
    /// Set a Mana card face down.
    Set(Card),
    /// End the Main Phase and enter the Combat Phase.
    Combat,
    /// End the turn.
    EndTurn,
    /// Draw a card (after a normal summon, or as Valor).
    Draw,
    /// Decline (a summon's draw, Valor, a retaliation).
    Decline,
    /// Attack with the Agent of a zone against a seat.
    Attack {
        /// The attacking Agent's zone.
        zone: u8,
        /// The seat attacked.
        target: Seat,
    },
    /// End the Combat Phase.
    EndCombat,
    /// Block with the Agent of a zone.
    Block(u8),
    /// Do not block.
    NoBlock,
    /// Empower one's dueling Agent with one Mana card.
    Empower(Source),
    /// Play an Ace from hand to defeat the opposing Agent.
    Ace(Card),
    /// End one's duel turn.
    Pass,
    /// Retaliate with an Ace from hand.
    Retaliate(Card),
    /// Valor: salvage a card from the Boneyard.
    Salvage(Card),
    /// The host's input: this seat's clock expired (§29, HJ5). Not a decision of the seat to
    /// act, so never among the legal actions; `apply` takes it at any time after set-up in a
    /// timed game, for any seat still in the game, and records replay it like any action.
    Clock(Seat),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Reject(c) => write!(f, "reject {c:#}"),
            Action::Summon(c) => write!(f, "summon {c:#}"),
            Action::Special(c) => write!(f, "special {c:#}"),
            Action::Retire(z) => write!(f, "retire a{z}"),
            Action::Set(c) => write!(f, "set {c:#}"),
            Action::Combat => f.write_str("combat"),
            Action::EndTurn => f.write_str("end turn"),
            Action::Draw => f.write_str("draw"),
            Action::Decline => f.write_str("decline"),
            Action::Attack { zone, target } => write!(f, "attack a{zone} p{}", target.0),
            Action::EndCombat => f.write_str("end combat"),
            Action::Block(z) => write!(f, "block a{z}"),
            Action::NoBlock => f.write_str("no block"),
            Action::Empower(Source::Hand(c)) => write!(f, "empower {c:#}"),
            Action::Empower(Source::Zone(z)) => write!(f, "empower m{z}"),
            Action::Empower(Source::Counter(c)) => write!(f, "empower dc {c:#}"),
            Action::Ace(c) => write!(f, "ace {c:#}"),
            Action::Pass => f.write_str("pass"),
            Action::Retaliate(c) => write!(f, "retaliate {c:#}"),
            Action::Salvage(c) => write!(f, "salvage {c:#}"),
            Action::Clock(seat) => write!(f, "clock p{}", seat.0),
        }
    }
}

fn numbered(word: Option<&str>, prefix: char, max: u8) -> Result<u8, &'static str> {
    let word = word.ok_or("a zone or seat is missing")?;
    let digits = word
        .strip_prefix(prefix)
        .or_else(|| word.strip_prefix(prefix.to_ascii_uppercase()))
        .ok_or("zones are a0–a2 and m0–m5, seats p0–p3")?;
    match digits.parse::<u8>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err("zone or seat number out of range"),
    }
}

fn card(word: Option<&str>) -> Result<Card, &'static str> {
    word.ok_or("a card is missing")?
        .parse()
        .map_err(|_| "not a card (such as 10H, QS, JK)")
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase();
        let mut words = lower.split_whitespace();
        let first = words.next().unwrap_or("");
        let action = match first {
            "reject" => card(words.next()).map(Action::Reject),
            "summon" => card(words.next()).map(Action::Summon),
            "special" => card(words.next()).map(Action::Special),
            "retire" => numbered(words.next(), 'a', 2).map(Action::Retire),
            "set" => card(words.next()).map(Action::Set),
            "combat" => Ok(Action::Combat),
            "end" => match words.next() {
                Some("turn") => Ok(Action::EndTurn),
                Some("combat") => Ok(Action::EndCombat),
                _ => Err("`end turn` or `end combat`"),
            },
            "draw" => Ok(Action::Draw),
            "decline" => Ok(Action::Decline),
            "attack" => numbered(words.next(), 'a', 2).and_then(|zone| {
                numbered(words.next(), 'p', 3).map(|p| Action::Attack {
                    zone,
                    target: Seat(p),
                })
            }),
            "block" => numbered(words.next(), 'a', 2).map(Action::Block),
            "no" => match words.next() {
                Some("block") => Ok(Action::NoBlock),
                _ => Err("`no block`"),
            },
            "empower" => match words.next() {
                Some("dc") => card(words.next()).map(|c| Action::Empower(Source::Counter(c))),
                Some(word) if word.starts_with('m') && word.len() == 2 => {
                    numbered(Some(word), 'm', 5).map(|z| Action::Empower(Source::Zone(z)))
                }
                word => card(word).map(|c| Action::Empower(Source::Hand(c))),
            },
            "ace" => card(words.next()).map(Action::Ace),
            "pass" => Ok(Action::Pass),
            "retaliate" => card(words.next()).map(Action::Retaliate),
            "salvage" => card(words.next()).map(Action::Salvage),
            "clock" => numbered(words.next(), 'p', 3).map(|p| Action::Clock(Seat(p))),
            _ => Err("unknown action word"),
        };
        let action = action.and_then(|a| match words.next() {
            None => Ok(a),
            Some(_) => Err("unexpected words at the end"),
        });
        action.map_err(|why| ParseActionError {
            text: cards::text::shown(s),
            why,
        })
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
