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
//!
//! ## Where things are
//!
//! The source is in layers, lowest first, each a folder of `src/` with its module file beside
//! it. A module imports only from its own layer and the layers listed before it, and no
//! modules import each other in a circle (`src/layers_tests.rs` checks both from the source).
//!
//! - `error.rs`: the typed errors.
//! - `table/`: what a game's state is made of, and nothing that changes it by a rule: the cards
//!   (`card.rs`), the actions and their notation (`action.rs`), the options, the table's sizes,
//!   one seat's side (`field.rs`) with the sums of its Mana zones and counters (`mana_sums.rs`,
//!   kept up to date by `field_updates.rs`), the records of where a card the others know of may
//!   lie (`whereabouts.rs`, `suit_places.rs`), the phase and the whole state (`state.rs`).
//! - `knowledge/`: what each seat knows, kept up to date as cards move (`knowledge.rs`), the
//!   cards of a Deck some seats knew (`known_deck.rs`), whether a seat's hidden cards can be
//!   what all know of them (`consistency.rs`).
//! - `rules/`: `decide`, one arm per decision (`rules.rs`), and what the arms reach: duels,
//!   magic, Damage Counters and elimination, the Deck, a turn's start and end, the effects the
//!   random ply shares, who decides now (`to_act.rs`), which spells are offered.
//! - `legal/`: the legal actions listed (`legal.rs`; the Main decision's magic in
//!   `mana_sources.rs`, the other magic decisions in `magic_decisions.rs`, each written into a
//!   sink of `sink.rs`), and `apply`: `decide`, then `settle`, which takes at once the
//!   decisions with a single option and so asks the listings how many there are.
//! - `random_ply/`: one ply of a random playout, the Main decision and the commonest others
//!   counted rather than listed and only the action drawn built.
//! - `determinise/`: a state drawn uniformly among those a seat's view allows.
//! - `view/`: a seat's view, and what it sees of an action.
//! - `game/`: [`HighJinks`], the [`cards::Game`] implementation, loading a saved game and the
//!   checks of a loaded state.
//!
//! An action of a seat goes `apply` (`legal.rs`) → `decide` (`rules.rs`) → the arm of its
//! decision, which checks it, applies the rule and tells `knowledge` of every card that moves;
//! `settle` then takes the decisions that public information settles (HJ17, HJ92).

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
    Aftermath, Attack, Cost, Duel, DuelSide, Empowered, Paying, Phase, Quad, Then, MAX_EMPOWERMENTS,
};
pub use table::sizes::{AGENT_ZONES, LOSING_COUNTERS, MANA_ZONES, MAX_SEATS};
pub use table::state::Marks;
pub use table::suit_places::{DrawnPlaces, SuitPlaces, SuitPlacesError};
pub use table::whereabouts::{Whereabouts, WhereaboutsError};
pub use view::observation::Observation;
pub use view::{ManaView, SideView, View};
