//! What the seats know of each other's hands (§30, HJ6, HJ84, HJ85, HJ88): every change of a
//! hand goes through here, so that the knowledge the views show and the determinisation keeps
//! follows each card in and out.
//!
//! A seat `s` knows of seat `t`'s hand and face-down Mana:
//! - `known`: cards all know to be there (entered in sight of all), or, once an Interception's
//!   proof showed `s` the hand, `seen[s]`: its own knowledge, kept from then on like `known`;
//! - for each such copy, the face-down zones it may lie in besides the hand (`known_at`,
//!   `seen_at`: see `whereabouts.rs`);
//! - `suits`: cards of a suit all know to be there beyond `known` (taken by Evocation);
//! - `lacks`: identities all know are not in the hand (an Interception that missed).
//!
//! A card leaving the hand in sight of all takes one copy off each seat's knowledge (HJ85:
//! nobody learns which copy left), or, if all knew none, one off its suit's count. A face-down
//! card revealed is a known copy only if one may lie in its zone (HJ88). A card taken unseen
//! makes the others forget what the hand lacks.
//!
//! The records themselves are part of the table (a side keeps them: `table/whereabouts.rs`,
//! `table/suit_places.rs`); this module and its folder keep them up to date and read them:
//! the cards of a Deck some seats knew ([`known_deck`]) and whether a seat's hidden cards can
//! be what all know of them ([`consistency`]). Nothing here applies a rule or lists an action;
//! what a seat is shown of all this is `view.rs`.

pub(crate) mod consistency;
pub(crate) mod known_deck;

use cards::Seat;

use crate::table::card::{Card, Cards};
use crate::table::sizes::MAX_SEATS;
use crate::table::state::State;
use crate::table::whereabouts::Whereabouts;

impl State {
    /// The seat takes a card nobody else sees (a draw, Evocation's search).
    pub fn takes_unseen(&mut self, seat: Seat, card: Card) {
        let side = self.side_mut(seat);
        side.hand.add(card);
        side.lacks = 0;
    }

    /// A card enters a hand publicly (salvage, recruit, Redemption, a capture, a healed
    /// opponent's counter, a conjured card): every seat knows it is there (HJ85), and not in
    /// a face-down place set before (HJ88).
    pub fn give_publicly(&mut self, seat: Seat, card: Card) {
        let side = self.side_mut(seat);
        side.hand.add(card);
        enter(&mut side.known, &mut side.known_at, card);
        for s in seers(side.seers) {
            enter(&mut side.seen[s], &mut side.seen_at[s], card);
        }
        side.lacks &= !(1 << card.index());
    }

    /// A card of identity `card` left the seat's hand in sight of all (HJ85): nobody can tell
    /// which copy, so one known copy is forgotten.
    pub fn revealed_leaving(&mut self, seat: Seat, card: Card) {
        let side = self.side_mut(seat);
        for s in seers(side.seers) {
            let before = side.seen[s].count(card);
            if side.seen[s].remove(card) {
                side.seen_at[s].left_hand(card, before);
            }
        }
        let before = side.known.count(card);
        if side.known.remove(card) {
            // HJ85 drops the most restricted known copy.
            let places = side.known_at.zones(card, 0);
            side.known_at.left_hand(card, before);
            self.known_copy_left(seat, card, places);
        } else {
            self.unknown_copy_revealed(seat, card, None);
        }
        if seat == self.turn_seat && self.side(seat).hand.count(card) < self.marks.hand.count(card)
        {
            self.marks.hand.remove(card);
        }
    }

    /// The face-down card `card` in Mana zone `zone` was revealed as it left or turned face up
    /// (HJ88): it is a known copy if one may lie there (the most restricted such copy), and no
    /// known copy lies in that zone any more.
    pub fn revealed_from_zone(&mut self, seat: Seat, zone: usize, card: Card) {
        let side = self.side_mut(seat);
        for s in seers(side.seers) {
            let before = side.seen[s].count(card);
            if side.seen_at[s].left_zone(card, zone, before).is_some() {
                side.seen[s].remove(card);
            }
            side.seen_at[s].zone_emptied(zone);
        }
        // With nothing known, every mask is empty already.
        let mut known_places = None;
        if !side.known.is_empty() {
            let before = side.known.count(card);
            known_places = side.known_at.left_zone(card, zone, before);
            if known_places.is_some() {
                side.known.remove(card);
            }
            side.known_at.zone_emptied(zone);
        }
        match known_places {
            Some(places) => self.known_copy_left(seat, card, places),
            None => self.unknown_copy_revealed(seat, card, Some(zone)),
        }
        let side = self.side_mut(seat);
        if side.suits != [0; 4] {
            side.suits_at.zone_emptied(zone);
        }
        if !side.drawn.is_empty() {
            side.drawn_at.zone_emptied(zone);
        }
    }

    /// A known copy of `card` that may have lain in `places` was taken off what all know as a
    /// card of its identity left (HJ85). It may instead have been an evoked card of its suit or
    /// a card drawn from the group, the known card staying: those cards keep their count, and
    /// the most restricted of them may now lie where the known copy could (sound either way).
    fn known_copy_left(&mut self, seat: Seat, card: Card, places: u8) {
        let side = self.side_mut(seat);
        if let Some(suit) = card.suit().map(|s| s.index()) {
            if side.suits[suit] > 0 {
                side.suits_at.widen(suit, places, side.suits[suit]);
            }
        }
        if side.drawn.contains(card) {
            let drawn = side.drawn.len().min(usize::from(u8::MAX)) as u8;
            side.drawn_at.widen(places, drawn);
        }
    }

    /// A card not known to all left the seat's hand or face-down Mana (`zone`) in sight of
    /// all: it may be an evoked card of its suit (HJ66, one that may lie there) or one drawn
    /// from the Deck group (HJ80).
    fn unknown_copy_revealed(&mut self, seat: Seat, card: Card, zone: Option<usize>) {
        let side = self.side_mut(seat);
        if let Some(suit) = card.suit().map(|s| s.index()) {
            let count = side.suits[suit];
            let evoked = match zone {
                _ if count == 0 => false,
                None => {
                    side.suits_at.left_hand(suit, count);
                    true
                }
                Some(zone) => side.suits_at.left_zone(suit, zone),
            };
            if evoked {
                side.suits[suit] = count - 1;
            }
        }
        self.group_revealed(seat, card, zone);
    }

    /// The seat set a card face down from its hand into `zone` (§6, HJ88): nobody else sees
    /// which, so each known card may be the one now there.
    pub fn set_face_down(&mut self, seat: Seat, zone: usize) {
        let side = self.side_mut(seat);
        side.known_at.set_down(zone, &side.known);
        if side.suits != [0; 4] {
            side.suits_at.set_down(zone, &side.suits);
        }
        if !side.drawn.is_empty() {
            let drawn = side.drawn.len().min(usize::from(u8::MAX)) as u8;
            side.drawn_at.set_down(zone, drawn);
        }
        for s in seers(side.seers) {
            side.seen_at[s].set_down(zone, &side.seen[s]);
        }
    }

    /// A card leaves the seat's hand in sight of all.
    pub fn take_from_hand(&mut self, seat: Seat, card: Card) -> bool {
        if !self.side_mut(seat).hand.remove(card) {
            return false;
        }
        self.revealed_leaving(seat, card);
        true
    }

    /// An Interception's proof (§15, HJ42, HJ88): `target` shows its whole hand to `caster`,
    /// who now knows it exactly: those cards are in the hand, and the cards it knew before
    /// beyond them are face down, where they were.
    pub fn show_hand(&mut self, caster: Seat, target: Seat) {
        let slot = caster.index();
        if slot >= MAX_SEATS || caster == target {
            return;
        }
        let side = self.side_mut(target);
        let (before, before_at) = side.known_by(slot);
        let (before, before_at) = (*before, *before_at);
        let mut seen = side.hand;
        let mut seen_at = Whereabouts::HAND_ONLY;
        for card in before.distinct() {
            let (held, knew) = (side.hand.count(card), before.count(card));
            // The copies known beyond the hand's: the least restricted ones, face down.
            for copy in held..knew {
                seen.add(card);
                seen_at.keep(
                    card,
                    usize::from(copy),
                    before_at.zones(card, usize::from(copy)),
                );
            }
        }
        side.seers |= 1 << slot;
        side.seen[slot] = seen;
        side.seen_at[slot] = seen_at;
    }

    /// Reads what a loaded state left unrecorded: masks saved before they existed are read as
    /// the engine then read HJ88 (a known card may lie in any face-down zone), and a proof
    /// saved as the cards a seat saw beyond `known` becomes that seat's own knowledge.
    pub fn settle_loaded(&mut self) {
        self.refresh_table();
        for side in &mut self.sides {
            side.refresh_sources();
            side.refresh_agents();
            let down = side.down_zones();
            side.known_at.settle(&side.known, down);
            side.suits_at.settle(&side.suits, down);
            let drawn = side.drawn.len().min(usize::from(u8::MAX)) as u8;
            side.drawn_at.settle(drawn, down);
            if let Some(proof) = side.proof.take() {
                for (s, beyond) in proof.iter().enumerate().filter(|(_, b)| !b.is_empty()) {
                    let mut seen = side.known;
                    seen.add_all(beyond);
                    side.seers |= 1 << s;
                    side.seen[s] = seen;
                    side.seen_at[s] = Whereabouts::unrecorded();
                }
            }
            for (seen, at) in side.seen.iter().zip(side.seen_at.iter_mut()) {
                at.settle(seen, down);
            }
        }
    }

    /// The whole knowledge `observer` has of `seat`'s hand and face-down Mana: the cards it
    /// knows to be there, and where each may lie besides the hand.
    pub fn known_to(&self, observer: Seat, seat: Seat) -> (Cards, Whereabouts) {
        let side = self.side(seat);
        if observer == seat {
            return (side.known, side.known_at);
        }
        let (cards, at) = side.known_by(observer.index());
        (*cards, *at)
    }
}

/// A copy of `card` becomes known to be in the hand.
fn enter(cards: &mut Cards, at: &mut Whereabouts, card: Card) {
    at.entered(card, cards.count(card));
    cards.add(card);
}

/// The seats of a bit set of seers, lowest first.
pub(crate) fn seers(bits: u8) -> impl Iterator<Item = usize> {
    let mut rest = bits & ((1 << MAX_SEATS) - 1);
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let s = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            s
        })
    })
}
