//! `cards`: simulate many games, play one in the terminal, replay a record.

#![forbid(unsafe_code)]

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use agents::{AgentSpec, SpecError, MAX_ITERATIONS, MAX_TIME};
use cards_cli::play::PlaySettings;
use cards_cli::registry::{self, games};
use cards_cli::simulate::{self, GameResult, Simulation};
use cards_cli::text::{shown_lines, MESSAGE};
use cards_cli::CliError;

/// Card-game rules engines: simulate, play, replay.
#[derive(Parser, Debug)]
#[command(name = "cards", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play many games in parallel (random agents unless --agents says otherwise) and
    /// summarise them.
    Simulate {
        /// The game.
        game: String,
        /// Number of games (at least 1).
        #[arg(
            long,
            default_value_t = 1000,
            value_parser = games_arg,
            allow_negative_numbers = true,
        )]
        games: u64,
        /// Base seed: game i is played with a seed derived from it and i.
        #[arg(long, default_value_t = 0, value_parser = seed_arg, allow_negative_numbers = true)]
        seed: u64,
        /// Worker threads (0, the default: one per core; at most 256). Results do not depend on
        /// it.
        #[arg(
            long,
            default_value_t = 0,
            value_parser = threads_arg,
            allow_negative_numbers = true,
        )]
        threads: usize,
        /// Game options as JSON, e.g. '{"aspect_affinities":true}' (`cards games` lists each
        /// game's).
        #[arg(long, default_value = "{}")]
        options: String,
        /// Write one JSON line per game as the games end, in game order (index, seed, plies,
        /// scores, winners); the summary goes to standard error.
        #[arg(long)]
        json: bool,
        /// The agents: one agent, which plays every seat, or exactly one per seat in seat order,
        /// separated by commas (any other count is refused). An agent is `random`,
        /// `ismcts[:budget]` or `flat[:budget]`, a budget being iterations (1000, the default;
        /// at most 1000000) or a time a decision (250ms; at most 60000ms). E.g.
        /// `ismcts:1000,random,random,random`.
        #[arg(long, default_value = "random")]
        agents: String,
        /// Rotate the agents round the seats from game to game, so that seat advantage and
        /// agent strength can be told apart.
        #[arg(long)]
        rotate: bool,
        /// Play only game INDEX of this simulation (the `index` of its JSON line) and write its
        /// record to the file given by --record, for `cards replay`.
        #[arg(
            long,
            value_name = "INDEX",
            requires = "record",
            value_parser = index_arg,
            allow_negative_numbers = true,
        )]
        record_game: Option<u64>,
        /// Where --record-game writes the game's record.
        #[arg(long, value_name = "FILE", requires = "record_game")]
        record: Option<PathBuf>,
    },
    /// Play one seat in the terminal against bots; `help` or `?` at the prompt explains the
    /// actions.
    Play {
        /// The game (with --resume: the record's, which may be left out).
        #[arg(required_unless_present = "resume")]
        game: Option<String>,
        /// Your seat (with --resume: give the seat you played).
        #[arg(long, default_value_t = 0, value_parser = seat_arg, allow_negative_numbers = true)]
        seat: u8,
        /// The game's seed.
        #[arg(long, default_value_t = 0, value_parser = seed_arg, allow_negative_numbers = true)]
        seed: u64,
        /// Game options as JSON (`cards games` lists each game's).
        #[arg(long, default_value = "{}")]
        options: String,
        /// Save the record of the game to this file: a file that exists is refused (unless
        /// --overwrite), and the record is saved after every action, so that quitting, Ctrl-C or
        /// a killed terminal keep the game so far, for --resume. A record holds every seat's
        /// actions as taken, the bots' hidden ones included: reading it before the game ends
        /// shows what the game hides from you.
        #[arg(long, value_name = "FILE")]
        record: Option<PathBuf>,
        /// Write the record over the file given by --record if it exists (its game is lost).
        #[arg(long, requires = "record")]
        overwrite: bool,
        /// Continue the game saved in this record (its game, options, seed and actions), and
        /// go on recording to the same file.
        #[arg(
            long,
            value_name = "RECORD",
            conflicts_with_all = ["record", "seed", "options"],
        )]
        resume: Option<PathBuf>,
        /// The bots at the other seats: `random`, `ismcts[:budget]` or `flat[:budget]` (budgets
        /// as for `simulate --agents`).
        #[arg(long, default_value = "ismcts:1000")]
        bots: String,
    },
    /// List the games, each with its option fields (their meaning and defaults) and its action
    /// notation.
    Games {
        /// Only this game.
        game: Option<String>,
    },
    /// Describe what a learning program reads: the action space's size, the tensors' shapes
    /// and layouts.
    Describe {
        /// The game.
        game: String,
        /// Game options as JSON.
        #[arg(long, default_value = "{}")]
        options: String,
        /// Print the description as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Replay a record ({game, options, seed, actions} as JSON) and show how it ends.
    Replay {
        /// The record file.
        record: PathBuf,
        /// Print the outcome as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// The end of `cards --help`: the games, the agents' bounds and the exit statuses.
fn after_help() -> String {
    let mut text =
        String::from("Games (`cards games` lists each one's options and action notation):\n");
    for entry in games() {
        text.push_str(&format!("  {:<14}{}\n", entry.name, entry.description));
    }
    text.push_str(&format!(
        "\nAgents and bots: `random`, `ismcts[:budget]` or `flat[:budget]`; a budget is at most \
         {MAX_ITERATIONS} iterations or {}ms a decision.\n",
        MAX_TIME.as_millis()
    ));
    text.push_str(
        "\nExit status: 0 on success (`cards` alone prints this help to standard output and \
         exits 0, as `cargo` does); 1 when a command fails; 2 when the command line cannot be \
         read (the usage then goes to standard error).\n",
    );
    text
}

/// Reads a whole number from `0` to `max`, saying what it is for when it is out of range.
fn whole(text: &str, what: &str, max: u64) -> Result<u64, String> {
    let digits = text.trim();
    let out_of_range = || format!("out of range for {what} (0 to {max})");
    if let Some(rest) = digits.strip_prefix('-') {
        if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
            return Err(out_of_range());
        }
    }
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "not a whole number: {what} is a number from 0 to {max}"
        ));
    }
    // All digits: the only way left to fail is to be too large.
    match digits.parse::<u64>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err(out_of_range()),
    }
}

fn seed_arg(text: &str) -> Result<u64, String> {
    whole(text, "a 64-bit seed", u64::MAX)
}

fn games_arg(text: &str) -> Result<u64, String> {
    whole(text, "a number of games", u64::MAX)
}

fn index_arg(text: &str) -> Result<u64, String> {
    whole(text, "a game's index", u64::MAX)
}

fn threads_arg(text: &str) -> Result<usize, String> {
    let max = simulate::MAX_THREADS;
    whole(text, "a number of threads", max as u64).map(|n| usize::try_from(n).unwrap_or(max))
}

fn seat_arg(text: &str) -> Result<u8, String> {
    whole(text, "a seat", u64::from(u8::MAX)).map(|n| u8::try_from(n).unwrap_or(u8::MAX))
}

/// Writes a game's result: its JSON line, or a line for a person.
fn write_result(
    out: &mut dyn Write,
    game: &str,
    result: &GameResult,
    json: bool,
) -> Result<(), CliError> {
    if json {
        let line = serde_json::to_string(result).map_err(|e| CliError::Playout {
            seed: result.seed,
            reason: e.to_string(),
        })?;
        writeln!(out, "{line}")?;
    } else {
        let scores: Vec<String> = result.scores.iter().map(i64::to_string).collect();
        let winners: Vec<String> = result.winners.iter().map(u8::to_string).collect();
        writeln!(
            out,
            "{game} game {} (seed {}): {} plies; scores by seat {}; winners {}",
            result.index,
            result.seed,
            result.plies,
            scores.join(" "),
            winners.join(" ")
        )?;
    }
    Ok(())
}

fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Simulate {
            game,
            games,
            seed,
            threads,
            options: text,
            json,
            agents,
            rotate,
            record_game,
            record,
        } => {
            let entry = registry::find(&game)?;
            let options = cards_cli::parse_options(&text)?;
            let seats = (entry.seats)(&options)?;
            let mut agents = AgentSpec::for_seats(&agents, seats)
                .map_err(|e| CliError::Agents(e.to_string()))?;
            if agents.iter().all(|a| *a == AgentSpec::Random) {
                // All random (the count checked first): the fast loop, with no agent objects.
                agents.clear();
            }
            let sim = Simulation {
                games,
                seed,
                threads,
                options,
                progress: std::io::stderr().is_terminal(),
                agents,
                rotate,
            };
            let mut out = std::io::stdout().lock();
            if let (Some(index), Some(path)) = (record_game, record) {
                let recorded = (entry.record)(&sim, index)?;
                write_result(&mut out, entry.name, &recorded.result, json)?;
                cards_cli::replay::write_record(&path, recorded.record, &mut out)?;
                return Ok(out.flush()?);
            }
            let summary = if json {
                let mut write =
                    |result: &GameResult| write_result(&mut out, entry.name, result, true);
                simulate::run(&entry, &sim, &mut write)?
            } else {
                simulate::run_summary(&entry, &sim)?
            };
            if json {
                out.flush()?;
                write!(std::io::stderr(), "{summary}")?;
            } else {
                write!(out, "{summary}")?;
            }
            Ok(out.flush()?)
        }
        Command::Play {
            game,
            seat,
            seed,
            options: text,
            record,
            overwrite,
            resume,
            bots,
        } => {
            let bots = bots
                .parse()
                .map_err(|e: SpecError| CliError::Agents(e.to_string()))?;
            let (entry, settings) = match resume {
                Some(path) => {
                    let saved = cards_cli::replay::read_record(&path)?;
                    let entry = registry::find(&saved.game)?;
                    if let Some(game) = game {
                        let named = registry::find(&game)?;
                        if named.name != entry.name {
                            return Err(CliError::Replay(cards::ReplayError::WrongGame {
                                expected: named.name,
                                found: entry.name.to_string(),
                            }));
                        }
                    }
                    let settings = PlaySettings {
                        seat,
                        seed: saved.seed,
                        options: saved.options,
                        record: Some(path),
                        // The record is this game's own: it grows as the game goes on.
                        overwrite: true,
                        history: saved.actions,
                        bots,
                    };
                    (entry, settings)
                }
                None => {
                    // Clap requires the game without --resume.
                    let entry = registry::find(game.as_deref().unwrap_or_default())?;
                    let settings = PlaySettings {
                        seat,
                        seed,
                        options: cards_cli::parse_options(&text)?,
                        record,
                        overwrite,
                        history: Vec::new(),
                        bots,
                    };
                    (entry, settings)
                }
            };
            let stdin = std::io::stdin();
            (entry.play)(&settings, &mut stdin.lock(), &mut std::io::stdout())
        }
        Command::Games { game } => {
            let mut out = std::io::stdout().lock();
            match game {
                Some(name) => write!(out, "{}", (registry::find(&name)?.guide)())?,
                None => {
                    for (i, entry) in games().iter().enumerate() {
                        if i > 0 {
                            writeln!(out)?;
                        }
                        write!(out, "{}", (entry.guide)())?;
                    }
                }
            }
            Ok(out.flush()?)
        }
        Command::Describe {
            game,
            options,
            json,
        } => cards_cli::describe::run(&game, &cards_cli::parse_options(&options)?, json),
        Command::Replay { record, json } => {
            let record = cards_cli::replay::read_record(&record)?;
            let entry = registry::find(&record.game)?;
            let report = (entry.replay)(&record)?;
            let mut out = std::io::stdout().lock();
            if json {
                let line = serde_json::to_string(&report)
                    .map_err(|e| CliError::MalformedRecord(e.to_string()))?;
                writeln!(out, "{line}")?;
            } else {
                write!(out, "{report}")?;
            }
            Ok(out.flush()?)
        }
    }
}

fn main() -> ExitCode {
    let mut command = Cli::command().after_help(after_help());
    if std::env::args_os().len() <= 1 {
        // Nothing asked: the help, on standard output, and success (see `after_help`).
        let help = command.render_help().to_string();
        let mut out = std::io::stdout().lock();
        return match write!(out, "{help}").and_then(|()| out.flush()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(_) => ExitCode::FAILURE,
        };
    }
    let matches = match command.try_get_matches() {
        Ok(matches) => matches,
        Err(e) => exit_on(e),
    };
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => exit_on(e),
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (as in `cards simulate … | head`): nothing more to say.
        Err(CliError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(
                std::io::stderr(),
                "error: {}",
                shown_lines(&e.to_string(), 2 * MESSAGE)
            );
            ExitCode::FAILURE
        }
    }
}

/// Help and the version as clap prints them; an error on the command line with every line cut
/// and escaped (clap quotes the argument it refuses, which may be long or hold control
/// characters).
fn exit_on(e: clap::Error) -> ! {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        e.exit()
    }
    let text = e.render().to_string();
    let _ = write!(std::io::stderr(), "{}", shown_lines(&text, MESSAGE));
    std::process::exit(e.exit_code())
}
