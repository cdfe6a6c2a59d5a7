//! Errors of the program, each with the message a user sees.

use thiserror::Error;

/// Why a command failed.
#[derive(Debug, Error)]
pub enum CliError {
    /// No game of that name.
    #[error("unknown game `{0}` (known: {1})")]
    UnknownGame(String, String),
    /// The options are not valid JSON for the game, or the game refused them.
    #[error("bad options: {0}")]
    Options(String),
    /// A file could not be read or written.
    #[error("{path}: {reason}")]
    File {
        /// The file.
        path: String,
        /// What went wrong.
        reason: String,
    },
    /// A record is not well-formed.
    #[error("malformed record: {0}")]
    MalformedRecord(String),
    /// A record does not replay.
    #[error("{0}")]
    Replay(#[from] cards::ReplayError),
    /// A game broke its own contract during a simulation.
    #[error("game with seed {seed} failed: {reason}")]
    Playout {
        /// The seed of the game.
        seed: u64,
        /// What went wrong.
        reason: String,
    },
    /// The seat asked for is not at the table.
    #[error("seat {0} is not at the table (seats 0 to {1})")]
    NoSuchSeat(u8, usize),
    /// Terminal input or output failed.
    #[error("terminal: {0}")]
    Io(#[from] std::io::Error),
    /// The agents named are not understood or do not fit the table.
    #[error("bad agents: {0}")]
    Agents(String),
    /// The thread pool could not be built.
    #[error("threads: {0}")]
    Threads(String),
}
