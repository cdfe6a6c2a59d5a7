//! Errors of the program, each with the message a user sees. Text that came from input is cut
//! and escaped ([`crate::text`]) before it goes into an error.

use thiserror::Error;

/// Why a command failed.
#[derive(Debug, Error)]
pub enum CliError {
    /// No game of that name (quoted as [`crate::text::shown`] makes it).
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
    /// `play` was asked to write a new game's record over a file that exists (its path, shown
    /// safely).
    #[error(
        "{0} exists already: `cards play --resume {0}` continues its game, and --overwrite \
         starts a new game in its place"
    )]
    RecordExists(String),
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
    /// A simulation of no games.
    #[error("--games must be at least 1: a simulation of no games has nothing to summarise")]
    NoGames,
    /// More threads than a simulation may have.
    #[error(
        "--threads {0} is too many: at most {1} (0, the default, gives one thread per core; \
         more threads than cores do not make a simulation faster)"
    )]
    TooManyThreads(usize, usize),
    /// The game asked for is not in the simulation.
    #[error(
        "there is no game {index} in a simulation of {games} games (they are numbered from 0)"
    )]
    NoSuchGame {
        /// The game's index.
        index: u64,
        /// Games in the simulation.
        games: u64,
    },
    /// The game asked for cannot be played again exactly.
    #[error(
        "game {index} cannot be played again exactly: agent `{agent}` has a time budget, so its \
         choices depend on the machine's speed; give it a number of iterations"
    )]
    NotReproducible {
        /// The game's index.
        index: u64,
        /// The agent with a time budget.
        agent: String,
    },
    /// A recorded game did not replay to the end it was played to (the engine is not
    /// deterministic).
    #[error("the record of game {index} does not replay to the same end")]
    RecordMismatch {
        /// The game's index.
        index: u64,
    },
    /// The game does not implement what a learning program reads yet.
    #[error("`cards describe` does not know {0} yet: it has no action indices nor tensors")]
    NotDescribed(&'static str),
    /// A bot chose an action the game refused.
    #[error("the bot at seat {seat} chose `{action}`, which the game refused: {reason}")]
    BotRefused {
        /// The bot's seat.
        seat: u8,
        /// The action's text.
        action: String,
        /// The game's reason.
        reason: String,
    },
}
