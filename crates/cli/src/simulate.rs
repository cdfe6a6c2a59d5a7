//! `cards simulate`: many random games in parallel, and a summary of them.

use cards::{Game, GameRng, Seat};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use std::fmt;
use std::time::{Duration, Instant};

use crate::error::CliError;
use crate::registry::GameEntry;

/// The outcome of one simulated game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameResult {
    /// The game's seed.
    pub seed: u64,
    /// Actions applied.
    pub plies: u64,
    /// Final score by seat.
    pub scores: Vec<i64>,
    /// The winning seats.
    pub winners: Vec<u8>,
    /// Decisions taken (equal to plies) and the legal actions offered in all.
    #[serde(skip)]
    pub legal_offered: u64,
}

/// The seed of game `index` of a simulation started from `base`: a SplitMix64 step, so that
/// neighbouring games get unrelated seeds and the same game always gets the same seed.
pub fn game_seed(base: u64, index: u64) -> u64 {
    let mut z = base.wrapping_add(index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays one game with uniformly random choices; the choices are seeded from the game's seed.
pub fn simulate_one<G: Game>(
    options: &serde_json::Value,
    seed: u64,
) -> Result<GameResult, CliError> {
    let mut game = crate::start::<G>(options, seed)?;
    let mut rng = GameRng::from_seed(seed ^ 0xC401_CE5E_ED00_0001);
    let stats =
        cards::random_playout(&mut game, &mut rng, &mut Vec::with_capacity(64)).map_err(|e| {
            CliError::Playout {
                seed,
                reason: e.to_string(),
            }
        })?;
    Ok(GameResult {
        seed,
        plies: stats.plies,
        scores: (0..game.seat_count())
            .map(|i| game.score(Seat(i as u8)))
            .collect(),
        winners: game.winners().iter().map(|s| s.0).collect(),
        legal_offered: stats.legal_actions_offered,
    })
}

/// What a simulation asks for.
#[derive(Clone, Debug)]
pub struct Simulation {
    /// Number of games.
    pub games: u64,
    /// The base seed.
    pub seed: u64,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Game options as JSON.
    pub options: serde_json::Value,
    /// Whether to draw a progress bar (only on a terminal).
    pub progress: bool,
}

/// Runs the games in parallel. The results are in game order and do not depend on the number
/// of threads.
pub fn run(entry: &GameEntry, sim: &Simulation) -> Result<(Vec<GameResult>, Duration), CliError> {
    (entry.seats)(&sim.options)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(sim.threads)
        .build()
        .map_err(|e| CliError::Threads(e.to_string()))?;
    let bar = if sim.progress {
        ProgressBar::new(sim.games)
    } else {
        ProgressBar::hidden()
    };
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {human_pos}/{human_len} games  eta {eta}")
    {
        bar.set_style(style);
    }
    let started = Instant::now();
    let results: Result<Vec<GameResult>, CliError> = pool.install(|| {
        (0..sim.games)
            .into_par_iter()
            .map(|i| {
                let result = (entry.simulate_one)(&sim.options, game_seed(sim.seed, i));
                bar.inc(1);
                result
            })
            .collect()
    });
    let elapsed = started.elapsed();
    bar.finish_and_clear();
    Ok((results?, elapsed))
}

/// The summary table of a simulation.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The game's name.
    pub game: &'static str,
    /// Games played.
    pub games: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Mean, least and most plies per game.
    pub plies: (f64, u64, u64),
    /// Per seat: share of games won (a shared win counts for each winner), and mean score.
    pub seats: Vec<(f64, f64)>,
    /// Share of games with more than one winner.
    pub shared_wins: f64,
    /// Mean number of legal actions at a decision.
    pub mean_legal: f64,
}

impl Summary {
    /// Summarises the results.
    pub fn of(game: &'static str, results: &[GameResult], elapsed: Duration) -> Summary {
        let n = results.len().max(1) as f64;
        let seats = results.iter().map(|r| r.scores.len()).max().unwrap_or(0);
        let total_plies: u64 = results.iter().map(|r| r.plies).sum();
        let offered: u64 = results.iter().map(|r| r.legal_offered).sum();
        Summary {
            game,
            games: results.len() as u64,
            elapsed,
            plies: (
                total_plies as f64 / n,
                results.iter().map(|r| r.plies).min().unwrap_or(0),
                results.iter().map(|r| r.plies).max().unwrap_or(0),
            ),
            seats: (0..seats)
                .map(|s| {
                    let wins = results
                        .iter()
                        .filter(|r| r.winners.contains(&(s as u8)))
                        .count() as f64;
                    let score: i64 = results
                        .iter()
                        .map(|r| r.scores.get(s).copied().unwrap_or(0))
                        .sum();
                    (wins / n, score as f64 / n)
                })
                .collect(),
            shared_wins: results.iter().filter(|r| r.winners.len() > 1).count() as f64 / n,
            mean_legal: offered as f64 / total_plies.max(1) as f64,
        }
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.elapsed.as_secs_f64().max(1e-9);
        writeln!(
            f,
            "{}: {} games in {:.2} s ({:.0} games/s)",
            self.game,
            self.games,
            secs,
            self.games as f64 / secs
        )?;
        writeln!(
            f,
            "plies per game: mean {:.1}, min {}, max {}",
            self.plies.0, self.plies.1, self.plies.2
        )?;
        writeln!(f, "legal actions per decision: mean {:.2}", self.mean_legal)?;
        writeln!(
            f,
            "games with a shared win: {:.1}%",
            self.shared_wins * 100.0
        )?;
        writeln!(f)?;
        writeln!(f, "seat | win rate | mean score")?;
        writeln!(f, "-----|----------|-----------")?;
        for (seat, (wins, score)) in self.seats.iter().enumerate() {
            writeln!(f, "{seat:>4} | {:>7.1}% | {score:>10.2}", wins * 100.0)?;
        }
        Ok(())
    }
}
