//! The prompt of `cards play`: reads a line (strictly: text, of bounded length) until it names a
//! legal action, answers `help` and `?` with the legal actions and the game's notation.

use cards::text::{shown, shown_message, MESSAGE, QUOTED};
use std::fmt::Display;
use std::io::{BufRead, Write};

use crate::error::CliError;
use crate::guide::Guide;

/// Writes the legal actions, numbered from 1.
pub(super) fn list(legal: &[impl Display], out: &mut dyn Write) -> Result<(), CliError> {
    for (i, action) in legal.iter().enumerate() {
        writeln!(out, "  {:>2}) {action}", i + 1)?;
    }
    Ok(())
}

/// Answers `help`: the legal actions, how to choose one, and the game's action notation.
fn help<G: Guide>(legal: &[G::Action], out: &mut dyn Write) -> Result<(), CliError> {
    writeln!(out, "The actions you may take now:")?;
    list(legal, out)?;
    writeln!(
        out,
        "Type an action's number or its text (any case). `quit` ends the game (a record, if \
         kept, can be resumed).\nHow actions are written in {}:",
        G::TITLE
    )?;
    for line in G::NOTATION.lines() {
        writeln!(out, "  {line}")?;
    }
    Ok(())
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
/// action that is well formed but not legal is explained with the engine's reason; `help` or
/// `?` explains the actions.
pub(super) fn ask<G: Guide>(
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
        if text.eq_ignore_ascii_case("help") || text == "?" {
            help::<G>(legal, out)?;
            continue;
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
                "Not understood: {} (`help` explains the actions)",
                shown_message(&e.to_string(), MESSAGE)
            )?,
        }
    }
}
