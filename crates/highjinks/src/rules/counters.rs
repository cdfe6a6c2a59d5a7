//! Damage Counters dealt, and the elimination a sixth one brings (§8, §26).

use cards::{Seat, SeatSet};

use crate::table::card::Kind;
use crate::table::sizes::{LOSING_COUNTERS, MAX_SEATS};
use crate::table::state::State;
use crate::table::suit_places::{DrawnPlaces, SuitPlaces};
use crate::table::whereabouts::Whereabouts;

impl State {
    /// Deals one Damage Counter to `seat` from the Deck, `dealer` being the seat that dealt it
    /// (HJ29). Checks the loss at once (HJ28, HJ89): Redemption for an Ace (HJ76), otherwise
    /// elimination. Nothing happens when no card can be had (HJ81).
    pub fn deal_counter(&mut self, seat: Seat, dealer: Option<Seat>) {
        if !self.remains(seat) {
            return;
        }
        let Some(card) = self.take_top(None) else {
            return;
        };
        let side = self.side_mut(seat);
        side.push_counter(card);
        if side.counters.len() >= LOSING_COUNTERS {
            if card.kind() == Kind::Ace {
                side.pop_counter();
                self.give_publicly(seat, card);
            } else {
                self.eliminate(seat, dealer);
            }
        }
        self.refresh_table();
    }

    /// Eliminates a seat (§26, HJ74, HJ88, HJ94, HJ95): its hand goes to the seat that dealt the
    /// final counter when two or more seats remain, or is discarded; its field goes to the
    /// Bench and the Boneyard, its counters to the Void. The last seat standing wins.
    pub fn eliminate(&mut self, seat: Seat, dealer: Option<Seat>) {
        if !self.remains(seat) {
            return;
        }
        self.side_mut(seat).eliminated = true;
        if seat == self.turn_seat {
            self.marks.hand.clear();
            self.marks.zones = 0;
        }
        let receiver = dealer.filter(|&d| self.remains(d) && self.remaining() >= 2);
        // Face-down Mana is revealed as it leaves: settled before the hand passes on (HJ88).
        for zone in 0..crate::table::sizes::MANA_ZONES {
            if let Some(m) = self.sides[seat.index()].mana[zone].take() {
                if !m.face_up {
                    self.revealed_from_zone(seat, zone, m.card);
                }
                self.boneyard.add(m.card);
            }
        }
        let side = &mut self.sides[seat.index()];
        let hand = std::mem::take(&mut side.hand);
        let agents = std::mem::take(&mut side.agents);
        side.refresh_agents();
        let known = std::mem::take(&mut side.known);
        let seers = std::mem::take(&mut side.seers);
        let seen = std::mem::take(&mut side.seen);
        side.known_at = Whereabouts::HAND_ONLY;
        side.seen_at = [Whereabouts::HAND_ONLY; MAX_SEATS];
        let lacks = std::mem::take(&mut side.lacks);
        let suits = std::mem::take(&mut side.suits);
        side.suits_at = SuitPlaces::HAND_ONLY;
        let drawn = std::mem::take(&mut side.drawn);
        side.drawn_at = DrawnPlaces::HAND_ONLY;
        for counter in side.counters.drain(..) {
            self.void.add(counter.card);
        }
        side.refresh_sources();
        for agent in agents.iter().flatten() {
            self.bench.push(agent.card);
        }
        match receiver {
            Some(receiver) => {
                // HJ85: what each seat knew of the lost hand it now knows of the receiver's,
                // in the hand (the face-down Mana was revealed first, HJ88).
                let to = self.side_mut(receiver);
                to.hand.add_all(&hand);
                for s in crate::knowledge::seers(seers | to.seers) {
                    if s == receiver.index() {
                        continue;
                    }
                    if to.seers >> s & 1 == 0 {
                        to.seen[s] = to.known;
                        to.seen_at[s] = to.known_at;
                        to.seers |= 1 << s;
                    }
                    let theirs = if seers >> s & 1 == 1 {
                        &seen[s]
                    } else {
                        &known
                    };
                    for card in theirs.iter() {
                        to.seen_at[s].entered(card, to.seen[s].count(card));
                        to.seen[s].add(card);
                    }
                }
                for card in known.iter() {
                    to.known_at.entered(card, to.known.count(card));
                    to.known.add(card);
                }
                to.lacks &= lacks;
                for (mine, theirs) in to.suits.iter_mut().zip(suits) {
                    *mine = mine.saturating_add(theirs);
                }
                to.drawn.add_all(&drawn);
            }
            None => {
                for card in hand.iter() {
                    self.discard(card);
                }
            }
        }
        if self.remaining() == 1 {
            if let Some(last) = (0..self.players()).find(|&i| !self.sides[i].eliminated) {
                self.finish(SeatSet::from_iter([Seat(last as u8)]));
            }
        }
    }
}
