//! The scoring phase (BH6): three of a kind (BH8) and runs built card by card (BH7), checked
//! against the kept [`Tops`].

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
    #[inline(never)]
    pub(crate) fn scoring_actions(&self, out: &mut Vec<Action>) {
        let tops = Tops::of(self);
        let mut triples = self.tops.triples();
        while triples != 0 {
            // The high bit of byte `v` stands for value `v`.
            let value = (triples.trailing_zeros() / 8) as u8;
            triples &= triples - 1;
            out.push(Action::Three(value));
        }
        let mut starts = tops.run_starts();
        while starts != 0 {
            let index = starts.trailing_zeros() as usize;
            starts &= starts - 1;
            if let Some(&pos) = Pos::ALL.get(index) {
                out.push(Action::Run(pos));
            }
        }
        out.push(Action::End);
    }

    /// Legal actions while a run is built: `extend` by position, then `stop` once it has
    /// captured.
    #[inline(never)]
    pub(crate) fn run_actions(&self, run: Run, out: &mut Vec<Action>) {
        let tops = Tops::of(self);
        let mut candidates = tops.candidates(run);
        // From three cards on, every card of the next value can follow.
        let checked = run.len < 3;
        while candidates != 0 {
            let index = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            if let Some(&pos) = Pos::ALL.get(index) {
                if !checked || tops.extend(run, index).is_some() {
                    out.push(Action::Extend(pos));
                }
            }
        }
        if run.captured > 0 {
            out.push(Action::Stop);
        }
    }

    /// Claims three of a kind: every unlocked opponent top card of the value is captured.
    #[inline(never)]
    pub(crate) fn claim_three(&mut self, value: u8) -> Result<(), ActionError> {
        let tops = Tops::of(self);
        if !tops.three_of_a_kind(value) {
            return Err(ActionError::NoThreeOfAKind(value));
        }
        let mut taken = self.tops.showing(value) & !tops.own & 0b11_1111;
        while taken != 0 {
            let pos = taken.trailing_zeros() as usize;
            taken &= taken - 1;
            self.capture(pos);
        }
        self.after_claim();
        Ok(())
    }

    /// Starts a run.
    #[inline(never)]
    pub(crate) fn start_run(&mut self, pos: Pos) -> Result<(), ActionError> {
        let run = Tops::of(self)
            .run_start(pos.index())
            .ok_or(ActionError::CannotStartRun(pos))?;
        self.phase = Phase::Running(run);
        Ok(())
    }

    /// Adds a card to the run; at three cards the opponent cards in it are captured, and from
    /// then on an opponent card added is captured at once. A run that can go no further ends.
    #[inline(never)]
    pub(crate) fn extend_run(&mut self, run: Run, pos: Pos) -> Result<(), ActionError> {
        let tops = Tops::of(self);
        let mut next = tops
            .extend(run, pos.index())
            .ok_or(ActionError::CannotExtend(pos))?;
        let own = tops.own;
        let opponent = !own & 0b11_1111;
        if next.len == 3 {
            let mut taken = next.used & opponent;
            while taken != 0 {
                let p = taken.trailing_zeros() as usize;
                taken &= taken - 1;
                self.capture(p);
                next.captured = next.captured.saturating_add(1);
            }
            next.used &= own;
        } else if next.len > 3 && opponent & (1 << pos.index()) != 0 {
            self.capture(pos.index());
            next.captured = next.captured.saturating_add(1);
            next.used &= own;
        }
        self.phase = Phase::Running(next);
        if next.len >= 3 && !Tops::of(self).can_extend(next) {
            self.after_claim();
        }
        Ok(())
    }

    /// Ends the run.
    #[inline(never)]
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
