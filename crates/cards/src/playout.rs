//! Playing games to their end: agents, a uniformly random agent, and playout statistics.

use std::fmt::Display;
use thiserror::Error;

use crate::{Draw, Game, GameRng, Seat};

/// Something that chooses actions: a bot, a search, a person at a terminal.
///
/// An agent is told what its seat sees of every action taken at the table (its own included)
/// through [`observe`](Agent::observe), never the raw action of another seat; the default does
/// nothing. A [`Table`] seats one agent per seat and passes the observations on.
pub trait Agent<G: Game> {
    /// Chooses one of `legal` (never empty) for `seat`, the seat to act in `game`.
    fn choose(&mut self, game: &G, seat: Seat, legal: &[G::Action]) -> G::Action;

    /// What `seat` (this agent's seat) saw of an action `actor` is about to take. Does nothing
    /// unless the agent keeps track of the game itself.
    fn observe(&mut self, seat: Seat, actor: Seat, observation: G::Observation) {
        let _ = (seat, actor, observation);
    }
}

impl<G: Game, A: Agent<G> + ?Sized> Agent<G> for &mut A {
    fn choose(&mut self, game: &G, seat: Seat, legal: &[G::Action]) -> G::Action {
        (**self).choose(game, seat, legal)
    }

    fn observe(&mut self, seat: Seat, actor: Seat, observation: G::Observation) {
        (**self).observe(seat, actor, observation);
    }
}

impl<G: Game, A: Agent<G> + ?Sized> Agent<G> for Box<A> {
    fn choose(&mut self, game: &G, seat: Seat, legal: &[G::Action]) -> G::Action {
        (**self).choose(game, seat, legal)
    }

    fn observe(&mut self, seat: Seat, actor: Seat, observation: G::Observation) {
        (**self).observe(seat, actor, observation);
    }
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

/// A table of agents, one per seat, that owns them: each decision goes to the agent of the seat
/// to act, and every seat's agent is told what its seat observes of each action. A seat without
/// an agent takes the first legal action.
///
/// Seating one search among random agents:
///
/// ```
/// use cards::playout::{play_out, Table};
/// use cards::{Game, Seat};
/// # fn demo<G: cards::Game>(game: &mut G, search: impl cards::Agent<G> + 'static)
/// #     -> Result<(), cards::PlayoutError> {
/// let mut table = Table::random(game.seat_count(), 7);
/// table.seat(Seat(0), search);
/// play_out(game, &mut table, &mut Vec::new())?;
/// # Ok(())
/// # }
/// ```
pub struct Table<'a, G: Game> {
    agents: Vec<Box<dyn Agent<G> + 'a>>,
}

impl<'a, G: Game> Table<'a, G> {
    /// A table of these agents, in seat order.
    pub fn new(agents: Vec<Box<dyn Agent<G> + 'a>>) -> Self {
        Table { agents }
    }

    /// A table of `seats` random agents, seeded from `seed` and the seat.
    pub fn random(seats: usize, seed: u64) -> Self {
        Table::from_fn(seats, |seat| {
            Box::new(RandomAgent::new(seed ^ (u64::from(seat.0) << 56)))
        })
    }

    /// A table whose agent at each seat is made by `make`.
    pub fn from_fn(seats: usize, make: impl FnMut(Seat) -> Box<dyn Agent<G> + 'a>) -> Self {
        Table {
            agents: Seat::all(seats).map(make).collect(),
        }
    }

    /// Seats `agent` at `seat`, in place of the agent there (a seat beyond the table is added,
    /// with first-legal-action seats before it).
    pub fn seat(&mut self, seat: Seat, agent: impl Agent<G> + 'a) {
        while self.agents.len() <= seat.index() {
            self.agents.push(Box::new(FirstLegal));
        }
        self.agents[seat.index()] = Box::new(agent);
    }

    /// Tells every seat's agent what its seat observes of `action`, about to be taken by
    /// `actor` in `game`: for actions chosen outside the table (a person's, say).
    pub fn tell(&mut self, game: &G, actor: Seat, action: G::Action) {
        for (i, agent) in self.agents.iter_mut().enumerate() {
            let observer = Seat(i as u8);
            agent.observe(observer, actor, game.observe(action, observer));
        }
    }

    /// The agent of a seat.
    pub fn agent_mut(&mut self, seat: Seat) -> Option<&mut (dyn Agent<G> + 'a)> {
        self.agents.get_mut(seat.index()).map(|a| &mut **a)
    }
}

/// Takes the first legal action: the agent of an empty seat.
struct FirstLegal;

impl<G: Game> Agent<G> for FirstLegal {
    fn choose(&mut self, _game: &G, _seat: Seat, legal: &[G::Action]) -> G::Action {
        legal[0]
    }
}

impl<G: Game> Agent<G> for Table<'_, G> {
    /// Asks the agent of `seat`, then tells every seat's agent what its seat observes of the
    /// chosen action.
    fn choose(&mut self, game: &G, seat: Seat, legal: &[G::Action]) -> G::Action {
        let action = match self.agents.get_mut(seat.index()) {
            Some(agent) => agent.choose(game, seat, legal),
            None => legal[0],
        };
        self.tell(game, seat, action);
        action
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

impl PlayoutError {
    /// An action refused at `ply`, with the game's reason (both as text).
    pub fn refused(ply: u64, action: impl Display, reason: impl Display) -> PlayoutError {
        PlayoutError::Refused {
            ply,
            action: action.to_string(),
            reason: reason.to_string(),
        }
    }
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
        game.apply(action)
            .map_err(|e| PlayoutError::refused(game.plies(), action, e))?;
        stats.plies += 1;
    }
    Ok(stats)
}

/// Plays `game` to its end with uniformly random choices drawn from `rng`: the tight loop the
/// benchmarks, simulations and searches use. Each ply is one [`Game::random_ply`]: the same games
/// as [`play_out`] with an agent that picks `legal[rng.index(legal.len())]`, and the same errors.
pub fn random_playout<G: Game, R: Draw + ?Sized>(
    game: &mut G,
    rng: &mut R,
    buffer: &mut Vec<G::Action>,
) -> Result<PlayoutStats, PlayoutError> {
    let mut stats = PlayoutStats::default();
    let bound = game.max_plies();
    while game.to_act().is_some() {
        if game.plies() >= bound {
            return Err(PlayoutError::PlyBoundExceeded(bound));
        }
        let offered = game.random_ply(rng, buffer)?;
        if offered == 0 {
            return Err(PlayoutError::NoLegalAction(game.plies()));
        }
        stats.legal_actions_offered += offered as u64;
        stats.plies += 1;
    }
    Ok(stats)
}
