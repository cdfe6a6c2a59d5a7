//! Elections (HT4): the votes, their count, and The Student's choice on a tie.

use crate::table::{Phase, Table};
use crate::{Action, ActionError, Aspect};

/// The leaders of an election (a bit per aspect, HT4) by its four votes, seat `s`'s aspect in
/// bits `2s` and `2s + 1`.
const ELECTION_LEADERS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut cast = 0;
    while cast < 256 {
        let mut counts = [0u8; 4];
        let mut seat = 0;
        while seat < 4 {
            counts[(cast >> (2 * seat)) & 3] += 1;
            seat += 1;
        }
        let mut most = 0;
        let mut aspect = 0;
        while aspect < 4 {
            if counts[aspect] > most {
                most = counts[aspect];
            }
            aspect += 1;
        }
        let mut leaders = 0;
        let mut aspect = 0;
        while aspect < 4 {
            if counts[aspect] == most {
                leaders |= 1 << aspect;
            }
            aspect += 1;
        }
        table[cast] = leaders;
        cast += 1;
    }
    table
};

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

    /// HT4: most votes wins; a tie goes to The Student's choice among the leaders. With all
    /// four votes in (as an election always ends), the leaders are one load from a table.
    fn count_votes(&mut self) {
        let [Some(a), Some(b), Some(c), Some(d)] = self.votes else {
            return self.count_votes_one_by_one();
        };
        let cast = a as usize | (b as usize) << 2 | (c as usize) << 4 | (d as usize) << 6;
        self.last_votes = Some([a, b, c, d]);
        self.votes = [None; 4];
        self.follow_election(ELECTION_LEADERS[cast]);
    }

    /// The count of [`count_votes`](Table::count_votes) one vote at a time, a missing vote
    /// counting for no one (and revealed as The Student's).
    #[cold]
    fn count_votes_one_by_one(&mut self) {
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
        self.follow_election(leaders);
    }

    /// A single leader (a bit per aspect) pilots and plays; tied leaders await The Student's
    /// choice.
    #[inline]
    fn follow_election(&mut self, leaders: u8) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Options;

    /// The table's count agrees with the count one vote at a time for every way four seats can
    /// vote.
    #[test]
    fn every_election_counts_as_one_vote_at_a_time() {
        for cast in 0..256usize {
            let votes = std::array::from_fn(|seat| Some(Aspect::ALL[(cast >> (2 * seat)) & 3]));
            let mut fast = Table::new(Options::default(), 1);
            fast.votes = votes;
            fast.phase = Phase::Election { next: 3 };
            let mut slow = fast.clone();
            fast.count_votes();
            slow.count_votes_one_by_one();
            assert_eq!(fast, slow, "{votes:?}");
        }
    }
}
