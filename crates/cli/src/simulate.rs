//! `cards simulate`: many games in parallel, played by random agents or search agents, and a
//! summary of them with confidence intervals.

use agents::AgentSpec;
use cards::playout::{play_out, Table};
use cards::{Game, GameRng};
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
    /// The agent of each seat, when the simulation names agents (none: all random).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub agents: Vec<String>,
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

/// Plays one game. With no agents, every choice is uniformly random, seeded from the game's
/// seed; otherwise `agents` has one agent per seat, each seeded from the game's seed and its
/// seat.
pub fn simulate_one<G: Game>(
    options: &serde_json::Value,
    seed: u64,
    agents: &[AgentSpec],
) -> Result<GameResult, CliError> {
    let mut game = crate::start::<G>(options, seed)?;
    let mut buffer = Vec::with_capacity(64);
    let outcome = if agents.is_empty() {
        let mut rng = GameRng::from_seed(seed ^ 0xC401_CE5E_ED00_0001);
        cards::random_playout(&mut game, &mut rng, &mut buffer)
    } else {
        let mut table = Table::from_fn(game.seat_count(), |seat| {
            let spec = agents
                .get(seat.index())
                .copied()
                .unwrap_or(AgentSpec::Random);
            spec.build::<G>(game_seed(seed ^ 0xA6E7_5EED, u64::from(seat.0)))
        });
        play_out(&mut game, &mut table, &mut buffer)
    };
    let stats = outcome.map_err(|e| CliError::Playout {
        seed,
        reason: e.to_string(),
    })?;
    Ok(GameResult {
        seed,
        plies: stats.plies,
        scores: game.seats().map(|s| game.score(s)).collect(),
        winners: game.winners().iter().map(|s| s.0).collect(),
        agents: agents.iter().map(ToString::to_string).collect(),
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
    /// The agents: none (all random), one for every seat, or one per seat in seat order.
    pub agents: Vec<AgentSpec>,
    /// Whether to rotate the agents round the seats from game to game (game `i` seats agent
    /// `(s + i) mod seats` at seat `s`), so that seat advantage and agent strength can be
    /// told apart.
    pub rotate: bool,
}

impl Simulation {
    /// The agent of every seat in game `index` (empty: all random).
    pub fn seating(&self, seats: usize, index: u64) -> Vec<AgentSpec> {
        match self.agents.len() {
            0 => Vec::new(),
            1 => vec![self.agents[0]; seats],
            n => (0..seats)
                .map(|s| {
                    let shift = if self.rotate {
                        (index % n as u64) as usize
                    } else {
                        0
                    };
                    self.agents[(s + shift) % n]
                })
                .collect(),
        }
    }
}

/// Runs the games in parallel. The results are in game order and do not depend on the number
/// of threads.
pub fn run(entry: &GameEntry, sim: &Simulation) -> Result<(Vec<GameResult>, Duration), CliError> {
    let seats = (entry.seats)(&sim.options)?;
    if sim.agents.len() > 1 && sim.agents.len() != seats {
        return Err(CliError::Agents(format!(
            "{} agents given for {seats} seats: give one for every seat, or one per seat",
            sim.agents.len()
        )));
    }
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
                let seating = sim.seating(seats, i);
                let result = (entry.simulate_one)(&sim.options, game_seed(sim.seed, i), &seating);
                bar.inc(1);
                result
            })
            .collect()
    });
    let elapsed = started.elapsed();
    bar.finish_and_clear();
    Ok((results?, elapsed))
}

/// A win rate with its 95% confidence interval, and the mean score, over some seats of some
/// games.
#[derive(Clone, Debug, PartialEq)]
pub struct Rate {
    /// Seat-games counted.
    pub samples: u64,
    /// Seat-games won (a shared win counts for each winner).
    pub wins: u64,
    /// Sum of the scores.
    pub score_sum: i64,
}

impl Rate {
    fn add(&mut self, won: bool, score: i64) {
        self.samples += 1;
        self.wins += u64::from(won);
        self.score_sum = self.score_sum.saturating_add(score);
    }

    /// The share won.
    pub fn rate(&self) -> f64 {
        self.wins as f64 / self.samples.max(1) as f64
    }

    /// The mean score.
    pub fn mean_score(&self) -> f64 {
        self.score_sum as f64 / self.samples.max(1) as f64
    }

    /// The 95% confidence interval of the rate (Wilson's score interval, which stays inside
    /// [0, 1] and is sound near 0 and 1).
    pub fn interval(&self) -> (f64, f64) {
        wilson(self.wins, self.samples)
    }
}

/// Wilson's 95% score interval for `wins` successes in `n` trials.
pub fn wilson(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    const Z: f64 = 1.959_963_984_540_054;
    let n = n as f64;
    let p = wins as f64 / n;
    let z2 = Z * Z;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
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
    /// Per seat: games won and mean score.
    pub seats: Vec<Rate>,
    /// Per agent (when the simulation names agents), in order of first appearance: seat-games
    /// played, won, and mean score.
    pub agents: Vec<(String, Rate)>,
    /// Share of games with more than one winner.
    pub shared_wins: f64,
    /// Mean number of legal actions at a decision.
    pub mean_legal: f64,
}

impl Summary {
    /// Summarises the results.
    pub fn of(game: &'static str, results: &[GameResult], elapsed: Duration) -> Summary {
        let n = results.len().max(1) as f64;
        let seat_count = results.iter().map(|r| r.scores.len()).max().unwrap_or(0);
        let total_plies: u64 = results.iter().map(|r| r.plies).sum();
        let offered: u64 = results.iter().map(|r| r.legal_offered).sum();
        let empty = Rate {
            samples: 0,
            wins: 0,
            score_sum: 0,
        };
        let mut seats = vec![empty.clone(); seat_count];
        let mut agents: Vec<(String, Rate)> = Vec::new();
        for result in results {
            for (seat, &score) in result.scores.iter().enumerate() {
                let won = result.winners.contains(&(seat as u8));
                seats[seat].add(won, score);
                if let Some(agent) = result.agents.get(seat) {
                    match agents.iter_mut().find(|(name, _)| name == agent) {
                        Some((_, rate)) => rate.add(won, score),
                        None => {
                            let mut rate = empty.clone();
                            rate.add(won, score);
                            agents.push((agent.clone(), rate));
                        }
                    }
                }
            }
        }
        Summary {
            game,
            games: results.len() as u64,
            elapsed,
            plies: (
                total_plies as f64 / n,
                results.iter().map(|r| r.plies).min().unwrap_or(0),
                results.iter().map(|r| r.plies).max().unwrap_or(0),
            ),
            seats,
            agents,
            shared_wins: results.iter().filter(|r| r.winners.len() > 1).count() as f64 / n,
            mean_legal: offered as f64 / total_plies.max(1) as f64,
        }
    }
}

/// One row of a rate table: label, rate, interval, mean score (without the line's end).
fn rate_row(f: &mut fmt::Formatter<'_>, label: &str, rate: &Rate) -> fmt::Result {
    let (low, high) = rate.interval();
    write!(
        f,
        "{label:>12} | {:>7.1}% | {:>5.1}% – {:>5.1}% | {:>10.2}",
        rate.rate() * 100.0,
        low * 100.0,
        high * 100.0,
        rate.mean_score()
    )
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
        writeln!(f, "        seat | win rate | 95% interval    | mean score")?;
        writeln!(f, "-------------|----------|-----------------|-----------")?;
        for (seat, rate) in self.seats.iter().enumerate() {
            rate_row(f, &seat.to_string(), rate)?;
            writeln!(f)?;
        }
        if !self.agents.is_empty() {
            writeln!(f)?;
            writeln!(
                f,
                "       agent | win rate | 95% interval    | mean score | seat-games"
            )?;
            writeln!(
                f,
                "-------------|----------|-----------------|------------|-----------"
            )?;
            for (name, rate) in &self.agents {
                rate_row(f, name, rate)?;
                writeln!(f, " | {:>10}", rate.samples)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_match_known_values() {
        // 50 of 100: 40.4% to 59.6%.
        let (low, high) = wilson(50, 100);
        assert!((low - 0.4038).abs() < 1e-3 && (high - 0.5962).abs() < 1e-3);
        // None of 10: 0 to 27.8%; all of 10: 72.2% to 1.
        let (low, high) = wilson(0, 10);
        assert!(low == 0.0 && (high - 0.2775).abs() < 1e-3);
        let (low, high) = wilson(10, 10);
        assert!((low - 0.7225).abs() < 1e-3 && (high - 1.0).abs() < 1e-9);
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }

    #[test]
    fn rotation_moves_every_agent_round_the_table() {
        let sim = Simulation {
            games: 4,
            seed: 0,
            threads: 1,
            options: serde_json::Value::Null,
            progress: false,
            agents: AgentSpec::parse_list("ismcts:10,random,flat:5").unwrap_or_default(),
            rotate: true,
        };
        let names =
            |i| -> Vec<String> { sim.seating(3, i).iter().map(ToString::to_string).collect() };
        assert_eq!(names(0), ["ismcts:10", "random", "flat:5"]);
        assert_eq!(names(1), ["random", "flat:5", "ismcts:10"]);
        assert_eq!(names(2), ["flat:5", "ismcts:10", "random"]);
        assert_eq!(names(3), names(0));
        let fixed = Simulation {
            rotate: false,
            ..sim.clone()
        };
        assert_eq!(fixed.seating(3, 1), fixed.seating(3, 0));
    }
}
