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

use crate::error::CliError;

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
/// seat is a bot (`settings.bots`, seeded from the game's seed and its seat), whose actions the person sees as its seat observes them. Bad input
/// gets a message and another prompt (a refused action with the engine's reason); the end of
/// input ends the game early.
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
    let mut bots = Table::from_fn(game.seat_count(), |seat| {
        settings
            .bots
            .build::<G>(settings.seed ^ 0xB07 ^ (u64::from(seat.0) << 56))
    });
    let mut legal = Vec::new();
    let mut actions = Vec::new();
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
                    return save(G::NAME, settings, &actions, out);
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
            writeln!(out, "refused: {e}")?;
            continue;
        }
        actions.push(action);
    }
    writeln!(out, "\nGame over.\n{}", game.view(me))?;
    let scores: Vec<String> = (0..game.seat_count())
        .map(|i| game.score(Seat(i as u8)).to_string())
        .collect();
    writeln!(out, "Scores by seat: {}", scores.join(" "))?;
    writeln!(out, "Winners: {}", game.winners())?;
    save(G::NAME, settings, &actions, out)
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
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        if text.eq_ignore_ascii_case("quit") {
            return Ok(None);
        }
        if let Ok(n) = text.parse::<usize>() {
            match n.checked_sub(1).and_then(|i| legal.get(i)) {
                Some(&action) => return Ok(Some(action)),
                None => writeln!(out, "There is no action {n}; choose 1 to {}.", legal.len())?,
            }
            continue;
        }
        match text.parse::<G::Action>() {
            Ok(action) if legal.contains(&action) => return Ok(Some(action)),
            Ok(action) => match game.clone().apply(action) {
                Err(reason) => writeln!(out, "Refused: {reason}")?,
                Ok(()) => writeln!(out, "That action is not legal now.")?,
            },
            Err(e) => writeln!(out, "Not understood: {e}")?,
        }
    }
}

fn save<A: Copy + Display>(
    game: &str,
    settings: &PlaySettings,
    actions: &[A],
    out: &mut dyn Write,
) -> Result<(), CliError> {
    if let Some(path) = &settings.record {
        let record = Record {
            game: game.to_string(),
            options: settings.options.clone(),
            seed: settings.seed,
            actions: actions.iter().map(|a| a.to_string()).collect(),
        };
        crate::replay::write_record(path, record, out)?;
    }
    Ok(())
}
