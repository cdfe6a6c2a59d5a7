//! Where the cards a seat holds that are not known one by one may lie (HJ66, HJ80, HJ88): a
//! card taken by Evocation (all know its suit) and a card drawn from the Deck group (its
//! knowers know it is one of the group). As for a known card (`whereabouts.rs`), such a card
//! may since have gone face down only into a zone set after it came.
//!
//! Each is a token with a mask of the zones it may lie in. A token that comes has the mask 0
//! (the hand); a set adds its zone to every token of the seat, a face-down card leaving takes
//! its zone off. The masks of a seat form a chain, so one kind's tokens have at most one mask
//! per face-down zone besides 0: each kind keeps the masks other than 0 with how many tokens
//! have each (the rest are in the hand).

use serde::{Deserialize, Serialize};

use crate::table::sizes::MANA_ZONES;

/// A pair not in use.
const NONE: (u8, u8) = (0, 0);
/// Masks not recorded (a state saved before they existed).
const UNRECORDED: u8 = 0x80;

/// Cards not known one by one (evoked cards of one suit, or cards drawn from the Deck group)
/// that a seat holds: the masks other than 0 of the face-down zones they may lie in, with how
/// many have each, the most restricted first. The cards not counted here are in the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PlaceCounts([(u8, u8); MANA_ZONES]);

impl PlaceCounts {
    const HAND_ONLY: PlaceCounts = PlaceCounts([NONE; MANA_ZONES]);
    const UNRECORDED: PlaceCounts = {
        let mut pairs = [NONE; MANA_ZONES];
        pairs[0] = (UNRECORDED, 0);
        PlaceCounts(pairs)
    };

    fn pairs(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.0.iter().copied().filter(|&pair| pair != NONE)
    }

    /// The cards the pairs count (a pair not in use counts none: all are summed, with no
    /// branch on which are in use).
    fn listed(&self) -> u8 {
        self.0.iter().map(|&(_, n)| n).sum()
    }

    /// A card set face down with the zone's `bit`: any of the `total` cards may be it.
    fn set_down(&mut self, bit: u8, total: u8) {
        let in_hand = total.saturating_sub(self.listed());
        // Every pair in use gains the zone; all are rewritten, with no branch on which.
        for pair in &mut self.0 {
            pair.0 |= bit & 0u8.wrapping_sub(u8::from(*pair != NONE));
        }
        if in_hand > 0 {
            // The new mask is the most restricted: first.
            self.0.rotate_right(1);
            self.0[0] = (bit, in_hand);
        }
    }

    /// The face-down card of the zone with `bit` is gone.
    fn zone_emptied(&mut self, bit: u8) {
        if !self.may_lie(bit) {
            return;
        }
        for pair in self.0.iter_mut() {
            pair.0 &= !bit;
            if pair.0 == 0 {
                *pair = NONE;
            }
        }
        self.normalise();
    }

    /// One of the `total` cards left the hand: the most restricted goes.
    fn left_hand(&mut self, total: u8) {
        if total > self.listed() {
            return;
        }
        if let Some(first) = self.0.iter_mut().find(|p| **p != NONE) {
            first.1 -= 1;
            if first.1 == 0 {
                *first = NONE;
            }
        }
        self.normalise();
    }

    /// The most restricted of the `total` cards may lie in the zones of `mask` too (a mask of
    /// the seat's chain): if `mask` is wider, one card of the most restricted mask takes it.
    fn widen(&mut self, mask: u8, total: u8) {
        if mask == 0 || total == 0 {
            return;
        }
        let in_hand = total.saturating_sub(self.listed());
        if in_hand == 0 {
            let Some(first) = self.0.iter_mut().find(|p| **p != NONE) else {
                return;
            };
            if mask & !first.0 == 0 {
                return;
            }
            first.1 -= 1;
            if first.1 == 0 {
                *first = NONE;
            }
        }
        if let Some(free) = self.0.iter_mut().find(|p| **p == NONE) {
            *free = (mask, 1);
        }
        self.0
            .sort_unstable_by_key(|&(m, n)| (n == 0, m.count_ones(), m));
        self.normalise();
    }

    /// Whether one of the cards may lie in the zone with `bit`.
    fn may_lie(&self, bit: u8) -> bool {
        self.pairs().any(|(m, _)| m & bit != 0)
    }

    /// The card in the zone with `bit` was one: the most restricted that may lie there goes.
    fn left_zone(&mut self, bit: u8) -> bool {
        let Some(pair) = self.0.iter_mut().find(|p| p.0 & bit != 0) else {
            return false;
        };
        pair.1 -= 1;
        if pair.1 == 0 {
            *pair = NONE;
        }
        self.normalise();
        true
    }

    fn is_unrecorded(&self) -> bool {
        self.0[0].0 & UNRECORDED != 0
    }

    /// Not recorded: any of the `total` cards may lie in any face-down zone `down`.
    fn settle(&mut self, total: u8, down: u8) {
        *self = PlaceCounts::HAND_ONLY;
        if down != 0 && total > 0 {
            self.0[0] = (down, total);
        }
    }

    /// Masks of face-down zones only, none 0, each once, most restricted first, in use first,
    /// `total` cards at most.
    fn fits(&self, total: u8, down: u8) -> bool {
        let used = self.pairs().count();
        let listed: u32 = self.pairs().map(|(_, n)| u32::from(n)).sum();
        listed <= u32::from(total)
            && self.pairs().all(|(m, n)| m != 0 && m & !down == 0 && n > 0)
            && self.0[..used].iter().all(|&p| p != NONE)
            && self.0[..used]
                .windows(2)
                .all(|w| (w[0].0.count_ones(), w[0].0) < (w[1].0.count_ones(), w[1].0))
    }

    /// Keeps the pairs in use first and merges equal masks. The masks are a chain kept in
    /// order (a set adds its zone to all, an emptied zone leaves all), so masks made equal by
    /// an emptied zone are next to each other, and no sorting is needed.
    fn normalise(&mut self) {
        let mut kept = [NONE; MANA_ZONES];
        let mut len: usize = 0;
        for &(mask, count) in &self.0 {
            if mask == 0 || count == 0 {
                continue;
            }
            match len.checked_sub(1).map(|last| &mut kept[last]) {
                Some(last) if last.0 == mask => last.1 = last.1.saturating_add(count),
                _ => {
                    kept[len] = (mask, count);
                    len += 1;
                }
            }
        }
        self.0 = kept;
    }

    /// Adds a saved pair.
    fn push(&mut self, mask: u8, count: u8) -> bool {
        match self.0.iter_mut().find(|pair| **pair == NONE) {
            Some(free) => {
                *free = (mask, count);
                true
            }
            None => false,
        }
    }
}

/// For each suit (♣ ♦ ♥ ♠), the face-down zones its evoked cards may lie in besides the hand:
/// pairs of a mask and how many cards have it, the most restricted first; cards not counted
/// here are in the hand.
///
/// Saved as a list of `[suit, mask, count]` (suit 0–3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Vec<(u8, u8, u8)>", try_from = "Vec<(u8, u8, u8)>")]
pub struct SuitPlaces {
    suits: [PlaceCounts; 4],
}

impl Default for SuitPlaces {
    fn default() -> Self {
        SuitPlaces::HAND_ONLY
    }
}

impl From<SuitPlaces> for Vec<(u8, u8, u8)> {
    fn from(p: SuitPlaces) -> Self {
        let mut out = Vec::new();
        for (suit, row) in p.suits.iter().enumerate() {
            out.extend(row.pairs().map(|(mask, count)| (suit as u8, mask, count)));
        }
        out
    }
}

/// Saved places of cards not known one by one that name no suit, or more masks than there are
/// zones.
#[derive(Debug, thiserror::Error)]
#[error("the places of evoked or drawn cards name suit {0}, or more masks than there are zones")]
pub struct SuitPlacesError(u8);

impl TryFrom<Vec<(u8, u8, u8)>> for SuitPlaces {
    type Error = SuitPlacesError;

    fn try_from(saved: Vec<(u8, u8, u8)>) -> Result<Self, Self::Error> {
        let mut p = SuitPlaces::HAND_ONLY;
        for (suit, mask, count) in saved {
            let row = p
                .suits
                .get_mut(usize::from(suit))
                .ok_or(SuitPlacesError(suit))?;
            if !row.push(mask, count) {
                return Err(SuitPlacesError(suit));
            }
        }
        Ok(p)
    }
}

impl SuitPlaces {
    /// Every evoked card in the hand.
    pub const HAND_ONLY: SuitPlaces = SuitPlaces {
        suits: [PlaceCounts::HAND_ONLY; 4],
    };

    /// Not recorded: filled in on load (see [`SuitPlaces::settle`]).
    pub(crate) const fn unrecorded() -> SuitPlaces {
        SuitPlaces {
            suits: [PlaceCounts::UNRECORDED; 4],
        }
    }

    /// The masks other than 0 of a suit's evoked cards, with how many have each, the most
    /// restricted first.
    pub fn of_suit(&self, suit: usize) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.suits
            .get(suit)
            .into_iter()
            .flat_map(PlaceCounts::pairs)
    }

    /// A card left the hand face down into `zone`: any evoked card may be it. `counts` are the
    /// evoked cards of each suit.
    pub(crate) fn set_down(&mut self, zone: usize, counts: &[u8; 4]) {
        if let Some(bit) = zone_bit(zone) {
            for (row, &count) in self.suits.iter_mut().zip(counts) {
                row.set_down(bit, count);
            }
        }
    }

    /// The face-down card in `zone` is gone: no evoked card lies there.
    pub(crate) fn zone_emptied(&mut self, zone: usize) {
        if let Some(bit) = zone_bit(zone) {
            for row in &mut self.suits {
                row.zone_emptied(bit);
            }
        }
    }

    /// An evoked card of `suit` may have left the hand in sight of all, `count` being its
    /// suit's evoked cards before: the most restricted one goes.
    pub(crate) fn left_hand(&mut self, suit: usize, count: u8) {
        if let Some(row) = self.suits.get_mut(suit) {
            row.left_hand(count);
        }
    }

    /// A known card of `suit` that left may have been an evoked one instead (HJ85): the most
    /// restricted evoked card may lie in `places` too.
    pub(crate) fn widen(&mut self, suit: usize, places: u8, count: u8) {
        if let Some(row) = self.suits.get_mut(suit) {
            row.widen(places, count);
        }
    }

    /// A face-down card of `suit` in `zone` was revealed: it is an evoked card if one may lie
    /// there (the most restricted such). Returns whether it was.
    pub(crate) fn left_zone(&mut self, suit: usize, zone: usize) -> bool {
        match (self.suits.get_mut(suit), zone_bit(zone)) {
            (Some(row), Some(bit)) => row.left_zone(bit),
            _ => false,
        }
    }

    /// Fills in places not recorded (a state saved before they existed): an evoked card may lie
    /// in any face-down zone `down`, as the engine then read it.
    pub(crate) fn settle(&mut self, counts: &[u8; 4], down: u8) {
        for (row, &count) in self.suits.iter_mut().zip(counts) {
            if row.is_unrecorded() {
                row.settle(count, down);
            }
        }
    }

    /// Whether the places fit the evoked `counts` and the face-down zones `down`: masks of
    /// face-down zones only, none 0, each once, most restricted first, as many cards as are
    /// evoked at most.
    pub(crate) fn fits(&self, counts: &[u8; 4], down: u8) -> bool {
        self.suits
            .iter()
            .zip(counts)
            .all(|(row, &count)| row.fits(count, down))
    }
}

/// The face-down zones the cards a seat drew from the Deck group (`Side::drawn`) may lie in
/// besides the hand: those set after each was drawn (HJ80, HJ88). Pairs of a mask and how many
/// drawn cards have it, the most restricted first; cards not counted here are in the hand.
///
/// Saved as a list of `[mask, count]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Vec<(u8, u8)>", try_from = "Vec<(u8, u8)>")]
pub struct DrawnPlaces(PlaceCounts);

impl Default for DrawnPlaces {
    fn default() -> Self {
        DrawnPlaces::HAND_ONLY
    }
}

impl From<DrawnPlaces> for Vec<(u8, u8)> {
    fn from(p: DrawnPlaces) -> Self {
        p.0.pairs().collect()
    }
}

impl TryFrom<Vec<(u8, u8)>> for DrawnPlaces {
    type Error = SuitPlacesError;

    fn try_from(saved: Vec<(u8, u8)>) -> Result<Self, Self::Error> {
        let mut p = DrawnPlaces::HAND_ONLY;
        for (mask, count) in saved {
            if !p.0.push(mask, count) {
                return Err(SuitPlacesError(4));
            }
        }
        Ok(p)
    }
}

impl DrawnPlaces {
    /// Every drawn card in the hand.
    pub const HAND_ONLY: DrawnPlaces = DrawnPlaces(PlaceCounts::HAND_ONLY);

    /// Not recorded: filled in on load.
    pub(crate) const fn unrecorded() -> DrawnPlaces {
        DrawnPlaces(PlaceCounts::UNRECORDED)
    }

    /// The masks other than 0 of the drawn cards, with how many have each, the most
    /// restricted first.
    pub fn pairs(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.0.pairs()
    }

    /// A card set face down into `zone`: any of the `total` drawn cards may be it.
    pub(crate) fn set_down(&mut self, zone: usize, total: u8) {
        if let Some(bit) = zone_bit(zone) {
            self.0.set_down(bit, total);
        }
    }

    /// The face-down card in `zone` is gone.
    pub(crate) fn zone_emptied(&mut self, zone: usize) {
        if let Some(bit) = zone_bit(zone) {
            self.0.zone_emptied(bit);
        }
    }

    /// A known card that left may have been a drawn one instead (HJ85): the most restricted
    /// drawn card may lie in `places` too.
    pub(crate) fn widen(&mut self, places: u8, total: u8) {
        self.0.widen(places, total);
    }

    /// Whether a drawn card may lie in `zone`.
    pub(crate) fn may_lie(&self, zone: usize) -> bool {
        zone_bit(zone).is_some_and(|bit| self.0.may_lie(bit))
    }

    /// A drawn card left, from `zone` or (`None`) the hand, `total` being the drawn cards
    /// before: the most restricted that may have been it goes.
    pub(crate) fn left(&mut self, zone: Option<usize>, total: u8) {
        match zone.and_then(zone_bit) {
            Some(bit) => {
                self.0.left_zone(bit);
            }
            None => self.0.left_hand(total),
        }
    }

    /// Fills in places not recorded (a state saved before they existed): any face-down zone.
    pub(crate) fn settle(&mut self, total: u8, down: u8) {
        if self.0.is_unrecorded() {
            self.0.settle(total, down);
        }
    }

    /// Whether the places fit `total` drawn cards and the face-down zones `down`.
    pub(crate) fn fits(&self, total: u8, down: u8) -> bool {
        self.0.fits(total, down)
    }
}

/// A zone's bit, if it is a zone.
fn zone_bit(zone: usize) -> Option<u8> {
    (zone < MANA_ZONES).then(|| 1 << zone)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hj66_hj88_an_evoked_card_may_lie_only_in_a_zone_set_after_it_was_taken() {
        let mut p = SuitPlaces::HAND_ONLY;
        // One heart evoked, then a set in zone 2, then a second heart evoked, a set in zone 0.
        p.set_down(2, &[0, 0, 1, 0]);
        assert_eq!(p.of_suit(2).collect::<Vec<_>>(), [(0b100, 1)]);
        p.set_down(0, &[0, 0, 2, 0]);
        assert_eq!(p.of_suit(2).collect::<Vec<_>>(), [(0b1, 1), (0b101, 1)]);
        assert!(p.fits(&[0, 0, 2, 0], 0b101));
        // Zone 2's card revealed: the older heart may have been it.
        assert!(p.left_zone(2, 2));
        assert_eq!(p.of_suit(2).collect::<Vec<_>>(), [(0b1, 1)]);
        // A heart played from the hand: the most restricted goes.
        p.left_hand(2, 1);
        assert_eq!(p.of_suit(2).count(), 0);
        let back: SuitPlaces = Vec::<(u8, u8, u8)>::from(p).try_into().unwrap_or_default();
        assert_eq!(back, p);
    }

    #[test]
    fn places_that_name_empty_zones_or_too_many_cards_do_not_fit() {
        let mut p = SuitPlaces::HAND_ONLY;
        p.set_down(1, &[2, 0, 0, 0]);
        assert!(p.fits(&[2, 0, 0, 0], 0b10));
        assert!(!p.fits(&[1, 0, 0, 0], 0b10), "more than evoked");
        assert!(!p.fits(&[2, 0, 0, 0], 0b01), "zone 1 is not face down");
    }
}
