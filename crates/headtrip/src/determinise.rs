//! Determinisation: a state drawn uniformly among those consistent with one seat's view.
//!
//! What a seat does not see: the order of the challenge deck below the revealed card, the
//! votes other seats cast in the election under way, and for every other aspect which of its
//! action cards are in its hand and which lie in each of its face-down plays. Everything else is
//! public or the seat's own. Each of these is drawn independently and uniformly:
//!
//! - the hidden challenges: a uniform shuffle;
//! - each vote already cast by another seat: one of the four aspects, uniformly;
//! - each other aspect's cards: its *unseen* cards (hand and face-down plays together) are split
//!   uniformly among all the splits in which every face-down play has its number of cards and
//!   totals less than the challenge it failed, and the rest form the hand.
//!
//! The split is drawn by rejection (shuffle the unseen cards, deal them to the plays in order,
//! accept if every play fails its challenge), which is exact; after [`REJECTION_TRIES`] misses
//! it switches to an exact sequential draw that counts the completions of every choice. A
//! mixture of two exact uniform draws is uniform, and the true split is never kept as a
//! fallback. Nothing is allocated: the unseen cards of an aspect are at most its nine action
//! cards, and its face-down plays at most nine.

use cards::{Card, GameRng, Rank, Seat};

use crate::table::{row_of, Phase, Played, Table, ROW_CAPACITY};
use crate::Aspect;

/// Shuffles tried before the exact sequential draw (cheap when the failures' totals leave room;
/// the exact draw is for tight ones).
pub(crate) const REJECTION_TRIES: u32 = 4;

/// Most unseen cards or face-down plays of one aspect: its nine action cards.
const MAX_UNSEEN: usize = 9;

/// A face-down play to refill: where it lies, how many cards, and the challenge rank its
/// total stays below.
#[derive(Clone, Copy, Default)]
struct Slot {
    row: usize,
    position: usize,
    cards: u8,
    below: u8,
}

/// The unseen cards of one aspect and its face-down plays.
struct Unseen {
    ranks: [u8; MAX_UNSEEN],
    len: usize,
    slots: [Slot; MAX_UNSEEN],
    slot_count: usize,
}

/// Draws everything hidden from `observer` in `t` anew (see the module docs).
pub(crate) fn determinise(t: &mut Table, observer: Seat, rng: &mut GameRng) {
    t.rng = rng.fork();
    let hidden_from = usize::from(t.next) + usize::from(t.challenge().is_some());
    // What is hidden is put in a canonical order before it is shuffled, so that the draw depends
    // on the view and the generator only, never on the true order of the deck or of the cards.
    if let Some(hidden) = t.deck.get_mut(hidden_from..) {
        hidden.sort_unstable();
        rng.shuffle(hidden);
    }
    if let Phase::Election { next } = t.phase {
        for (seat, vote) in t.votes.iter_mut().enumerate().take(usize::from(next)) {
            if seat != observer.index() {
                *vote = Some(Aspect::ALL[rng.index(4)]);
            }
        }
    }
    // The rank of the challenge each tableau entry answers, row by row, found once.
    let mut targets = [[0u8; ROW_CAPACITY]; 3];
    let mut filled = [0usize; 3];
    for challenge in &t.deck[..usize::from(t.next)] {
        if let (Some(row), Some(rank)) = (challenge.suit().and_then(row_of), challenge.rank()) {
            if let Some(slot) = targets[row].get_mut(filled[row]) {
                *slot = rank.value();
                filled[row] += 1;
            }
        }
    }
    for aspect in Aspect::ALL {
        if aspect.seat() != observer {
            redeal(t, &targets, aspect, rng);
        }
    }
}

/// The unseen cards of `aspect`: its hand and its face-down plays (`targets`: the challenge
/// rank of each tableau entry).
fn unseen(t: &Table, targets: &[[u8; ROW_CAPACITY]; 3], aspect: Aspect) -> Unseen {
    let mut u = Unseen {
        ranks: [0; MAX_UNSEEN],
        len: 0,
        slots: [Slot::default(); MAX_UNSEEN],
        slot_count: 0,
    };
    let push = |u: &mut Unseen, rank: u8| {
        if let Some(place) = u.ranks.get_mut(u.len) {
            *place = rank;
            u.len += 1;
        }
    };
    for rank in 2..=10u8 {
        if t.hands[aspect.index()] & (1 << rank) != 0 {
            push(&mut u, rank);
        }
    }
    for (row, entries) in t.rows.iter().enumerate() {
        for (position, (placed, &below)) in entries.iter().zip(&targets[row]).enumerate() {
            if placed.is_face_up() || placed.card.owner() != Some(aspect) {
                continue;
            }
            for card in placed.card.cards() {
                push(&mut u, card.rank().map_or(0, Rank::value));
            }
            if let Some(slot) = u.slots.get_mut(u.slot_count) {
                *slot = Slot {
                    row,
                    position,
                    cards: 1 + u8::from(placed.card.second.is_some()),
                    below,
                };
                u.slot_count += 1;
            }
        }
    }
    u
}

/// Re-deals the unseen cards of `aspect` uniformly among the consistent splits.
fn redeal(t: &mut Table, targets: &[[u8; ROW_CAPACITY]; 3], aspect: Aspect, rng: &mut GameRng) {
    let mut u = unseen(t, targets, aspect);
    u.ranks[..u.len].sort_unstable();
    let slots = &u.slots[..u.slot_count];
    // The rank bits given to each face-down play, in slot order.
    let mut chosen = [0u16; MAX_UNSEEN];
    let mut found = false;
    for _ in 0..REJECTION_TRIES {
        rng.shuffle(&mut u.ranks[..u.len]);
        let mut next = 0;
        found = slots.iter().zip(chosen.iter_mut()).all(|(slot, bits)| {
            let take = usize::from(slot.cards);
            let cards = u.ranks.get(next..next + take).unwrap_or(&[]);
            next += take;
            *bits = cards.iter().fold(0, |b, &r| b | 1 << r);
            cards.len() == take
                && cards.iter().map(|&r| u16::from(r)).sum::<u16>() < slot.below.into()
        });
        if found {
            break;
        }
    }
    let all = u.ranks[..u.len].iter().fold(0u16, |b, &r| b | 1 << r);
    if !found && !sequential_draw(all, slots, &mut chosen, rng) {
        // No split fits: the state was not reachable by the rules (loading checks prevent it).
        return;
    }
    let suit = aspect.suit();
    let mut hand = all;
    for (slot, &bits) in slots.iter().zip(&chosen) {
        hand &= !bits;
        let low = bits.trailing_zeros() as u8;
        let high = 15 - bits.leading_zeros() as u8;
        let play = Played {
            first: card(low, suit),
            second: (slot.cards == 2).then(|| card(high, suit)),
        };
        if let Some(placed) = t.rows[slot.row].get_mut(slot.position) {
            placed.card = play;
        }
    }
    t.hands[aspect.index()] = hand;
}

fn card(rank: u8, suit: cards::Suit) -> Card {
    Card::new(Rank::from_value(rank).unwrap_or(Rank::Two), suit)
}

/// Memo of completion counts by the set of ranks still free (bits 2–10, so 512 sets). The set
/// also tells which slot is next: every slot takes at least one card, so the number of cards
/// used is a different prefix sum of the slots' sizes for every slot. `u32::MAX` is "not
/// counted yet"; counts are at most 9! and fit.
type Memo = [u32; 512];

/// The exact draw: for each slot in turn, every fitting choice of cards is weighted by the
/// number of ways to complete the remaining slots with the cards left, and one is drawn in
/// proportion. Returns false if no split fits.
fn sequential_draw(
    all: u16,
    slots: &[Slot],
    chosen: &mut [u16; MAX_UNSEEN],
    rng: &mut GameRng,
) -> bool {
    let mut memo: Memo = [u32::MAX; 512];
    let mut free = all;
    if completions(0, free, slots, &mut memo) == 0 {
        return false;
    }
    for (i, slot) in slots.iter().enumerate() {
        let total = completions(i, free, slots, &mut memo);
        let mut pick = rng.below(total);
        let mut taken = None;
        for_each_choice(*slot, free, |bits| {
            if taken.is_some() {
                return;
            }
            let ways = completions(i + 1, free & !bits, slots, &mut memo);
            if pick < ways {
                taken = Some(bits);
            } else {
                pick -= ways;
            }
        });
        let Some(bits) = taken else {
            return false;
        };
        if let Some(c) = chosen.get_mut(i) {
            *c = bits;
        }
        free &= !bits;
    }
    true
}

/// Ways to fill `slots[i..]` from the ranks in `free`.
fn completions(i: usize, free: u16, slots: &[Slot], memo: &mut Memo) -> u32 {
    let Some(&slot) = slots.get(i) else {
        return 1;
    };
    let key = usize::from((free >> 2) & 0x1ff);
    if let Some(&known) = memo.get(key) {
        if known != u32::MAX {
            return known;
        }
    }
    let mut ways = 0u32;
    for_each_choice(slot, free, |bits| {
        ways = ways.saturating_add(completions(i + 1, free & !bits, slots, memo));
    });
    if let Some(entry) = memo.get_mut(key) {
        *entry = ways;
    }
    ways
}

/// Calls `f` with the rank bits of every choice of `slot.cards` ranks from `free` whose total
/// is below `slot.below`.
fn for_each_choice(slot: Slot, free: u16, mut f: impl FnMut(u16)) {
    let mut lows = free;
    while lows != 0 {
        let low = lows.trailing_zeros() as u8;
        lows &= lows - 1;
        if slot.cards == 1 {
            if low < slot.below {
                f(1 << low);
            }
            continue;
        }
        let mut highs = lows;
        while highs != 0 {
            let high = highs.trailing_zeros() as u8;
            highs &= highs - 1;
            if low + high < slot.below {
                f(1 << low | 1 << high);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// The exact draw (used after the rejection draws miss) gives every fitting split the same
    /// chance: a play of one card below 5, another below 6, a pair below 9, from 2–7.
    #[test]
    fn the_sequential_draw_is_uniform() {
        let slots = [
            Slot {
                cards: 1,
                below: 5,
                ..Slot::default()
            },
            Slot {
                cards: 1,
                below: 6,
                ..Slot::default()
            },
            Slot {
                cards: 2,
                below: 9,
                ..Slot::default()
            },
        ];
        let free: u16 = (2..=7).fold(0, |b, r| b | 1 << r);
        let mut memo: Memo = [u32::MAX; 512];
        let worlds = completions(0, free, &slots, &mut memo);
        assert!(worlds > 4, "{worlds}");
        let mut rng = GameRng::from_seed(9);
        let mut counts: BTreeMap<[u16; 3], u32> = BTreeMap::new();
        let draws = 2_000 * worlds;
        for _ in 0..draws {
            let mut chosen = [0u16; MAX_UNSEEN];
            assert!(sequential_draw(free, &slots, &mut chosen, &mut rng));
            for (slot, bits) in slots.iter().zip(&chosen) {
                assert_eq!(bits.count_ones(), u32::from(slot.cards));
                let total: u32 = (0..16).filter(|r| bits & (1 << r) != 0).sum();
                assert!(total < u32::from(slot.below));
            }
            *counts.entry([chosen[0], chosen[1], chosen[2]]).or_default() += 1;
        }
        assert_eq!(counts.len() as u32, worlds, "every split is drawn");
        let expected = f64::from(draws) / f64::from(worlds);
        for (split, &count) in &counts {
            let deviation = (f64::from(count) - expected).abs() / expected.sqrt();
            assert!(
                deviation < 5.0,
                "{split:?}: {count} draws, {expected} expected"
            );
        }
    }

    #[test]
    fn no_split_fits_is_reported() {
        let slots = [Slot {
            cards: 1,
            below: 3,
            ..Slot::default()
        }];
        let mut chosen = [0u16; MAX_UNSEEN];
        let free = 1 << 5 | 1 << 6;
        assert!(!sequential_draw(
            free,
            &slots,
            &mut chosen,
            &mut GameRng::from_seed(1)
        ));
    }
}
