//! Step 2 of the grouped draw: given the counts step 1 chose, the face-down places, the
//! pinned cards and the rest of each pool dealt uniformly (see `grouped.rs`).

use cards::GameRng;

use super::super::{binomial, MAX_CARDS, MAX_SEATS};
use super::weights::nth_fitting_set;
use super::Holder;
use crate::table::card::{Card, Cards};
use crate::table::sizes::MANA_ZONES;
use crate::table::state::State;

/// A pool of cards to deal, the cards 3–10 first.
struct Pool {
    cards: [Card; MAX_CARDS],
    len: usize,
    settable: usize,
}

impl Pool {
    fn of(cards: &Cards) -> Pool {
        let mut pool = Pool {
            cards: [Card::JOKER; MAX_CARDS],
            len: 0,
            settable: 0,
        };
        for pass in [true, false] {
            for card in cards.iter().filter(|c| c.is_settable() == pass) {
                if let Some(slot) = pool.cards.get_mut(pool.len) {
                    *slot = card;
                    pool.len += 1;
                    pool.settable += usize::from(pass);
                }
            }
        }
        pool
    }

    /// Takes the `nth` card 3–10, keeping the cards 3–10 first.
    fn take_settable(&mut self, nth: usize) -> Option<Card> {
        if nth >= self.settable {
            return None;
        }
        let card = self.cards[nth];
        self.cards[nth] = self.cards[self.settable - 1];
        self.cards[self.settable - 1] = self.cards[self.len - 1];
        self.settable -= 1;
        self.len -= 1;
        Some(card)
    }

    /// What is left, shuffled.
    fn shuffled(&mut self, rng: &mut GameRng) -> &[Card] {
        let rest = &mut self.cards[..self.len];
        rest.sort_unstable();
        rng.shuffle(rest);
        rest
    }
}

/// Step 2 for the chosen counts: deals the pools into `out`; returns the chance to keep the
/// draw (the pinned copies' correction) and, per seat, the face-down zones that took a card of
/// the group (those chosen for it, and any that took a pinned card of the group).
#[allow(clippy::needless_range_loop)]
pub(super) fn deal(
    holders: &[Holder; MAX_SEATS],
    picks: &[usize; MAX_SEATS],
    group: &Cards,
    rest: &Cards,
    rng: &mut GameRng,
    out: &mut State,
) -> (f64, [u8; MAX_SEATS]) {
    let mut group = Pool::of(group);
    let mut group_down = [0u8; MAX_SEATS];
    let mut rest = Pool::of(rest);
    let mut accept = 1.0;
    // Per seat, the cards it gets from each pool (pinned ones included).
    let mut from_group = [Cards::new(); MAX_SEATS];
    let mut from_rest = [Cards::new(); MAX_SEATS];
    let mut hands = [Cards::new(); MAX_SEATS];
    for t in 0..MAX_SEATS {
        let h = &holders[t];
        if !h.hidden {
            continue;
        }
        let (g, k, _) = h.choices[picks[t]];
        let (g, k) = (usize::from(g), usize::from(k));
        // Which face-down places take the group: one of the sets of `g` that may, uniformly.
        let for_group = nth_fitting_set(h.fitting, g, rng.index(usize::from(h.fitting_of_size[g])));
        group_down[t] = for_group;
        // Which of the others take the pinned cards (1) and the rest (2), uniformly.
        let others = h.downs - g;
        let mut labels = [2u8; MANA_ZONES];
        for label in labels.iter_mut().take(k) {
            *label = 1;
        }
        rng.shuffle(&mut labels[..others]);
        let mut pinned_group = Pool::of(&h.pinned_group);
        let mut pinned_rest = Pool::of(&h.pinned_rest);
        let mut next = labels.iter().take(others);
        for z in 0..MANA_ZONES {
            if !h.down[z] {
                continue;
            }
            let label = if for_group >> z & 1 == 1 {
                Some(&0)
            } else {
                next.next()
            };
            let card = match label {
                Some(0) => {
                    let card = group.take_settable(rng.index(group.settable));
                    card.inspect(|&c| from_group[t].add(c))
                }
                Some(1) => {
                    let j = rng.index(pinned_group.settable + pinned_rest.settable);
                    if j < pinned_group.settable {
                        group_down[t] |= 1 << z;
                        let card = pinned_group.take_settable(j);
                        card.inspect(|&c| from_group[t].add(c))
                    } else {
                        let card = pinned_rest.take_settable(j - pinned_group.settable);
                        card.inspect(|&c| from_rest[t].add(c))
                    }
                }
                _ => {
                    let card = rest.take_settable(rng.index(rest.settable));
                    card.inspect(|&c| from_rest[t].add(c))
                }
            };
            if let (Some(card), Some(m)) = (card, out.sides[t].mana[z].as_mut()) {
                m.card = card;
            }
        }
        for &card in &pinned_group.cards[..pinned_group.len] {
            from_group[t].add(card);
            hands[t].add(card);
        }
        for &card in &pinned_rest.cards[..pinned_rest.len] {
            from_rest[t].add(card);
            hands[t].add(card);
        }
    }
    let mut group_left = group.shuffled(rng).iter().copied();
    for t in 0..MAX_SEATS {
        let h = &holders[t];
        if !h.hidden {
            continue;
        }
        let g = usize::from(h.choices[picks[t]].0);
        for _ in g..h.group_quota {
            if let Some(card) = group_left.next() {
                from_group[t].add(card);
                hands[t].add(card);
            }
        }
    }
    out.deck.clear();
    out.deck.extend(group_left);
    let mut rest_left = rest.shuffled(rng).iter().copied();
    for t in 0..MAX_SEATS {
        let h = &holders[t];
        if !h.hidden {
            continue;
        }
        let (g, k, _) = h.choices[picks[t]];
        let p = h.downs - usize::from(g) - usize::from(k);
        for _ in p..h.rest_quota {
            if let Some(card) = rest_left.next() {
                from_rest[t].add(card);
                hands[t].add(card);
            }
        }
        for (pinned, dealt) in [
            (&h.pinned_group, &from_group[t]),
            (&h.pinned_rest, &from_rest[t]),
        ] {
            for card in pinned.distinct() {
                accept /= binomial(
                    usize::from(dealt.count(card)),
                    usize::from(pinned.count(card)),
                );
            }
        }
        let side = &mut out.sides[t];
        side.hand = hands[t];
        side.drawn = from_group[t];
    }
    (accept, group_down)
}
