//! Determinisation for an observer that knows a Deck group (see `knowledge/known_deck.rs`): the
//! Deck (unless the observer knows it apart) and the other seats' drawn cards hold exactly the
//! group's cards, each seat as many as it drew.
//!
//! The hidden cards fall in two pools: the group's (`G`) and the rest (`P`, every other card
//! in another seat's hand or face down). Each other seat `t` holds its pinned cards (`K_t`,
//! what the observer knows to be there), `gq_t` cards of `G` and `pq_t` cards of `P`; the
//! Deck holds what is left of `G`. Face-down places take cards 3–10 only, from any of the
//! three. A state is a placement of physical cards, each equally likely (as in the parent
//! module), so the draw is in two steps, both exact:
//!
//! 1. how many of each seat's face-down places take a card of `G`, of `K_t` and of `P`
//!    (`g_t`, `k_t`, `p_t`): each choice is weighed by the placements it has,
//!    `Π_t [A_t(g_t) · C(F_t − g_t, k_t) · (s_K)_k · (gq_t)_g · (pq_t)_p] · (s_G)_g / (n_G)_g ·
//!    (s_P)_p / (n_P)_p` (falling factorials; `s` the cards 3–10 of a pool, `n` its size,
//!    the last two over the sums of `g_t` and `p_t`), every constant factor left out.
//!    `A_t(g)` counts the sets of `g` of the seat's face-down places that may hold cards it
//!    drew from the group (HJ88: a card drawn lies face down only in a place set after it was
//!    drawn, so the places must take different drawn cards whose places include them, a
//!    matching); without the places it would be `C(F_t, g)`;
//! 2. given the choice, the places that take the group (uniformly among the `A_t(g_t)` sets
//!    that may), which of the others take the pinned cards (uniformly), the face-down cards
//!    from each pool's cards 3–10 (uniformly, without replacement), and the rest of each pool
//!    shuffled into the hands and the Deck.
//!
//! As in the parent module, a state with `n` copies of a pinned card `x` from one pool at its
//! seat, `k` of them pinned, is reached `C(n, k)` ways, and the draw is kept with probability
//! `1 / Π C(n, k)`; and the public knowledge of what hands and the Deck lack and of evoked
//! suits is kept by rejection, as are the places of known and evoked cards and of a proof
//! card of the group set face down (HJ88). So, first, is a proof card that either pool could
//! hold (two copies, one in each, neither pinned by the counts): the draw is kept only if the
//! seat holds it. With several such cards in one hand that draw may give up; the branched
//! draw (`branches.rs`) then pins them, each way of splitting them between the pools weighed
//! by its placements, exact too (tests: `hj80_hj85_*_drawn_uniformly_past_the_rejection`).

use cards::{GameRng, Seat};

use super::{
    finish_deck, forget_others, keeps_public_knowledge, keeps_whereabouts, pinned_to, unit, Places,
    MAX_SEATS, MAX_TRIES,
};
use crate::knowledge::consistency::holds_drawn;
use crate::table::card::Cards;
use crate::table::sizes::MANA_ZONES;
use crate::table::state::State;
use branches::Entries;
use deal::deal;
use weights::{all_among, falling, fitting_places, weigh};

mod branches;
mod deal;
mod weights;

/// Most face-down places of all other seats together.
const MAX_DOWN: usize = MAX_SEATS * MANA_ZONES;
/// Most choices `(g_t, k_t)` of one seat: `g + k ≤ F ≤ MANA_ZONES`.
const MAX_CHOICES: usize = (MANA_ZONES + 1) * (MANA_ZONES + 2) / 2;

/// One other seat's part of the draw.
#[derive(Clone, Copy, Default)]
struct Holder {
    hidden: bool,
    down: [bool; MANA_ZONES],
    downs: usize,
    /// Cards of `G` and of `P` beyond the pinned ones.
    group_quota: usize,
    rest_quota: usize,
    /// The face-down places, one bit per zone.
    down_mask: u8,
    /// The sets of face-down places that may take cards the seat drew from the group: bit
    /// `m` for the zones of `m` (HJ88).
    fitting: u64,
    /// How many of those sets have each size (`A_t(g)`).
    fitting_of_size: [u8; MANA_ZONES + 1],
    /// Pinned cards, by the pool they come from.
    pinned_group: Cards,
    pinned_rest: Cards,
    /// Proof cards either pool may hold (copies in both): the draw must put them there.
    required: Cards,
    /// The choices `(g, k)` and their weights.
    choices: [(u8, u8, f64); MAX_CHOICES],
    count: usize,
}

/// Whether the grouped draw is the one for `observer`: it knows a group and cannot see all
/// of it (the Deck's contents, or another seat's drawn cards).
pub(super) fn applies(state: &State, observer: Seat) -> bool {
    state.knows_group(observer)
        && state.sides.iter().all(|s| s.rejects.is_empty())
        && (!state.knows_deck(observer)
            || state
                .sides
                .iter()
                .enumerate()
                .any(|(i, s)| i != observer.index() && !s.drawn.is_empty()))
}

/// Draws into `out` (a copy of `state`) everything hidden from `observer`, keeping the group;
/// `false` (and `out` to be drawn again) when the state does not add up, or when even the
/// last fallback below found no draw in its tries.
///
/// The exact draw keeps a proof card that either pool could hold by rejection (`required`).
/// When the observer has seen several such cards in one hand (an Interception's proof of a
/// whole hand, with two decks), a draw keeps them all only rarely, and the exact draw may give
/// up after `MAX_TRIES`. The branched draw (`branches.rs`) then pins them, each branch of
/// pools weighed by its placements, and is exact too: taken only when the first gave up, and
/// whatever it draws, it keeps the mixture uniform. Only when it cannot be used (more branches
/// than `branches::MAX_BRANCHES`) or itself gives up does the last fallback pin each such card
/// to one pool by a fixed rule (the group when the seat drew enough from it, else the rest)
/// and draw again with every other check: the state drawn keeps the group, the view and every
/// place a card may lie (so it reloads, and the observer's view of it is its view), but it is
/// no longer drawn uniformly among the states consistent with the view.
pub(super) fn determinise(
    state: &State,
    observer: Seat,
    rng: &mut GameRng,
    out: &mut State,
) -> bool {
    if draw(state, observer, rng, out, Required::Rejected) {
        return true;
    }
    out.clone_from(state);
    determinise_past_rejection(state, observer, rng, out)
}

/// [`determinise`] from where the draw by rejection gave up: the branched draw, then the last
/// fallback.
pub(super) fn determinise_past_rejection(
    state: &State,
    observer: Seat,
    rng: &mut GameRng,
    out: &mut State,
) -> bool {
    if let Some(done) = branches::draw(state, observer, rng, out) {
        if done {
            return true;
        }
        out.clone_from(state);
    }
    draw(state, observer, rng, out, Required::Pinned)
}

/// How the exact draw treats a proof card that either pool could hold.
#[derive(Clone, Copy)]
enum Required<'a> {
    /// Required of the draw, kept by rejection: exact.
    Rejected,
    /// Pinned as one branch of the branched draw says (`branches.rs`).
    Branch(&'a Entries, usize),
    /// Pinned to one pool: the last fallback, not uniform.
    Pinned,
}

/// What the draw deals from, once pinned: the seats' parts, the two pools and the weights of
/// step 1 (`total`, every constant factor left out).
struct Setup {
    holders: [Holder; MAX_SEATS],
    group: Cards,
    rest: Cards,
    group_ratio: [f64; MAX_DOWN + 1],
    rest_ratio: [f64; MAX_DOWN + 1],
    total: f64,
}

/// Draws with the proof cards either pool could hold treated as `required` says.
fn draw(
    state: &State,
    observer: Seat,
    rng: &mut GameRng,
    out: &mut State,
    required: Required,
) -> bool {
    let Some(setup) = set_up(state, observer, required) else {
        return false;
    };
    let hidden = places_of(&setup.holders);
    // Every draw kept is strict: the cards known and proven, where known, proven, evoked and
    // drawn cards may lie (HJ88, kept by rejection: the places of the drawn cards are weighed
    // exactly in step 1, and what is left fits in a few tries, 6.5 a draw on average in random
    // games of two to four players), and the public negative knowledge. After `MAX_TRIES`
    // rejections the exact draw gives up for the fallbacks (see `determinise`), and the last
    // fallback, if it too finds nothing, for the caller's draw without the group. In play the
    // exact draw gives up rarely but not never: about one draw in 500,000 in random
    // four-player games, where an Interception's proof of a whole hand and several seats'
    // drawn cards constrain the draw together. A draw kept without those checks could set a
    // card seen in a hand face down, which loading refuses.
    for _ in 0..MAX_TRIES {
        if try_once(state, observer, &setup, &hidden, rng, out, |_| 1.0) {
            return true;
        }
    }
    false
}

/// One try of step 1 and step 2 on `setup`: `true` when the draw in `out` is kept, with the
/// pinned copies' correction times `share` of the drawn state (1 but for the branched draw).
fn try_once(
    state: &State,
    observer: Seat,
    setup: &Setup,
    hidden: &[Places; MAX_SEATS],
    rng: &mut GameRng,
    out: &mut State,
    share: impl Fn(&State) -> f64,
) -> bool {
    let holders = &setup.holders;
    let players = state.players().min(MAX_SEATS);
    let knows_deck = state.knows_deck(observer);
    let (_, picks) = weigh(
        holders,
        players,
        &setup.group_ratio,
        &setup.rest_ratio,
        unit(rng) * setup.total,
    );
    let (accept, group_down) = deal(holders, &picks, &setup.group, &setup.rest, rng, out);
    // The places chosen for the group fit by construction; a pinned card of the group (a
    // proof card) set face down beside them must fit too (by rejection).
    let group_fits = holders
        .iter()
        .zip(group_down)
        .all(|(h, down)| !h.hidden || h.fitting >> down & 1 == 1);
    if !holds_required(holders, out)
        || !group_fits
        || !keeps_whereabouts(state, observer, out)
        || !holds_known_and_drawn(holders, out)
        || !keeps_public_knowledge(state, hidden, knows_deck, out)
    {
        return false;
    }
    let accept = accept * share(out);
    if accept >= 1.0 || unit(rng) < accept {
        forget_others(observer, out);
        finish_deck(state, knows_deck, rng, out);
        out.rng = GameRng::from_seed(rng.next_u64());
        return true;
    }
    false
}

/// The pools, the pins and the weights of step 1 for the draw `required` says; `None` when
/// the state does not add up (or, for a branch, when its pins do not fit).
// Seats and zones index several parallel arrays at once.
#[allow(clippy::needless_range_loop)]
fn set_up(state: &State, observer: Seat, required: Required) -> Option<Setup> {
    let players = state.players().min(MAX_SEATS);
    let knows_deck = state.knows_deck(observer);
    let mut group = Cards::new();
    if !knows_deck {
        for &card in &state.deck {
            group.add(card);
        }
    }
    let mut rest = Cards::new();
    let mut holders = [Holder::default(); MAX_SEATS];
    for t in 0..players {
        if t == observer.index() {
            continue;
        }
        let side = &state.sides[t];
        let h = &mut holders[t];
        h.hidden = true;
        let mut holdings = side.hand;
        for (z, mana) in side.mana.iter().enumerate() {
            if let Some(m) = mana.filter(|m| !m.face_up) {
                h.down[z] = true;
                h.down_mask |= 1 << z;
                h.downs += 1;
                holdings.add(m.card);
            }
        }
        h.fitting = fitting_places(h.down_mask, side);
        for m in 0..1usize << MANA_ZONES {
            if h.fitting >> m & 1 == 1 {
                h.fitting_of_size[m.count_ones() as usize] += 1;
            }
        }
        for card in side.drawn.iter() {
            if !holdings.remove(card) {
                return None;
            }
            group.add(card);
        }
        rest.add_all(&holdings);
        let free = holdings.len().checked_sub(side.known.len())?;
        h.group_quota = side.drawn.len();
        h.rest_quota = free;
        h.pinned_rest = side.known;
    }
    // Pins: the cards all know (from the rest), then the observer's proof, from the pool
    // that can hold it.
    for t in 0..players {
        if !holders[t].hidden {
            continue;
        }
        let h = &mut holders[t];
        for card in h.pinned_rest.iter() {
            if !rest.remove(card) {
                return None;
            }
        }
        // What the observer knows beyond what all know: an Interception's proof, and the
        // turn seat's marked cards once all forgot which copy left (see `pinned_to`).
        let (known, _) = pinned_to(state, observer, Seat(t as u8));
        let mut proof = Cards::new();
        for card in known.distinct() {
            for _ in state.sides[t].known.count(card)..known.count(card) {
                proof.add(card);
            }
        }
        for card in proof.distinct() {
            let wanted = usize::from(proof.count(card));
            let (in_group, in_rest) = (group.count(card), rest.count(card));
            let branched = match required {
                Required::Branch(entries, branch) => entries.pinned_from_group(branch, t, card),
                _ => None,
            };
            // From the pool that alone can hold it, or from both when every copy is pinned.
            let from_group = match (branched, in_group, in_rest) {
                (Some(from_group), _, _) => from_group,
                (_, _, 0) => wanted,
                (_, 0, _) => 0,
                _ if usize::from(in_group) + usize::from(in_rest) == wanted => {
                    usize::from(in_group)
                }
                _ if h.group_quota == 0 => 0,
                _ if h.rest_quota == 0 => wanted,
                // The last fallback: from the group when the seat drew enough of it.
                _ if matches!(required, Required::Pinned) => {
                    if h.group_quota >= wanted && usize::from(in_group) >= wanted {
                        wanted
                    } else {
                        usize::from(in_group).min(h.group_quota).min(wanted)
                    }
                }
                // Either pool may hold it, which a branch's earlier pins left to no entry:
                // only when too few copies are left for it (the branch does not fit).
                _ if matches!(required, Required::Branch(..)) => return None,
                // Either pool may hold it: not pinned, but required of the draw (rejection).
                _ => {
                    for _ in 0..wanted {
                        h.required.add(card);
                    }
                    continue;
                }
            };
            for n in 0..wanted {
                let pool_is_group = n < from_group;
                let (pool, quota, pinned) = if pool_is_group {
                    (&mut group, &mut h.group_quota, &mut h.pinned_group)
                } else {
                    (&mut rest, &mut h.rest_quota, &mut h.pinned_rest)
                };
                if *quota == 0 || !pool.remove(card) {
                    return None;
                }
                *quota -= 1;
                pinned.add(card);
            }
        }
    }
    let deck_from_group = if knows_deck { 0 } else { state.deck.len() };
    let quotas_group: usize = holders.iter().map(|h| h.group_quota).sum();
    let quotas_rest: usize = holders.iter().map(|h| h.rest_quota).sum();
    if quotas_group + deck_from_group != group.len() || quotas_rest != rest.len() {
        return None;
    }

    // Step 1: the choices of each seat, weighed.
    let settable = |c: &Cards| c.iter().filter(|c| c.is_settable()).count();
    let (group_settable, rest_settable) = (settable(&group), settable(&rest));
    let mut group_ratio = [0.0f64; MAX_DOWN + 1];
    let mut rest_ratio = [0.0f64; MAX_DOWN + 1];
    for x in 0..=MAX_DOWN {
        group_ratio[x] = all_among(group_settable, group.len(), x);
        rest_ratio[x] = all_among(rest_settable, rest.len(), x);
    }
    for h in holders.iter_mut().filter(|h| h.hidden) {
        let pinned_settable = settable(&h.pinned_group) + settable(&h.pinned_rest);
        let f = h.downs;
        for g in 0..=f.min(h.group_quota) {
            for k in 0..=(f - g).min(pinned_settable) {
                let p = f - g - k;
                if p > h.rest_quota {
                    continue;
                }
                // The places for the group that may take it, then the pinned among the rest.
                let labels = f64::from(h.fitting_of_size[g]) * falling(f - g, k) / falling(k, k);
                let w = labels
                    * falling(pinned_settable, k)
                    * falling(h.group_quota, g)
                    * falling(h.rest_quota, p);
                if w > 0.0 && h.count < MAX_CHOICES {
                    h.choices[h.count] = (g as u8, k as u8, w);
                    h.count += 1;
                }
            }
        }
        if h.count == 0 {
            return None;
        }
    }
    let total = weigh(&holders, players, &group_ratio, &rest_ratio, f64::INFINITY).0;
    if total <= 0.0 || !total.is_finite() {
        return None;
    }
    Some(Setup {
        holders,
        group,
        rest,
        group_ratio,
        rest_ratio,
        total,
    })
}

/// Whether every other seat holds the cards all know to be there and those it drew from the
/// group, each where it may lie, at once (HJ80, HJ88; what loading asks, `holds_drawn`). The
/// group's face-down places fit by construction and the known cards' by
/// [`keeps_whereabouts`], but not always both together: a pinned card may go face down where
/// only a drawn copy of its identity may lie (the drawn one then in the hand, where only the
/// known one may be), and no reading of the state puts both where they may lie.
fn holds_known_and_drawn(holders: &[Holder; MAX_SEATS], out: &State) -> bool {
    holders
        .iter()
        .zip(&out.sides)
        .all(|(h, side)| !h.hidden || holds_drawn(side))
}

/// Whether every seat holds the proof cards left to the draw.
fn holds_required(holders: &[Holder; MAX_SEATS], out: &State) -> bool {
    holders.iter().zip(&out.sides).all(|(h, side)| {
        h.required.is_empty() || {
            let mut holdings = side.hand;
            for m in side.mana.iter().flatten().filter(|m| !m.face_up) {
                holdings.add(m.card);
            }
            holdings.includes(&h.required)
        }
    })
}

fn places_of(holders: &[Holder; MAX_SEATS]) -> [Places; MAX_SEATS] {
    let mut places = [Places::default(); MAX_SEATS];
    for (p, h) in places.iter_mut().zip(holders) {
        p.hidden = h.hidden;
    }
    places
}
