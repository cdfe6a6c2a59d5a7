//! The Main decision (HJ16) counted kind by kind from the masks its listing reads, and the
//! action at one index of its listing built alone: a random ply (most plies are Main
//! decisions) draws among the Main actions without listing them.
//!
//! The kinds and their order are those of `main_actions` (`legal.rs`) and
//! `list_main_magic_of` (`legal/mana_sources.rs`): normal summons, special summons, retires,
//! sets, Conjuration, Interception, pairs, straights, four of a kind, the Archlord, Agent counter
//! flips, *Go to combat*, *End turn*. A kind of one card or zone is counted from its mask and
//! its action found among the mask's bits. Pairs and straights are counted rank by rank from
//! each rank's sources; the one drawn is built by the code that lists them
//! (`list_rank_pairs`, `list_straights`) for its rank alone, keeping the one at its index. The
//! rare kinds (four of a kind, the Archlord, flips), which cost as much to count as to list,
//! are listed into a count, and listed again to keep the one drawn.
//!
//! The target has no bit-count instruction: small masks are counted a byte at a time from a
//! table.

use cards::Seat;

use crate::legal::mana_sources::{list_all_quads, list_rank_pairs, sorted_keyed, ManaSources};
use crate::legal::sink::{Count, Nth};
use crate::table::action::{Action, Source, Spell};
use crate::table::card::{mask_cards, masks, Card, CardMask};
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
        // §21, HJ59: each pair of sources of one rank, with each spell it may cast.
        if sources.pairs != 0 {
            let spells = self.spells_offered_count(seat);
            let mut pairs = sources.pairs;
            while pairs != 0 {
                let r = (pairs.trailing_zeros() / 4) as usize;
                pairs &= pairs - 1;
                tally.add(MagicKind::Pair, rank_pairs(sources, counts, r, spells));
            }
        }
        // §22, HJ64: one source of each of three ranks in a row.
        let mut lows = straight_lows(sources);
        while lows != 0 {
            let low = (lows.trailing_zeros() / 4) as usize;
            lows &= lows - 1;
            tally.add(MagicKind::Straight, straights(counts, low));
        }
        // The rare kinds, listed into a count.
        if sources.four_suits() != 0 || archlord_suits != 0 || sources.field.counters.agents != 0 {
            self.count_rare_magic(seat, sources, archlord_suits, tally);
        }
    }

    /// Four of a kind, the Archlord's spells and the Agent counter flips, listed into counts.
    #[inline(never)]
    fn count_rare_magic(
        &self,
        seat: Seat,
        sources: &ManaSources,
        archlord_suits: CardMask,
        tally: &mut impl Tally,
    ) {
        let mut quads = Count::default();
        list_all_quads(sources, &mut quads);
        let mut archlord = Count::default();
        self.list_archlord(seat, archlord_suits, &mut archlord);
        let mut flips = Count::default();
        self.list_flips(seat, sources, &mut flips);
        for (kind, count) in [
            (MagicKind::Quad, quads),
            (MagicKind::Archlord, archlord),
            (MagicKind::Flip, flips),
        ] {
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
            let offered = self.spells_offered(seat);
            let spells = spell_counts(&offered);
            let mut pairs = sources.pairs;
            while pairs != 0 {
                let r = (pairs.trailing_zeros() / 4) as usize;
                pairs &= pairs - 1;
                let count = rank_pairs(sources, counts, r, spells) as usize;
                if index < count {
                    let mut nth = Nth::new(index);
                    list_rank_pairs(sources, r, &offered, &mut nth);
                    return nth.found;
                }
                index -= count;
            }
        }
        // §22, HJ64.
        let mut lows = straight_lows(sources);
        while lows != 0 {
            let low = (lows.trailing_zeros() / 4) as usize;
            lows &= lows - 1;
            let count = straights(counts, low) as usize;
            if index < count {
                return nth_straight(sources, counts, low, index);
            }
            index -= count;
        }
        // Four of a kind, the Archlord, flips: listed in order, the one at `index` kept.
        let mut nth = Nth::new(index);
        list_all_quads(sources, &mut nth);
        self.list_archlord(seat, archlord_suits, &mut nth);
        self.list_flips(seat, sources, &mut nth);
        nth.found
    }
}

/// The lowest ranks (bit `4 × rank`) of the straights: three ranks in a row held.
#[inline]
fn straight_lows(sources: &ManaSources) -> CardMask {
    let present = sources.present();
    present & present >> 4 & present >> 8
}

/// How many units rank index `r` has, of the `counts` of [`ManaSources::unit_counts`].
#[inline(always)]
fn of_rank(counts: u64, r: usize) -> u32 {
    (counts.checked_shr(4 * r as u32).unwrap_or(0) & 0xF) as u32
}

/// The straights whose lowest rank has index `low`: one unit of each of the three ranks.
#[inline]
fn straights(counts: u64, low: usize) -> u32 {
    of_rank(counts, low) * of_rank(counts, low + 1) * of_rank(counts, low + 2)
}

/// The straight at `index` of those whose lowest rank has index `low`, as `list_straights`
/// lists them: the units of the three ranks in nested loops (the lowest rank's outermost), each
/// payment sorted.
#[inline]
fn nth_straight(sources: &ManaSources, counts: u64, low: usize, index: usize) -> Option<Action> {
    let (b_count, c_count) = (
        of_rank(counts, low + 1) as usize,
        of_rank(counts, low + 2) as usize,
    );
    let (a, rest) = (
        index.checked_div(b_count * c_count)?,
        index.checked_rem(b_count * c_count)?,
    );
    let (b, c) = (rest.checked_div(c_count)?, rest.checked_rem(c_count)?);
    let unit = |r: usize, index: usize| {
        let bit = nth_bit(u64::from(sources.units(r)), index)?;
        Some(sources.unit(r, u32::from(bit)))
    };
    let pay = [unit(low, a)?, unit(low + 1, b)?, unit(low + 2, c)?];
    Some(Action::Straight(sorted_keyed(pay)))
}

/// The pairs of rank index `r` as `list_rank_pairs` lists them, each with the spells
/// `offered`: each two of its units, and a unit with itself when it stands for two copies (a
/// card held twice in hand, or shown by two face-up counters); a pair of counters banishes no
/// card (index 0 of `offered`), any other does (index 1).
#[inline(always)]
fn rank_pairs(sources: &ManaSources, counts: u64, r: usize, spells: [u32; 2]) -> u32 {
    let all = of_rank(counts, r);
    if !sources.any_counter() && sources.single_copies {
        return all * all.saturating_sub(1) / 2 * spells[1];
    }
    let counters = of_rank(sources.field.counters.units, r);
    let shift = 4 * r;
    let counters_twice = ones8((sources.field.counters.doubled >> shift & 0xF) as u8);
    let hand_twice = if sources.single_copies {
        0
    } else {
        let hand = sources.hand >> shift & 0xF;
        (0..4)
            .filter(|suit| hand >> suit & 1 != 0)
            .filter_map(|suit| Card::from_index(shift + suit))
            .filter(|&card| sources.side.hand.count(card) > 1)
            .count() as u32
    };
    let pairs = all * all.saturating_sub(1) / 2 + hand_twice + counters_twice;
    let of_counters = counters * counters.saturating_sub(1) / 2 + counters_twice;
    pairs.saturating_sub(of_counters) * spells[1] + of_counters * spells[0]
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

/// How many spells of `offered` a payment that banishes no card (index 0) or one (index 1)
/// may cast.
#[inline]
fn spell_counts(offered: &[[bool; Spell::ALL.len()]; 2]) -> [u32; 2] {
    offered.map(|spells| spells.iter().map(|&o| u32::from(o)).sum())
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
