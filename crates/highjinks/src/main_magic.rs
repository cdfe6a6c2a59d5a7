//! The part-2 top-level Main actions (the decision catalogue's order after *Set*, HJ16):
//! Conjuration, Interception, pairs, straights, four of a kind, the Archlord, Agent counter
//! flips.
//!
//! Listing them is the Main decision's main cost, so the seat's Mana sources are first
//! summed up in one pass as bit masks (the identities held, the ranks held twice or more), and
//! the sources of a rank are gathered one by one only for the ranks that can pay something: a
//! 6 or a 7, a rank with two copies (a pair), three ranks in a row (a straight), four suits
//! (four of a kind).

use cards::Seat;

use crate::action::{Action, Source, Spell};
use crate::card::{mask_cards, masks, Card, CardMask, Kind};
use crate::field::{Side, MANA_ZONES};
use crate::magic_legal::Sink;
use crate::state::State;

/// Most sources of one rank a seat can hold: four suits in hand, six Mana zones and four suits
/// among its counters (identical copies in hand, or among the counters, are one source).
const MAX_PER_RANK: usize = 14;

/// Mana values 2–10: index `value - 2`.
const RANKS: usize = 9;

/// One Mana source of the seat, with its card and how many copies it stands for.
#[derive(Clone, Copy)]
pub(crate) struct Unit {
    /// Where it is.
    pub source: Source,
    /// The card.
    pub card: Card,
    /// Copies it stands for (a hand card or a counter held twice).
    pub copies: u8,
}

/// The sources of one rank: hand cards in canonical order, zones, then counters in the order
/// they were dealt.
pub(crate) struct RankUnits {
    units: [Unit; MAX_PER_RANK],
    len: u8,
}

impl RankUnits {
    /// The sources, in order.
    pub fn units(&self) -> &[Unit] {
        &self.units[..usize::from(self.len)]
    }

    /// Adds a source not there yet.
    #[inline]
    fn push_new(&mut self, source: Source, card: Card, copies: u8) {
        if let Some(slot) = self.units.get_mut(usize::from(self.len)) {
            *slot = Unit {
                source,
                card,
                copies,
            };
            self.len += 1;
        }
    }

    /// Adds a source (another copy of a counter already there adds to its copies).
    #[inline]
    fn push(&mut self, source: Source, card: Card, copies: u8) {
        let len = usize::from(self.len);
        if let Some(same) = self.units[..len].iter_mut().find(|u| u.source == source) {
            same.copies += copies;
        } else if let Some(slot) = self.units.get_mut(len) {
            *slot = Unit {
                source,
                card,
                copies,
            };
            self.len += 1;
        }
    }
}

/// A seat's Mana sources summed up by rank, with what the Main listing reads of its Mana
/// zones and counters besides.
pub(crate) struct ManaSources<'a> {
    side: &'a Side,
    /// The identities of Mana cards in hand.
    hand: CardMask,
    /// For each rank (index `value - 2`), its Mana zones, a bit per zone.
    zones: [u8; RANKS],
    /// The Mana zones holding a card, a bit per zone.
    occupied: u8,
    /// Whether a face-up Mana counter is among the seat's counters.
    any_counter: bool,
    /// The identities of the seat's face-up Agent counters (those it may flip, HJ51).
    agent_counters: CardMask,
    /// The identities of every source, in canonical order (bit `4 × rank + suit`).
    held: CardMask,
    /// Bit `4 × rank` set for each rank with two copies or more, every source counted.
    pairs: CardMask,
    /// Whether every Mana card in hand is held once.
    single_copies: bool,
}

/// The lowest bit of each rank's four.
const RANK_BITS: CardMask = 0x1_1111_1111;

impl<'a> ManaSources<'a> {
    /// Sums up the sources of `side` in one pass over its hand, Mana zones and counters.
    #[inline]
    pub fn of(side: &'a Side) -> ManaSources<'a> {
        let hand = side.hand.mask() & masks::MANA;
        // Ranks with two suits or more in hand, then with a card held twice.
        let mut pairs = (hand & (hand >> 1 | hand >> 2 | hand >> 3)
            | (hand >> 1) & (hand >> 2 | hand >> 3)
            | (hand >> 2) & (hand >> 3))
            & RANK_BITS;
        // A card held twice (rare: skipped when every Mana card in hand is a different one).
        let single_copies = !side.hand.holds_mana_twice();
        if !single_copies {
            for card in mask_cards(hand) {
                if side.hand.count(card) > 1 {
                    pairs |= 1 << (card.index() & !3);
                }
            }
        }
        let mut held = hand;
        let mut zones = [0u8; RANKS];
        let mut occupied = 0u8;
        for (zone, mana) in side.mana.iter().enumerate() {
            if let Some(m) = mana {
                occupied |= 1 << zone;
                let i = m.card.index();
                // Mana cards only (index below 36: a rank 2–10).
                if let Some(of_rank) = zones.get_mut(i / 4) {
                    *of_rank |= 1 << zone;
                    let low = i & !3;
                    pairs |= CardMask::from(held >> low & 0xF != 0) << low;
                    held |= 1 << i;
                }
            }
        }
        let mut any_counter = false;
        let mut agent_counters: CardMask = 0;
        for c in &side.counters {
            if c.face_up {
                let i = c.card.index();
                match c.card.kind() {
                    Kind::Mana => {
                        any_counter = true;
                        let low = i & !3;
                        pairs |= CardMask::from(held >> low & 0xF != 0) << low;
                        held |= 1 << i;
                    }
                    Kind::Agent => agent_counters |= 1 << i,
                    Kind::Ace => {}
                }
            }
        }
        ManaSources {
            side,
            hand,
            zones,
            occupied,
            any_counter,
            agent_counters,
            held,
            pairs,
            single_copies,
        }
    }

    /// Whether a Mana zone is free (HJ9).
    #[inline]
    pub fn has_free_zone(&self) -> bool {
        usize::from(self.occupied) != (1 << MANA_ZONES) - 1
    }

    /// Whether a source is worth `value` (2–10).
    #[inline]
    pub fn has(&self, value: u8) -> bool {
        rank(value).is_some_and(|r| self.held >> (4 * r) & 0xF != 0)
    }

    /// The ranks (bit `4 × rank`) that at least one source has.
    #[inline]
    fn present(&self) -> CardMask {
        let h = self.held;
        (h | h >> 1 | h >> 2 | h >> 3) & RANK_BITS
    }

    /// The ranks (bit `4 × rank`) that have all four suits among the sources.
    #[inline]
    fn four_suits(&self) -> CardMask {
        let h = self.held;
        h & h >> 1 & h >> 2 & h >> 3 & RANK_BITS
    }

    /// Calls `f` with each source of cards worth `value` (2–10), in listing order (the order
    /// of [`ManaSources::rank`], without gathering them).
    #[inline]
    fn for_each(&self, value: u8, mut f: impl FnMut(Source)) {
        let Some(r) = rank(value) else {
            return;
        };
        for card in mask_cards(self.hand & (0xF << (4 * r))) {
            f(Source::Hand(card));
        }
        let mut zones = self.zones[r];
        while zones != 0 {
            let zone = zones.trailing_zeros() as u8;
            zones &= zones - 1;
            f(Source::Zone(zone));
        }
        if self.any_counter {
            // Each identity once, where it first appears.
            let mut seen: CardMask = 0;
            for c in self.side.counters.iter().filter(|c| c.face_up) {
                let bit = 1 << c.card.index();
                if c.card.mana_value() == Some(value) && seen & bit == 0 {
                    seen |= bit;
                    f(Source::Counter(c.card));
                }
            }
        }
    }

    /// The sources of cards worth `value` (2–10), in listing order.
    pub fn rank(&self, value: u8) -> RankUnits {
        let blank = Unit {
            source: Source::Zone(0),
            card: Card::JOKER,
            copies: 0,
        };
        let mut out = RankUnits {
            units: [blank; MAX_PER_RANK],
            len: 0,
        };
        let Some(r) = rank(value) else {
            return out;
        };
        for card in mask_cards(self.hand & (0xF << (4 * r))) {
            out.push_new(Source::Hand(card), card, self.side.hand.count(card));
        }
        let mut zones = self.zones[r];
        while zones != 0 {
            let zone = zones.trailing_zeros() as usize;
            zones &= zones - 1;
            if let Some(m) = self.side.mana[zone] {
                out.push_new(Source::Zone(zone as u8), m.card, 1);
            }
        }
        if self.any_counter {
            for c in self.side.counters.iter().filter(|c| c.face_up) {
                if c.card.mana_value() == Some(value) {
                    out.push(Source::Counter(c.card), c.card, 1);
                }
            }
        }
        out
    }
}

/// The index of a value 2–10.
#[inline]
fn rank(value: u8) -> Option<usize> {
    usize::from(value).checked_sub(2).filter(|&r| r < RANKS)
}

/// The sources in [`Source`]'s order (a sorting network on small keys that order as the
/// sources do).
#[inline]
fn sorted<const N: usize>(mut sources: [Source; N]) -> [Source; N] {
    let mut keys = sources.map(order_key);
    for i in 1..N {
        let mut j = i;
        while j > 0 && keys[j - 1] > keys[j] {
            keys.swap(j - 1, j);
            sources.swap(j - 1, j);
            j -= 1;
        }
    }
    sources
}

/// A key that orders sources as [`Source`]'s `Ord` does: hand, zone, counter, each by card or
/// zone.
#[inline]
fn order_key(source: Source) -> u16 {
    match source {
        Source::Hand(card) => card.index() as u16,
        Source::Zone(zone) => 0x100 | u16::from(zone),
        Source::Counter(card) => 0x200 | card.index() as u16,
    }
}

impl State {
    /// The part-2 top-level Main actions (the catalogue's order after *Set*): Conjuration,
    /// Interception, pairs, straights, four of a kind, the Archlord, Agent counter flips.
    pub(crate) fn list_main_magic(&self, seat: Seat, out: &mut impl Sink) {
        let side = self.side(seat);
        let archlord_suits = side.archlord_suits();
        self.list_main_magic_of(seat, &ManaSources::of(side), archlord_suits, out);
    }

    /// [`State::list_main_magic`] from the seat's sources summed up and the suits of its
    /// Archlords, which the Main listing worked out already.
    #[inline]
    pub(crate) fn list_main_magic_of(
        &self,
        seat: Seat,
        sources: &ManaSources,
        archlord_suits: CardMask,
        out: &mut impl Sink,
    ) {
        if sources.has(6) {
            sources.for_each(6, |source| out.push(Action::Conjure(source)));
        }
        if sources.has(7) {
            sources.for_each(7, |source| out.push(Action::Intercept(source)));
        }
        self.list_pairs(seat, sources, out);
        // Straights (§22, HJ64): ranks v, v+1, v+2 within 2–10.
        let present = sources.present();
        let mut lows = present & present >> 4 & present >> 8;
        while lows != 0 {
            let low = (lows.trailing_zeros() / 4) as u8 + 2;
            lows &= lows - 1;
            // Walked straight from the masks: a rank rarely has more than one source, so
            // walking the higher ranks again for each source below costs less than gathering.
            sources.for_each(low, |a| {
                sources.for_each(low + 1, |b| {
                    sources.for_each(low + 2, |c| {
                        out.push(Action::Straight(sorted([a, b, c])));
                    });
                });
            });
        }
        // Four of a kind (§23, HJ68): one of each suit.
        let mut quads = sources.four_suits();
        while quads != 0 {
            let value = (quads.trailing_zeros() / 4) as u8 + 2;
            quads &= quads - 1;
            list_quads(&sources.rank(value), out);
        }
        if archlord_suits != 0 {
            self.list_archlord(seat, archlord_suits, out);
        }
        // Agent counter flips (HJ51).
        for counter in mask_cards(sources.agent_counters) {
            self.list_abilities(
                seat,
                counter,
                |ability| Action::Flip { counter, ability },
                out,
            );
        }
    }

    /// Pairs (§21, HJ59), rank by rank, each with the spells it may cast.
    fn list_pairs(&self, seat: Seat, sources: &ManaSources, out: &mut impl Sink) {
        if sources.pairs == 0 {
            return;
        }
        // Which spells could act once a pair is paid, by whether it banishes a card (HJ97).
        let offered = self.spells_offered(seat);
        let mut pairs = sources.pairs;
        while pairs != 0 {
            let value = (pairs.trailing_zeros() / 4) as u8 + 2;
            pairs &= pairs - 1;
            if !sources.any_counter && sources.single_copies {
                list_single_pairs(sources, value, &offered[1], out);
                continue;
            }
            let rank = sources.rank(value);
            let of = rank.units();
            for (i, a) in of.iter().enumerate() {
                for b in &of[i..] {
                    if a.source == b.source && a.copies < 2 {
                        continue;
                    }
                    let pay = sorted([a.source, b.source]);
                    let banishes = pay.iter().any(|s| !matches!(s, Source::Counter(_)));
                    for spell in Spell::ALL {
                        if offered[usize::from(banishes)][spell as usize] {
                            out.push(Action::Cast { spell, pay });
                        }
                    }
                }
            }
        }
    }
}

/// The pairs of one rank when no counter is a source and every hand card is held once: the
/// sources (hand cards in canonical order, then zones ascending) are then distinct, already in
/// [`Source`]'s order, and each banishes a card, so each two of them, in order, are a payment
/// as [`State::list_pairs`] would list it.
fn list_single_pairs(
    sources: &ManaSources,
    value: u8,
    offered: &[bool; Spell::ALL.len()],
    out: &mut impl Sink,
) {
    let Some(r) = rank(value) else {
        return;
    };
    let mut of = [Source::Zone(0); 4 + MANA_ZONES];
    let mut len = 0;
    let hand = mask_cards(sources.hand & (0xF << (4 * r))).map(Source::Hand);
    let mut zones = sources.zones[r];
    let zones = std::iter::from_fn(|| {
        (zones != 0).then(|| {
            let zone = zones.trailing_zeros() as u8;
            zones &= zones - 1;
            Source::Zone(zone)
        })
    });
    for (slot, source) in of.iter_mut().zip(hand.chain(zones)) {
        *slot = source;
        len += 1;
    }
    let of = &of[..len];
    for (i, &a) in of.iter().enumerate() {
        for &b in &of[i + 1..] {
            for spell in Spell::ALL {
                if offered[spell as usize] {
                    out.push(Action::Cast { spell, pay: [a, b] });
                }
            }
        }
    }
}

/// Four of a kind from the sources of one rank that holds all four suits.
fn list_quads(rank: &RankUnits, out: &mut impl Sink) {
    let of = rank.units();
    let suit_of = |u: &Unit| u.card.suit().map_or(4, cards::Suit::index);
    let of_suit = |suit: usize| of.iter().filter(move |u| suit_of(u) == suit);
    for a in of_suit(0) {
        for b in of_suit(1) {
            for c in of_suit(2) {
                for d in of_suit(3) {
                    out.push(Action::Quad(sorted([
                        a.source, b.source, c.source, d.source,
                    ])));
                }
            }
        }
    }
}
