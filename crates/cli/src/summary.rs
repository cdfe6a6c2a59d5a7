//! The summary of a simulation: plies, win rates with their 95% confidence intervals and mean
//! scores, per seat and per agent, gathered game by game in memory that does not grow with the
//! number of games.

use std::fmt;
use std::time::Duration;

use cards::playout::PlayoutStats;
use cards::{Seat, SeatSet};

use crate::simulate::GameResult;

/// A win rate with its 95% confidence interval, and the mean score, over some seats of some
/// games.
#[derive(Clone, Debug, Default, PartialEq)]
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

    /// Adds the seat-games of another rate.
    fn merge(&mut self, other: &Rate) {
        self.samples += other.samples;
        self.wins += other.wins;
        self.score_sum = self.score_sum.saturating_add(other.score_sum);
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
    /// The sums the means are made of.
    totals: Totals,
}

/// Sums over the games counted so far.
#[derive(Clone, Debug, Default, PartialEq)]
struct Totals {
    plies: u64,
    offered: u64,
    shared: u64,
}

impl Summary {
    /// An empty summary of a game, to which results are added as games end.
    pub fn new(game: &'static str) -> Summary {
        Summary {
            game,
            games: 0,
            elapsed: Duration::ZERO,
            plies: (0.0, 0, 0),
            seats: Vec::new(),
            agents: Vec::new(),
            shared_wins: 0.0,
            mean_legal: 0.0,
            totals: Totals::default(),
        }
    }

    /// Counts one more game. What the summary keeps does not grow with the number of games.
    pub fn add(&mut self, result: &GameResult) {
        let stats = PlayoutStats {
            plies: result.plies,
            legal_actions_offered: result.legal_offered,
        };
        let winners = result.winners.iter().map(|&s| Seat(s)).collect();
        self.count(stats, &result.scores, winners, |seat| {
            result.agents.get(seat).map(String::as_str)
        });
        self.settle();
    }

    /// Counts one more game from its parts: its playout's figures, the score of each seat, the
    /// winners, and the name of each seat's agent (none: the simulation names no agents).
    /// Allocates nothing but the first time a seat or an agent is seen. The means are brought
    /// up to date by [`Summary::settle`].
    pub(crate) fn count<'a>(
        &mut self,
        stats: PlayoutStats,
        scores: &[i64],
        winners: SeatSet,
        agent_of: impl Fn(usize) -> Option<&'a str>,
    ) {
        let plies = stats.plies;
        let totals = &mut self.totals;
        totals.plies += plies;
        totals.offered += stats.legal_actions_offered;
        totals.shared += u64::from(winners.len() > 1);
        if self.games == 0 {
            self.plies.1 = plies;
        }
        self.plies.1 = self.plies.1.min(plies);
        self.plies.2 = self.plies.2.max(plies);
        self.games += 1;
        if self.seats.len() < scores.len() {
            self.seats.resize(scores.len(), Rate::default());
        }
        let won = |seat: usize| u8::try_from(seat).is_ok_and(|s| winners.contains(Seat(s)));
        for (seat, (rate, &score)) in self.seats.iter_mut().zip(scores).enumerate() {
            rate.add(won(seat), score);
        }
        for (seat, &score) in scores.iter().enumerate() {
            if let Some(agent) = agent_of(seat) {
                match self.agents.iter_mut().find(|(name, _)| name == agent) {
                    Some((_, rate)) => rate.add(won(seat), score),
                    None => {
                        let mut rate = Rate::default();
                        rate.add(won(seat), score);
                        self.agents.push((agent.to_owned(), rate));
                    }
                }
            }
        }
    }

    /// Counts the games of another summary of the same game, as if they came after this one's
    /// (an agent first seen there comes after those seen here). The means are brought up to
    /// date by [`Summary::settle`].
    pub(crate) fn merge(&mut self, other: &Summary) {
        if other.games == 0 {
            return;
        }
        self.plies.1 = if self.games == 0 {
            other.plies.1
        } else {
            self.plies.1.min(other.plies.1)
        };
        self.plies.2 = self.plies.2.max(other.plies.2);
        self.games += other.games;
        self.totals.plies += other.totals.plies;
        self.totals.offered += other.totals.offered;
        self.totals.shared += other.totals.shared;
        if self.seats.len() < other.seats.len() {
            self.seats.resize(other.seats.len(), Rate::default());
        }
        for (mine, theirs) in self.seats.iter_mut().zip(&other.seats) {
            mine.merge(theirs);
        }
        for (agent, theirs) in &other.agents {
            match self.agents.iter_mut().find(|(name, _)| name == agent) {
                Some((_, mine)) => mine.merge(theirs),
                None => self.agents.push((agent.clone(), theirs.clone())),
            }
        }
    }

    /// Brings the means up to date with the games counted.
    pub(crate) fn settle(&mut self) {
        let totals = &self.totals;
        let n = self.games.max(1) as f64;
        self.plies.0 = totals.plies as f64 / n;
        self.shared_wins = totals.shared as f64 / n;
        self.mean_legal = totals.offered as f64 / totals.plies.max(1) as f64;
    }

    /// Summarises the results.
    pub fn of(game: &'static str, results: &[GameResult], elapsed: Duration) -> Summary {
        let mut summary = Summary::new(game);
        for result in results {
            summary.add(result);
        }
        summary.elapsed = elapsed;
        summary
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

    fn result(index: u64, plies: u64, scores: &[i64], winners: &[u8]) -> GameResult {
        GameResult {
            index,
            seed: index,
            plies,
            scores: scores.to_vec(),
            winners: winners.to_vec(),
            agents: Vec::new(),
            legal_offered: plies * 3,
        }
    }

    #[test]
    fn merged_parts_make_the_summary_of_all_their_games() {
        let mut games = Vec::new();
        for i in 0..9u64 {
            let mut game = result(i, 10 + i * 7 % 5, &[i as i64, 3, -1], &[(i % 3) as u8]);
            game.agents = ["a", "b", "c"]
                .iter()
                .cycle()
                .skip(i as usize % 3)
                .take(3)
                .map(|s| (*s).to_owned())
                .collect();
            games.push(game);
        }
        let whole = Summary::of("test", &games, Duration::ZERO);
        let mut merged = Summary::new("test");
        for part in [&games[..0], &games[..4], &games[4..5], &games[5..]] {
            merged.merge(&Summary::of("test", part, Duration::ZERO));
        }
        merged.settle();
        assert_eq!(merged, whole);
        assert_eq!(merged.games, 9);
        assert_eq!(merged.agents[1].0, "b");
    }

    #[test]
    fn a_summary_gathers_games_one_by_one() {
        let mut summary = Summary::new("test");
        summary.add(&result(0, 10, &[3, 1], &[0]));
        summary.add(&result(1, 30, &[2, 2], &[0, 1]));
        summary.add(&result(2, 20, &[0, 5], &[1]));
        assert_eq!(summary.games, 3);
        assert_eq!(summary.plies, (20.0, 10, 30));
        assert_eq!(summary.seats[0].wins, 2);
        assert_eq!(summary.seats[1].score_sum, 8);
        assert!((summary.shared_wins - 1.0 / 3.0).abs() < 1e-12);
        assert!((summary.mean_legal - 3.0).abs() < 1e-12);
    }
}
