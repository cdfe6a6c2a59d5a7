//! The table: everything a game's state is made of, and nothing that changes it by a rule.
//!
//! The cards ([`card`]) and the decisions' vocabulary ([`action`]), the options ([`options`]),
//! the table's sizes ([`sizes`]), one seat's side of the table ([`field`]) with the sums kept of
//! its Mana zones and counters ([`mana_sums`], [`field_updates`]), the records of where a card
//! the others know of may lie ([`whereabouts`], [`suit_places`]: a side keeps them, the
//! `knowledge` layer keeps them up to date), where the game stands ([`phase`]) and the whole
//! state ([`state`]). Every module here imports only from this folder and from `error.rs`.

pub(crate) mod action;
pub(crate) mod card;
pub(crate) mod field;
pub(crate) mod field_updates;
pub(crate) mod mana_sums;
pub(crate) mod options;
pub(crate) mod phase;
pub(crate) mod sizes;
pub(crate) mod state;
pub(crate) mod suit_places;
pub(crate) mod whereabouts;
