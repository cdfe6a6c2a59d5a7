//! The record file of a game being played: never written over unless asked, and saved whole
//! after every action.

use agents::AgentSpec;
use cards::text::{shown_up_to, MESSAGE};
use cards::{Game, Record, Seat};
use std::fmt::Display;
use std::io::Write;
use std::path::Path;

use super::PlaySettings;
use crate::error::CliError;
use crate::replay::{file_error, save_record};

/// Keeps the record file of a game being played up to date.
pub(super) struct Keeper<'a> {
    path: Option<&'a Path>,
    /// The bots, for the command that resumes the game.
    bots: AgentSpec,
    record: Record,
    /// Whether the last save failed (it is said once, and tried again at the next ply).
    failing: bool,
}

impl<'a> Keeper<'a> {
    /// Writes the record of the game (its history, if resumed) before any move: a path that
    /// cannot be written, or a file that exists and may not be written over, is refused now,
    /// not after the game.
    pub(super) fn open<G: Game>(settings: &'a PlaySettings) -> Result<Self, CliError> {
        let keeper = Keeper {
            path: settings.record.as_deref(),
            bots: settings.bots,
            record: Record {
                game: G::NAME.to_string(),
                options: settings.options.clone(),
                seed: settings.seed,
                actions: settings.history.clone(),
            },
            failing: false,
        };
        if let Some(path) = keeper.path {
            if !settings.overwrite {
                claim(path)?;
            }
            save_record(path, &keeper.record)?;
        }
        Ok(keeper)
    }

    /// Adds an action taken and saves the record. A save that fails is said (once) and the
    /// game goes on; the next ply tries again.
    pub(super) fn push(
        &mut self,
        action: impl Display,
        out: &mut dyn Write,
    ) -> Result<(), CliError> {
        self.record.actions.push(action.to_string());
        let Some(path) = self.path else {
            return Ok(());
        };
        match save_record(path, &self.record) {
            Ok(()) => self.failing = false,
            Err(e) if !self.failing => {
                self.failing = true;
                writeln!(
                    out,
                    "Warning: the record could not be saved ({e}); trying again at the next move."
                )?;
            }
            Err(_) => {}
        }
        Ok(())
    }

    /// Saves the record a last time and says where; for a game left unfinished (`resume_as`,
    /// the person's seat), how to resume it.
    pub(super) fn finish(
        self,
        resume_as: Option<Seat>,
        out: &mut dyn Write,
    ) -> Result<(), CliError> {
        let Some(path) = self.path else {
            return Ok(());
        };
        crate::replay::write_record(path, self.record, out)?;
        if let Some(seat) = resume_as {
            writeln!(
                out,
                "Resume it with: cards play --resume {} --seat {seat} --bots {}",
                shown_up_to(&path.display().to_string(), MESSAGE),
                self.bots
            )?;
        }
        Ok(())
    }
}

/// Creates the record file, refusing one that exists already (atomically: no other program can
/// slip a file in between the check and the creation).
fn claim(path: &Path) -> Result<(), CliError> {
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
    {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(CliError::RecordExists(
            shown_up_to(&path.display().to_string(), MESSAGE),
        )),
        Err(e) => Err(file_error(path, &format!("cannot write the record: {e}"))),
    }
}
