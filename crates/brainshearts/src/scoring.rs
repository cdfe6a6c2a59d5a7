//! The scoring phase (BH6): three of a kind (BH8) and runs built card by card (BH7).

use crate::board::{down, up};
use crate::error::ActionError;
use crate::state::{BrainsHearts, Direction, Phase, Run};
use crate::Action;
use crate::Pos;

/// The unlocked top cards as the scoring rules see them, by position (`B1` … `H3`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tops {
    /// Value of the unlocked top card at each position, 0 when none.
    values: [u8; 6],
    /// Bits of the positions whose top card is an unmodified Ace.
    wormholes: u8,
    /// Bits of the actor's own positions.
    own: u8,
}

impl Tops {
    pub(crate) fn of(game: &BrainsHearts) -> Tops {
        let mut values = [0u8; 6];
        let mut wormholes = 0;
        for (pos, value) in values.iter_mut().enumerate() {
            if let Some(top) = game.free_top(pos) {
                *value = top.value;
                if top.is_wormhole() {
                    wormholes |= 1 << pos;
                }
            }
        }
        let own = if game.actor() == 0 {
            0b000_111
        } else {
            0b111_000
        };
        Tops {
            values,
            wormholes,
            own,
        }
    }

    fn value(&self, pos: usize) -> u8 {
        self.values.get(pos).copied().unwrap_or(0)
    }

    /// Own and opponent counts of unlocked top cards of a value.
    fn counts(&self, value: u8) -> (u32, u32) {
        let mut own = 0;
        let mut opp = 0;
        for (pos, &v) in self.values.iter().enumerate() {
            if v == value && v != 0 {
                if self.own & (1 << pos) != 0 {
                    own += 1;
                } else {
                    opp += 1;
                }
            }
        }
        (own, opp)
    }

    /// Whether three of a kind of `value` can be claimed: three or more unlocked top cards of
    /// that value, at least one the actor's, and at least one the opponent's (else it captures
    /// nothing).
    pub(crate) fn three_of_a_kind(&self, value: u8) -> bool {
        let (own, opp) = self.counts(value);
        own >= 1 && opp >= 1 && own + opp >= 3
    }

    /// The direction a run starting at `pos` begins with, if it can start there at all.
    fn start(&self, pos: usize) -> Option<Run> {
        let value = self.value(pos);
        if value == 0 || self.own & (1 << pos) == 0 {
            return None;
        }
        let direction = if self.wormholes & (1 << pos) != 0 {
            Direction::Either
        } else {
            Direction::Up
        };
        Some(Run {
            len: 1,
            last: value,
            direction,
            used: 1 << pos,
            captured: 0,
        })
    }

    /// The run after adding the top card at `pos`, if that card can follow (ignoring whether
    /// the run can still capture).
    fn follow(&self, run: Run, pos: usize) -> Option<Run> {
        let value = self.value(pos);
        if value == 0 || run.used & (1 << pos) != 0 {
            return None;
        }
        let direction = match run.direction {
            Direction::Up if value == up(run.last) => Direction::Up,
            Direction::Down if value == down(run.last) => Direction::Down,
            Direction::Either if value == up(run.last) => Direction::Up,
            Direction::Either if value == down(run.last) => Direction::Down,
            _ => return None,
        };
        Some(Run {
            len: run.len.saturating_add(1),
            last: value,
            direction,
            used: run.used | 1 << pos,
            ..run
        })
    }

    /// Whether a run not yet at three cards can still be completed into one that captures:
    /// three cards of which one is the opponent's, or (three own cards) a fourth that is.
    fn can_capture(&self, run: Run) -> bool {
        let has_opp = run.used & !self.own != 0;
        if run.len >= 3 && has_opp {
            return true;
        }
        if run.len >= 4 {
            return false;
        }
        (0..6).any(|pos| {
            self.follow(run, pos)
                .is_some_and(|next| self.can_capture(next))
        })
    }

    /// Whether a capturing run can start at `pos`.
    pub(crate) fn run_start(&self, pos: usize) -> Option<Run> {
        self.start(pos).filter(|&run| self.can_capture(run))
    }

    /// The run after the top card at `pos` extends it, if it may.
    pub(crate) fn extend(&self, run: Run, pos: usize) -> Option<Run> {
        let next = self.follow(run, pos)?;
        if run.len < 3 {
            // Before the captures, only cards that keep a capturing run possible.
            self.can_capture(next).then_some(next)
        } else {
            Some(next)
        }
    }

    /// Whether any claim can be made.
    pub(crate) fn any_claim(&self) -> bool {
        (1..=7).any(|v| self.three_of_a_kind(v)) || (0..6).any(|pos| self.run_start(pos).is_some())
    }
}

impl BrainsHearts {
    /// Whether the seat to act can make any claim now.
    pub(crate) fn any_claim(&self) -> bool {
        Tops::of(self).any_claim()
    }

    /// Legal actions of the scoring phase: `three` by value, `run` by position, then `end`.
    pub(crate) fn scoring_actions(&self, out: &mut Vec<Action>) {
        let tops = Tops::of(self);
        for value in 1..=7 {
            if tops.three_of_a_kind(value) {
                out.push(Action::Three(value));
            }
        }
        for pos in Pos::ALL {
            if tops.run_start(pos.index()).is_some() {
                out.push(Action::Run(pos));
            }
        }
        out.push(Action::End);
    }

    /// Legal actions while a run is built: `extend` by position, then `stop` once it has
    /// captured.
    pub(crate) fn run_actions(&self, run: Run, out: &mut Vec<Action>) {
        let tops = Tops::of(self);
        for pos in Pos::ALL {
            if tops.extend(run, pos.index()).is_some() {
                out.push(Action::Extend(pos));
            }
        }
        if run.captured > 0 {
            out.push(Action::Stop);
        }
    }

    /// Claims three of a kind: every unlocked opponent top card of the value is captured.
    pub(crate) fn claim_three(&mut self, value: u8) -> Result<(), ActionError> {
        let tops = Tops::of(self);
        if !tops.three_of_a_kind(value) {
            return Err(ActionError::NoThreeOfAKind(value));
        }
        for pos in 0..6 {
            if tops.own & (1 << pos) == 0 && tops.value(pos) == value {
                self.capture(pos);
            }
        }
        self.after_claim();
        Ok(())
    }

    /// Starts a run.
    pub(crate) fn start_run(&mut self, pos: Pos) -> Result<(), ActionError> {
        let run = Tops::of(self)
            .run_start(pos.index())
            .ok_or(ActionError::CannotStartRun(pos))?;
        self.phase = Phase::Running(run);
        Ok(())
    }

    /// Adds a card to the run; at three cards the opponent cards in it are captured, and from
    /// then on an opponent card added is captured at once. A run that can go no further ends.
    pub(crate) fn extend_run(&mut self, run: Run, pos: Pos) -> Result<(), ActionError> {
        let tops = Tops::of(self);
        let mut next = tops
            .extend(run, pos.index())
            .ok_or(ActionError::CannotExtend(pos))?;
        let opponent = !tops.own & 0b11_1111;
        if next.len == 3 {
            for p in 0..6 {
                if next.used & opponent & (1 << p) != 0 {
                    self.capture(p);
                    next.captured = next.captured.saturating_add(1);
                }
            }
            next.used &= tops.own;
        } else if next.len > 3 && opponent & (1 << pos.index()) != 0 {
            self.capture(pos.index());
            next.captured = next.captured.saturating_add(1);
            next.used &= tops.own;
        }
        self.phase = Phase::Running(next);
        if next.len >= 3 {
            let after = Tops::of(self);
            if !(0..6).any(|p| after.extend(next, p).is_some()) {
                self.after_claim();
            }
        }
        Ok(())
    }

    /// Ends the run.
    pub(crate) fn stop_run(&mut self, run: Run) -> Result<(), ActionError> {
        if run.captured == 0 {
            return Err(ActionError::RunNotScored);
        }
        self.after_claim();
        Ok(())
    }

    /// After a claim: the scoring phase goes on while a claim can be made.
    fn after_claim(&mut self) {
        self.enter_scoring();
    }
}
