//! `cards replay`: replays a record and reports the final state, scores and winners.

use cards::{Game, Record, Seat};
use serde::Serialize;
use std::fmt::Display;
use std::io::Write;
use std::path::Path;

use crate::error::CliError;
use crate::text::{shown_message, shown_up_to, MESSAGE};

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

/// Reads a record from a JSON file. The record is read strictly (see [`Record`]): unknown keys,
/// options that are not an object and seeds out of range are refused.
pub fn read_record(path: &Path) -> Result<Record, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| file_error(path, &e))?;
    serde_json::from_str(&text)
        .map_err(|e| CliError::MalformedRecord(shown_message(&e.to_string(), MESSAGE)))
}

/// The error of a file, its path shown safely.
pub fn file_error(path: &Path, error: &dyn std::fmt::Display) -> CliError {
    CliError::File {
        path: shown_up_to(&path.display().to_string(), MESSAGE),
        reason: error.to_string(),
    }
}

/// Writes a record as JSON atomically: into a temporary file beside it, then renamed over it,
/// so that the file holds a whole record at every moment (the last one written, if the program
/// is stopped).
pub fn save_record(path: &Path, record: &Record) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(record)
        .map_err(|e| CliError::MalformedRecord(e.to_string()))?;
    let name = path
        .file_name()
        .ok_or_else(|| file_error(path, &"not the name of a file"))?;
    let mut temporary_name = std::ffi::OsString::from(".");
    temporary_name.push(name);
    temporary_name.push(format!(".{}.tmp", std::process::id()));
    let temporary = path.with_file_name(temporary_name);
    let written =
        std::fs::write(&temporary, text + "\n").and_then(|()| std::fs::rename(&temporary, path));
    written.map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        file_error(path, &format!("cannot write the record: {e}"))
    })
}

/// Writes a record as JSON (atomically, see [`save_record`]) and says so.
pub fn write_record(path: &Path, record: Record, out: &mut dyn Write) -> Result<(), CliError> {
    save_record(path, &record)?;
    writeln!(
        out,
        "Record written to {}",
        shown_up_to(&path.display().to_string(), MESSAGE)
    )?;
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
