//! Playing games to their end: agents, a uniformly random agent, and playout statistics.

use thiserror::Error;

use crate::{Game, GameRng, Seat};

/// Something that chooses actions: a bot, a search, a person at a terminal.
pub trait Agent<G: Game> {
    /// Chooses one of `legal` (never empty) for the seat to act in `game`.
    fn choose(&mut self, game: &G, seat: Seat, legal: &[G::Action]) -> G::Action;
}

/// An agent that chooses uniformly at random among the legal actions, from its own seeded
/// generator.
#[derive(Clone, Debug)]
pub struct RandomAgent {
    rng: GameRng,
}

impl RandomAgent {
    /// A random agent with its own seed.
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent {
            rng: GameRng::from_seed(seed),
        }
    }

    /// Picks one of `legal` at random (`None` when empty).
    pub fn pick<A: Copy>(&mut self, legal: &[A]) -> Option<A> {
        legal.get(self.rng.index(legal.len())).copied()
    }
}

impl<G: Game> Agent<G> for RandomAgent {
    fn choose(&mut self, _game: &G, _seat: Seat, legal: &[G::Action]) -> G::Action {
        let i = self.rng.index(legal.len());
        legal[i.min(legal.len().saturating_sub(1))]
    }
}

/// A table of agents, one per seat: each decision goes to the agent of the seat to act.
///
/// ```
/// use cards::playout::{play_out, Agent, SeatAgents};
/// use cards::RandomAgent;
/// # fn demo<G: cards::Game>(game: &mut G) -> Result<(), cards::PlayoutError> {
/// let mut bots: Vec<RandomAgent> = (0..game.seat_count() as u64).map(RandomAgent::new).collect();
/// let mut table = SeatAgents(bots.iter_mut().map(|b| b as &mut dyn Agent<G>).collect());
/// play_out(game, &mut table, &mut Vec::new())?;
/// # Ok(())
/// # }
/// ```
pub struct SeatAgents<'a, G: Game>(pub Vec<&'a mut dyn Agent<G>>);

impl<G: Game> Agent<G> for SeatAgents<'_, G> {
    /// Asks the agent of `seat`; a seat without an agent takes the first legal action.
    fn choose(&mut self, game: &G, seat: Seat, legal: &[G::Action]) -> G::Action {
        match self.0.get_mut(seat.index()) {
            Some(agent) => agent.choose(game, seat, legal),
            None => legal[0],
        }
    }
}

/// What a playout measured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    /// Actions applied.
    pub plies: u64,
    /// Sum over the decisions of the number of legal actions offered.
    pub legal_actions_offered: u64,
}

/// Why a playout stopped before the end of the game.
#[derive(Debug, Error)]
pub enum PlayoutError {
    /// An agent chose an action the game refused.
    #[error("ply {ply}: the agent chose `{action}`, which was refused: {reason}")]
    Refused {
        /// The ply at which it happened.
        ply: u64,
        /// The action's text.
        action: String,
        /// The game's reason.
        reason: String,
    },
    /// The game went on past its own ply bound.
    #[error("the game did not end within its bound of {0} plies")]
    PlyBoundExceeded(u64),
    /// A seat was to act but no action was legal.
    #[error("ply {0}: a seat is to act but no action is legal")]
    NoLegalAction(u64),
}

/// Plays `game` to its end, asking `agent` for every decision. `buffer` is the caller's
/// buffer for legal actions, reused across plies.
pub fn play_out<G: Game, A: Agent<G> + ?Sized>(
    game: &mut G,
    agent: &mut A,
    buffer: &mut Vec<G::Action>,
) -> Result<PlayoutStats, PlayoutError> {
    let mut stats = PlayoutStats::default();
    let bound = game.max_plies();
    while let Some(seat) = game.to_act() {
        if game.plies() >= bound {
            return Err(PlayoutError::PlyBoundExceeded(bound));
        }
        game.legal_actions(buffer);
        if buffer.is_empty() {
            return Err(PlayoutError::NoLegalAction(game.plies()));
        }
        stats.legal_actions_offered += buffer.len() as u64;
        let action = agent.choose(game, seat, buffer);
        game.apply(action).map_err(|e| PlayoutError::Refused {
            ply: game.plies(),
            action: action.to_string(),
            reason: e.to_string(),
        })?;
        stats.plies += 1;
    }
    Ok(stats)
}

/// An agent that chooses uniformly with a generator it borrows.
struct Uniform<'a>(&'a mut GameRng);

impl<G: Game> Agent<G> for Uniform<'_> {
    #[inline]
    fn choose(&mut self, _game: &G, _seat: Seat, legal: &[G::Action]) -> G::Action {
        legal[self.0.index(legal.len())]
    }
}

/// Plays `game` to its end with uniformly random choices drawn from `rng`: the tight loop the
/// benchmarks and simulations use.
pub fn random_playout<G: Game>(
    game: &mut G,
    rng: &mut GameRng,
    buffer: &mut Vec<G::Action>,
) -> Result<PlayoutStats, PlayoutError> {
    play_out(game, &mut Uniform(rng), buffer)
}
