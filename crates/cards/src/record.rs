//! Records of played games: `{game, options, seed, actions}` as JSON, and their replay.
//!
//! Records are read strictly: an unknown key, options that are not a JSON object, a seed out of
//! range or a game name of another game are refused with a message that says so. Messages quote
//! at most 100 characters of the record, with control characters escaped.

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

use crate::text::{shown_message, shown_up_to, MESSAGE, QUOTED};
use crate::Game;

/// A played game: enough to replay it exactly.
///
/// Actions are kept in their text notation, so a record reads well and survives changes of the
/// action types' layout.
///
/// ```
/// use cards::Record;
/// let json = r#"{"game":"headtrip","options":{},"seed":7,"actions":["stay"]}"#;
/// let record: Record = serde_json::from_str(json).unwrap();
/// assert_eq!(record.actions.len(), 1);
/// ```
///
/// Unknown keys are refused (`"action"` for `"actions"` would otherwise replay nothing), and so
/// is a seed that is not a whole number from 0 to 2^64 − 1:
///
/// ```
/// use cards::Record;
/// let typo = r#"{"game":"headtrip","seed":7,"action":["stay"]}"#;
/// assert!(serde_json::from_str::<Record>(typo).is_err());
/// let huge = r#"{"game":"headtrip","seed":18446744073709551616}"#;
/// let error = serde_json::from_str::<Record>(huge).unwrap_err().to_string();
/// assert!(error.contains("out of range for a 64-bit seed"), "{error}");
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The game's [`Game::NAME`] (compared without regard to ASCII case).
    pub game: String,
    /// The game's options: a JSON object (missing fields take their defaults), or `null` for the
    /// defaults.
    #[serde(default)]
    pub options: serde_json::Value,
    /// The seed.
    #[serde(deserialize_with = "seed")]
    pub seed: u64,
    /// The actions, in order, in their text notation.
    #[serde(default)]
    pub actions: Vec<String>,
}

/// Why a record cannot be replayed.
#[derive(Debug, Error)]
pub enum ReplayError {
    /// The record is of another game.
    #[error("the record is of game `{found}`, not `{expected}`")]
    WrongGame {
        /// The game replaying.
        expected: &'static str,
        /// The game the record names.
        found: String,
    },
    /// The options are not this game's options.
    #[error("malformed options: {0}")]
    MalformedOptions(String),
    /// The game refused the options.
    #[error("options refused: {0}")]
    OptionsRefused(String),
    /// An action's text is not an action.
    #[error("action {index} `{text}` cannot be read: {reason}")]
    UnreadableAction {
        /// Position of the action in the record, from 0.
        index: usize,
        /// Its text.
        text: String,
        /// Why it cannot be read.
        reason: String,
    },
    /// An action was refused by the game.
    #[error("action {index} `{text}` is illegal: {reason}")]
    IllegalAction {
        /// Position of the action in the record, from 0.
        index: usize,
        /// Its text.
        text: String,
        /// Why the game refused it.
        reason: String,
    },
}

impl ReplayError {
    /// Reads the action at `index` of a record, `text`, as one of `G`'s actions; a text that is
    /// not one gives [`ReplayError::UnreadableAction`], shortened for a message.
    pub fn read_action<G: Game>(index: usize, text: &str) -> Result<G::Action, ReplayError> {
        text.parse()
            .map_err(|e: G::ParseActionError| ReplayError::UnreadableAction {
                index,
                text: shown_up_to(text, QUOTED),
                reason: shown_message(&e.to_string(), MESSAGE),
            })
    }

    /// The action at `index` of a record, `text`, refused for `reason`
    /// ([`ReplayError::IllegalAction`], shortened for a message).
    pub fn refused(index: usize, text: &str, reason: &str) -> ReplayError {
        ReplayError::IllegalAction {
            index,
            text: shown_up_to(text, QUOTED),
            reason: shown_message(reason, MESSAGE),
        }
    }
}

impl Record {
    /// The record of a game played from `options` and `seed` with these actions.
    pub fn new<G: Game>(options: &G::Options, seed: u64, actions: &[G::Action]) -> Record {
        Record {
            game: G::NAME.to_string(),
            options: serde_json::to_value(options).unwrap_or(serde_json::Value::Null),
            seed,
            actions: actions.iter().map(|a| a.to_string()).collect(),
        }
    }

    /// The game's options read from the record (see [`Record::read_options`]).
    pub fn options<G: Game>(&self) -> Result<G::Options, ReplayError> {
        Record::read_options::<G>(&self.options)
    }

    /// Reads a game's options from JSON: `null` gives the defaults; otherwise the options must
    /// be a JSON object (an array would be read by position), whose numbers are in range.
    ///
    /// ```
    /// use cards::{Game, Record};
    /// # fn demo<G: Game>() {
    /// let error = Record::read_options::<G>(&serde_json::json!([true, 3])).unwrap_err();
    /// assert!(error.to_string().contains("must be a JSON object"));
    /// # }
    /// ```
    pub fn read_options<G: Game>(options: &serde_json::Value) -> Result<G::Options, ReplayError> {
        match options {
            serde_json::Value::Null => return Ok(G::Options::default()),
            serde_json::Value::Object(_) => {}
            other => {
                return Err(ReplayError::MalformedOptions(format!(
                    "options must be a JSON object such as {{}}, not {}",
                    kind(other)
                )))
            }
        }
        numbers_in_range(options, &mut String::new()).map_err(ReplayError::MalformedOptions)?;
        serde_json::from_value(options.clone())
            .map_err(|e| ReplayError::MalformedOptions(shown_message(&e.to_string(), MESSAGE)))
    }

    /// Starts the game the record describes, before any action.
    pub fn start<G: Game>(&self) -> Result<G, ReplayError> {
        if !self.game.eq_ignore_ascii_case(G::NAME) {
            return Err(ReplayError::WrongGame {
                expected: G::NAME,
                found: shown_up_to(&self.game, QUOTED),
            });
        }
        G::new(self.options::<G>()?, self.seed)
            .map_err(|e| ReplayError::OptionsRefused(e.to_string()))
    }

    /// Replays the record and returns the game after its last action; the first action that
    /// cannot be read or is refused is reported with its index and the reason.
    pub fn replay<G: Game>(&self) -> Result<G, ReplayError> {
        let mut game = self.start::<G>()?;
        for (index, text) in self.actions.iter().enumerate() {
            let action = ReplayError::read_action::<G>(index, text)?;
            game.apply(action)
                .map_err(|e| ReplayError::refused(index, text, &e.to_string()))?;
        }
        Ok(game)
    }
}

/// What kind of JSON value this is, for a message.
fn kind(value: &serde_json::Value) -> &'static str {
    match value {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

/// Refuses a whole number beyond the 64-bit integers anywhere in `value` (the JSON reader keeps
/// such a number only as a floating-point approximation, which the options' types would report
/// as a type error); `path` is where `value` lies, for the message.
fn numbers_in_range(value: &serde_json::Value, path: &mut String) -> Result<(), String> {
    const TWO_TO_64: f64 = 18_446_744_073_709_551_616.0;
    const MINUS_TWO_TO_63: f64 = -9_223_372_036_854_775_808.0;
    match value {
        serde_json::Value::Number(n) => match n.as_f64() {
            Some(x)
                if n.is_f64() && x.fract() == 0.0 && !(MINUS_TWO_TO_63..TWO_TO_64).contains(&x) =>
            {
                Err(format!(
                    "`{}`: number out of range for a 64-bit integer",
                    shown_up_to(if path.is_empty() { "options" } else { path }, QUOTED)
                ))
            }
            _ => Ok(()),
        },
        serde_json::Value::Array(items) => items.iter().enumerate().try_for_each(|(i, item)| {
            let len = path.len();
            path.push_str(&format!("[{i}]"));
            let checked = numbers_in_range(item, path);
            path.truncate(len);
            checked
        }),
        serde_json::Value::Object(fields) => fields.iter().try_for_each(|(key, item)| {
            let len = path.len();
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(key);
            let checked = numbers_in_range(item, path);
            path.truncate(len);
            checked
        }),
        _ => Ok(()),
    }
}

/// Reads a seed: a whole number from 0 to 2^64 − 1, anything else refused as such (a number
/// beyond it reaches the reader as a floating-point approximation).
fn seed<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
    struct Seed;

    impl Visitor<'_> for Seed {
        type Value = u64;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a seed: a whole number from 0 to 18446744073709551615")
        }

        fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
            Ok(v)
        }

        fn visit_i64<E: de::Error>(self, v: i64) -> Result<u64, E> {
            u64::try_from(v).map_err(|_| {
                E::custom(format!(
                    "{v} is out of range for a 64-bit seed (0 to 18446744073709551615)"
                ))
            })
        }

        fn visit_f64<E: de::Error>(self, v: f64) -> Result<u64, E> {
            if v.is_finite() && v.fract() == 0.0 {
                Err(E::custom(
                    "number out of range for a 64-bit seed (0 to 18446744073709551615)",
                ))
            } else {
                Err(E::custom(format!(
                    "{v} is not a whole number: a seed is a whole number from 0 to \
                     18446744073709551615"
                )))
            }
        }
    }

    deserializer.deserialize_u64(Seed)
}
