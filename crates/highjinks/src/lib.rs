//! # highjinks
//!
//! A rules engine for **High Jinks**, Justin Elkan Jones's card battle game for 2 to 4 players:
//! Agents (the face cards and Jokers) attack and block, Mana cards (2–10) empower them in duels
//! under the 13 Rule, Aces defeat an Agent outright, and six Damage Counters knock a player
//! out. The engine implements the [`cards::Game`] contract; the rulebook and the rulings it
//! applies are read rule by rule in `docs/rules/highjinks.md`, where a ruling this crate's
//! documentation cites by its id (HJ45) is stated under a heading of its own.
//!
//! It plays the whole game: the battle (set-up, turns, summons, Mana, combat, duels, Aces, suit
//! abilities, Jokers, Battle Scars, losing, decking out, playing under time) and the magic
//! (summon abilities and Agent counter flips, Conjuration, Interception, the Binary Spells from
//! pairs, straights and Evocation, four of a kind, the Archlord's spell).
//!
//! ```
//! use cards::{Game, Seat};
//! use highjinks::{HighJinks, Options};
//!
//! let mut game = HighJinks::new(Options::players(4), 7)?;
//! let mut legal = Vec::new();
//! while game.to_act().is_some() {
//!     game.legal_actions(&mut legal);
//!     // A very simple bot: take the first legal action.
//!     game.apply(legal[0])?;
//! }
//! assert!(!game.winners().is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]

mod determinise;
mod error;
mod game;
mod knowledge;
mod legal;
mod random_ply;
mod rules;
mod table;
mod view;

#[cfg(test)]
mod layers_tests;

// `game/check.rs` names these by their short paths (`crate::state::ALL_KNOW`).
use table::{card, phase, state};

pub use error::{ActionError, InvalidState, OptionsError, ParseActionError};
pub use game::HighJinks;
pub use table::action::{Ability, Action, Source, Spell};
pub use table::card::{
    mask_cards, masks, Card, CardMask, Cards, CardsIter, Kind, MaskCards, ParseCardError,
};
pub use table::field::{Agent, Counter, Mana, Side, WINNING_SCARS};
pub use table::options::{Options, DEAL, DEFAULT_MAX_MAIN_ACTIONS, DEFAULT_MAX_TURNS, REJECTS};
pub use table::phase::{
    Aftermath, Attack, Duel, DuelSide, Empowered, Phase, Quad, Then, MAX_EMPOWERMENTS,
};
pub use table::sizes::{AGENT_ZONES, LOSING_COUNTERS, MANA_ZONES, MAX_SEATS};
pub use table::state::Marks;
pub use table::suit_places::{DrawnPlaces, SuitPlaces, SuitPlacesError};
pub use table::whereabouts::{Whereabouts, WhereaboutsError};
pub use view::observation::Observation;
pub use view::{ManaView, SideView, View};
