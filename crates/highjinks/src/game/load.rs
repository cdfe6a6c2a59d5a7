//! Loading a saved game: the state read, what it derives rebuilt, every invariant checked
//! (`check.rs`), room made for every card.

use serde::{Deserialize, Deserializer};

use crate::game::check::check;
use crate::game::HighJinks;
use crate::table::state::State;

impl<'de> Deserialize<'de> for HighJinks {
    /// Reads a saved game and checks every invariant the rules keep, refusing the state with an
    /// [`InvalidState`](crate::InvalidState) as the message otherwise.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut state = State::deserialize(deserializer)?;
        state.settle_loaded();
        check(&state).map_err(serde::de::Error::custom)?;
        let total = state.options.cards().len();
        state.deck.reserve(total);
        state.bench.reserve(total);
        for side in &mut state.sides {
            side.counters.reserve(crate::table::sizes::LOSING_COUNTERS);
        }
        Ok(HighJinks { state })
    }
}
