//! Flat Monte Carlo: every legal action scored by determinised random playouts.

use cards::{Agent, Game, GameRng, PlayoutRng, Seat};

use crate::reward::{Reward, WinShare, MAX_SEATS};
use crate::Budget;

/// Flat Monte Carlo: the budget's playouts are shared out in turn among the legal actions; each
/// playout determinises from the seat's view, takes the action, and plays out at random; the
/// action with the best mean reward is chosen (ties: the first legal one). Every action gets at
/// least one playout, so a budget smaller than the number of legal actions is raised to it.
///
/// It is the baseline ISMCTS is measured against: no tree, so no look-ahead beyond one action,
/// at the same cost per playout. Like [`Ismcts`](crate::Ismcts) it reads the game only through
/// the seat's view, and allocates nothing per playout once warm.
///
/// ```
/// use agents::{Budget, FlatMonteCarlo};
/// use brainshearts::{BrainsHearts, Options};
/// use cards::{Agent, Game};
///
/// let game = BrainsHearts::new(Options::default(), 1)?;
/// let mut bot = FlatMonteCarlo::new(3).with_budget(Budget::Iterations(100));
/// let mut legal = Vec::new();
/// game.legal_actions(&mut legal);
/// let seat = game.to_act().expect("a new game has a seat to act");
/// assert!(legal.contains(&bot.choose(&game, seat, &legal)));
/// # Ok::<(), brainshearts::OptionsError>(())
/// ```
#[derive(Clone, Debug)]
pub struct FlatMonteCarlo<G: Game, R = WinShare> {
    budget: Budget,
    reward: R,
    /// Draws the determinisations (a game's `resample_hidden_into` takes its own kind of
    /// generator).
    rng: GameRng,
    /// Draws the playouts' moves (the cheaper generator, as `cards simulate` gives random
    /// players).
    chooser: PlayoutRng,
    world: Option<G>,
    buffer: Vec<G::Action>,
    /// Per legal action: the sum of the seat's rewards and the number of playouts.
    totals: Vec<(f64, u32)>,
}

impl<G: Game> FlatMonteCarlo<G, WinShare> {
    /// Flat Monte Carlo with its own seed, 1,000 playouts a decision and the win share as
    /// reward.
    pub fn new(seed: u64) -> Self {
        FlatMonteCarlo {
            budget: Budget::default(),
            reward: WinShare,
            rng: GameRng::from_seed(seed),
            chooser: PlayoutRng::from_seed(seed),
            world: None,
            buffer: Vec::new(),
            totals: Vec::new(),
        }
    }
}

impl<G: Game, R: Reward<G>> FlatMonteCarlo<G, R> {
    /// The same agent with another budget per decision (playouts in all).
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The same agent maximising another reward.
    pub fn with_reward<R2: Reward<G>>(self, reward: R2) -> FlatMonteCarlo<G, R2> {
        FlatMonteCarlo {
            budget: self.budget,
            reward,
            rng: self.rng,
            chooser: self.chooser,
            world: self.world,
            buffer: self.buffer,
            totals: self.totals,
        }
    }
}

impl<G: Game, R: Reward<G>> Agent<G> for FlatMonteCarlo<G, R> {
    /// Scores every legal action and returns the best.
    ///
    /// # Panics
    ///
    /// If `legal` is empty, which [`Agent::choose`] rules out.
    fn choose(&mut self, game: &G, seat: Seat, legal: &[G::Action]) -> G::Action {
        if legal.len() == 1 {
            return legal[0];
        }
        let FlatMonteCarlo {
            budget,
            reward,
            rng,
            chooser,
            world,
            buffer,
            totals,
        } = self;
        let world = match world {
            Some(world) => world,
            None => {
                // First decision: room for any list of legal actions, so that later decisions
                // allocate nothing.
                game.action_space(buffer);
                totals.reserve(buffer.len());
                world.insert(game.clone())
            }
        };
        totals.clear();
        totals.resize(legal.len(), (0.0, 0));
        let mut clock = budget.start();
        let mut next = 0;
        let mut rewards = [0.0; MAX_SEATS];
        while clock.tick() || next < legal.len() {
            let index = next % legal.len();
            next += 1;
            game.resample_hidden_into(seat, rng, world);
            if world.apply(legal[index]).is_ok() {
                let _ = cards::random_playout(world, chooser, buffer);
            }
            let seats = world.seat_count().min(MAX_SEATS);
            reward.rewards(world, &mut rewards[..seats]);
            totals[index].0 += rewards.get(seat.index()).copied().unwrap_or(0.0);
            totals[index].1 += 1;
        }
        let mut best = (legal[0], f64::NEG_INFINITY);
        for (&action, &(sum, count)) in legal.iter().zip(totals.iter()) {
            let mean = sum / f64::from(count.max(1));
            if mean > best.1 {
                best = (action, mean);
            }
        }
        best.0
    }
}
