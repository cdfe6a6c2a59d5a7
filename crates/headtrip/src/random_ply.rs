//! One ply of a uniformly random playout, looking at the phase once: the legal actions are
//! filled, one is drawn and it is applied by the phase's own rule, where a playout through
//! `legal_actions` and `apply` looks at the phase in each (and in `to_act`).

use cards::Draw;

use crate::election::push_leaders;
use crate::table::{Phase, Table, RECALL_ANSWERS, STEP_DOWN_CHOICES, VOTES};
use crate::{Action, ActionError};

impl Table {
    /// Fills `out` with the legal actions (as [`Table::legal_actions`]), takes the one at
    /// `rng.index(out.len())` (as [`Table::apply`] would) and returns how many were offered:
    /// 0, taking nothing and drawing nothing, when no action is legal. A refusal (which a legal
    /// action never meets) comes back with the action refused; the state is then unchanged.
    #[inline]
    pub(crate) fn random_ply<R: Draw + ?Sized>(
        &mut self,
        rng: &mut R,
        out: &mut Vec<Action>,
    ) -> Result<usize, (Action, ActionError)> {
        out.clear();
        match self.phase {
            Phase::StepDown => {
                out.extend_from_slice(&STEP_DOWN_CHOICES);
                let action = drawn_from(&STEP_DOWN_CHOICES, rng);
                self.step_down_or_stay(action).map_err(|e| (action, e))?;
            }
            Phase::RecallPoll { asked, calls } => {
                out.extend_from_slice(&RECALL_ANSWERS);
                let action = drawn_from(&RECALL_ANSWERS, rng);
                self.answer_recall(asked, calls, action)
                    .map_err(|e| (action, e))?;
            }
            Phase::Election { next } => {
                out.extend_from_slice(&VOTES);
                let action = drawn_from(&VOTES, rng);
                self.vote(next, action).map_err(|e| (action, e))?;
            }
            Phase::TieBreak { leaders } => {
                push_leaders(out, leaders);
                let Some(action) = drawn(out, rng) else {
                    return Ok(0);
                };
                self.break_tie(leaders, action).map_err(|e| (action, e))?;
            }
            Phase::Play => {
                self.push_plays(out);
                let Some(action) = drawn(out, rng) else {
                    return Ok(0);
                };
                self.play_action(action).map_err(|e| (action, e))?;
            }
            Phase::Over => return Ok(0),
        }
        self.plies += 1;
        Ok(out.len())
    }
}

/// The action at `rng.index(N)` of a phase's fixed list of `N` choices, the list just copied
/// into the caller's buffer: the same draw and the same action as [`drawn`] from the buffer,
/// with a length known when compiling (a power of two here, so the draw never rejects).
#[inline]
fn drawn_from<const N: usize, R: Draw + ?Sized>(choices: &[Action; N], rng: &mut R) -> Action {
    // The index is below `N`; the remainder only spares a bounds check.
    choices[rng.index(N) % N]
}

/// The action at `rng.index(legal.len())`, or none (nothing drawn) when `legal` is empty.
#[inline]
fn drawn<R: Draw + ?Sized>(legal: &[Action], rng: &mut R) -> Option<Action> {
    legal.get(rng.index(legal.len())).copied()
}
