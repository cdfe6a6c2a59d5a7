//! What the Main listing reads of a seat's Mana zones and face-up Damage Counters, summed up
//! whenever they change rather than at every listing.
//!
//! A seat's zones and counters change a few times a turn (a card set, paid, taken by Justice; a
//! counter dealt, flipped, healed), while the Main decision lists its Mana sources at almost
//! every ply: each change sums both up again ([`Side::refresh_sources`]), and a listing reads
//! the sum. The sum is derived, never saved: a loaded state rebuilds it (`settle_loaded`).

use crate::card::{masks, Card, CardMask};
use crate::field::{Counter, Side, LOSING_COUNTERS};
use crate::state::State;

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
        agents: 0,
    };

    /// The face-up counters of `side`.
    fn of(side: &Side) -> CounterSources {
        let mut out = CounterSources::NONE;
        let mut listed = 0;
        for c in &side.counters {
            if !c.face_up {
                continue;
            }
            let i = c.card.index();
            let bit: CardMask = 1 << i;
            if let Some(of_rank) = out.bits.get_mut(i / 4) {
                // A Mana card (index below 36): a source, listed where it first appears.
                if out.held & bit != 0 {
                    out.doubled |= bit;
                } else {
                    out.held |= bit;
                    if let Some(slot) = out.cards.get_mut(listed) {
                        *slot = c.card;
                        *of_rank |= 1 << listed;
                        listed += 1;
                    }
                }
            } else if bit & masks::AGENTS != 0 {
                out.agents |= bit;
            }
        }
        out
    }
}

/// A seat's Mana zones and face-up counters summed up (see the module's comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FieldSources {
    /// For each rank (index `value - 2`), its Mana zones, a bit per zone.
    pub zones: [u8; RANKS],
    /// The Mana zones holding a card, a bit per zone.
    pub occupied: u8,
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
        held: 0,
        doubled: 0,
        counters: CounterSources::NONE,
    };

    /// Sums up the zones and counters of `side`.
    fn of(side: &Side) -> FieldSources {
        let mut out = FieldSources::NONE;
        for (zone, mana) in side.mana.iter().enumerate() {
            if let Some(m) = mana {
                out.occupied |= 1 << zone;
                let i = m.card.index();
                // Mana cards only (index below 36: a rank 2–10).
                if let Some(of_rank) = out.zones.get_mut(i / 4) {
                    *of_rank |= 1 << zone;
                    out.doubled |= out.held & 1 << i;
                    out.held |= 1 << i;
                }
            }
        }
        if !side.counters.is_empty() {
            let counters = CounterSources::of(side);
            out.doubled |= out.held & counters.held | counters.doubled;
            out.held |= counters.held;
            out.counters = counters;
        }
        out
    }
}

impl Default for FieldSources {
    fn default() -> Self {
        FieldSources::NONE
    }
}

impl Side {
    /// Sums up the Mana zones and face-up counters again: called after any change of which
    /// card a zone holds, or of the counters (one dealt, flipped or healed).
    #[inline(never)]
    pub(crate) fn refresh_sources(&mut self) {
        self.sources = FieldSources::of(self);
    }
}

impl Side {
    /// Deals `card` as a face-up Damage Counter (§8).
    pub(crate) fn push_counter(&mut self, card: Card) {
        self.counters.push(Counter {
            card,
            face_up: true,
        });
        self.refresh_sources();
    }

    /// Takes back the counter dealt last (an Ace dealt as the losing counter is Redemption, HJ76).
    pub(crate) fn pop_counter(&mut self) {
        self.counters.pop();
        self.refresh_sources();
    }
}

impl State {
    /// [`Side::refresh_sources`] for every seat (after a determinisation rewrote face-down
    /// Mana cards).
    pub(crate) fn refresh_sources(&mut self) {
        for side in &mut self.sides {
            side.refresh_sources();
        }
    }
}
