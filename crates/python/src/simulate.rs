//! `simulate`: the `cards simulate` command as a Python function, with the same games, the same
//! summary and the same per-game records, run with the GIL released.

use agents::AgentSpec;
use cards_cli::simulate::{GameResult, Simulation};
use cards_cli::summary::{Rate, Summary};
use cards_cli::CliError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use serde_json::{json, Value};

use crate::error::Failure;

/// A failure of the `cards` program's simulation as the Python exception it becomes.
fn failure(error: CliError) -> Failure {
    match error {
        CliError::Options(m) => Failure::Options(m),
        CliError::Playout { .. } => Failure::Engine(error.to_string()),
        other => Failure::Argument(other.to_string()),
    }
}

/// The game's name: a name (any case) or a game class (its `NAME`).
fn game_name(game: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(name) = game.downcast::<PyString>() {
        return Ok(name.to_cow()?.into_owned());
    }
    match game.getattr("NAME") {
        Ok(name) => Ok(name.extract()?),
        Err(_) => Err(Failure::Argument(
            "game must be a game's name or class (\"headtrip\", HeadTrip)".to_owned(),
        )
        .into()),
    }
}

/// The agents: none, a text as `cards simulate --agents` takes it, or a list of texts and
/// agent objects (their `spec`). All random is the same as none, as in the program.
fn agent_specs(agents: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<AgentSpec>> {
    let Some(agents) = agents.filter(|a| !a.is_none()) else {
        return Ok(Vec::new());
    };
    let texts: Vec<String> = if let Ok(text) = agents.downcast::<PyString>() {
        text.to_cow()?.split(',').map(str::to_owned).collect()
    } else {
        let mut texts = Vec::new();
        for agent in agents.try_iter()? {
            let agent = agent?;
            texts.push(match agent.downcast::<PyString>() {
                Ok(text) => text.to_cow()?.into_owned(),
                Err(_) => agent.getattr("spec")?.extract()?,
            });
        }
        texts
    };
    let specs = texts
        .iter()
        .map(|t| t.parse::<AgentSpec>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| Failure::Argument(e.to_string()))?;
    if specs.iter().all(|s| *s == AgentSpec::Random) {
        return Ok(Vec::new());
    }
    Ok(specs)
}

/// One row of a rate table as JSON.
fn rate(rate: &Rate) -> Value {
    let (low, high) = rate.interval();
    json!({
        "games": rate.samples,
        "wins": rate.wins,
        "win_rate": rate.rate(),
        "interval": [low, high],
        "mean_score": rate.mean_score(),
    })
}

/// The summary as JSON, with its text as the program prints it.
fn summary_json(summary: &Summary) -> Value {
    json!({
        "game": summary.game,
        "games": summary.games,
        "elapsed": summary.elapsed.as_secs_f64(),
        "plies": {"mean": summary.plies.0, "min": summary.plies.1, "max": summary.plies.2},
        "legal_actions_per_decision": summary.mean_legal,
        "shared_wins": summary.shared_wins,
        "seats": summary.seats.iter().map(rate).collect::<Vec<_>>(),
        "agents": summary
            .agents
            .iter()
            .map(|(name, r)| {
                let mut row = rate(r);
                row["agent"] = json!(name);
                row
            })
            .collect::<Vec<_>>(),
        "text": summary.to_string(),
    })
}

/// Plays `games` games of `game` in parallel and summarises them, as `cards simulate` does:
/// the same games for the same arguments, whatever the number of threads.
///
/// `agents`: None (all random), a text such as "ismcts:1000,random", or a list of texts and
/// agent objects (their budget is used; the seeds come from each game's seed, as in the
/// program). `rotate` turns the agents round the seats from game to game. `threads` = 0: one per
/// core. With `records`, the result has a "records" list: one dict per game (index, seed,
/// plies, scores, winners, agents), as the program's `--json` lines.
///
/// Returns a dict: game, games, elapsed (seconds), plies {mean, min, max},
/// legal_actions_per_decision, shared_wins, seats and agents (rows of games, wins, win_rate,
/// interval (95% Wilson), mean_score) and text (the program's summary).
#[pyfunction]
#[pyo3(signature = (game, games = 1000, seed = 0, options = None, agents = None, rotate = false, threads = 0, records = false))]
#[allow(clippy::too_many_arguments)]
pub fn simulate<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    games: u64,
    seed: u64,
    options: Option<&Bound<'py, PyAny>>,
    agents: Option<&Bound<'py, PyAny>>,
    rotate: bool,
    threads: usize,
    records: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let entry = cards_cli::registry::find(&game_name(game)?).map_err(failure)?;
    let sim = Simulation {
        games,
        seed,
        threads,
        options: crate::convert::options_json(py, options)?,
        progress: false,
        agents: agent_specs(agents)?,
        rotate,
    };
    let (summary, results) = py
        .allow_threads(|| {
            if records {
                let mut results: Vec<GameResult> = Vec::new();
                let summary = cards_cli::simulate::run(&entry, &sim, &mut |r| {
                    results.push(r.clone());
                    Ok(())
                })?;
                Ok::<_, CliError>((summary, Some(results)))
            } else {
                Ok((cards_cli::simulate::run_summary(&entry, &sim)?, None))
            }
        })
        .map_err(failure)?;
    let mut out = summary_json(&summary);
    if let Some(results) = results {
        out["records"] =
            serde_json::to_value(&results).map_err(|e| Failure::Engine(e.to_string()))?;
    }
    crate::convert::from_value(py, &out)
}

/// The seed of game `index` of a simulation from base seed `seed`, as `cards simulate` derives
/// it (the `seed` of its records).
#[pyfunction]
pub fn game_seed(seed: u64, index: u64) -> u64 {
    cards_cli::simulate::game_seed(seed, index)
}
