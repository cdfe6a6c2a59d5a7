//! The games the program knows. Adding a game is one line in [`games`] and its [`Guide`].

use agents::AgentSpec;
use cards::Record;
use std::fmt::Display;
use std::io::{BufRead, Write};

use crate::error::CliError;
use crate::guide::{guide_text, Guide};
use crate::play::{play, PlaySettings};
use crate::replay::{replay, ReplayReport};
use crate::simulate::{
    record, simulate, simulate_one, summarise, GameResult, RecordedGame, Simulation, Sink,
};
use crate::summary::Summary;

/// What the program can do with one game, with the game's type erased.
pub struct GameEntry {
    /// The game's name on the command line ([`cards::Game::NAME`]).
    pub name: &'static str,
    /// One line about the game: its full name and how many play it.
    pub description: String,
    /// What a person is told about the game: its options and action notation (`cards games`).
    pub guide: fn() -> String,
    /// Plays one game with options (as JSON), a seed and the agent of each seat (none: all
    /// random).
    pub simulate_one: fn(&serde_json::Value, u64, &[AgentSpec]) -> Result<GameResult, CliError>,
    /// Runs a simulation, streaming each result to the sink (see [`crate::simulate::run`]).
    pub simulate: fn(&Simulation, &mut Sink<'_>) -> Result<Summary, CliError>,
    /// Runs a simulation into its summary alone (see [`crate::simulate::run_summary`]).
    pub summarise: fn(&Simulation) -> Result<Summary, CliError>,
    /// Plays one game of a simulation again and records it (see [`crate::simulate::record`]).
    pub record: fn(&Simulation, u64) -> Result<RecordedGame, CliError>,
    /// Checks options (as JSON) and returns the number of seats.
    pub seats: fn(&serde_json::Value) -> Result<usize, CliError>,
    /// Lets a person play one seat against bots.
    pub play: fn(&PlaySettings, &mut dyn BufRead, &mut dyn Write) -> Result<(), CliError>,
    /// Replays a record.
    pub replay: fn(&Record) -> Result<ReplayReport, CliError>,
}

/// The entry of a game type.
pub fn entry<G>() -> GameEntry
where
    G: Guide + Display,
    G::View: Display,
{
    GameEntry {
        name: G::NAME,
        description: format!("{}, {}", G::TITLE, G::PLAYERS),
        guide: guide_text::<G>,
        simulate_one: simulate_one::<G>,
        simulate: simulate::<G>,
        summarise: summarise::<G>,
        record: record::<G>,
        seats: |options| Ok(crate::start::<G>(options, 0)?.seat_count()),
        play: play::<G>,
        replay: replay::<G>,
    }
}

/// Every game the program knows.
pub fn games() -> Vec<GameEntry> {
    vec![
        entry::<headtrip::HeadTrip>(),
        entry::<brainshearts::BrainsHearts>(),
        entry::<roundtrip::RoundTrip>(),
        entry::<highjinks::HighJinks>(),
    ]
}

/// The game of this name.
pub fn find(name: &str) -> Result<GameEntry, CliError> {
    games()
        .into_iter()
        .find(|g| g.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| CliError::UnknownGame(crate::text::shown(name), names()))
}

/// The names of the known games, comma-separated.
pub fn names() -> String {
    games()
        .iter()
        .map(|g| g.name)
        .collect::<Vec<_>>()
        .join(", ")
}
