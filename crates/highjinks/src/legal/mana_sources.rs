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

/// The first unit bit of a Mana zone (zone `z` is bit `ZONE_UNITS + z`).
const ZONE_UNITS: u32 = 4;

/// The first unit bit of a counter (the `k`-th counter identity is bit `COUNTER_UNITS + k`).
pub(crate) const COUNTER_UNITS: u32 = ZONE_UNITS + MANA_ZONES as u32;

/// A seat's Mana sources summed up by rank, with what the Main listing reads of its Mana
/// zones and counters besides.
///
/// A rank's sources are its *units*, a mask in listing order: bits 0–3 the suits of its hand
/// cards (canonical order), bits 4–9 its Mana zones, bits 10–15 its face-up counters, each
/// identity once, by where it first appears among the counters.
pub(crate) struct ManaSources<'a> {
    /// The identities of Mana cards in hand.
    pub(crate) hand: CardMask,
    /// The zones and face-up counters, summed up as they changed.
    pub(crate) field: &'a FieldSources,
    /// The identities of every source, in canonical order (bit `4 × rank + suit`).
    held: CardMask,
    /// Bit `4 × rank` set for each rank with two copies or more, every source counted.
    pub(crate) pairs: CardMask,
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
            hand,
            field,
            held,
            pairs,
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

    /// The lowest ranks (bit `4 × rank`) of the straights: three ranks in a row held.
    #[inline]
    pub(crate) fn straight_lows(&self) -> CardMask {
        let present = self.present();
        present & present >> 4 & present >> 8
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
}

/// The index of a value 2–10.
#[inline]
fn rank(value: u8) -> Option<usize> {
    usize::from(value).checked_sub(2).filter(|&r| r < RANKS)
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
            let castable = self.pair_spells(seat, sources);
            for spell in Spell::ALL {
                if castable[spell as usize] {
                    out.push(Action::Cast(spell));
                }
            }
        }
        // Straights (§22, HJ64): ranks v, v+1, v+2 within 2–10.
        if sources.straight_lows() != 0 {
            out.push(Action::Straight);
        }
        if sources.four_suits() != 0 {
            out.push(Action::Quad);
        }
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

    /// The spells a pair of the seat's sources may cast (§21, HJ59, HJ63, HJ97), by
    /// [`Spell`]: a spell offered after a payment that banishes no card, with any pair; one
    /// offered only after a payment that banishes a card, with a pair of a rank that has a
    /// source other than a counter.
    #[inline]
    pub(crate) fn pair_spells(&self, seat: Seat, sources: &ManaSources) -> [bool; 3] {
        let offered = self.spells_offered(seat);
        let mut banishing = false;
        let mut pairs = sources.pairs;
        while pairs != 0 {
            let r = (pairs.trailing_zeros() / 4) as usize;
            pairs &= pairs - 1;
            banishing |= sources.units(r) & ((1 << COUNTER_UNITS) - 1) != 0;
        }
        Spell::ALL
            .map(|spell| offered[0][spell as usize] || banishing && offered[1][spell as usize])
    }
}
