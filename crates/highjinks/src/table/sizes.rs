//! The table's sizes (§2, §8): the zones each seat owns, the counters that eliminate it, the
//! most seats at a table. Every fixed array of the engine is sized by these.

/// Agent zones a seat owns (§2).
pub const AGENT_ZONES: usize = 3;
/// Mana zones a seat owns (§2).
pub const MANA_ZONES: usize = 6;
/// Damage Counters that eliminate a seat (§8). A seat holds at most 5 between actions; the 6th
/// is held only while the loss is checked (HJ28), so 6 places are enough.
pub const LOSING_COUNTERS: usize = 6;
/// Most seats at a table: the seats whose private knowledge a side keeps.
pub const MAX_SEATS: usize = 4;
