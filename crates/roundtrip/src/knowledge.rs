//! What a seat remembers of cards in other hands: the cards stolen from it.
//!
//! A steal takes a card at random from the victim's hand (ruling RT2). The thief and the victim
//! see the card; the other seats see only that a card moved. So a seat knows some cards of other
//! hands: those stolen from it. It *tracks* each of them until the card leaves the hands (it is
//! played or discarded, face up, or the hand ends) or comes back to it.
//!
//! Where a tracked card is can become uncertain: when a third seat steals from a hand that holds
//! tracked cards, the tracking seat does not see which card went. Its knowledge is then a set of
//! possible *placements*: for each tracked card, the seat whose hand holds it. Every event
//! updates the set exactly:
//!
//! - a card stolen from the seat: a new tracked card, held by the thief in every placement;
//! - a steal it does not see, from `v` by `t`: each placement stays (an untracked card went, if
//!   `v` holds one there) or moves one tracked card of `v` to `t`;
//! - a card played or discarded by `s`: a tracked card must have been in `s`'s hand (the others
//!   placements go) and is no longer tracked; an untracked card rules out the placements where
//!   `s`'s whole hand was tracked cards;
//! - a steal of its own from `v`: the same, for the card it takes.
//!
//! The set is kept sorted and without duplicates, so equal knowledge is equal data. It has fixed
//! room ([`MAX_TRACKED`] cards, [`MAX_PLACEMENTS`] placements), which random games of six
//! players never fill (tested); if an update would overflow it, the oldest tracked card is
//! forgotten (the seat's knowledge becomes weaker, never wrong about the real game).

use cards::Seat;
use serde::{Deserialize, Serialize};

use crate::deck::TripCard;

/// Most tracked cards of one seat.
pub const MAX_TRACKED: usize = 12;
/// Most possible placements of one seat's tracked cards.
pub const MAX_PLACEMENTS: usize = 48;
/// Bits per tracked card in a placement: a seat number 0–5.
const BITS: u32 = 4;

/// A placement: the seat holding each tracked card, `BITS` bits per card, first card lowest.
type Placement = u64;

/// What one seat knows of the cards stolen from it (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knowledge {
    cards: [TripCard; MAX_TRACKED],
    tracked: u8,
    placements: [Placement; MAX_PLACEMENTS],
    count: u8,
}

impl Default for Knowledge {
    fn default() -> Self {
        Knowledge {
            cards: [TripCard(0); MAX_TRACKED],
            tracked: 0,
            placements: [0; MAX_PLACEMENTS],
            // One placement of no card: the empty knowledge.
            count: 1,
        }
    }
}

/// The seat holding tracked card `i` in placement `p`.
fn holder(p: Placement, i: usize) -> Seat {
    Seat(((p >> (BITS as usize * i)) & 0xf) as u8)
}

fn with_holder(p: Placement, i: usize, seat: Seat) -> Placement {
    let shift = BITS as usize * i;
    (p & !(0xf << shift)) | (u64::from(seat.0 & 0xf) << shift)
}

/// `p` without tracked card `i` (the cards after it move down one place).
fn without(p: Placement, i: usize) -> Placement {
    let shift = BITS as usize * i;
    let low = p & ((1u64 << shift) - 1);
    let high = p.checked_shr(shift as u32 + BITS).unwrap_or(0) << shift;
    low | high
}

impl Knowledge {
    /// The tracked cards, oldest first.
    pub fn cards(&self) -> &[TripCard] {
        &self.cards[..usize::from(self.tracked)]
    }

    /// The possible placements, each the seat holding every tracked card, in order.
    pub fn placements(&self) -> impl Iterator<Item = impl Iterator<Item = Seat>> + '_ {
        let tracked = usize::from(self.tracked);
        self.placements[..usize::from(self.count)]
            .iter()
            .map(move |&p| (0..tracked).map(move |i| holder(p, i)))
    }

    /// Whether nothing is tracked.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.tracked == 0
    }

    fn list(&self) -> &[Placement] {
        &self.placements[..usize::from(self.count)]
    }

    fn index_of(&self, card: TripCard) -> Option<usize> {
        self.cards().iter().position(|&c| c == card)
    }

    /// Tracked cards held by `seat` in placement `p`.
    fn held_by(&self, p: Placement, seat: Seat) -> usize {
        (0..usize::from(self.tracked))
            .filter(|&i| holder(p, i) == seat)
            .count()
    }

    /// Keeps the placements for which `keep` holds.
    fn retain(&mut self, mut keep: impl FnMut(&Knowledge, Placement) -> bool) {
        let mut kept = 0;
        for i in 0..usize::from(self.count) {
            let p = self.placements[i];
            if keep(self, p) {
                self.placements[kept] = p;
                kept += 1;
            }
        }
        self.count = kept as u8;
    }

    /// Sorts the placements and drops duplicates.
    fn normalise(&mut self) {
        let count = usize::from(self.count);
        self.placements[..count].sort_unstable();
        let mut kept = 0;
        for i in 0..count {
            if kept == 0 || self.placements[i] != self.placements[kept - 1] {
                self.placements[kept] = self.placements[i];
                kept += 1;
            }
        }
        self.count = kept as u8;
    }

    /// Stops tracking card `i`: it is gone from the hands, or forgotten.
    fn untrack(&mut self, i: usize) {
        let tracked = usize::from(self.tracked);
        if i >= tracked {
            return;
        }
        self.cards.copy_within(i + 1..tracked, i);
        self.tracked -= 1;
        for p in &mut self.placements[..usize::from(self.count)] {
            *p = without(*p, i);
        }
        self.normalise();
    }

    /// A card was stolen from this seat by `thief`.
    pub fn stolen_from_me(&mut self, card: TripCard, thief: Seat) {
        if usize::from(self.tracked) == MAX_TRACKED {
            self.untrack(0);
        }
        let i = usize::from(self.tracked);
        self.cards[i] = card;
        self.tracked += 1;
        for p in &mut self.placements[..usize::from(self.count)] {
            *p = with_holder(*p, i, thief);
        }
    }

    /// `seat` showed `card` from its hand (played or discarded it, or lost it to this seat's
    /// steal); its hand held `hand_size` cards just before.
    #[inline]
    pub fn left_hand(&mut self, seat: Seat, card: TripCard, hand_size: usize) {
        if self.tracked == 0 {
            return;
        }
        match self.index_of(card) {
            Some(i) => {
                self.retain(|_, p| holder(p, i) == seat);
                self.untrack(i);
            }
            // A seat holds at most every tracked card: with more cards in the hand than that,
            // every placement leaves it an untracked card to show, and none goes.
            None if hand_size > usize::from(self.tracked) => {}
            None => self.retain(|k, p| k.held_by(p, seat) < hand_size),
        }
    }

    /// `thief` took a card this seat did not see from `victim`, whose hand held `hand_size`
    /// cards just before.
    pub fn unseen_steal(&mut self, victim: Seat, thief: Seat, hand_size: usize) {
        if self.tracked == 0 {
            return;
        }
        loop {
            let mut next = [0 as Placement; MAX_PLACEMENTS];
            let mut len = 0;
            let mut overflow = false;
            for &p in self.list() {
                let mut push = |q: Placement| {
                    if !next[..len].contains(&q) {
                        match next.get_mut(len) {
                            Some(place) => {
                                *place = q;
                                len += 1;
                            }
                            None => overflow = true,
                        }
                    }
                };
                if self.held_by(p, victim) < hand_size {
                    push(p);
                }
                for i in 0..usize::from(self.tracked) {
                    if holder(p, i) == victim {
                        push(with_holder(p, i, thief));
                    }
                }
            }
            if !overflow {
                self.placements = next;
                self.count = len as u8;
                self.normalise();
                return;
            }
            self.untrack(0);
        }
    }

    /// The weight of a placement among the states it allows: the number of ways to put its
    /// tracked cards in the ordered hands, `∏ h!/(h − k)!` over seats holding `k` tracked cards
    /// in a hand of `h`. (The untracked hidden cards fill the other places in as many ways
    /// whatever the placement.)
    fn weight(&self, p: Placement, hand_size: impl Fn(Seat) -> usize) -> u64 {
        let mut weight = 1u64;
        let mut seen = 0u16;
        for i in 0..usize::from(self.tracked) {
            let seat = holder(p, i);
            if seen & (1 << seat.0) != 0 {
                continue;
            }
            seen |= 1 << seat.0;
            let h = hand_size(seat) as u64;
            let k = self.held_by(p, seat) as u64;
            for j in 0..k {
                weight = weight.saturating_mul(h.saturating_sub(j));
            }
        }
        weight
    }

    /// Draws a placement, each with the probability of the share of consistent states it
    /// allows; returns the holder of each tracked card through `place`.
    pub fn draw(
        &self,
        hand_size: impl Fn(Seat) -> usize + Copy,
        rng: &mut cards::GameRng,
        mut place: impl FnMut(TripCard, Seat),
    ) {
        let total: u64 = self
            .list()
            .iter()
            .map(|&p| self.weight(p, hand_size))
            .fold(0u64, u64::saturating_add);
        if total == 0 {
            return;
        }
        let mut pick = draw_below(rng, total);
        let chosen = self
            .list()
            .iter()
            .copied()
            .find(|&p| {
                let w = self.weight(p, hand_size);
                if pick < w {
                    true
                } else {
                    pick -= w;
                    false
                }
            })
            .unwrap_or(0);
        for (i, &card) in self.cards().iter().enumerate() {
            place(card, holder(chosen, i));
        }
    }

    /// Whether the real placement (`holder_of` each tracked card) is among the possible ones,
    /// and every placement names seats other than `me` below `seats` and fits the hand sizes.
    pub fn is_consistent(
        &self,
        me: Seat,
        seats: usize,
        hand_size: impl Fn(Seat) -> usize,
        holder_of: impl Fn(TripCard) -> Option<Seat>,
    ) -> bool {
        let tracked = usize::from(self.tracked);
        if tracked > MAX_TRACKED || self.count == 0 || usize::from(self.count) > MAX_PLACEMENTS {
            return false;
        }
        let cards = self.cards();
        if (1..tracked).any(|i| cards[..i].contains(&cards[i])) {
            return false;
        }
        let mut real = 0;
        for (i, &card) in cards.iter().enumerate() {
            match holder_of(card) {
                Some(seat) => real = with_holder(real, i, seat),
                None => return false,
            }
        }
        let unused = if tracked == 0 {
            0
        } else {
            u64::MAX << (BITS as usize * tracked)
        };
        let list = self.list();
        list.windows(2).all(|w| w[0] < w[1])
            && list.contains(&real)
            && list.iter().all(|&p| {
                p & unused == 0
                    && (0..tracked).all(|i| {
                        let s = holder(p, i);
                        s != me && s.index() < seats
                    })
                    && (0..seats)
                        .all(|s| self.held_by(p, Seat(s as u8)) <= hand_size(Seat(s as u8)))
            })
    }

    /// Keeps only the tracked cards that `keep` accepts, where they really are (`holder_of`).
    pub fn keep_only(&mut self, keep: impl Fn(TripCard) -> bool) {
        let mut i = 0;
        while i < usize::from(self.tracked) {
            if keep(self.cards[i]) {
                i += 1;
            } else {
                self.untrack(i);
            }
        }
    }

    /// Restricts the placements to those where `card` is held by `seat`.
    pub fn pin(&mut self, card: TripCard, seat: Seat) {
        if let Some(i) = self.index_of(card) {
            self.retain(|_, p| holder(p, i) == seat);
        }
    }
}

/// A uniform draw below `bound` (> 0) from the game's generator, for bounds beyond `u32`.
fn draw_below(rng: &mut cards::GameRng, bound: u64) -> u64 {
    match u32::try_from(bound) {
        Ok(small) => u64::from(rng.below(small)),
        Err(_) => {
            // Rejection from the top of the range keeps the draw uniform.
            let zone = u64::MAX - (u64::MAX % bound);
            loop {
                let x = rng.next_u64();
                if x < zone {
                    return x % bound;
                }
            }
        }
    }
}

/// The saved form: the tracked cards, and each placement as the list of their holders.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Saved {
    cards: Vec<TripCard>,
    placements: Vec<Vec<u8>>,
}

impl Serialize for Knowledge {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Saved {
            cards: self.cards().to_vec(),
            placements: self
                .placements()
                .map(|p| p.map(|seat| seat.0).collect())
                .collect(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Knowledge {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let saved = Saved::deserialize(d)?;
        if saved.cards.len() > MAX_TRACKED || saved.placements.len() > MAX_PLACEMENTS {
            return Err(D::Error::custom("too many tracked cards or placements"));
        }
        let mut k = Knowledge {
            tracked: saved.cards.len() as u8,
            count: saved.placements.len() as u8,
            ..Knowledge::default()
        };
        k.cards[..saved.cards.len()].copy_from_slice(&saved.cards);
        for (slot, holders) in k.placements.iter_mut().zip(&saved.placements) {
            if holders.len() != saved.cards.len() || holders.iter().any(|&s| s > 5) {
                return Err(D::Error::custom(
                    "a placement does not name a seat per card",
                ));
            }
            *slot = holders
                .iter()
                .enumerate()
                .fold(0, |p, (i, &s)| with_holder(p, i, Seat(s)));
        }
        Ok(k)
    }
}

/// What the seats' knowledge can learn from a card shown from a hand, summed up over the seats:
/// derived from the knowledge, never saved. A seat's knowledge changes only if it tracks the
/// card, or if some of its placements put as many tracked cards in the showing seat's hand as
/// the hand held (see [`Knowledge::left_hand`]: the card shown was then tracked in those), so a
/// card no seat tracks, shown from a hand larger than any placement's tracked cards in it,
/// teaches nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Watch {
    /// The cards some seat tracks, one bit a card number.
    cards: [u64; 4],
    /// For each seat, one byte a seat (the first seat lowest): the most tracked cards that one
    /// placement of one seat's knowledge puts in its hand (0: no seat tracks any card).
    held: u64,
}

/// The top bit of every byte of a word.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// The larger of each byte of `a` and `b`, bytes below 128.
fn bytewise_max(a: u64, b: u64) -> u64 {
    // A byte's top bit survives the subtraction where `a`'s byte is at least `b`'s (no borrow
    // crosses a byte: each difference stays within 0..=255 with the top bit set first).
    let at_least = ((a | HIGH_BITS) - b) & HIGH_BITS;
    let keep_a = (at_least >> 7) * 0xff;
    (a & keep_a) | (b & !keep_a)
}

impl Watch {
    /// The summary of every seat's knowledge.
    pub fn of<'a>(knowledge: impl IntoIterator<Item = &'a Knowledge>) -> Watch {
        let mut watch = Watch::default();
        for k in knowledge {
            for card in k.cards() {
                watch.cards[card.index() / 64] |= 1 << (card.index() % 64);
            }
            for &p in k.list() {
                // The tracked cards this placement puts in each hand, one byte a seat (at most
                // `MAX_TRACKED`, below 128; a holder is a seat 0-7, masked).
                let mut held = 0u64;
                for i in 0..usize::from(k.tracked) {
                    held += 1 << (8 * (holder(p, i).index() % 8));
                }
                watch.held = bytewise_max(watch.held, held);
            }
        }
        watch
    }

    /// Whether some seat tracks `card`.
    #[inline]
    pub fn tracks(&self, card: TripCard) -> bool {
        self.cards[card.index() / 64] >> (card.index() % 64) & 1 != 0
    }

    /// Whether some seat's knowledge may learn from `card` shown by `seat` from a hand that
    /// held `hand_size` cards (`false`: none does). When no seat tracks a card, as is most
    /// often the case, one word is tested.
    #[inline(always)]
    pub fn may_learn(&self, seat: Seat, card: TripCard, hand_size: usize) -> bool {
        self.held != 0
            && (hand_size <= (self.held >> (8 * (seat.index() % 8)) & 0xff) as usize
                || self.tracks(card))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placements(k: &Knowledge) -> Vec<Vec<u8>> {
        k.placements().map(|p| p.map(|s| s.0).collect()).collect()
    }

    #[test]
    fn a_steal_unseen_spreads_a_tracked_card_and_a_play_settles_it() {
        let mut k = Knowledge::default();
        k.stolen_from_me(TripCard(7), Seat(1));
        k.stolen_from_me(TripCard(9), Seat(1));
        assert_eq!(placements(&k), vec![vec![1, 1]]);
        // Seat 2 takes one of seat 1's five cards: at most one of ours went.
        k.unseen_steal(Seat(1), Seat(2), 5);
        // (Placements sort by their code, the first card in the lowest bits.)
        assert_eq!(placements(&k), vec![vec![1, 1], vec![2, 1], vec![1, 2]]);
        // Seat 2 plays card 9: it was with seat 2, so card 7 stayed with seat 1.
        k.left_hand(Seat(2), TripCard(9), 6);
        assert_eq!(k.cards(), &[TripCard(7)]);
        assert_eq!(placements(&k), vec![vec![1]]);
    }

    #[test]
    fn a_hand_of_only_tracked_cards_cannot_show_another() {
        let mut k = Knowledge::default();
        k.stolen_from_me(TripCard(3), Seat(2));
        k.unseen_steal(Seat(2), Seat(3), 1);
        // Seat 2 held only card 3, so it went to seat 3.
        assert_eq!(placements(&k), vec![vec![3]]);
        let mut k = Knowledge::default();
        k.stolen_from_me(TripCard(3), Seat(2));
        k.unseen_steal(Seat(2), Seat(3), 2);
        // Seat 3 discards another card while holding one card: card 3 is not with seat 3.
        k.left_hand(Seat(3), TripCard(40), 1);
        assert_eq!(placements(&k), vec![vec![2]]);
    }

    #[test]
    fn bytewise_max_takes_the_larger_byte_of_each_seat() {
        for a in 0..16u64 {
            for b in 0..16u64 {
                let (x, y) = (a * 0x0101_0101_0101_0101, (b << 56) | (b << 8) | 7);
                let expected = u64::from_le_bytes(std::array::from_fn(|i| {
                    x.to_le_bytes()[i].max(y.to_le_bytes()[i])
                }));
                assert_eq!(bytewise_max(x, y), expected);
            }
        }
    }

    #[test]
    fn overflowing_knowledge_forgets_the_oldest_card() {
        let mut k = Knowledge::default();
        for card in 0..MAX_TRACKED as u8 + 1 {
            k.stolen_from_me(TripCard(card), Seat(1));
        }
        assert_eq!(k.cards().len(), MAX_TRACKED);
        assert_eq!(k.cards()[0], TripCard(1));
        for _ in 0..4 {
            k.unseen_steal(Seat(1), Seat(2), 20);
            k.unseen_steal(Seat(2), Seat(3), 20);
        }
        assert!(usize::from(k.count) <= MAX_PLACEMENTS);
        assert!(k.is_consistent(Seat(0), 4, |_| 20, |_| Some(Seat(1))));
    }

    #[test]
    fn weights_count_the_states_of_each_placement() {
        let mut k = Knowledge::default();
        k.stolen_from_me(TripCard(1), Seat(1));
        k.unseen_steal(Seat(1), Seat(2), 5);
        // Seat 1 holds 5 cards, seat 2 holds 6: card 1 has 5 places with seat 1, 6 with seat 2.
        let sizes = |s: Seat| if s == Seat(1) { 5 } else { 6 };
        let list = k.list().to_vec();
        let weights: Vec<u64> = list.iter().map(|&p| k.weight(p, sizes)).collect();
        assert_eq!(weights, vec![5, 6]);
    }
}
