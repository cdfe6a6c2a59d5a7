//! Rewards: what a finished playout is worth to each seat, in [0, 1].

use cards::{Game, Seat, SeatSet};

/// Most seats a reward is computed for (the games of this workspace seat at most 6).
pub const MAX_SEATS: usize = SeatSet::MAX_SEATS;

/// What a game's outcome is worth to each seat, in [0, 1]: the quantity a search maximises
/// for the seat to act. Usually asked of a finished game; a playout stopped early (at its ply
/// bound) is scored as it stands.
///
/// Any function `Fn(&G, Seat) -> f64` is a reward (its values are clamped to [0, 1]):
///
/// ```
/// use agents::Reward;
/// use cards::{Game, Seat};
/// # fn demo<G: Game>(game: &G) {
/// // Worth 1 to a seat that scored at least 10.
/// let ten = |g: &G, seat: Seat| if g.score(seat) >= 10 { 1.0 } else { 0.0 };
/// let mut rewards = [0.0; agents::MAX_SEATS];
/// ten.rewards(game, &mut rewards[..game.seat_count()]);
/// # }
/// ```
pub trait Reward<G: Game> {
    /// Fills `out[s]` with the reward of seat `s`, for every seat of `out` (as many as the
    /// game has seats, at most [`MAX_SEATS`]).
    fn rewards(&self, game: &G, out: &mut [f64]);
}

/// The win share, the default reward: 1/k to each of the k seats that share the win
/// ([`Game::winners`]), 0 to the others.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WinShare;

impl<G: Game> Reward<G> for WinShare {
    fn rewards(&self, game: &G, out: &mut [f64]) {
        let winners = game.winners();
        let share = 1.0 / winners.len().max(1) as f64;
        for (i, reward) in out.iter_mut().enumerate() {
            *reward = if winners.contains(Seat(i as u8)) {
                share
            } else {
                0.0
            };
        }
    }
}

/// The score normalised over the table: (score − lowest) / (highest − lowest), so the leader
/// gets 1 and the last 0; ½ to every seat when all scores are equal. Rewards margins, not only
/// wins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScoreShare;

impl<G: Game> Reward<G> for ScoreShare {
    fn rewards(&self, game: &G, out: &mut [f64]) {
        let mut scores = [0i64; MAX_SEATS];
        let scores = &mut scores[..out.len().min(MAX_SEATS)];
        for (i, score) in scores.iter_mut().enumerate() {
            *score = game.score(Seat(i as u8));
        }
        let low = scores.iter().copied().min().unwrap_or(0);
        let high = scores.iter().copied().max().unwrap_or(0);
        // In floating point: the spread of two `i64` can overflow an `i64`.
        let spread = high as f64 - low as f64;
        for (reward, &score) in out.iter_mut().zip(scores.iter()) {
            *reward = if spread > 0.0 {
                (score as f64 - low as f64) / spread
            } else {
                0.5
            };
        }
    }
}

impl<G: Game, F: Fn(&G, Seat) -> f64> Reward<G> for F {
    fn rewards(&self, game: &G, out: &mut [f64]) {
        for (i, reward) in out.iter_mut().enumerate() {
            let value = self(game, Seat(i as u8));
            *reward = if value.is_nan() {
                0.0
            } else {
                value.clamp(0.0, 1.0)
            };
        }
    }
}
