//! The scoring phase (BH6): three of a kind (BH8) and runs built card by card (BH7), checked
//! against the kept [`Tops`].

use crate::claims::Claims;
use crate::error::ActionError;
use crate::state::{BrainsHearts, Phase, Run};
use crate::tops::Tops;
use crate::Action;
use crate::Pos;

impl BrainsHearts {
    /// Whether the seat to act can make any claim now.
    #[inline]
    pub(crate) fn any_claim(&self) -> bool {
        Tops::of(self).any_claim()
    }

    /// Legal actions of the scoring phase: `three` by value, `run` by position, then `end`.
    #[inline]
    pub(crate) fn scoring_actions(&self, out: &mut Vec<Action>) {
        // The `three` actions from a table by the open values, whether any is open or not (a
        // coin toss): one copy of two actions, cut to length.
        let (row, count) = THREE_ROWS[usize::from(self.claims.threes & 0x7F)];
        let len = out.len();
        out.extend_from_slice(&row);
        out.truncate(len + usize::from(count));
        push_positions(self.claims.positions, &RUN_ROWS, true, out);
    }

    /// Legal actions while a run is built: `extend` by position, then `stop` once it has
    /// captured.
    #[inline]
    pub(crate) fn run_actions(&self, run: Run, out: &mut Vec<Action>) {
        push_positions(self.claims.positions, &EXTEND_ROWS, run.captured > 0, out);
    }

    /// How many actions the scoring phase offers: as many as
    /// [`scoring_actions`](BrainsHearts::scoring_actions) lists.
    #[inline(always)]
    pub(crate) fn scoring_count(&self) -> usize {
        let threes = THREE_ROWS[usize::from(self.claims.threes & 0x7F)].1;
        usize::from(threes) + position_count(self.claims.positions) + 1
    }

    /// The scoring phase's action at `index` (below
    /// [`scoring_count`](BrainsHearts::scoring_count)) in the order of
    /// [`scoring_actions`](BrainsHearts::scoring_actions), without listing the others: a
    /// `three` from its row, else a `run` or the `end` after them from theirs.
    #[inline(always)]
    pub(crate) fn scoring_action(&self, index: usize) -> Action {
        let (threes, count) = &THREE_ROWS[usize::from(self.claims.threes & 0x7F)];
        let count = usize::from(*count);
        let three = threes[index.min(MOST_THREES - 1)];
        let run = position_action(self.claims.positions, &RUN_ROWS, index.wrapping_sub(count));
        if index < count {
            three
        } else {
            run
        }
    }

    /// How many actions a run offers: as many as [`run_actions`](BrainsHearts::run_actions)
    /// lists.
    #[inline(always)]
    pub(crate) fn run_count(&self, run: Run) -> usize {
        position_count(self.claims.positions) + usize::from(run.captured > 0)
    }

    /// A run's action at `index` (below [`run_count`](BrainsHearts::run_count)) in the order
    /// of [`run_actions`](BrainsHearts::run_actions): an `extend`, or the `stop` after them.
    #[inline(always)]
    pub(crate) fn run_action(&self, index: usize) -> Action {
        position_action(self.claims.positions, &EXTEND_ROWS, index)
    }

    /// Claims three of a kind, if it is open: every unlocked opponent top card of the value is
    /// captured.
    #[inline]
    pub(crate) fn claim_three(&mut self, value: u8) -> Result<(), ActionError> {
        if !self.claims.has_three(value) {
            return Err(ActionError::NoThreeOfAKind(value));
        }
        self.take_three(value);
        Ok(())
    }

    /// Claims an open three of a kind (checked by [`BrainsHearts::claim_three`], or listed by
    /// [`BrainsHearts::scoring_actions`] from the same open claims): every unlocked opponent top
    /// card of the value is captured.
    #[inline(never)]
    pub(crate) fn take_three(&mut self, value: u8) {
        let taken = self.tops.showing(value) & !Tops::own_positions(self.actor()) & 0b11_1111;
        self.capture_all(taken);
        self.after_claim();
    }

    /// Starts a run, if a capturing run can start at `pos`.
    #[inline]
    pub(crate) fn start_run(&mut self, pos: Pos) -> Result<(), ActionError> {
        if self.claims.has_position(pos.index()) && self.begin_run(pos) {
            Ok(())
        } else {
            Err(ActionError::CannotStartRun(pos))
        }
    }

    /// Starts a run at a position where a capturing run can start (checked by
    /// [`BrainsHearts::start_run`], or listed by [`BrainsHearts::scoring_actions`] from the
    /// same open claims). Returns `false`, changing nothing, if no run starts there (never for
    /// such a position: it holds an unlocked card of the seat to act).
    // In line in the ply that starts the run: no call, no registers saved around it.
    #[inline(always)]
    pub(crate) fn begin_run(&mut self, pos: Pos) -> bool {
        let side = Tops::of(self);
        let Some(run) = side.start(pos.index()) else {
            return false;
        };
        self.claims = Claims::running(&side, run);
        self.phase = Phase::Running(run);
        true
    }

    /// Adds a card to the run, if it is one of the open extensions.
    #[inline]
    pub(crate) fn extend_run(&mut self, run: Run, pos: Pos) -> Result<(), ActionError> {
        if self.claims.has_position(pos.index()) {
            self.add_to_run(run, pos);
            Ok(())
        } else {
            Err(ActionError::CannotExtend(pos))
        }
    }

    /// Adds the top card at one of the run's open extensions (checked by
    /// [`BrainsHearts::extend_run`], or listed by [`BrainsHearts::run_actions`] from the same
    /// open claims) to the run; at three cards the opponent cards in it are captured, and from
    /// then on an opponent card added is captured at once. A run that can go no further ends.
    /// An open extension shows the value that comes next and is not in the run yet (the
    /// claims hold no other position: they are worked out from the kept tops at every change,
    /// and again on loading), so that is not checked again (see [`Tops::extended`]).
    #[inline(never)]
    pub(crate) fn add_to_run(&mut self, run: Run, pos: Pos) {
        let mut next = self.tops.extended(run, pos.index());
        let own = Tops::own_positions(self.actor());
        // At three cards the opponent cards in the run are captured, and from then on an
        // opponent card added (the only one the run can hold: the others were captured at
        // three) is captured at once: either way the run's opponent cards.
        let taken = if next.len >= 3 {
            next.used & !own & 0b11_1111
        } else {
            0
        };
        if taken != 0 {
            // A plain addition: at most the opponent's 14 cards are captured.
            next.captured = next.captured.wrapping_add(self.capture_all(taken));
            next.used &= own;
        }
        self.phase = Phase::Running(next);
        if next.len >= 3 {
            // Every card of the next value extends a run of three or more.
            let positions = self.tops.candidates(next);
            self.claims = Claims {
                threes: 0,
                positions,
            };
            if positions == 0 {
                self.after_claim();
            }
        } else {
            // Two cards: a run starts at one (loading refuses a run of none) and grows by one
            // a card, so fewer than three after a card is two, and its direction is set.
            self.claims = Claims {
                threes: 0,
                positions: Tops::of(self).extensions_of_two(next),
            };
        }
    }

    /// Ends the run, if it has captured.
    #[inline]
    pub(crate) fn stop_run(&mut self, run: Run) -> Result<(), ActionError> {
        if run.captured == 0 {
            return Err(ActionError::RunNotScored);
        }
        self.after_claim();
        Ok(())
    }

    /// After a claim (or a run that has captured stopped): the scoring phase goes on while a
    /// claim can be made.
    pub(crate) fn after_claim(&mut self) {
        self.enter_scoring();
    }
}

/// For each mask of positions (bit = position index), the positions in order, padded to six
/// with `B1`, and how many there are.
const POSITION_LISTS: [([Pos; 6], usize); 64] = {
    let mut table = [([Pos::ALL[0]; 6], 0usize); 64];
    let mut mask = 0;
    while mask < 64 {
        let mut count = 0;
        let mut index = 0;
        while index < 6 {
            if mask & (1 << index) != 0 {
                table[mask].0[count] = Pos::ALL[index];
                count += 1;
            }
            index += 1;
        }
        table[mask].1 = count;
        mask += 1;
    }
    table
};

/// How many positions each mask of positions holds: one byte each, so that a count read from
/// it is known to be small (no clamp where it bounds a draw).
const POSITION_COUNTS: [u8; 64] = {
    let mut counts = [0u8; 64];
    let mut mask = 0;
    while mask < 64 {
        counts[mask] = POSITION_LISTS[mask].1 as u8;
        mask += 1;
    }
    counts
};

/// Most values whose three of a kind can be open at once: each takes three or more of the
/// six positions' cards (the claims are worked out from the six tops, on loading too; the
/// tests check it on every board they build).
const MOST_THREES: usize = 2;

/// For each mask of values (bit `v − 1` for value `v`), the `three` actions of its values in
/// order, padded, and how many (a mask of more than [`MOST_THREES`] values, never open, has
/// none).
static THREE_ROWS: [([Action; MOST_THREES], u8); 128] = {
    let mut rows = [([Action::End; MOST_THREES], 0u8); 128];
    let mut mask = 0;
    while mask < 128 {
        let mut count = 0;
        let mut value = 1;
        while value <= 7 {
            if mask & (1 << (value - 1)) != 0 {
                if count < MOST_THREES {
                    rows[mask].0[count] = Action::Three(value);
                }
                count += 1;
            }
            value += 1;
        }
        if count <= MOST_THREES {
            rows[mask].1 = count as u8;
        }
        mask += 1;
    }
    rows
};

/// A row of actions by position (at most six) and the action after them, padded.
type PositionRow = [Action; 7];

/// The `run` actions of every mask of positions, then `end`, padded.
static RUN_ROWS: [PositionRow; 64] = position_rows(RowKind::Run);

/// The `extend` actions of every mask of positions, then `stop`, padded.
static EXTEND_ROWS: [PositionRow; 64] = position_rows(RowKind::Extend);

/// The `change` actions of every mask of positions, padded (no action after them).
pub(crate) static CHANGE_ROWS: [PositionRow; 64] = position_rows(RowKind::Change);

/// The actions of a table of rows by position.
#[derive(Clone, Copy, PartialEq, Eq)]
enum RowKind {
    /// `run`, then `end`.
    Run,
    /// `extend`, then `stop`.
    Extend,
    /// `change`.
    Change,
}

/// The rows of [`RUN_ROWS`], [`EXTEND_ROWS`] or [`CHANGE_ROWS`].
const fn position_rows(kind: RowKind) -> [PositionRow; 64] {
    // The action after the positions, and the padding.
    let after = match kind {
        RowKind::Extend => Action::Stop,
        RowKind::Run | RowKind::Change => Action::End,
    };
    let mut rows = [[after; 7]; 64];
    let mut mask = 0;
    while mask < 64 {
        let mut place = 0;
        while place < POSITION_LISTS[mask].1 {
            let pos = POSITION_LISTS[mask].0[place];
            rows[mask][place] = match kind {
                RowKind::Run => Action::Run(pos),
                RowKind::Extend => Action::Extend(pos),
                RowKind::Change => Action::Change(pos),
            };
            place += 1;
        }
        mask += 1;
    }
    rows
}

/// How many positions the mask holds (bit = position index; 0–5 only).
#[inline(always)]
pub(crate) fn position_count(positions: u8) -> usize {
    usize::from(POSITION_COUNTS[usize::from(positions & 0b11_1111)])
}

/// The action at `index` of the row of a mask of positions (see [`push_positions`]): the
/// action of its `index`-th position, or the one after them (an index past the row gives its
/// last).
#[inline(always)]
pub(crate) fn position_action(positions: u8, rows: &[PositionRow; 64], index: usize) -> Action {
    rows[usize::from(positions & 0b11_1111)][index.min(6)]
}

/// Pushes the row's actions for the positions of the mask, in position order, and the
/// action after them (`end` or `stop`) when `tail`: the whole row is copied (one fixed-size
/// copy, one check of the buffer's capacity), then cut to length.
#[inline]
pub(crate) fn push_positions(
    positions: u8,
    rows: &[PositionRow; 64],
    tail: bool,
    out: &mut Vec<Action>,
) {
    let mask = usize::from(positions & 0b11_1111);
    let len = out.len();
    out.extend_from_slice(&rows[mask]);
    out.truncate(len + POSITION_LISTS[mask].1 + usize::from(tail));
}
