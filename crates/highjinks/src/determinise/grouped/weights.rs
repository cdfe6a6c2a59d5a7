//! The grouped draw's arithmetic: the weights of its first step (falling factorials and the
//! walk over the seats' choices) and the sets of face-down places that may take cards drawn
//! from the group (HJ80, HJ88).

use super::super::MAX_SEATS;
use super::{Holder, MAX_DOWN};
use crate::knowledge::consistency::matches_all;
use crate::table::sizes::MANA_ZONES;

/// `(s)_x / (n)_x`: the chance that `x` cards drawn from `n` are all among `s`.
pub(super) fn all_among(s: usize, n: usize, x: usize) -> f64 {
    let mut r = 1.0;
    for i in 0..x {
        if i >= s || i >= n {
            return 0.0;
        }
        r *= (s - i) as f64 / (n - i) as f64;
    }
    r
}

/// `(n)_k`, the falling factorial.
pub(super) fn falling(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    (0..k).map(|i| (n - i) as f64).product()
}

/// Walks every combination of the seats' choices in order, summing their weights: returns the
/// total and the combination at which the running sum first passes `until`.
pub(super) fn weigh(
    holders: &[Holder; MAX_SEATS],
    players: usize,
    group_ratio: &[f64; MAX_DOWN + 1],
    rest_ratio: &[f64; MAX_DOWN + 1],
    until: f64,
) -> (f64, [usize; MAX_SEATS]) {
    let mut at = [0usize; MAX_SEATS];
    let mut sum = 0.0;
    loop {
        let this = at;
        let (mut w, mut g, mut p) = (1.0, 0usize, 0usize);
        for (t, h) in holders.iter().enumerate().take(players) {
            if h.hidden {
                let (gt, kt, wt) = h.choices[at[t]];
                w *= wt;
                g += usize::from(gt);
                p += h.downs - usize::from(gt) - usize::from(kt);
            }
        }
        sum += w * group_ratio[g.min(MAX_DOWN)] * rest_ratio[p.min(MAX_DOWN)];
        if sum > until {
            return (sum, this);
        }
        // The next combination; past the last, the last (`until` beyond the sum by rounding).
        let mut t = 0;
        loop {
            if t == players {
                return (sum, this);
            }
            if holders[t].hidden && at[t] + 1 < holders[t].count {
                at[t] += 1;
                break;
            }
            at[t] = 0;
            t += 1;
        }
    }
}

/// The sets of `down` (face-down zones, one bit each) that may take cards the seat drew from
/// the group, one bit per set (HJ80, HJ88): each zone of the set takes a different drawn card
/// whose places include it (a zone set before a drawn card came holds another card).
pub(super) fn fitting_places(down: u8, side: &crate::table::field::Side) -> u64 {
    let mut fitting = 0u64;
    for set in 0..1u8 << MANA_ZONES {
        if set & !down != 0 {
            continue;
        }
        // Each zone of the set, as a row of the drawn cards whose places include it.
        let mut rows = [0u32; MANA_ZONES];
        let mut len = 0;
        for z in (0..MANA_ZONES).filter(|z| set >> z & 1 == 1) {
            let mut token = 0;
            for (mask, count) in side.drawn_at.pairs() {
                for _ in 0..count {
                    if mask >> z & 1 == 1 && token < 32 {
                        rows[len] |= 1 << token;
                    }
                    token += 1;
                }
            }
            len += 1;
        }
        if matches_all(&rows[..len]) {
            fitting |= 1 << set;
        }
    }
    fitting
}

/// The `nth` set of `size` zones in `fitting` (one bit per set, as [`fitting_places`] gives
/// them), in the order of their bits; the empty set when there is none.
pub(super) fn nth_fitting_set(fitting: u64, size: usize, nth: usize) -> u8 {
    (0..1u8 << MANA_ZONES)
        .filter(|&set| fitting >> set & 1 == 1 && set.count_ones() as usize == size)
        .nth(nth)
        .unwrap_or(0)
}
