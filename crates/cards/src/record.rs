//! Records of played games: `{game, options, seed, actions}` as JSON, and their replay.

use serde::{Deserialize, Serialize};
use thiserror::Error;

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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The game's [`Game::NAME`].
    pub game: String,
    /// The game's options, as JSON (missing fields take their defaults).
    #[serde(default)]
    pub options: serde_json::Value,
    /// The seed.
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

    /// The game's options read from the record.
    pub fn options<G: Game>(&self) -> Result<G::Options, ReplayError> {
        if self.options.is_null() {
            return Ok(G::Options::default());
        }
        serde_json::from_value(self.options.clone())
            .map_err(|e| ReplayError::MalformedOptions(e.to_string()))
    }

    /// Starts the game the record describes, before any action.
    pub fn start<G: Game>(&self) -> Result<G, ReplayError> {
        if self.game != G::NAME {
            return Err(ReplayError::WrongGame {
                expected: G::NAME,
                found: self.game.clone(),
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
            let action: G::Action =
                text.parse()
                    .map_err(|e: G::ParseActionError| ReplayError::UnreadableAction {
                        index,
                        text: text.clone(),
                        reason: e.to_string(),
                    })?;
            game.apply(action).map_err(|e| ReplayError::IllegalAction {
                index,
                text: text.clone(),
                reason: e.to_string(),
            })?;
        }
        Ok(game)
    }
}
