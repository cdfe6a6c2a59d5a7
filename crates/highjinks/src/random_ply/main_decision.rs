//! The Main decision (HJ16) counted kind by kind from the masks its listing reads, and the
//! action at one index of its listing built alone: a random ply (most plies are Main
//! decisions) draws among the Main actions without listing them.
//!
//! The kinds and their order are those of `main_actions` (`legal.rs`) and
//! `list_main_magic_of` (`legal/mana_sources.rs`): normal summons, special summons, retires,
//! sets, Conjuration, Interception, pairs, straights, four of a kind, the Archlord, Agent counter
//! flips, *Go to combat*, *End turn*. A kind of one card or zone is counted from its mask and
//! its action found among the mask's bits. A pair's spells, a straight and four of a kind are
//! announced without their sources (each source is a decision of its own, listed), so each is
//! counted from the ranks the sources hold. The rare kinds (the Archlord, flips), which cost
//! as much to count as to list, are listed into a count, and listed again to keep the one
//! drawn.
//!
//! The target has no bit-count instruction: small masks are counted a byte at a time from a
//! table.

use cards::Seat;

use crate::legal::mana_sources::ManaSources;
use crate::legal::sink::{Count, Nth};
use crate::table::action::{Action, Source, Spell};
use crate::table::card::{mask_cards, masks, CardMask};
use crate::table::state::State;

/// The kinds of the Main decision's spells and flips, in listing order (after *Set*).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MagicKind {
    /// Conjuration (§14).
    Conjure,
    /// Interception (§15).
    Intercept,
    /// A pair's Binary Spell (§21, HJ59).
    Pair,
    /// A straight (§22, HJ64).
    Straight,
    /// Four of a kind (§23, HJ68).
    Quad,
    /// The Archlord's spell (§25, HJ72).
    Archlord,
    /// An Agent counter flip (HJ51).
    Flip,
}

/// How many kinds of spell and flip the Main decision lists.
const MAGIC_KINDS: usize = 7;

#[cfg(test)]
impl MagicKind {
    /// Every kind, in listing order.
    pub const ALL: [MagicKind; MAGIC_KINDS] = [
        MagicKind::Conjure,
        MagicKind::Intercept,
        MagicKind::Pair,
        MagicKind::Straight,
        MagicKind::Quad,
        MagicKind::Archlord,
        MagicKind::Flip,
    ];
}

/// Rank index of the 6s (Conjuration).
const SIXES: usize = 4;
/// Rank index of the 7s (Interception).
const SEVENS: usize = 5;

/// Where the Main decision's spells and flips are counted: their sum for a ply, or each kind's
/// count apart (the tests compare them with the listing's).
pub(crate) trait Tally {
    /// `count` more actions of `kind`.
    fn add(&mut self, kind: MagicKind, count: u32);
}

impl Tally for u32 {
    #[inline(always)]
    fn add(&mut self, _: MagicKind, count: u32) {
        *self += count;
    }
}

impl Tally for [u32; MAGIC_KINDS] {
    #[inline]
    fn add(&mut self, kind: MagicKind, count: u32) {
        self[kind as usize] += count;
    }
}

impl State {
    /// The Main decision's action at the index `draw` picks among its count (called once
    /// with it), with that count: the action `main_actions` lists at that index (`None`,
    /// never, if it is not found). See the module's comment.
    #[inline(always)]
    pub(crate) fn pick_main(&self, draw: impl FnOnce(usize) -> usize) -> (usize, Option<Action>) {
        let seat = self.turn_seat;
        let side = self.side(seat);
        let agents = side.agent_sum;
        // HJ15: *Go to combat* while combat is allowed this turn and an Agent is untapped.
        let combat = usize::from(self.combat_allowed && agents.untapped != 0);
        // HJ18: the other top-level actions only while some are left.
        if !self.main_actions_left() {
            let index = draw(combat + 1);
            let action = if index < combat {
                Action::Combat
            } else {
                Action::EndTurn
            };
            return (combat + 1, Some(action));
        }
        // §5, HJ21, HJ23: each summonable Agent, normally while a summon is left, then
        // specially; a free Agent zone needed.
        // Worked out either way, then masked: no branch on whether a zone is free.
        let free = if agents.has_free() { CardMask::MAX } else { 0 };
        let summonable = self.summonable_agents(side) & free;
        let specials = agents_in(summonable);
        let summons = if self.summons_left > 0 { specials } else { 0 };
        // HJ20: each occupied Agent zone.
        let retires = ones8(agents.occupied) as usize;
        // §6: each settable identity in hand (3–10), a free Mana zone needed.
        let sources = ManaSources::of(side);
        let settable = if sources.has_free_zone() {
            side.hand.mask() & masks::SETTABLE
        } else {
            0
        };
        let sets = mana_in(settable);
        let mut spells = 0u32;
        self.count_main_magic(seat, &sources, agents.archlord_suits, &mut spells);
        let spells = spells as usize;
        let count = summons + specials + retires + sets + spells + combat + 1;
        let mut index = draw(count);
        let action = 'found: {
            if index < summons {
                break 'found mask_cards(summonable).nth(index).map(Action::Summon);
            }
            index -= summons;
            if index < specials {
                break 'found mask_cards(summonable).nth(index).map(Action::Special);
            }
            index -= specials;
            if index < retires {
                break 'found nth_bit(u64::from(agents.occupied), index).map(Action::Retire);
            }
            index -= retires;
            if index < sets {
                break 'found mask_cards(settable).nth(index).map(Action::Set);
            }
            index -= sets;
            if index < spells {
                let suits = agents.archlord_suits;
                break 'found self.main_magic_at(seat, &sources, suits, index);
            }
            index -= spells;
            Some(if index < combat {
                Action::Combat
            } else {
                Action::EndTurn
            })
        };
        (count, action)
    }

    /// Counts the Main decision's spells and flips into `tally`, kind by kind (as
    /// `list_main_magic_of` lists them), from the seat's Mana sources summed up and its
    /// Archlords' suits.
    #[inline(always)]
    pub(crate) fn count_main_magic(
        &self,
        seat: Seat,
        sources: &ManaSources,
        archlord_suits: CardMask,
        tally: &mut impl Tally,
    ) {
        let counts = sources.unit_counts();
        // §14, §15: each source worth 6, then each worth 7 (a rank without sources counts 0:
        // no branch on whether it has any).
        tally.add(MagicKind::Conjure, of_rank(counts, SIXES));
        tally.add(MagicKind::Intercept, of_rank(counts, SEVENS));
        // §21, HJ59: each spell a pair may cast (its sources are asked next).
        if sources.pairs != 0 {
            let castable = self.pair_spells(seat, sources);
            tally.add(
                MagicKind::Pair,
                castable.iter().map(|&c| u32::from(c)).sum(),
            );
        }
        // §22, HJ64: a straight, §23, HJ68: four of a kind, when the sources hold one.
        tally.add(MagicKind::Straight, u32::from(sources.straight_lows() != 0));
        tally.add(MagicKind::Quad, u32::from(sources.four_suits() != 0));
        // The rare kinds, listed into a count.
        if archlord_suits != 0 || sources.field.counters.agents != 0 {
            self.count_rare_magic(seat, sources, archlord_suits, tally);
        }
    }

    /// The Archlord's spells and the Agent counter flips, listed into counts.
    #[inline(never)]
    fn count_rare_magic(
        &self,
        seat: Seat,
        sources: &ManaSources,
        archlord_suits: CardMask,
        tally: &mut impl Tally,
    ) {
        let mut archlord = Count::default();
        self.list_archlord(seat, archlord_suits, &mut archlord);
        let mut flips = Count::default();
        self.list_flips(seat, sources, &mut flips);
        for (kind, count) in [(MagicKind::Archlord, archlord), (MagicKind::Flip, flips)] {
            tally.add(kind, u32::try_from(count.0).unwrap_or(u32::MAX));
        }
    }

    /// The spell or flip at `index` of those `count_main_magic` counts (as
    /// `list_main_magic_of` lists them), each kind counted again in turn until the one that
    /// holds it, which builds it: a pair or a straight by the code that lists those of its
    /// rank, a rare kind by the code that lists the rare kinds.
    #[inline(always)]
    pub(crate) fn main_magic_at(
        &self,
        seat: Seat,
        sources: &ManaSources,
        archlord_suits: CardMask,
        index: usize,
    ) -> Option<Action> {
        let mut index = index;
        let counts = sources.unit_counts();
        // §14, §15.
        for (value, r, wrap) in [
            (6, SIXES, Action::Conjure as fn(Source) -> Action),
            (7, SEVENS, Action::Intercept),
        ] {
            if sources.has(value) {
                let count = of_rank(counts, r) as usize;
                if index < count {
                    return nth_unit(sources, r, index).map(wrap);
                }
                index -= count;
            }
        }
        // §21, HJ59.
        if sources.pairs != 0 {
            let castable = self.pair_spells(seat, sources);
            for spell in Spell::ALL {
                if castable[spell as usize] {
                    if index == 0 {
                        return Some(Action::Cast(spell));
                    }
                    index -= 1;
                }
            }
        }
        // §22, HJ64; §23, HJ68.
        for (held, action) in [
            (sources.straight_lows() != 0, Action::Straight),
            (sources.four_suits() != 0, Action::Quad),
        ] {
            if held {
                if index == 0 {
                    return Some(action);
                }
                index -= 1;
            }
        }
        // The Archlord, flips: listed in order, the one at `index` kept.
        let mut nth = Nth::new(index);
        self.list_archlord(seat, archlord_suits, &mut nth);
        self.list_flips(seat, sources, &mut nth);
        nth.found
    }
}

/// How many units rank index `r` has, of the `counts` of [`ManaSources::unit_counts`].
#[inline(always)]
fn of_rank(counts: u64, r: usize) -> u32 {
    (counts.checked_shr(4 * r as u32).unwrap_or(0) & 0xF) as u32
}

/// The source of the `index`-th unit of rank index `r`.
#[inline]
fn nth_unit(sources: &ManaSources, r: usize, index: usize) -> Option<Source> {
    let bit = nth_bit(u64::from(sources.units(r)), index)?;
    Some(sources.unit(r, u32::from(bit)).1)
}

/// The index of the `index`-th set bit of `mask`, counted from the lowest.
#[inline]
pub(crate) fn nth_bit(mut mask: u64, index: usize) -> Option<u8> {
    for _ in 0..index {
        mask &= mask.wrapping_sub(1);
    }
    (mask != 0).then(|| mask.trailing_zeros() as u8)
}

/// The bits set in each byte value: a bit count without the instruction, which the target
/// lacks.
const ONES: [u8; 256] = {
    let mut ones = [0; 256];
    let mut i = 0;
    while i < 256 {
        ones[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    ones
};

/// The bits set in a byte.
#[inline(always)]
pub(crate) fn ones8(mask: u8) -> u32 {
    u32::from(ONES[usize::from(mask)])
}

/// The bits set in a 16-bit mask.
#[inline(always)]
fn ones16(mask: u16) -> u32 {
    ones8(mask as u8) + ones8((mask >> 8) as u8)
}

/// The identities of a card mask of Agents (bits 36–47 and 52).
#[inline(always)]
pub(crate) fn agents_in(mask: CardMask) -> usize {
    let agents = mask >> 36;
    (ones16(agents as u16) + ones8((agents >> 16) as u8)) as usize
}

/// The identities of a card mask of Mana cards 3–10 (bits 4–35).
#[inline(always)]
fn mana_in(mask: CardMask) -> usize {
    let mana = (mask >> 4) as u32;
    (ones16(mana as u16) + ones16((mana >> 16) as u16)) as usize
}

#[cfg(test)]
#[path = "main_decision_tests.rs"]
mod tests;
