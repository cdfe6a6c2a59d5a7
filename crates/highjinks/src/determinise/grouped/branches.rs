//! The branched draw: exact for proof cards that either pool could hold, when the draw that
//! keeps them by rejection gave up (see `determinise`).
//!
//! An *entry* is a seat `t` and an identity `x` of which the observer saw `w` copies in `t`'s
//! hand (an Interception's proof) that either pool could hold: copies of `x` are left in both
//! `G` and `P`, and the counts force neither. A *branch* `b` says, for each entry, how many
//! of the `w` copies, `a ∈ 0..=w`, come from `G` (the others from `P`). Given `b` every
//! proof card is pinned, and the grouped draw draws a *labelled placement* (a placement of the
//! physical cards, with the pinned copies marked among the copies of their pool at their
//! seat) uniformly among the `W_b` of them; its `1 / Π C(n, k)` leaves each placement `s` of
//! `b` equally likely. A placement satisfies the pins of `m(s)` branches (at each entry, at
//! least `a` copies of `x` from `G` at `t` and `w − a` from `P`, besides the ones all know).
//! The branched draw picks `b` with probability `W_b / Σ W`, draws in it with every check of
//! the grouped draw, and keeps the draw with the further chance `1 / m(s)`: a try gives each
//! consistent placement `Σ_{b ∋ s} (W_b / Σ W) · (1 / W_b) · (1 / m(s)) = 1 / Σ W`, every
//! consistent state equally likely.
//!
//! `W_b` must be exact up to a factor common to all branches; step 1's `total` leaves out
//! factors that the pins change. With `n_G`, `n_P` the pools' sizes once pinned, `gq_t`,
//! `pq_t` the seats' quotas beyond their pins and `g`, `p` the sums of the face-down places
//! that take them, the placements of a choice of step 1 are its weight times
//!
//! - the group's cards: the face-down ones `(s_G)_g`, then the rest into the hands (sets) and
//!   the Deck (in order): `(n_G − g)! / Π_t (gq_t − g_t)! = n_G! / Π_t gq_t! ·
//!   Π_t (gq_t)_{g_t} / (n_G)_g`, of which step 1 keeps all but `n_G! / Π_t gq_t!`;
//! - the rest's, in the same way: `n_P! / Π_t pq_t!`;
//! - the marks: the pinned copies of `x` among the pool's `c_x` copies (before pinning, the
//!   same in every branch), `k_{t,x}` at each seat: `c_x! / (Π_t k_{t,x}! · c'_x!)`, `c'_x`
//!   the copies left in the pool once pinned.
//!
//! So, up to a common factor, `ln W_b = ln total + ln n_G! + ln n_P! − Σ_t (ln gq_t! +
//! ln pq_t! + Σ_x ln k_{t,x}!) − Σ_x ln c'_x!` over both pools, in logarithms (`108!` is
//! near the largest float).
//!
//! The branched draw runs only once the draw by rejection gave up, not instead of it: every
//! draw the rejection finds is found as before (the same use of the generator), and a mixture
//! of two uniform draws, the second taken only when the first gives up (whatever the first
//! would have drawn), is uniform. Taking it first would save the rejection's wasted tries in
//! the rare states that give up (in the state of `determinised_reload.rs`'s test of HJ80 and
//! HJ85, 8 branches, about 0.5 ms a draw against 32 for the draw as it is), at the price of a
//! set-up per branch on every draw of a state with such a card, and of other draws (other
//! seeded outcomes) in states the rejection draws well. Nothing is allocated: the entries and
//! the branches' weights are arrays of a fixed size ([`MAX_ENTRIES`], [`MAX_BRANCHES`]).

use cards::{GameRng, Seat};

use super::super::{unit, MAX_SEATS, MAX_TRIES};
use super::{places_of, set_up, try_once, Holder, Required, Setup};
use crate::table::card::{Card, Cards};
use crate::table::state::State;

/// Most branches. Each entry at least doubles the branches, so a state within the bound has
/// at most [`MAX_ENTRIES`] entries; a proof of a whole hand in two-deck games of two to four
/// players has a few (the hand's cards whose identity has a copy left in both pools). Each
/// branch costs one set-up of the grouped draw (a walk of step 1's choices, at most 21 a seat),
/// paid once, after the draw by rejection spent its `MAX_TRIES`. A state beyond the bound is
/// left to the last fallback (not uniform).
pub(super) const MAX_BRANCHES: usize = 256;
/// Most entries: `log2(MAX_BRANCHES)`.
const MAX_ENTRIES: usize = 8;

/// The entries of a state, in the order the grouped draw meets them (by seat, then identity).
#[derive(Clone, Copy)]
pub(super) struct Entries {
    /// Seat, identity, copies seen, and the copies all know to be there (pinned from `P`).
    list: [(usize, Card, usize, usize); MAX_ENTRIES],
    len: usize,
    /// The number of branches: `Π (w + 1)`.
    branches: usize,
}

impl Entries {
    /// The entries the draw by rejection left to it (`Holder::required`); `None` when there
    /// is none or more than the bounds take.
    fn of(holders: &[Holder; MAX_SEATS], state: &State) -> Option<Entries> {
        let mut entries = Entries {
            list: [(0, Card::JOKER, 0, 0); MAX_ENTRIES],
            len: 0,
            branches: 1,
        };
        for (t, h) in holders.iter().enumerate().filter(|(_, h)| h.hidden) {
            for card in h.required.distinct() {
                let wanted = usize::from(h.required.count(card));
                let known = usize::from(state.sides.get(t)?.known.count(card));
                *entries.list.get_mut(entries.len)? = (t, card, wanted, known);
                entries.len += 1;
                entries.branches = entries.branches.checked_mul(wanted + 1)?;
            }
        }
        (entries.len > 0 && entries.branches <= MAX_BRANCHES).then_some(entries)
    }

    fn list(&self) -> &[(usize, Card, usize, usize)] {
        &self.list[..self.len]
    }

    /// The copies of `card` at seat `t` that `branch` pins from the group, if it is an entry.
    pub(super) fn pinned_from_group(&self, branch: usize, t: usize, card: Card) -> Option<usize> {
        let mut radix = 1;
        for &(seat, x, wanted, _) in self.list() {
            if (seat, x) == (t, card) {
                return Some(branch / radix % (wanted + 1));
            }
            radix *= wanted + 1;
        }
        None
    }

    /// Whether the drawn state satisfies the pins of `branch`: at each entry, as many copies
    /// from the group (drawn) and from the rest (held, not drawn, beyond those all know).
    fn satisfied_by(&self, branch: usize, out: &State) -> bool {
        let mut radix = 1;
        for &(t, x, wanted, known) in self.list() {
            let from_group = branch / radix % (wanted + 1);
            radix *= wanted + 1;
            let Some(side) = out.sides.get(t) else {
                return false;
            };
            let drawn = usize::from(side.drawn.count(x));
            let down = side
                .face_down_cards()
                .iter()
                .filter(|&&c| c == Some(x))
                .count();
            let held = usize::from(side.hand.count(x)) + down;
            if drawn < from_group || held < drawn + known + wanted - from_group {
                return false;
            }
        }
        true
    }
}

/// The branched draw into `out` (a copy of `state`): `None` when it does not apply (no entry,
/// or beyond the bounds), else whether it found a draw in `MAX_TRIES` tries.
pub(super) fn draw(
    state: &State,
    observer: Seat,
    rng: &mut GameRng,
    out: &mut State,
) -> Option<bool> {
    let plain = set_up(state, observer, Required::Rejected)?;
    let entries = Entries::of(&plain.holders, state)?;
    let mut logs = [f64::NEG_INFINITY; MAX_BRANCHES];
    for (b, log) in logs.iter_mut().enumerate().take(entries.branches) {
        if let Some(setup) = set_up(state, observer, Required::Branch(&entries, b)) {
            *log = log_placements(&setup);
        }
    }
    let most = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !most.is_finite() {
        return Some(false);
    }
    let mut weights = [0.0f64; MAX_BRANCHES];
    let mut total = 0.0;
    for (w, log) in weights.iter_mut().zip(logs) {
        *w = (log - most).exp();
        total += *w;
    }
    // The branches whose weight is not 0 and whose pins the drawn state satisfies.
    let reaching = |out: &State| {
        (0..entries.branches)
            .filter(|&b| weights[b] > 0.0 && entries.satisfied_by(b, out))
            .count()
    };
    let hidden = places_of(&plain.holders);
    // The last branch's set-up, kept while the tries pick it.
    let mut last: Option<(usize, Setup)> = None;
    for _ in 0..MAX_TRIES {
        let b = pick(&weights[..entries.branches], unit(rng) * total);
        if last.as_ref().map(|(at, _)| *at) != Some(b) {
            last = set_up(state, observer, Required::Branch(&entries, b)).map(|s| (b, s));
        }
        let Some((_, setup)) = &last else {
            continue;
        };
        let share = |out: &State| 1.0 / reaching(out).max(1) as f64;
        if try_once(state, observer, setup, &hidden, rng, out, share) {
            return Some(true);
        }
    }
    Some(false)
}

/// The branch at which the running sum of `weights` first passes `until`; past the end, the
/// last with a weight (`until` beyond the sum by rounding).
fn pick(weights: &[f64], until: f64) -> usize {
    let mut sum = 0.0;
    let mut last = 0;
    for (b, &w) in weights.iter().enumerate() {
        if w > 0.0 {
            sum += w;
            last = b;
            if sum > until {
                return b;
            }
        }
    }
    last
}

/// `ln W_b` up to a constant common to all branches (see the module doc).
fn log_placements(setup: &Setup) -> f64 {
    let mut log = setup.total.ln() + ln_factorial(setup.group.len())
        - ln_factorial_each(&setup.group)
        + ln_factorial(setup.rest.len())
        - ln_factorial_each(&setup.rest);
    for h in setup.holders.iter().filter(|h| h.hidden) {
        log -= ln_factorial(h.group_quota) + ln_factorial(h.rest_quota);
        log -= ln_factorial_each(&h.pinned_group) + ln_factorial_each(&h.pinned_rest);
    }
    log
}

/// `ln n!`.
fn ln_factorial(n: usize) -> f64 {
    (2..=n).map(|i| (i as f64).ln()).sum()
}

/// `Σ_x ln c_x!` over the identities of `cards`, `c_x` its copies.
fn ln_factorial_each(cards: &Cards) -> f64 {
    cards
        .distinct()
        .map(|x| ln_factorial(usize::from(cards.count(x))))
        .sum()
}
