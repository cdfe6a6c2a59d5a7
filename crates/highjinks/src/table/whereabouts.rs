//! Where a card known to be in a seat's hand may lie instead (HJ85, HJ88): a card set face
//! down leaves the hand unseen, so a card known to be there may since have gone face down,
//! but only into a place set *after* it was known to be there. A face-down place set before
//! a card entered the hand (or before a proof showed the hand) cannot hold it.
//!
//! Each copy known to be held keeps the mask of the seat's face-down Mana zones it may lie in
//! (0: the hand only). A copy becomes known with the mask 0; setting a card face down adds the
//! zone to every mask of the seat (any of the known cards may be the one set); a face-down card
//! leaving takes its zone off every mask. So the masks of one seat's known copies always form
//! a chain, each contained in the next: sorted from the most restricted, a copy's places
//! contain every earlier copy's places. That is what keeps the determinisation exact and
//! simple (pins are placed most restricted first; see `determinise.rs`).
//!
//! Only cards 3–10 can be face down (§6), and a game holds at most two copies of each (two
//! decks, HJ2), so two masks per identity 3–10 are enough; other known cards are in the hand.

use serde::{Deserialize, Serialize};

use crate::table::card::{Card, Cards, FIRST_SETTABLE, SETTABLE};
use crate::table::sizes::MANA_ZONES;
/// A mask not yet recorded (a state saved before the masks existed): any face-down zone.
pub(crate) const UNRECORDED: u8 = 0x80;

/// For each copy of a card 3–10 known to be held, the face-down Mana zones it may lie in
/// besides the hand (bit `z` for zone `z`), most restricted copy first.
///
/// Saved as the list of the identities that may lie face down, each with its two copies'
/// masks: `[["5H", 1, 0]]` (an empty list: every known card is in the hand).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Vec<(Card, u8, u8)>", try_from = "Vec<(Card, u8, u8)>")]
pub struct Whereabouts {
    zones: [[u8; 2]; SETTABLE],
}

impl From<Whereabouts> for Vec<(Card, u8, u8)> {
    fn from(w: Whereabouts) -> Self {
        w.zones
            .iter()
            .enumerate()
            .filter(|(_, z)| **z != [0, 0])
            .filter_map(|(s, z)| Card::from_index(s + FIRST_SETTABLE).map(|c| (c, z[0], z[1])))
            .collect()
    }
}

/// A saved [`Whereabouts`] that names a card that cannot lie face down, or names one twice.
#[derive(Debug, thiserror::Error)]
#[error("the places of a known card name {0}, which cannot lie face down, or name it twice")]
pub struct WhereaboutsError(Card);

impl TryFrom<Vec<(Card, u8, u8)>> for Whereabouts {
    type Error = WhereaboutsError;

    fn try_from(saved: Vec<(Card, u8, u8)>) -> Result<Self, Self::Error> {
        let mut w = Whereabouts::HAND_ONLY;
        for (card, first, second) in saved {
            let Some(s) = slot(card) else {
                return Err(WhereaboutsError(card));
            };
            if w.zones[s] != [0, 0] {
                return Err(WhereaboutsError(card));
            }
            w.zones[s] = [first, second];
        }
        Ok(w)
    }
}

impl Default for Whereabouts {
    fn default() -> Self {
        Whereabouts::HAND_ONLY
    }
}

/// The slot of an identity 3–10.
fn slot(card: Card) -> Option<usize> {
    card.is_settable().then(|| card.index() - FIRST_SETTABLE)
}

impl Whereabouts {
    /// Every known copy in the hand.
    pub const HAND_ONLY: Whereabouts = Whereabouts {
        zones: [[0; 2]; SETTABLE],
    };

    /// Not recorded: filled in on load (see [`Whereabouts::settle`]).
    pub(crate) const fn unrecorded() -> Whereabouts {
        Whereabouts {
            zones: [[UNRECORDED; 2]; SETTABLE],
        }
    }

    /// The face-down zones the `copy`-th most restricted known copy of `card` may lie in
    /// (0 for a card that cannot be set, or a copy beyond the second).
    pub fn zones(&self, card: Card, copy: usize) -> u8 {
        slot(card)
            .and_then(|s| self.zones[s].get(copy).copied())
            .unwrap_or(0)
    }

    /// Records that the `copy`-th most restricted known copy of `card` may lie in `zones`.
    pub(crate) fn keep(&mut self, card: Card, copy: usize, zones: u8) {
        if let Some(s) = slot(card) {
            if let Some(z) = self.zones[s].get_mut(copy) {
                *z = zones;
            }
        }
    }

    /// A copy of `card` becomes known to be in the hand, `before` copies being known already.
    pub(crate) fn entered(&mut self, card: Card, before: u8) {
        if let Some(s) = slot(card) {
            let z = &mut self.zones[s];
            match before {
                0 => *z = [0, 0],
                1 => *z = [0, z[0]],
                // A third copy of a card 3–10 is in no game.
                _ => {}
            }
        }
    }

    /// A copy of `card` left the hand in sight of all, `before` copies being known: nobody can
    /// tell which, so the most restricted copy is dropped (the other may be either).
    pub(crate) fn left_hand(&mut self, card: Card, before: u8) {
        if let Some(s) = slot(card) {
            let z = &mut self.zones[s];
            if before > 0 {
                *z = [z[1], 0];
            }
            if before <= 1 {
                *z = [0, 0];
            }
        }
    }

    /// A face-down copy of `card` in `zone` was revealed as it left, `before` copies being
    /// known: it was one of the known copies that may lie there, if any may; the most
    /// restricted of those is dropped. Returns its places, if one was.
    pub(crate) fn left_zone(&mut self, card: Card, zone: usize, before: u8) -> Option<u8> {
        let s = slot(card)?;
        let bit = zone_bit(zone);
        let z = &mut self.zones[s];
        let held = usize::from(before.min(2));
        let i = (0..held).find(|&i| z[i] & bit != 0)?;
        let places = z[i];
        if i == 0 {
            z[0] = z[1];
        }
        z[1] = 0;
        if held == 1 {
            z[0] = 0;
        }
        Some(places)
    }

    /// A card left the hand face down into `zone`: any of the known copies `cards` may be it.
    /// Every identity 3–10 is rewritten, its first mask gaining the zone if a copy is known
    /// and its second if two are: no branch on which cards are known, or how many of each
    /// (a loop the compiler can run many identities at a time).
    pub(crate) fn set_down(&mut self, zone: usize, cards: &Cards) {
        let bit = zone_bit(zone);
        let Some(counts) = cards.settable_counts() else {
            return;
        };
        // An identity's two masks as one little-endian word: the first in its low byte.
        let (first, second) = (u16::from(bit), u16::from(bit) << 8);
        for (copies, &count) in self.zones.iter_mut().zip(counts) {
            let add = (first & 0u16.wrapping_sub(u16::from(count >= 1)))
                | (second & 0u16.wrapping_sub(u16::from(count >= 2)));
            *copies = (u16::from_le_bytes(*copies) | add).to_le_bytes();
        }
    }

    /// The face-down card in `zone` is gone: no known copy lies there.
    pub(crate) fn zone_emptied(&mut self, zone: usize) {
        let keep = !zone_bit(zone);
        for z in self.zones.as_flattened_mut() {
            *z &= keep;
        }
    }

    /// Fills in masks not recorded (a state saved before they existed): a known copy may lie in
    /// any of the face-down zones `down`, as the engine then read HJ88. Masks of copies not
    /// known are cleared.
    pub(crate) fn settle(&mut self, cards: &Cards, down: u8) {
        for (s, z) in self.zones.iter_mut().enumerate() {
            let held = Card::from_index(s + FIRST_SETTABLE).map_or(0, |c| cards.count(c));
            let held = usize::from(held);
            for (i, mask) in z.iter_mut().enumerate() {
                if i >= held {
                    *mask = 0;
                } else if *mask & UNRECORDED != 0 {
                    *mask = down;
                }
            }
        }
    }

    /// Whether the masks fit the known `cards` and the face-down zones `down`: only zones face
    /// down, nothing for copies not known, each identity's masks from the most restricted,
    /// and all the masks of the seat a chain (each contains the one before).
    pub(crate) fn fits(&self, cards: &Cards, down: u8) -> bool {
        let mut chain: [u8; SETTABLE * 2] = [0; SETTABLE * 2];
        let mut len = 0;
        for (s, z) in self.zones.iter().enumerate() {
            let held = Card::from_index(s + FIRST_SETTABLE).map_or(0, |c| cards.count(c));
            let held = usize::from(held);
            if held > 2 {
                return false;
            }
            for (i, &mask) in z.iter().enumerate() {
                if i >= held {
                    if mask != 0 {
                        return false;
                    }
                    continue;
                }
                if mask & !down != 0 {
                    return false;
                }
                chain[len] = mask;
                len += 1;
            }
            if held == 2 && z[0] & !z[1] != 0 {
                return false;
            }
        }
        let chain = &mut chain[..len];
        chain.sort_unstable_by_key(|m| m.count_ones());
        chain.windows(2).all(|w| w[0] & !w[1] == 0)
    }

    /// Whether the hidden cards of a seat (its `hand` and `down`, the face-down card of each
    /// zone) hold the known copies `cards` where these masks allow: each copy, from the most
    /// restricted, needs a copy of its identity in the hand or a zone it may lie in, not
    /// taken by an earlier one (with the masks a chain, this is exact).
    pub(crate) fn holds(
        &self,
        cards: &Cards,
        hand: &Cards,
        down: &[Option<Card>; MANA_ZONES],
    ) -> bool {
        for card in cards.distinct() {
            let known = usize::from(cards.count(card));
            let in_hand = usize::from(hand.count(card));
            if slot(card).is_none() {
                if in_hand < known {
                    return false;
                }
                continue;
            }
            for copy in 0..known.min(2) {
                let mask = self.zones(card, copy);
                let places = in_hand
                    + (0..MANA_ZONES)
                        .filter(|&z| mask & zone_bit(z) != 0 && down[z] == Some(card))
                        .count();
                if places <= copy {
                    return false;
                }
            }
        }
        true
    }
}

/// A zone's bit (zones beyond the six have none).
fn zone_bit(zone: usize) -> u8 {
    if zone < MANA_ZONES {
        1 << zone
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap_or(Card::JOKER)
    }

    #[test]
    fn hj88_a_card_known_after_a_set_may_not_lie_in_that_zone() {
        let mut w = Whereabouts::HAND_ONLY;
        let mut known = Cards::new();
        // 5C known, then a card set in zone 0: 5C may be there.
        w.entered(card("5C"), 0);
        known.add(card("5C"));
        w.set_down(0, &known);
        assert_eq!(w.zones(card("5C"), 0), 0b1);
        // A second 5C known after: it may not.
        w.entered(card("5C"), 1);
        known.add(card("5C"));
        assert_eq!(w.zones(card("5C"), 0), 0);
        assert_eq!(w.zones(card("5C"), 1), 0b1);
        assert!(w.fits(&known, 0b1));
        // The face-down 5C revealed from zone 0: the copy that may lie there goes.
        assert_eq!(w.left_zone(card("5C"), 0, 2), Some(0b1));
        assert_eq!(w.zones(card("5C"), 0), 0);
        assert_eq!(w.zones(card("5C"), 1), 0);
    }

    #[test]
    fn hj85_a_copy_leaving_the_hand_leaves_the_least_known_place() {
        let mut w = Whereabouts::HAND_ONLY;
        let mut known = Cards::new();
        w.entered(card("9D"), 0);
        known.add(card("9D"));
        w.set_down(3, &known);
        w.entered(card("9D"), 1);
        known.add(card("9D"));
        // Either copy may be the one that left: the other may lie in zone 3.
        w.left_hand(card("9D"), 2);
        assert_eq!(w.zones(card("9D"), 0), 0b1000);
        w.zone_emptied(3);
        assert_eq!(w.zones(card("9D"), 0), 0);
    }

    #[test]
    fn masks_that_are_no_chain_or_name_no_face_down_zone_do_not_fit() {
        let mut known = Cards::new();
        known.add(card("5C"));
        known.add(card("6C"));
        let mut w = Whereabouts::HAND_ONLY;
        w.zones[slot(card("5C")).unwrap_or(0)][0] = 0b01;
        w.zones[slot(card("6C")).unwrap_or(0)][0] = 0b10;
        assert!(!w.fits(&known, 0b11), "no chain");
        w.zones[slot(card("6C")).unwrap_or(0)][0] = 0b11;
        assert!(w.fits(&known, 0b11));
        assert!(!w.fits(&known, 0b01), "zone 1 is not face down");
        w.zones[slot(card("7C")).unwrap_or(0)][0] = 0b01;
        assert!(!w.fits(&known, 0b11), "7C is not known");
    }
}
