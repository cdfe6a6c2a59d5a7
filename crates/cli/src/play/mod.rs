//! `cards play`: a person plays one seat in the terminal against bots (search bots by default).
//!
//! The person sees only what the seat may see: its view before each of its decisions, and a log
//! line for every action, its own included, as its seat observes it (`The Animal voted`, `seat
//! 2 stole a card from seat 0`), each naming the seat that acted; never the raw action of
//! another seat. `help` or `?` at the prompt lists the legal actions and explains the game's
//! action notation. At the end the view is shown once more, with the scores and the winners;
//! hidden cards stay hidden.
//!
//! The record file, if any, is never written over unless asked ([`PlaySettings::overwrite`]);
//! it is saved after every action, so a game stopped in any way can be resumed from it
//! ([`PlaySettings::history`]).

mod prompt;
mod record_file;

use agents::AgentSpec;
use cards::playout::Table;
use cards::{Agent, Game, ReplayError, Seat};
use std::fmt::Display;
use std::io::{BufRead, Write};

use crate::error::CliError;
use crate::guide::Guide;
use prompt::ask;
use record_file::Keeper;

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
    /// Whether the record file may be written over if it exists already (a resumed game's own
    /// file is); without it, an existing file is refused before the game starts.
    pub overwrite: bool,
    /// The actions already played, in their text notation: a resumed game's record. They are
    /// replayed (the bots told what their seats observe of each) before play goes on.
    pub history: Vec<String>,
    /// The bot at every other seat.
    pub bots: AgentSpec,
}

/// Plays a game: the person at `settings.seat` types a number or an action's text; every other
/// seat is a bot (`settings.bots`, seeded from the game's seed and its seat), whose actions the
/// person sees as its seat observes them. Bad input (a line that is not UTF-8 text, too long, not
/// an action, not legal) gets a message and another prompt (a refused action with the engine's
/// reason); `help` or `?` explains the actions; `quit` or the end of input ends the game early.
///
/// The record file, if any, is written before the first move (so a path that cannot be written,
/// or a record that exists and may not be written over, is refused before the game starts) and
/// again after every action, atomically: whatever stops the game (`quit`, the end of input,
/// Ctrl-C, a killed terminal), the file holds the game so far, and `history` can resume it.
pub fn play<G>(
    settings: &PlaySettings,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), CliError>
where
    G: Guide + Display,
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
    replay_history(&mut game, &mut bots, &settings.history)?;
    let mut keeper = Keeper::open::<G>(settings)?;
    writeln!(
        out,
        "{}: you are seat {me}. Type the number or the text of an action; `help` or `?` \
         explains them; `quit` ends.",
        G::NAME
    )?;
    if !settings.history.is_empty() {
        writeln!(out, "Resumed after {} actions.", settings.history.len())?;
    }
    let mut legal = Vec::new();
    while let Some(seat) = game.to_act() {
        game.legal_actions(&mut legal);
        let action = if seat == me {
            writeln!(out, "\n{}", game.view(me))?;
            prompt::list(&legal, out)?;
            match ask(&game, &legal, input, out)? {
                Some(action) => {
                    bots.tell(&game, me, action);
                    action
                }
                None => {
                    writeln!(out, "Game left unfinished.")?;
                    return keeper.finish(Some(me), out);
                }
            }
        } else {
            if legal.is_empty() {
                break;
            }
            // The table asks the seat's bot and tells every bot what its seat observes.
            bots.choose(&game, seat, &legal)
        };
        let line = game.log_line(seat, me, game.observe(action, me));
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
        writeln!(out, "{line}")?;
        keeper.push(action, out)?;
    }
    writeln!(out, "\nGame over.\n{}", game.view(me))?;
    let scores: Vec<String> = (0..game.seat_count())
        .map(|i| game.score(Seat(i as u8)).to_string())
        .collect();
    writeln!(out, "Scores by seat: {}", scores.join(" "))?;
    writeln!(out, "Winners: {}", game.winners())?;
    keeper.finish(None, out)
}

/// Replays the actions of a resumed game, telling every bot what its seat observes of each, as
/// if the game had been played at this table; an action that cannot be read or is refused is
/// reported with its index, as `cards replay` reports it.
fn replay_history<G: Game>(
    game: &mut G,
    bots: &mut Table<'_, G>,
    history: &[String],
) -> Result<(), CliError> {
    for (index, text) in history.iter().enumerate() {
        let action = ReplayError::read_action::<G>(index, text)?;
        let refused = |reason: &str| ReplayError::refused(index, text, reason);
        let actor = game.to_act().ok_or_else(|| refused("the game is over"))?;
        // The bots are told before the action is applied, as at the table; an action refused
        // ends the resumption, bots and all.
        bots.tell(game, actor, action);
        game.apply(action).map_err(|e| refused(&e.to_string()))?;
    }
    Ok(())
}
