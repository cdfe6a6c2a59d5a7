//! The claims open to the seat to act in the scoring phase and during a run, worked out once
//! when the phase is entered or the run grows, and kept with the state: listing the legal
//! actions and checking a claim then read a mask instead of checking the board again.

use crate::state::{BrainsHearts, Phase, Run};
use crate::tops::{Side, Tops};

/// The claims open to the seat to act, set by the state whenever it enters the scoring phase,
/// starts a run or extends one (see [`BrainsHearts::kept_claims`]); read only in those phases
/// (left as they were in the others).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Claims {
    /// In the scoring phase, the values whose three of a kind can be claimed (bit `v − 1` for
    /// value `v`).
    pub(crate) threes: u8,
    /// In the scoring phase, the positions (bit = position index) a capturing run can start
    /// at; during a run, the positions whose top card can extend it.
    pub(crate) positions: u8,
}

impl Claims {
    /// The claims of the scoring phase.
    #[inline]
    pub(crate) fn scoring(side: &Side<'_>) -> Claims {
        Claims {
            threes: side.three_values(),
            positions: side.run_starts(),
        }
    }

    /// The cards that can extend `run`.
    #[inline]
    pub(crate) fn running(side: &Side<'_>, run: Run) -> Claims {
        Claims {
            threes: 0,
            positions: side.extensions(run),
        }
    }

    /// Whether three of a kind of `value` can be claimed.
    #[inline]
    pub(crate) fn has_three(self, value: u8) -> bool {
        (1..=7).contains(&value) && self.threes & (1 << (value - 1)) != 0
    }

    /// Whether the position (index 0–5) is one of [`positions`](Claims::positions).
    #[inline]
    pub(crate) fn has_position(self, pos: usize) -> bool {
        pos < 6 && self.positions & (1 << pos) != 0
    }
}

impl BrainsHearts {
    /// The claims of the current phase, worked out from the kept tops.
    pub(crate) fn kept_claims(&self) -> Claims {
        let side = Tops::of(self);
        match self.phase {
            Phase::Scoring => Claims::scoring(&side),
            Phase::Running(run) => Claims::running(&side, run),
            _ => Claims::default(),
        }
    }
}
