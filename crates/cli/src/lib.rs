//! The `cards` program's library: the game registry and the `simulate`, `play` and `replay`
//! commands, usable from tests and other programs.
//!
//! ```
//! let entry = cards_cli::registry::find("headtrip")?;
//! let result = (entry.simulate_one)(&serde_json::json!({}), 42, &[])?;
//! assert_eq!(result.scores.len(), 4);
//! # Ok::<(), cards_cli::CliError>(())
//! ```

#![forbid(unsafe_code)]

pub mod error;
pub mod play;
#[cfg(doctest)]
mod readme;
pub mod registry;
pub mod replay;
pub mod simulate;

pub use error::CliError;

use cards::Game;

/// Starts a game from options given as JSON (`null` or `{}` for the defaults).
pub fn start<G: Game>(options: &serde_json::Value, seed: u64) -> Result<G, CliError> {
    let options: G::Options = if options.is_null() {
        G::Options::default()
    } else {
        serde_json::from_value(options.clone()).map_err(|e| CliError::Options(e.to_string()))?
    };
    G::new(options, seed).map_err(|e| CliError::Options(e.to_string()))
}
