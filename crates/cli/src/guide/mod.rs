//! What the program tells a person about each game: its line in the list of games, its option
//! fields with their meaning and defaults, its action notation with examples, and how its log
//! names the seat that acted.
//!
//! The texts live here, beside the program that prints them; the tests check them against the
//! engines (every option field is one the game reads, with the default the game gives it, and
//! every example action parses).

mod brainshearts;
mod headtrip;
mod highjinks;
mod roundtrip;

use cards::{Game, Seat};
use std::fmt::Write as _;

/// One field of a game's options (`--options` JSON).
#[derive(Clone, Copy, Debug)]
pub struct OptionField {
    /// The field's name in the JSON object.
    pub name: &'static str,
    /// Its default, as JSON (what a missing field takes).
    pub default: &'static str,
    /// What it means, in a line or two.
    pub meaning: &'static str,
}

/// What a person is told about one game.
pub trait Guide: Game {
    /// The game's full name.
    const TITLE: &'static str;
    /// How many play it: `4 players`, `2-6 players`.
    const PLAYERS: &'static str;
    /// What is played, in a sentence or two (wrapped when printed).
    const SUMMARY: &'static str;
    /// Its option fields, in the order of the options' type.
    const OPTIONS: &'static [OptionField];
    /// How its actions are written, with examples: lines of at most 100 characters.
    const NOTATION: &'static str;
    /// Example action texts of [`Guide::NOTATION`], each one that the game's parser reads.
    const EXAMPLES: &'static [&'static str];

    /// The log line of an action `actor` is about to take in this game, as `observer` observes
    /// it (`observation`). The default is the observation itself, which names the actor in
    /// every game whose observations do.
    fn log_line(&self, actor: Seat, observer: Seat, observation: Self::Observation) -> String {
        let _ = (actor, observer);
        observation.to_string()
    }
}

/// The options section of a game's guide: each field, its default and its meaning.
pub fn options_text<G: Guide>() -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "  Options (--options JSON; a field left out takes its default, an unknown one is \
         refused):"
    );
    for field in G::OPTIONS {
        let _ = writeln!(text, "    {} (default {})", field.name, field.default);
        for line in wrap(field.meaning, 88) {
            let _ = writeln!(text, "        {line}");
        }
    }
    text
}

/// A game's whole guide: its summary, options and action notation.
pub fn guide_text<G: Guide>() -> String {
    let mut text = format!("{} — {}, {}\n", G::NAME, G::TITLE, G::PLAYERS);
    for line in wrap(G::SUMMARY, 96) {
        let _ = writeln!(text, "  {line}");
    }
    text.push_str(&options_text::<G>());
    text.push_str("  Actions:\n");
    for line in G::NOTATION.lines() {
        let _ = writeln!(text, "    {line}");
    }
    text
}

/// Cuts a text into lines of at most `width` characters, at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}
