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
//! An aspect with no face-down play has nothing to draw: its hand is all its unseen cards. When
//! every face-down play of an aspect is one card (always, without Aspect Affinities), the plays
//! are filled in order of the challenge they failed, lowest first, each with a card drawn
//! uniformly among the unseen ones below its challenge and not yet placed: each earlier play's
//! card is below this play's challenge too, so the number of choices at each step is the same
//! whatever was drawn before, and every consistent split has the same chance (the product of
//! those numbers, inverted). With two-card plays the split is drawn by rejection (deal the
//! unseen cards to the plays in order by a partial shuffle, start again as soon as a play does
//! not fail its challenge), which is exact; after [`REJECTION_TRIES`] misses it switches to an
//! exact sequential draw that counts the completions of every choice. A mixture of two exact
//! uniform draws is uniform, and the true split is never kept as a fallback. Nothing is
//! allocated: the unseen cards of an aspect are at most its nine action cards, and its face-down
//! plays at most nine.

use cards::{Card, GameRng, Rank, Seat, Suit};

use crate::table::{row_of, Phase, Played, Table};
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
    row: u8,
    position: u8,
    cards: u8,
    below: u8,
}

/// The face-down plays of one aspect and its unseen cards.
#[derive(Clone, Copy, Default)]
struct Unseen {
    /// The ranks of its hand and of its face-down plays, as bits.
    ranks: u16,
    slots: [Slot; MAX_UNSEEN],
    slot_count: usize,
    /// Whether a face-down play holds two cards.
    pairs: bool,
}

/// The aspect whose action cards are of `suit` (♣ The Animal, ♥ The Angel, ♠ The Genius, ♦ The
/// Student), by the suit's index in [`Suit::ALL`] (♣ ♦ ♥ ♠).
const ASPECT_OF_SUIT: [usize; 4] = [0, 3, 1, 2];

/// Draws everything hidden from `observer` in `t` anew (see the module docs).
pub(crate) fn determinise(t: &mut Table, observer: Seat, rng: &mut GameRng) {
    t.rng = rng.fork();
    let hidden_from = usize::from(t.next) + usize::from(t.challenge().is_some());
    if let Some(hidden) = t.deck.get_mut(hidden_from..) {
        shuffle_hidden(hidden, rng);
    }
    if let Phase::Election { next } = t.phase {
        for (seat, vote) in t.votes.iter_mut().enumerate().take(usize::from(next)) {
            if seat != observer.index() {
                *vote = Some(Aspect::ALL[rng.index(4)]);
            }
        }
    }
    let mut unseen = face_down_plays(t, observer);
    for aspect in Aspect::ALL {
        let u = &mut unseen[aspect.index()];
        if aspect.seat() == observer || u.slot_count == 0 {
            // The observer's own cards are seen; an aspect with no face-down play holds all
            // its unseen cards.
            continue;
        }
        let slots = &mut u.slots[..u.slot_count];
        let mut chosen = [0u16; MAX_UNSEEN];
        let drawn = if u.pairs {
            draw_with_pairs(u.ranks, slots, &mut chosen, rng)
        } else {
            draw_singles(u.ranks, slots, &mut chosen, rng)
        };
        if !drawn {
            // No split fits: the state was not reachable by the rules (loading checks prevent it).
            continue;
        }
        let suit = aspect.suit();
        let mut hand = u.ranks;
        for (slot, &bits) in slots.iter().zip(&chosen) {
            hand &= !bits;
            let low = bits.trailing_zeros() as u8;
            let high = 15 - bits.leading_zeros() as u8;
            let play = Played {
                first: card(low, suit),
                second: (slot.cards == 2).then(|| card(high, suit)),
            };
            let row = t.rows.get_mut(usize::from(slot.row));
            if let Some(placed) = row.and_then(|row| row.get_mut(usize::from(slot.position))) {
                placed.card = play;
            }
        }
        t.hands[aspect.index()] = hand;
    }
}

/// Shuffles the face-down challenges uniformly. They are put in a canonical order first (their
/// cards low to high), so that the draw depends on the view and the generator only, never on
/// the true order of the deck.
fn shuffle_hidden(hidden: &mut [Card], rng: &mut GameRng) {
    let mut set = 0u64;
    for card in hidden.iter() {
        set |= 1 << (card.index() & 63);
    }
    if set.count_ones() as usize == hidden.len() {
        // Distinct cards (as in every game): their order low to high is the set's bits.
        for place in hidden.iter_mut() {
            *place = Card::from_index(set.trailing_zeros() as usize).unwrap_or(Card::BLACK_JOKER);
            set &= set - 1;
        }
    } else {
        hidden.sort_unstable();
    }
    rng.shuffle(hidden);
}

/// Every other aspect's face-down plays (by aspect index), found in one pass over the faced
/// challenges: the `i`-th challenge of a suit is answered by the `i`-th entry of its row.
fn face_down_plays(t: &Table, observer: Seat) -> [Unseen; 4] {
    let mut unseen = [Unseen::default(); 4];
    for (u, &hand) in unseen.iter_mut().zip(&t.hands) {
        u.ranks = hand;
    }
    let mut answered = [0usize; 3];
    for challenge in &t.deck[..usize::from(t.next)] {
        let (Some(row), Some(rank)) = (challenge.suit().and_then(row_of), challenge.rank()) else {
            continue;
        };
        let position = answered[row];
        answered[row] += 1;
        let Some(placed) = t.rows[row].get(position) else {
            continue;
        };
        let Some(suit) = placed.card.first.suit() else {
            continue;
        };
        let aspect = ASPECT_OF_SUIT[suit.index()];
        if placed.is_face_up() || aspect == observer.index() {
            continue;
        }
        let u = &mut unseen[aspect];
        for card in placed.card.cards() {
            u.ranks |= 1 << card.rank().map_or(0, Rank::value);
        }
        let pair = placed.card.second.is_some();
        u.pairs |= pair;
        if let Some(slot) = u.slots.get_mut(u.slot_count) {
            // A row has at most nine entries, and there are three rows.
            *slot = Slot {
                row: row as u8,
                position: position as u8,
                cards: 1 + u8::from(pair),
                below: rank.value(),
            };
            u.slot_count += 1;
        }
    }
    unseen
}

/// The exact draw when every play is one card (see the module docs): the plays are sorted by
/// the challenge they failed, lowest first, and each takes a card drawn uniformly among the
/// unseen ranks below its challenge not taken yet. Returns false if no split fits.
fn draw_singles(
    all: u16,
    slots: &mut [Slot],
    chosen: &mut [u16; MAX_UNSEEN],
    rng: &mut GameRng,
) -> bool {
    // Insertion sort: at most nine plays, usually one or two.
    for i in 1..slots.len() {
        let mut j = i;
        while j > 0 && slots[j - 1].below > slots[j].below {
            slots.swap(j - 1, j);
            j -= 1;
        }
    }
    let mut free = all;
    for (slot, bits) in slots.iter().zip(chosen.iter_mut()) {
        // Ranks below the challenge: bits 0 to below - 1.
        let candidates = free & ((1u16 << slot.below.min(15)) - 1);
        let count = candidates.count_ones();
        if count == 0 {
            return false;
        }
        let pick = if count == 1 { 0 } else { rng.below(count) };
        let mut rest = candidates;
        for _ in 0..pick {
            rest &= rest - 1;
        }
        *bits = rest & rest.wrapping_neg();
        free &= !*bits;
    }
    true
}

/// The draw when some play holds two cards (see the module docs): rejection by partial
/// shuffles, then the exact sequential draw. Returns false if no split fits.
fn draw_with_pairs(
    all: u16,
    slots: &[Slot],
    chosen: &mut [u16; MAX_UNSEEN],
    rng: &mut GameRng,
) -> bool {
    // The unseen ranks low to high, then dealt to the plays in order by a partial shuffle.
    let mut ranks = [0u8; MAX_UNSEEN];
    let mut len = 0;
    let mut bits = all;
    while bits != 0 && len < MAX_UNSEEN {
        ranks[len] = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        len += 1;
    }
    let ranks = &mut ranks[..len];
    for _ in 0..REJECTION_TRIES {
        let mut next = 0;
        let fits = slots.iter().zip(chosen.iter_mut()).all(|(slot, bits)| {
            let mut total = 0u16;
            *bits = 0;
            for _ in 0..slot.cards {
                let Some(rest) = ranks.len().checked_sub(next).filter(|&r| r > 0) else {
                    return false;
                };
                let j = next + rng.index(rest);
                ranks.swap(next, j);
                total += u16::from(ranks[next]);
                *bits |= 1 << ranks[next];
                next += 1;
            }
            total < u16::from(slot.below)
        });
        if fits {
            return true;
        }
    }
    sequential_draw(all, slots, chosen, rng)
}

fn card(rank: u8, suit: Suit) -> Card {
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

    /// The draw of one-card plays (plays filled lowest challenge first) gives every fitting
    /// split the same chance, whatever order the plays come in: plays below 5, 4 and 9 (the
    /// second twice), from 2, 3, 4, 5, 7 and 8; and it reports a position no split fits.
    #[test]
    fn the_draw_of_single_cards_is_uniform() {
        let play = |below| Slot {
            cards: 1,
            below,
            ..Slot::default()
        };
        let all: u16 = [2, 3, 4, 5, 7, 8].iter().fold(0, |b, r| b | 1 << r);
        let slots = [play(5), play(4), play(9), play(4)];
        let mut memo: Memo = [u32::MAX; 512];
        let worlds = completions(0, all, &slots, &mut memo);
        assert!(worlds > 4, "{worlds}");
        let mut rng = GameRng::from_seed(5);
        let mut counts: BTreeMap<[u16; 4], u32> = BTreeMap::new();
        let draws = 2_000 * worlds;
        for _ in 0..draws {
            let mut sorted = slots;
            let mut chosen = [0u16; MAX_UNSEEN];
            assert!(draw_singles(all, &mut sorted, &mut chosen, &mut rng));
            // Back in the plays' own order, by their challenge and then their draw order.
            let mut split = [0u16; 4];
            let mut used = [false; 4];
            for (slot, &bits) in sorted.iter().zip(&chosen) {
                assert_eq!(bits.count_ones(), 1);
                assert!(bits & all == bits);
                assert!(bits.trailing_zeros() < u32::from(slot.below));
                let i = (0..4)
                    .find(|&i| !used[i] && slots[i].below == slot.below)
                    .unwrap_or(0);
                used[i] = true;
                split[i] = bits;
            }
            assert_eq!(split.iter().fold(0, |b, s| b | s).count_ones(), 4);
            *counts.entry(split).or_default() += 1;
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
        // Three plays below 4 cannot all be filled from 2 and 3.
        let mut tight = [play(4), play(4), play(4)];
        let mut chosen = [0u16; MAX_UNSEEN];
        assert!(!draw_singles(all, &mut tight, &mut chosen, &mut rng));
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
