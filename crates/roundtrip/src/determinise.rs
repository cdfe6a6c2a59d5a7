//! Determinisation: a state drawn uniformly among those consistent with one seat's view.
//!
//! Hidden from a seat: the other hands, the deck order, the generator, and the other seats'
//! own memories of cards stolen from them. What it knows of other hands is its
//! [`Knowledge`](crate::knowledge::Knowledge): the cards stolen from it and the possible
//! placements of them. A determinisation
//!
//! 1. draws a placement of the tracked cards, each placement with the probability of its share
//!    of the consistent states (placements that put tracked cards into larger hands allow more
//!    arrangements of the hands);
//! 2. pools every other hidden card (the other hands' untracked cards and the deck), shuffles
//!    the pool, fills each other hand to its size after its tracked cards and shuffles the hand's
//!    order, and lays the rest out as the deck in the shuffled order;
//! 3. draws a new generator.
//!
//! So every state consistent with the view, hands taken in any order, is equally likely. The
//! other seats keep, of their own memories, only the cards the observer holds (those it knows
//! they know of); the rest is forgotten in the drawn state, which is weaker knowledge for them,
//! never knowledge contradicting the drawn hands. Nothing is allocated: the pool is an array
//! as large as any deck.

use cards::{GameRng, Seat};

use crate::deck::TripCard;
use crate::knowledge::MAX_TRACKED;
use crate::state::State;

/// Most cards in a deck list: card numbers are `u8`.
const MAX_CARDS: usize = 256;

/// Draws into `out`, already a copy of the real state, everything hidden from `observer`.
pub(crate) fn determinise(out: &mut State, observer: Seat, rng: &mut GameRng) {
    let mut pinned = [(TripCard(0), Seat(0)); MAX_TRACKED];
    let mut pinned_len = 0;
    if let Some(known) = out.knowledge.get(observer).copied() {
        let players = &out.players;
        known.draw(
            |seat| players.get(seat).map_or(0, |p| p.hand.len()),
            rng,
            |card, seat| {
                if let Some(slot) = pinned.get_mut(pinned_len) {
                    *slot = (card, seat);
                    pinned_len += 1;
                }
            },
        );
    }
    let pinned = &pinned[..pinned_len];
    let is_pinned = |card: TripCard| pinned.iter().any(|&(c, _)| c == card);

    let mut pool = [TripCard(0); MAX_CARDS];
    let mut len = 0;
    let mut add = |card: TripCard| {
        if let Some(place) = pool.get_mut(len) {
            *place = card;
            len += 1;
        }
    };
    for &card in out.deck.iter() {
        add(card);
    }
    for (seat, p) in out.players.seats() {
        if seat != observer {
            p.hand
                .iter()
                .copied()
                .filter(|&c| !is_pinned(c))
                .for_each(&mut add);
        }
    }
    // Sorted before it is shuffled: the draw depends on the view and the generator only, never
    // on the true order of the deck or of the hands.
    let pool = &mut pool[..len];
    pool.sort_unstable();
    rng.shuffle(pool);
    let mut rest = pool.iter().copied();
    for i in 0..out.players.len() {
        let seat = Seat(i as u8);
        if seat == observer {
            continue;
        }
        let hand = &mut out.players[seat].hand;
        let size = hand.len();
        hand.clear();
        for &(card, _) in pinned.iter().filter(|&&(_, holder)| holder == seat) {
            hand.add(card);
        }
        while hand.len() < size {
            match rest.next() {
                Some(card) => hand.add(card),
                None => break,
            }
        }
        rng.shuffle(hand.as_mut_slice());
    }
    for card in out.deck.as_mut_slice() {
        *card = rest.next().unwrap_or(*card);
    }
    // The other seats keep only what the observer knows they know: the cards it holds.
    let State {
        players, knowledge, ..
    } = &mut *out;
    let mine = players.get(observer).map(|p| p.hand.as_slice());
    for (i, k) in knowledge.iter_mut().enumerate() {
        if i == observer.index() {
            continue;
        }
        match mine {
            Some(hand) => {
                k.keep_only(|card| hand.contains(&card));
                for &card in hand {
                    k.pin(card, observer);
                }
            }
            None => k.keep_only(|_| false),
        }
    }
    out.refresh_tracking();
    out.rng = rng.fork();
}
