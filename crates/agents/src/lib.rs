//! # agents
//!
//! Search players for any [`Game`](cards::Game) of this workspace: [`Ismcts`]
//! (information-set Monte Carlo tree search) and [`FlatMonteCarlo`], maximising a [`Reward`]
//! per seat (by default the [`WinShare`]), seeded and allocation-free once warm. Both read a
//! game only through the searching seat's view, so they play fair in games with hidden cards.
//!
//! ```
//! use agents::{Budget, Ismcts};
//! use cards::playout::{play_out, Table};
//! use cards::{Game, Seat};
//! use brainshearts::{BrainsHearts, Options};
//!
//! // One search (200 iterations a decision) against a random agent.
//! let mut game = BrainsHearts::new(Options::default(), 11)?;
//! let mut table = Table::random(game.seat_count(), 5);
//! table.seat(Seat(0), Ismcts::new(1).with_budget(Budget::Iterations(200)));
//! play_out(&mut game, &mut table, &mut Vec::new())?;
//! assert!(game.is_over());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Agents can also be named by text, as the `cards` program takes them ([`AgentSpec`]:
//! `random`, `ismcts:1000`, `flat:500`, `ismcts:250ms`).

#![forbid(unsafe_code)]

mod budget;
mod flat;
mod ismcts;
mod reward;
mod spec;
mod tree;

pub use budget::{Budget, MAX_ITERATIONS, MAX_TIME};
pub use flat::FlatMonteCarlo;
pub use ismcts::Ismcts;
pub use reward::{Reward, ScoreShare, WinShare, MAX_SEATS};
pub use spec::{AgentSpec, SpecError};
