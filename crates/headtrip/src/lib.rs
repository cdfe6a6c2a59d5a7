//! # headtrip
//!
//! A complete rules engine for **Head Trip**, the four-player card game by Michael Purcell in
//! which each player portrays an aspect of a teenager, Bobby, and the aspects compete to pilot
//! him through 27 challenges. Both variants are included: Aspect Affinities and multi-game
//! sessions. The engine implements the [`cards::Game`] contract; the rulebook and the rulings it
//! applies are read rule by rule in `docs/rules/headtrip.md`. A ruling this crate's documentation
//! cites by its id is stated there under a heading of its own (HT3 at
//! `docs/rules/headtrip.md#ht3`); the general rulings G1–G5 are stated in `docs/rules/README.md`.
//!
//! ```
//! use cards::{Game, Seat};
//! use headtrip::{Action, Aspect, HeadTrip, Options};
//!
//! let mut game = HeadTrip::new(Options::default(), 7)?;
//! let mut legal = Vec::new();
//! while game.to_act().is_some() {
//!     game.legal_actions(&mut legal);
//!     // A very simple bot: take the last legal action.
//!     let action = *legal.last().expect("a seat to act has an action");
//!     game.apply(action)?;
//! }
//! let winners = game.winners();
//! assert!(!winners.is_empty());
//! println!("The Student scored {}", game.score(Aspect::Student.seat()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]

mod action;
mod aspect;
mod check;
mod determinise;
mod election;
mod error;
mod game;
mod learning;
mod lookup;
mod observation;
mod options;
mod random_ply;
mod table;
mod view;

pub use action::Action;
pub use aspect::Aspect;
pub use error::{ActionError, InvalidState, ParseActionError};
pub use game::HeadTrip;
pub use observation::Observation;
pub use options::{challenge_cards, Options, OptionsError, CHALLENGES, MAX_GAMES};
pub use table::{Phase, Played, MAX_PLIES_PER_ROUND, RECALL_CARDS};
pub use view::{SeenPlay, View};
