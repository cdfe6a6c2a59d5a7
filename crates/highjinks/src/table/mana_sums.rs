//! What the Main listing reads of a seat's Mana zones and face-up Damage Counters, summed up
//! whenever they change rather than at every listing.
//!
//! A seat's zones and counters change a few times a turn (a card set, paid, taken by Justice; a
//! counter dealt, flipped, healed), while the Main decision lists its Mana sources at almost
//! every ply: each change sums both up again (`Side::refresh_sources` in `field_updates.rs`),
//! and a listing reads the sum. The sum is derived, never saved: a loaded state rebuilds it (`settle_loaded`).

use crate::table::card::{masks, Card, CardMask};
use crate::table::sizes::{LOSING_COUNTERS, MANA_ZONES};

/// Mana values 2–10: index `value - 2`.
pub(crate) const RANKS: usize = 9;

/// A seat's face-up counters: Mana counters as sources, Agent counters to flip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CounterSources {
    /// The identities of the face-up Mana counters.
    pub held: CardMask,
    /// The identities among them that more than one counter shows.
    pub doubled: CardMask,
    /// For each rank, its counters: bit `k` for `cards[k]`.
    pub bits: [u8; RANKS],
    /// The face-up Mana counters' identities, each once, in the order they first appear.
    pub cards: [Card; LOSING_COUNTERS],
    /// For each rank, how many of `cards` it has (nibble `r`, at most four: one per suit).
    pub units: u64,
    /// How many of `cards` are listed.
    pub len: u8,
    /// The identities of the face-up Agent counters (those the seat may flip, HJ51).
    pub agents: CardMask,
}

impl CounterSources {
    /// No counter.
    pub const NONE: CounterSources = CounterSources {
        held: 0,
        doubled: 0,
        bits: [0; RANKS],
        cards: [Card::JOKER; LOSING_COUNTERS],
        units: 0,
        len: 0,
        agents: 0,
    };

    /// One more face-up counter, after those summed up.
    #[inline]
    pub(crate) fn add(&mut self, card: Card) {
        let i = card.index();
        let bit: CardMask = 1 << i;
        if let Some(of_rank) = self.bits.get_mut(i / 4) {
            // A Mana card (index below 36): a source, listed where it first appears.
            if self.held & bit != 0 {
                self.doubled |= bit;
            } else {
                self.held |= bit;
                if let Some(slot) = self.cards.get_mut(usize::from(self.len)) {
                    *slot = card;
                    *of_rank |= 1 << self.len;
                    self.units += 1 << (i / 4 * 4);
                    self.len += 1;
                }
            }
        } else if bit & masks::AGENTS != 0 {
            self.agents |= bit;
        }
    }
}

impl CounterSources {
    /// The face-up Mana counter `card`, the only one showing it, is gone: it leaves the list,
    /// the cards after it move up. Returns false, changing nothing, unless it was listed
    /// alone.
    pub(crate) fn drop_single(&mut self, card: Card) -> bool {
        let i = card.index();
        let bit: CardMask = 1 << i;
        let len = usize::from(self.len);
        let listed = self
            .cards
            .get(..len)
            .and_then(|l| l.iter().position(|&c| c == card));
        let Some(at) = listed.filter(|_| self.doubled & bit == 0 && i < RANKS * 4) else {
            return false;
        };
        self.cards.copy_within(at + 1..len, at);
        self.cards[len - 1] = Card::JOKER;
        for of_rank in &mut self.bits {
            let below = *of_rank & ((1 << at) - 1);
            *of_rank = below | (*of_rank >> (at + 1) << at);
        }
        self.units -= 1 << (i / 4 * 4);
        self.len -= 1;
        self.held &= !bit;
        true
    }
}

/// A seat's Mana zones and face-up counters summed up (see the module's comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FieldSources {
    /// For each rank (index `value - 2`), its Mana zones, a bit per zone.
    pub zones: [u8; RANKS],
    /// The Mana zones holding a card, a bit per zone.
    pub occupied: u8,
    /// The Mana zones holding a card that is not a Mana card 2–10 (none, in a game checked
    /// on loading: §6 sets only cards 3–10), a bit per zone.
    pub others: u8,
    /// For each rank, how many Mana zones hold one (nibble `r`, at most six).
    pub zone_units: u64,
    /// The identities of the Mana cards in the zones and among the face-up counters.
    pub held: CardMask,
    /// The identities among them held twice or more (zones and counters together).
    pub doubled: CardMask,
    /// The face-up counters.
    pub counters: CounterSources,
}

impl FieldSources {
    /// No Mana zone occupied, no counter.
    pub const NONE: FieldSources = FieldSources {
        zones: [0; RANKS],
        occupied: 0,
        others: 0,
        zone_units: 0,
        held: 0,
        doubled: 0,
        counters: CounterSources::NONE,
    };
}

impl FieldSources {
    /// `card` in Mana zone `zone` (0–5), which the sum had empty.
    #[inline]
    pub(crate) fn add_zone(&mut self, zone: usize, card: Card) {
        let bit = 1u8.checked_shl(zone as u32).unwrap_or(0);
        self.occupied |= bit;
        let i = card.index();
        // Mana cards only (index below 36: a rank 2–10).
        if let Some(of_rank) = self.zones.get_mut(i / 4) {
            *of_rank |= bit;
            self.zone_units += 1 << (i / 4 * 4);
            self.doubled |= self.held & 1 << i;
            self.held |= 1 << i;
        } else {
            self.others |= bit;
        }
    }

    /// Whether a Mana zone is free (HJ9).
    #[inline]
    pub(crate) fn has_free_zone(&self) -> bool {
        usize::from(self.occupied) != (1 << MANA_ZONES) - 1
    }

    /// The lowest free Mana zone (HJ9), as
    /// [`Side::free_mana_zone`](crate::table::field::Side::free_mana_zone) finds it: the lowest
    /// bit clear in the sum, with no loop over the zones.
    #[inline]
    pub(crate) fn lowest_free_zone(&self) -> Option<usize> {
        lowest_free(self.occupied, MANA_ZONES)
    }
}

/// The lowest of `zones` zones whose bit is clear in the sum `occupied` (HJ9: a card enters
/// the lowest free zone), with no loop over the zones.
#[inline]
pub(crate) fn lowest_free(occupied: u8, zones: usize) -> Option<usize> {
    let zone = (!occupied).trailing_zeros() as usize;
    (zone < zones).then_some(zone)
}

impl Default for FieldSources {
    fn default() -> Self {
        FieldSources::NONE
    }
}
