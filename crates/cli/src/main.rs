//! `cards`: simulate many games, play one in the terminal, replay a record.

#![forbid(unsafe_code)]

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use agents::{AgentSpec, SpecError};
use cards_cli::play::PlaySettings;
use cards_cli::registry::{self, games};
use cards_cli::simulate::{self, Simulation, Summary};
use cards_cli::CliError;

/// Card-game rules engines: simulate, play, replay.
#[derive(Parser, Debug)]
#[command(name = "cards", version, arg_required_else_help = true)]
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
        /// Number of games.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Base seed: game i is played with a seed derived from it and i.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Worker threads (default: one per core). Results do not depend on it.
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Game options as JSON, e.g. '{"aspect_affinities":true}'.
        #[arg(long, default_value = "{}")]
        options: String,
        /// Write one JSON line per game (seed, plies, scores, winners); the summary goes to
        /// standard error.
        #[arg(long)]
        json: bool,
        /// The agents: one for every seat, or one per seat separated by commas. An agent is
        /// `random`, `ismcts[:budget]` or `flat[:budget]`, a budget being iterations (1000, the
        /// default) or a time (250ms). E.g. `ismcts:1000,random,random,random`.
        #[arg(long, default_value = "random")]
        agents: String,
        /// Rotate the agents round the seats from game to game, so that seat advantage and
        /// agent strength can be told apart.
        #[arg(long)]
        rotate: bool,
    },
    /// Play one seat in the terminal against bots.
    Play {
        /// The game.
        game: String,
        /// Your seat.
        #[arg(long, default_value_t = 0)]
        seat: u8,
        /// The game's seed.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Game options as JSON.
        #[arg(long, default_value = "{}")]
        options: String,
        /// Save the record of the game to this file.
        #[arg(long)]
        record: Option<PathBuf>,
        /// The bots at the other seats: `random`, `ismcts[:budget]` or `flat[:budget]`.
        #[arg(long, default_value = "ismcts:1000")]
        bots: String,
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

fn games_help() -> String {
    let mut text = String::from("Games:\n");
    for entry in games() {
        text.push_str(&format!("  {:<14}{}\n", entry.name, entry.description));
    }
    text
}

fn options(text: &str) -> Result<serde_json::Value, CliError> {
    serde_json::from_str(text).map_err(|e| CliError::Options(format!("not JSON: {e}")))
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
        } => {
            let entry = registry::find(&game)?;
            let mut agents =
                AgentSpec::parse_list(&agents).map_err(|e| CliError::Agents(e.to_string()))?;
            if agents.iter().all(|a| *a == AgentSpec::Random) {
                // All random: the fast loop, with no agent objects.
                agents.clear();
            }
            let sim = Simulation {
                games,
                seed,
                threads,
                options: options(&text)?,
                progress: std::io::stderr().is_terminal(),
                agents,
                rotate,
            };
            let (results, elapsed) = simulate::run(&entry, &sim)?;
            let summary = Summary::of(entry.name, &results, elapsed);
            let mut out = std::io::stdout().lock();
            if json {
                for result in &results {
                    let line = serde_json::to_string(result).map_err(|e| CliError::Playout {
                        seed: result.seed,
                        reason: e.to_string(),
                    })?;
                    writeln!(out, "{line}")?;
                }
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
            bots,
        } => {
            let entry = registry::find(&game)?;
            let settings = PlaySettings {
                seat,
                seed,
                options: options(&text)?,
                record,
                bots: bots
                    .parse()
                    .map_err(|e: SpecError| CliError::Agents(e.to_string()))?,
            };
            let stdin = std::io::stdin();
            (entry.play)(&settings, &mut stdin.lock(), &mut std::io::stdout())
        }
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
    let command = Cli::command().after_help(games_help());
    let matches = command.get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (as in `cards simulate … | head`): nothing more to say.
        Err(CliError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "error: {e}");
            ExitCode::FAILURE
        }
    }
}
