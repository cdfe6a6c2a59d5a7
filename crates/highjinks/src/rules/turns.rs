//! A turn's start and end (§3, §12, §27, HJ14, HJ34, HJ36, HJ38): the Draw Phase, the Main
//! Phase's counts reset, every card untapped, the next remaining seat, the turn bound.

use cards::{Seat, SeatSet};

use crate::table::field::{Mana, Side};
use crate::table::phase::Phase;
use crate::table::state::{Marks, State};

impl State {
    /// Starts `seat`'s turn (§3, §27, HJ14): the Draw Phase (skipped on a seat's first turn),
    /// then the Main Phase.
    pub fn begin_turn(&mut self, seat: Seat) {
        self.turn_seat = seat;
        self.summons_left = 1;
        self.main_actions = 0;
        self.marks = Marks::default();
        self.burned = SeatSet::EMPTY;
        self.evoked = 0;
        self.archlord_used = false;
        let first = !self.side(seat).has_played;
        self.combat_allowed = !first || seat == self.dealer();
        self.side_mut(seat).has_played = true;
        if !first {
            self.draw(seat);
            self.draw(seat);
        }
        self.phase = Phase::Main;
    }

    /// The End Phase (§12, HJ34, HJ36, HJ38): every tapped card untaps, the turn's counts
    /// reset, and the next remaining seat takes its turn, unless the turn bound is reached.
    pub fn end_turn(&mut self) {
        for side in &mut self.sides {
            untap(side);
        }
        self.turns += 1;
        if self.turns >= self.options.max_turns {
            self.finish(self.fewest_counters());
            return;
        }
        let players = self.players();
        let mut next = following(self.turn_seat, players);
        for _ in 0..players {
            if self.remains(next) {
                break;
            }
            next = following(next, players);
        }
        self.begin_turn(next);
    }

    /// The remaining seats with the fewest Damage Counters (HJ38).
    pub fn fewest_counters(&self) -> SeatSet {
        let fewest = self
            .sides
            .iter()
            .filter(|s| !s.eliminated)
            .map(|s| s.counters.len())
            .min();
        (0..self.players())
            .filter(|&i| !self.sides[i].eliminated && Some(self.sides[i].counters.len()) == fewest)
            .map(|i| Seat(i as u8))
            .collect()
    }
}

/// Untaps every card of a side (§12, HJ34): the Agents only when one is tapped (as its zones'
/// sum tells), the Mana zones all rewritten without a branch.
#[inline]
fn untap(side: &mut Side) {
    let sum = &mut side.agent_sum;
    if sum.untapped != sum.occupied {
        sum.untapped = sum.occupied;
        for agent in side.agents.iter_mut().flatten() {
            agent.tapped = false;
        }
    }
    // Each zone rewritten whether it holds a card or not: no branch on which zones do (which
    // zones hold a card, and whether any is tapped, vary too much to predict).
    for mana in &mut side.mana {
        *mana = mana.map(|m| Mana { tapped: false, ..m });
    }
}

/// The seat after `seat` at a table of `players` ([`Seat::next`]), without a division but
/// where it wraps past the last seat.
#[inline]
fn following(seat: Seat, players: usize) -> Seat {
    let next = seat.index() + 1;
    if next < players {
        Seat(next as u8)
    } else if next == players {
        Seat(0)
    } else {
        seat.next(players)
    }
}
