//! The `cards` program's library: the game registry, each game's guide, and the `simulate`,
//! `play` and `replay` commands, usable from tests and other programs.
//!
//! Input is read strictly: options must be a JSON object, numbers out of range are reported as
//! such, game names are read without regard to case, and every message quotes its input cut
//! short and escaped ([`text`]).
//!
//! ```
//! let entry = cards_cli::registry::find("headtrip")?;
//! let result = (entry.simulate_one)(&serde_json::json!({}), 42, &[])?;
//! assert_eq!(result.scores.len(), 4);
//! # Ok::<(), cards_cli::CliError>(())
//! ```

#![forbid(unsafe_code)]

pub mod chunks;
pub mod describe;
pub mod error;
pub mod guide;
pub mod play;
#[cfg(doctest)]
mod readme;
pub mod registry;
pub mod replay;
pub mod simulate;
pub mod summary;
pub use cards::text;

pub use error::CliError;

use cards::{Game, Record, ReplayError};

/// Reads a game's options from JSON (`null` or `{}` for the defaults): a JSON object whose
/// numbers are in range; an array (which would be read by position) or any other value is
/// refused.
pub fn read_options<G: Game>(options: &serde_json::Value) -> Result<G::Options, CliError> {
    Record::read_options::<G>(options).map_err(|e| match e {
        ReplayError::MalformedOptions(reason) => CliError::Options(reason),
        other => CliError::Options(other.to_string()),
    })
}

/// Starts a game from options given as JSON (`null` or `{}` for the defaults; see
/// [`read_options`]).
pub fn start<G: Game>(options: &serde_json::Value, seed: u64) -> Result<G, CliError> {
    let options = read_options::<G>(options)?;
    G::new(options, seed)
        .map_err(|e| CliError::Options(text::shown_message(&e.to_string(), text::MESSAGE)))
}

/// Reads the text of an `--options` flag: JSON, and a JSON object.
///
/// ```
/// assert!(cards_cli::parse_options(r#"{"players":3}"#).is_ok());
/// let refused = cards_cli::parse_options("[true,3]").unwrap_err().to_string();
/// assert!(refused.contains("must be a JSON object"), "{refused}");
/// ```
pub fn parse_options(text: &str) -> Result<serde_json::Value, CliError> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        CliError::Options(format!(
            "not JSON: {}",
            text::shown_message(&e.to_string(), text::MESSAGE)
        ))
    })?;
    if !value.is_object() {
        return Err(CliError::Options(format!(
            "options must be a JSON object such as '{{\"players\":3}}', not `{}`",
            text::shown(text.trim())
        )));
    }
    Ok(value)
}
