//! `cards play`: a person plays one seat in the terminal against bots (search bots by default).
//!
//! The person sees only what the seat may see: its view before each of its decisions, and what
//! it observes of every other seat's action (`The Animal voted`, `seat 2 stole a card from seat
//! 0`), never the raw action of another seat. At the end the view is shown once more, with the
//! scores and the winners; hidden cards stay hidden.

use agents::AgentSpec;
use cards::playout::Table;
use cards::{Agent, Game, Record, Seat};
use std::fmt::Display;
use std::io::{BufRead, Write};
use std::path::Path;

use crate::error::CliError;
use crate::replay::save_record;
use crate::text::{shown, shown_message, MESSAGE, QUOTED};

/// What `play` asks for.
#[derive(Clone, Debug)]
pub struct PlaySettings {
    /// The person's seat.
    pub seat: u8,
    /// The game's seed.
    pub seed: u64,
    /// Game options as JSON.
    pub options: serde_json::Value,
    /// Where to save the record of the game, if anywhere.
    pub record: Option<std::path::PathBuf>,
    /// The bot at every other seat.
    pub bots: AgentSpec,
}

/// Plays a game: the person at `settings.seat` types a number or an action's text; every other
/// seat is a bot (`settings.bots`, seeded from the game's seed and its seat), whose actions the
/// person sees as its seat observes them. Bad input (a line that is not UTF-8 text, too long, not
/// an action, not legal) gets a message and another prompt (a refused action with the engine's
/// reason); `quit` or the end of input ends the game early.
///
/// The record file, if any, is written before the first move (so a path that cannot be written
/// is refused before the game starts) and again after every ply, atomically: whatever stops the
/// game (`quit`, the end of input, Ctrl-C), the file holds the game so far.
pub fn play<G>(
    settings: &PlaySettings,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), CliError>
where
    G: Game + Display,
    G::View: Display,
{
    let mut game = crate::start::<G>(&settings.options, settings.seed)?;
    let me = Seat(settings.seat);
    if me.index() >= game.seat_count() {
        return Err(CliError::NoSuchSeat(settings.seat, game.seat_count() - 1));
    }
    let mut keeper = Keeper::open::<G>(settings)?;
    let mut bots = Table::from_fn(game.seat_count(), |seat| {
        settings
            .bots
            .build::<G>(settings.seed ^ 0xB07 ^ (u64::from(seat.0) << 56))
    });
    let mut legal = Vec::new();
    writeln!(
        out,
        "{}: you are seat {me}. Type the number or the text of an action; `quit` ends.",
        G::NAME
    )?;
    while let Some(seat) = game.to_act() {
        game.legal_actions(&mut legal);
        let action = if seat == me {
            writeln!(out, "\n{}", game.view(me))?;
            for (i, action) in legal.iter().enumerate() {
                writeln!(out, "  {:>2}) {action}", i + 1)?;
            }
            match ask(&game, &legal, input, out)? {
                Some(action) => {
                    bots.tell(&game, me, action);
                    action
                }
                None => {
                    writeln!(out, "Game left unfinished.")?;
                    return keeper.finish(out);
                }
            }
        } else {
            if legal.is_empty() {
                break;
            }
            // The table asks the seat's bot and tells every bot what its seat observes.
            let action = bots.choose(&game, seat, &legal);
            writeln!(out, "{}", game.observe(action, me))?;
            action
        };
        if let Err(e) = game.apply(action) {
            if seat == me {
                // Not expected: `ask` returns legal actions only.
                writeln!(out, "Refused: {e}")?;
                continue;
            }
            return Err(CliError::BotRefused {
                seat: seat.0,
                action: action.to_string(),
                reason: e.to_string(),
            });
        }
        keeper.push(action, out)?;
    }
    writeln!(out, "\nGame over.\n{}", game.view(me))?;
    let scores: Vec<String> = (0..game.seat_count())
        .map(|i| game.score(Seat(i as u8)).to_string())
        .collect();
    writeln!(out, "Scores by seat: {}", scores.join(" "))?;
    writeln!(out, "Winners: {}", game.winners())?;
    keeper.finish(out)
}

/// Keeps the record file of a game being played up to date.
struct Keeper<'a> {
    path: Option<&'a Path>,
    record: Record,
    /// Whether the last save failed (it is said once, and tried again at the next ply).
    failing: bool,
}

impl<'a> Keeper<'a> {
    /// Writes the record of the game before any move: a path that cannot be written is refused
    /// now, not after the game.
    fn open<G: Game>(settings: &'a PlaySettings) -> Result<Self, CliError> {
        let keeper = Keeper {
            path: settings.record.as_deref(),
            record: Record {
                game: G::NAME.to_string(),
                options: settings.options.clone(),
                seed: settings.seed,
                actions: Vec::new(),
            },
            failing: false,
        };
        if let Some(path) = keeper.path {
            save_record(path, &keeper.record)?;
        }
        Ok(keeper)
    }

    /// Adds an action taken and saves the record. A save that fails is said (once) and the
    /// game goes on; the next ply tries again.
    fn push(&mut self, action: impl Display, out: &mut dyn Write) -> Result<(), CliError> {
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

    /// Saves the record a last time and says where.
    fn finish(self, out: &mut dyn Write) -> Result<(), CliError> {
        match self.path {
            Some(path) => crate::replay::write_record(path, self.record, out),
            None => Ok(()),
        }
    }
}

/// Longest line read at the prompt, in bytes; the rest of a longer line is skipped.
const MAX_LINE: usize = 4096;

/// A line typed at the prompt.
enum Line {
    /// UTF-8 text (without its line break).
    Text(String),
    /// Bytes that are not UTF-8 text.
    NotText,
    /// More than [`MAX_LINE`] bytes.
    TooLong,
    /// The end of input.
    End,
}

/// Reads one line of at most [`MAX_LINE`] bytes (a longer one is skipped to its end, without
/// being kept).
fn read_line(input: &mut dyn BufRead) -> std::io::Result<Line> {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let (used, ended) = {
            let buffer = match input.fill_buf() {
                Ok(buffer) => buffer,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buffer.is_empty() {
                if !read_any {
                    return Ok(Line::End);
                }
                break;
            }
            read_any = true;
            let (part, used, ended) = match buffer.iter().position(|&b| b == b'\n') {
                Some(i) => (&buffer[..i], i + 1, true),
                None => (buffer, buffer.len(), false),
            };
            if too_long || line.len() + part.len() > MAX_LINE {
                too_long = true;
                line.clear();
            } else {
                line.extend_from_slice(part);
            }
            (used, ended)
        };
        input.consume(used);
        if ended {
            break;
        }
    }
    if too_long {
        return Ok(Line::TooLong);
    }
    Ok(String::from_utf8(line).map_or(Line::NotText, Line::Text))
}

/// Reads lines until one names a legal action; `None` at the end of input or on `quit`. An
/// action that is well formed but not legal is explained with the engine's reason.
fn ask<G: Game>(
    game: &G,
    legal: &[G::Action],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Option<G::Action>, CliError> {
    loop {
        write!(out, "> ")?;
        out.flush()?;
        let line = match read_line(input)? {
            Line::End => return Ok(None),
            Line::Text(line) => line,
            Line::NotText => {
                writeln!(
                    out,
                    "That line is not UTF-8 text; type the number or the text of an action."
                )?;
                continue;
            }
            Line::TooLong => {
                writeln!(
                    out,
                    "That line is too long (over {MAX_LINE} bytes); type the number or the text \
                     of an action."
                )?;
                continue;
            }
        };
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        if text.eq_ignore_ascii_case("quit") {
            return Ok(None);
        }
        if text.bytes().all(|b| b.is_ascii_digit()) {
            let chosen = text.parse::<usize>().ok().and_then(|n| n.checked_sub(1));
            match chosen.and_then(|i| legal.get(i)) {
                Some(&action) => return Ok(Some(action)),
                None => writeln!(
                    out,
                    "There is no action {}; choose 1 to {}.",
                    shown(text),
                    legal.len()
                )?,
            }
            continue;
        }
        if text.chars().count() > QUOTED {
            writeln!(
                out,
                "Not understood: `{}` is too long to be an action.",
                shown(text)
            )?;
            continue;
        }
        match text.parse::<G::Action>() {
            Ok(action) if legal.contains(&action) => return Ok(Some(action)),
            Ok(action) => match game.clone().apply(action) {
                Err(reason) => writeln!(
                    out,
                    "Refused: {}",
                    shown_message(&reason.to_string(), MESSAGE)
                )?,
                Ok(()) => writeln!(out, "That action is not legal now.")?,
            },
            Err(e) => writeln!(
                out,
                "Not understood: {}",
                shown_message(&e.to_string(), MESSAGE)
            )?,
        }
    }
}
