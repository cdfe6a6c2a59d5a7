//! The ten goal cards of the advanced game (rulings RT5, RT6).

use serde::{Deserialize, Serialize};
use std::fmt;

use crate::deck::mode_name;

/// Number of goal cards.
pub const GOALS: usize = 10;
/// Index of the "one of each mode" goal.
pub const EACH_MODE: usize = 7;
/// Index of the "first trip after the shuffle" goal.
pub const FIRST_TRIP: usize = 8;
/// Index of the "first trip without an airplane" goal.
pub const NO_AIRPLANE: usize = 9;

/// A goal card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Goal {
    /// First to have three cards of this mode (0–6) in one trip: 3 points (met at once, RT6).
    ThreeOf(u8),
    /// First to have one card of each of the seven modes in one trip: 10 points (RT5, RT6).
    EachMode,
    /// First to complete a trip after the shuffle: that trip scores double its card points and
    /// no +3 bonus.
    FirstTrip,
    /// First to complete a trip without any airplane: 3 points.
    NoAirplane,
}

impl Goal {
    /// The goal card at an index, 0–9: the seven "three of" goals by mode, then each mode, first
    /// trip, no airplane.
    pub fn at(index: usize) -> Goal {
        match index {
            EACH_MODE => Goal::EachMode,
            FIRST_TRIP => Goal::FirstTrip,
            NO_AIRPLANE => Goal::NoAirplane,
            m => Goal::ThreeOf(u8::try_from(m.min(6)).unwrap_or(6)),
        }
    }

    /// The points the goal adds to its owner's score (the first-trip goal instead doubles its
    /// trip's card points, counted with the trip).
    pub fn points(self) -> i64 {
        match self {
            Goal::ThreeOf(_) | Goal::NoAirplane => 3,
            Goal::EachMode => 10,
            Goal::FirstTrip => 0,
        }
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::ThreeOf(m) => write!(f, "three {}s in a trip (+3)", mode_name(*m)),
            Goal::EachMode => f.write_str("one of each mode in a trip (+10)"),
            Goal::FirstTrip => {
                f.write_str("first trip after the shuffle (double card points, no +3)")
            }
            Goal::NoAirplane => f.write_str("first trip without an airplane (+3)"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_goals_with_their_points() {
        let goals: Vec<Goal> = (0..GOALS).map(Goal::at).collect();
        assert_eq!(
            goals
                .iter()
                .filter(|g| matches!(g, Goal::ThreeOf(_)))
                .count(),
            7
        );
        assert_eq!(
            goals.iter().map(|g| g.points()).sum::<i64>(),
            7 * 3 + 10 + 3
        );
    }
}
