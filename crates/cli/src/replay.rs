//! `cards replay`: replays a record and reports the final state, scores and winners.

use cards::{Game, Record, Seat};
use serde::Serialize;
use std::fmt::Display;
use std::io::Write;
use std::path::Path;

use crate::error::CliError;

/// The outcome of a replay.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReplayReport {
    /// The game's name.
    pub game: String,
    /// Actions replayed.
    pub plies: u64,
    /// Whether the game is over.
    pub over: bool,
    /// Score by seat.
    pub scores: Vec<i64>,
    /// The winning (or, before the end, leading) seats.
    pub winners: Vec<u8>,
    /// The seat to act next, if the game is not over.
    pub to_act: Option<u8>,
    /// The whole final state, rendered for a person.
    #[serde(skip)]
    pub table: String,
}

/// Replays a record of game `G`.
pub fn replay<G: Game + Display>(record: &Record) -> Result<ReplayReport, CliError> {
    let game: G = record.replay()?;
    Ok(ReplayReport {
        game: G::NAME.to_string(),
        plies: game.plies(),
        over: game.is_over(),
        scores: (0..game.seat_count())
            .map(|i| game.score(Seat(i as u8)))
            .collect(),
        winners: game.winners().iter().map(|s| s.0).collect(),
        to_act: game.to_act().map(|s| s.0),
        table: game.to_string(),
    })
}

/// Reads a record from a JSON file.
pub fn read_record(path: &Path) -> Result<Record, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| CliError::File {
        path: path.display().to_string(),
        reason: e.to_string(),
    })?;
    serde_json::from_str(&text).map_err(|e| CliError::MalformedRecord(e.to_string()))
}

/// Writes a record as JSON and says so.
pub fn write_record(path: &Path, record: Record, out: &mut dyn Write) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(&record)
        .map_err(|e| CliError::MalformedRecord(e.to_string()))?;
    std::fs::write(path, text + "\n").map_err(|e| CliError::File {
        path: path.display().to_string(),
        reason: e.to_string(),
    })?;
    writeln!(out, "Record written to {}", path.display())?;
    Ok(())
}

impl Display for ReplayReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "{}: {} actions replayed", self.game, self.plies)?;
        write!(f, "{}", self.table)?;
        let scores: Vec<String> = self.scores.iter().map(i64::to_string).collect();
        writeln!(f, "Scores by seat: {}", scores.join(" "))?;
        let winners: Vec<String> = self.winners.iter().map(u8::to_string).collect();
        match self.to_act {
            None => writeln!(f, "Game over. Winners: {}", winners.join(" ")),
            Some(seat) => writeln!(
                f,
                "Game not over: seat {seat} to act. Leading: {}",
                winners.join(" ")
            ),
        }
    }
}
