//! Elections (HT4): the votes, their count, and The Student's choice on a tie.

use crate::table::{Phase, Table};
use crate::{Action, ActionError, Aspect};

impl Table {
    /// In an election, seat `next` votes (HT4); the last vote counts them.
    #[inline]
    pub(crate) fn vote(&mut self, next: u8, action: Action) -> Result<(), ActionError> {
        let Action::Vote(aspect) = action else {
            return Err(self.refusal(self.phase, action));
        };
        if let Some(slot) = self.votes.get_mut(usize::from(next)) {
            *slot = Some(aspect);
        }
        if next + 1 < 4 {
            self.phase = Phase::Election { next: next + 1 };
        } else {
            self.count_votes();
        }
        Ok(())
    }

    /// The Student breaks a tie among `leaders` (a bit per aspect) by choosing the pilot.
    #[inline]
    pub(crate) fn break_tie(&mut self, leaders: u8, action: Action) -> Result<(), ActionError> {
        let Action::Choose(aspect) = action else {
            return Err(self.refusal(self.phase, action));
        };
        if leaders & (1 << aspect as u8) == 0 {
            return Err(ActionError::NotALeader(aspect));
        }
        self.pilot = aspect;
        self.phase = Phase::Play;
        Ok(())
    }

    /// Opens an election (HT4): no votes yet, the first seat to vote.
    pub(crate) fn open_election(&mut self) {
        self.votes = [None; 4];
        self.phase = Phase::Election { next: 0 };
    }

    /// HT4: most votes wins; a tie goes to The Student's choice among the leaders.
    fn count_votes(&mut self) {
        // A byte of counts per aspect, and the leaders as a bit per aspect, without branches
        // on the votes.
        let mut packed = 0u32;
        let mut revealed = [Aspect::Student; 4];
        for (seat, vote) in self.votes.iter().enumerate() {
            if let Some(aspect) = *vote {
                packed += 1 << (8 * aspect as u32);
                revealed[seat] = aspect;
            }
        }
        self.last_votes = Some(revealed);
        self.votes = [None; 4];
        let [a, b, c, d] = packed.to_le_bytes();
        let most = a.max(b).max(c.max(d));
        let leaders = u8::from(a == most)
            | u8::from(b == most) << 1
            | u8::from(c == most) << 2
            | u8::from(d == most) << 3;
        if leaders.count_ones() == 1 {
            self.pilot = Aspect::ALL[leaders.trailing_zeros() as usize & 3];
            self.phase = Phase::Play;
        } else {
            self.phase = Phase::TieBreak { leaders };
        }
    }
}

/// Pushes onto `out` a choice of each leader of a tied election (a bit per aspect), in aspect
/// order.
#[inline]
pub(crate) fn push_leaders(out: &mut Vec<Action>, leaders: u8) {
    for aspect in Aspect::ALL {
        if leaders & (1 << aspect as u8) != 0 {
            out.push(Action::Choose(aspect));
        }
    }
}
