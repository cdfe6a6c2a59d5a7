//! What the seats know of each other's hands (§30, HJ6, HJ84, HJ85, HJ88): every change of a
//! hand goes through here, so that the knowledge the views show and the determinisation keeps
//! follows each card in and out.
//!
//! A seat `s` knows of seat `t`'s hand and face-down Mana:
//! - `known`: cards all know to be there (entered in sight of all);
//! - `proof[s]`: what `s` alone saw there beyond `known` (an Interception's proof);
//! - `suits`: cards of a suit all know to be there beyond `known` (taken by Evocation);
//! - `lacks`: identities all know are not in the hand (an Interception that missed).
//!
//! A card leaving in sight of all takes one copy off `known` if it counts one (HJ85: nobody
//! learns which copy left), else one off each seat's `proof` and one off its suit's count. A
//! card taken unseen makes the others forget what the hand lacks.

use cards::Seat;

use crate::card::{Card, Cards};
use crate::field::MAX_SEATS;
use crate::state::State;

impl State {
    /// The seat takes a card nobody else sees (a draw, Evocation's search).
    pub fn takes_unseen(&mut self, seat: Seat, card: Card) {
        let side = self.side_mut(seat);
        side.hand.add(card);
        side.lacks = 0;
    }

    /// A card enters a hand publicly (salvage, recruit, Redemption, a capture, a healed
    /// opponent's counter, a conjured card): every seat knows it is there (HJ85).
    pub fn give_publicly(&mut self, seat: Seat, card: Card) {
        let side = self.side_mut(seat);
        side.hand.add(card);
        side.known.add(card);
        side.lacks &= !(1 << card.index());
    }

    /// A card of identity `card` left the seat's hand (or face-down Mana) in sight of all
    /// (HJ85, HJ88).
    pub fn revealed_leaving(&mut self, seat: Seat, card: Card) {
        let side = self.side_mut(seat);
        if !side.known.remove(card) {
            for proof in side.proof.iter_mut() {
                proof.remove(card);
            }
            if let Some(suit) = card.suit() {
                let count = &mut side.suits[suit.index()];
                *count = count.saturating_sub(1);
            }
            self.group_revealed(seat, card);
        }
        if seat == self.turn_seat && self.side(seat).hand.count(card) < self.marks.hand.count(card)
        {
            self.marks.hand.remove(card);
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
    /// who now knows it exactly.
    pub fn show_hand(&mut self, caster: Seat, target: Seat) {
        let Some(slot) = (caster.index() < MAX_SEATS).then_some(caster.index()) else {
            return;
        };
        let side = self.side_mut(target);
        let mut beyond = Cards::new();
        for card in side.hand.distinct() {
            for _ in side.known.count(card)..side.hand.count(card) {
                beyond.add(card);
            }
        }
        side.proof[slot] = beyond;
    }

    /// The whole knowledge `observer` has of `seat`'s hand and face-down Mana: the cards all
    /// know and what it alone saw.
    pub fn known_to(&self, observer: Seat, seat: Seat) -> Cards {
        let side = self.side(seat);
        let mut known = side.known;
        if let Some(proof) = side.proof.get(observer.index()) {
            if observer != seat {
                known.add_all(proof);
            }
        }
        known
    }
}
