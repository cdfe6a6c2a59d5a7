//! The Main decision's magic actions, listed from the seat's Mana sources summed up by rank
//! ([`ManaSources`]): in the decision catalogue's order after *Set* (HJ16), Conjuration,
//! Interception, pairs, straights, four of a kind, the Archlord, Agent counter flips.
//!
//! Listing them is the Main decision's main cost, so the seat's Mana sources are first
//! summed up in one pass as bit masks (the identities held, the ranks held twice or more, each
//! rank's sources as a small mask of *units*), and the payments are walked from the masks for
//! the ranks that can pay something: a 6 or a 7, a rank with two copies (a pair), three ranks
//! in a row (a straight), four suits (four of a kind).

use cards::Seat;

use crate::legal::sink::Sink;
use crate::table::action::{Action, Source, Spell};
use crate::table::card::{mask_cards, masks, Card, CardMask};
use crate::table::field::Side;
use crate::table::mana_sums::{FieldSources, RANKS};
use crate::table::sizes::MANA_ZONES;
use crate::table::state::State;

/// Most sources of one rank a seat can hold: four suits in hand, six Mana zones and four suits
/// among its counters (identical copies in hand, or among the counters, are one source).
const MAX_PER_RANK: usize = 14;

/// The first unit bit of a Mana zone (zone `z` is bit `ZONE_UNITS + z`).
const ZONE_UNITS: u32 = 4;

/// The first unit bit of a counter (the `k`-th counter identity is bit `COUNTER_UNITS + k`).
pub(crate) const COUNTER_UNITS: u32 = ZONE_UNITS + MANA_ZONES as u32;

/// One Mana source of the seat, with its card.
#[derive(Clone, Copy)]
pub(crate) struct Unit {
    /// Where it is.
    pub source: Source,
    /// The card.
    pub card: Card,
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
}

/// A seat's Mana sources summed up by rank, with what the Main listing reads of its Mana
/// zones and counters besides.
///
/// A rank's sources are its *units*, a mask in listing order: bits 0–3 the suits of its hand
/// cards (canonical order), bits 4–9 its Mana zones, bits 10–15 its face-up counters, each
/// identity once, by where it first appears among the counters.
pub(crate) struct ManaSources<'a> {
    pub(crate) side: &'a Side,
    /// The identities of Mana cards in hand.
    pub(crate) hand: CardMask,
    /// The zones and face-up counters, summed up as they changed.
    pub(crate) field: &'a FieldSources,
    /// The identities of every source, in canonical order (bit `4 × rank + suit`).
    held: CardMask,
    /// Bit `4 × rank` set for each rank with two copies or more, every source counted.
    pub(crate) pairs: CardMask,
    /// Whether every Mana card in hand is held once.
    pub(crate) single_copies: bool,
}

/// The lowest bit of each rank's four.
const RANK_BITS: CardMask = 0x1_1111_1111;

impl<'a> ManaSources<'a> {
    /// Sums up the sources of `side`: its hand, with its zones and counters as summed up when
    /// they last changed (inlined: the sum is read in place, not returned through memory).
    #[inline(always)]
    pub fn of(side: &'a Side) -> ManaSources<'a> {
        let hand = side.hand.mask() & masks::MANA;
        let field = &side.sources;
        // The identities held in two places or more (a card held twice in hand is rare:
        // skipped when every Mana card in hand is a different one).
        let mut doubled = field.doubled | hand & field.held;
        let single_copies = !side.hand.holds_mana_twice();
        if !single_copies {
            for card in mask_cards(hand) {
                if side.hand.count(card) > 1 {
                    doubled |= 1 << card.index();
                }
            }
        }
        let held = hand | field.held;
        // A rank with two copies: two identities of it (both of one half of its four bits, or
        // one of each half), or one held twice.
        let (both, either) = (held & held >> 1, held | held >> 1);
        let twice = doubled | doubled >> 1;
        let pairs = (both | both >> 2 | either & either >> 2 | twice | twice >> 2) & RANK_BITS;
        ManaSources {
            side,
            hand,
            field,
            held,
            pairs,
            single_copies,
        }
    }

    /// How many units each rank has (nibble `r` for rank index `r`: at most four hand
    /// suits, six zones and four counter suits, so at most 14): the hand's suits counted a
    /// nibble at a time, the zones' and counters' as summed up.
    #[inline]
    pub(crate) fn unit_counts(&self) -> u64 {
        let pairs = (self.hand & 0x5555_5555_5555_5555) + (self.hand >> 1 & 0x5555_5555_5555_5555);
        let hand = (pairs & 0x3333_3333_3333_3333) + (pairs >> 2 & 0x3333_3333_3333_3333);
        hand + self.field.zone_units + self.field.counters.units
    }

    /// Whether a face-up Mana counter is among the seat's sources.
    #[inline]
    pub(crate) fn any_counter(&self) -> bool {
        self.field.counters.held != 0
    }

    /// Whether a Mana zone is free (HJ9).
    #[inline]
    pub fn has_free_zone(&self) -> bool {
        self.field.has_free_zone()
    }

    /// Whether a source is worth `value` (2–10).
    #[inline]
    pub fn has(&self, value: u8) -> bool {
        rank(value).is_some_and(|r| self.held >> (4 * r) & 0xF != 0)
    }

    /// The ranks (bit `4 × rank`) that at least one source has.
    #[inline]
    pub(crate) fn present(&self) -> CardMask {
        let either = self.held | self.held >> 1;
        (either | either >> 2) & RANK_BITS
    }

    /// The ranks (bit `4 × rank`) that have all four suits among the sources.
    #[inline]
    pub(crate) fn four_suits(&self) -> CardMask {
        let both = self.held & self.held >> 1;
        both & both >> 2 & RANK_BITS
    }

    /// The units of rank index `r` (value `r + 2`): see [`ManaSources`].
    #[inline]
    pub(crate) fn units(&self, r: usize) -> u16 {
        let (Some(&zones), Some(&counters)) =
            (self.field.zones.get(r), self.field.counters.bits.get(r))
        else {
            return 0;
        };
        (self.hand >> (4 * r) & 0xF) as u16
            | u16::from(zones) << ZONE_UNITS
            | u16::from(counters) << COUNTER_UNITS
    }

    /// Unit `bit` of rank index `r`: its source, with a key that orders sources as
    /// [`Source`]'s `Ord` does (hand, zone, counter, each by card or zone).
    #[inline]
    pub(crate) fn unit(&self, r: usize, bit: u32) -> (u16, Source) {
        if bit < ZONE_UNITS {
            let index = 4 * r + bit as usize;
            let card = Card::from_index(index).unwrap_or(Card::JOKER);
            (index as u16, Source::Hand(card))
        } else if bit < COUNTER_UNITS {
            let zone = (bit - ZONE_UNITS) as u8;
            (0x100 | u16::from(zone), Source::Zone(zone))
        } else {
            let k = (bit - COUNTER_UNITS) as usize;
            let card = self
                .field
                .counters
                .cards
                .get(k)
                .copied()
                .unwrap_or(Card::JOKER);
            (0x200 | card.index() as u16, Source::Counter(card))
        }
    }

    /// How many copies unit `bit` of rank index `r` stands for.
    #[inline]
    fn copies(&self, r: usize, bit: u32) -> u8 {
        if bit < ZONE_UNITS {
            Card::from_index(4 * r + bit as usize).map_or(0, |card| self.side.hand.count(card))
        } else if bit < COUNTER_UNITS {
            1
        } else {
            // Counted when asked (a pair of one counter's copies is rare).
            let k = (bit - COUNTER_UNITS) as usize;
            let card = self.field.counters.cards.get(k).copied();
            let copies = self.side.counters.iter();
            copies.filter(|c| c.face_up && Some(c.card) == card).count() as u8
        }
    }

    /// Calls `f` with each source of cards worth `value` (2–10), in listing order.
    #[inline]
    fn for_each(&self, value: u8, mut f: impl FnMut(Source)) {
        let Some(r) = rank(value) else {
            return;
        };
        let mut units = self.units(r);
        while units != 0 {
            let bit = units.trailing_zeros();
            units &= units - 1;
            f(self.unit(r, bit).1);
        }
    }

    /// The sources of cards worth `value` (2–10), in listing order.
    pub fn rank(&self, value: u8) -> RankUnits {
        let blank = Unit {
            source: Source::Zone(0),
            card: Card::JOKER,
        };
        let mut out = RankUnits {
            units: [blank; MAX_PER_RANK],
            len: 0,
        };
        let Some(r) = rank(value) else {
            return out;
        };
        let mut units = self.units(r);
        while units != 0 {
            let bit = units.trailing_zeros();
            units &= units - 1;
            let source = self.unit(r, bit).1;
            let card = match source {
                Source::Hand(card) | Source::Counter(card) => card,
                Source::Zone(zone) => self
                    .side
                    .mana
                    .get(usize::from(zone))
                    .copied()
                    .flatten()
                    .map_or(Card::JOKER, |m| m.card),
            };
            if let Some(slot) = out.units.get_mut(usize::from(out.len)) {
                *slot = Unit { source, card };
                out.len += 1;
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
fn sorted<const N: usize>(sources: [Source; N]) -> [Source; N] {
    sorted_keyed(sources.map(|source| (order_key(source), source)))
}

/// Sources sorted on their keys (an insertion sort).
#[inline]
pub(crate) fn sorted_keyed<const N: usize>(mut units: [(u16, Source); N]) -> [Source; N] {
    for i in 1..N {
        let mut j = i;
        while j > 0 && units[j - 1].0 > units[j].0 {
            units.swap(j - 1, j);
            j -= 1;
        }
    }
    units.map(|(_, source)| source)
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
        let archlord_suits = side.agent_sum.archlord_suits;
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
        if sources.pairs != 0 {
            self.list_pairs(seat, sources, out);
        }
        // Straights (§22, HJ64): ranks v, v+1, v+2 within 2–10.
        let present = sources.present();
        let mut lows = present & present >> 4 & present >> 8;
        while lows != 0 {
            let low = (lows.trailing_zeros() / 4) as usize;
            lows &= lows - 1;
            list_straights(sources, low, out);
        }
        list_all_quads(sources, out);
        if archlord_suits != 0 {
            self.list_archlord(seat, archlord_suits, out);
        }
        self.list_flips(seat, sources, out);
    }

    /// Agent counter flips (HJ51): each face-up Agent counter's abilities with their targets.
    #[inline]
    pub(crate) fn list_flips(&self, seat: Seat, sources: &ManaSources, out: &mut impl Sink) {
        for counter in mask_cards(sources.field.counters.agents) {
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
        // Which spells could act once a pair is paid, by whether it banishes a card (HJ97).
        let offered = self.spells_offered(seat);
        let mut pairs = sources.pairs;
        while pairs != 0 {
            let r = (pairs.trailing_zeros() / 4) as usize;
            pairs &= pairs - 1;
            list_rank_pairs(sources, r, &offered, out);
        }
    }
}

/// The pairs of rank index `r` (value `r + 2`), each with the spells `offered` after a payment
/// that banishes a card (index 1) or not (index 0), as [`State::list_pairs`] lists them.
#[inline(always)]
pub(crate) fn list_rank_pairs(
    sources: &ManaSources,
    r: usize,
    offered: &[[bool; Spell::ALL.len()]; 2],
    out: &mut impl Sink,
) {
    if !sources.any_counter() && sources.single_copies {
        list_single_pairs(sources, r, &offered[1], out);
        return;
    }
    let units = sources.units(r);
    let mut a_units = units;
    while a_units != 0 {
        let a_bit = a_units.trailing_zeros();
        let a = sources.unit(r, a_bit);
        // Each unit with itself (when it stands for two copies), then with the later.
        let mut b_units = a_units;
        a_units &= a_units - 1;
        if sources.copies(r, a_bit) < 2 {
            b_units &= b_units - 1;
        }
        while b_units != 0 {
            let b_bit = b_units.trailing_zeros();
            b_units &= b_units - 1;
            let b = sources.unit(r, b_bit);
            let pay = sorted_keyed([a, b]);
            let banishes = a_bit < COUNTER_UNITS || b_bit < COUNTER_UNITS;
            for spell in Spell::ALL {
                if offered[usize::from(banishes)][spell as usize] {
                    out.push(Action::Cast { spell, pay });
                }
            }
        }
    }
}

/// The pairs of rank index `r` when no counter is a source and every hand card is held once:
/// its units are then distinct sources, already in [`Source`]'s order, and each banishes a
/// card, so each two of them, in order, are a payment as [`State::list_pairs`] would list it.
fn list_single_pairs(
    sources: &ManaSources,
    r: usize,
    offered: &[bool; Spell::ALL.len()],
    out: &mut impl Sink,
) {
    let mut a_units = sources.units(r);
    while a_units != 0 {
        let (_, a) = sources.unit(r, a_units.trailing_zeros());
        a_units &= a_units - 1;
        let mut b_units = a_units;
        while b_units != 0 {
            let (_, b) = sources.unit(r, b_units.trailing_zeros());
            b_units &= b_units - 1;
            for spell in Spell::ALL {
                if offered[spell as usize] {
                    out.push(Action::Cast { spell, pay: [a, b] });
                }
            }
        }
    }
}

/// The straights whose lowest rank has index `low` (value `low + 2`): one unit of each of the
/// three ranks, in listing order, each payment sorted on keys worked out once a unit.
pub(crate) fn list_straights(sources: &ManaSources, low: usize, out: &mut impl Sink) {
    let (mut a_units, b_all, c_all) = (
        sources.units(low),
        sources.units(low + 1),
        sources.units(low + 2),
    );
    while a_units != 0 {
        let a = sources.unit(low, a_units.trailing_zeros());
        a_units &= a_units - 1;
        let mut b_units = b_all;
        while b_units != 0 {
            let b = sources.unit(low + 1, b_units.trailing_zeros());
            b_units &= b_units - 1;
            let mut c_units = c_all;
            while c_units != 0 {
                let c = sources.unit(low + 2, c_units.trailing_zeros());
                c_units &= c_units - 1;
                out.push(Action::Straight(sorted_keyed([a, b, c])));
            }
        }
    }
}

/// Four of a kind (§23, HJ68): one of each suit, rank by rank.
#[inline]
pub(crate) fn list_all_quads(sources: &ManaSources, out: &mut impl Sink) {
    let mut quads = sources.four_suits();
    while quads != 0 {
        let value = (quads.trailing_zeros() / 4) as u8 + 2;
        quads &= quads - 1;
        list_quads(&sources.rank(value), out);
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
