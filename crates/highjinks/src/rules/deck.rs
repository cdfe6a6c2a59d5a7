//! The Deck (§3, §28, HJ80, HJ82, HJ89, HJ90, HJ91): drawing from it, rebuilding it from the
//! Void and the Bench when it empties, shuffling it (a stacked order first, when one is left
//! and fits).

use cards::Seat;

use crate::table::card::{Card, Cards};
use crate::table::state::{knower_bit, State, ALL_KNOW};

impl State {
    /// Combines the Void and the Bench into a new, shuffled Deck (§28, HJ80, HJ82, HJ90). The
    /// cards are put in canonical order first, so that the shuffle depends on the generator
    /// only. A stacked order is used when one is left and fits.
    pub fn rebuild(&mut self) {
        if self.void.is_empty() && self.bench.is_empty() {
            return;
        }
        // In canonical order, counted rather than sorted.
        let mut cards = self.void;
        for &card in &self.bench {
            cards.add(card);
        }
        // Every seat has seen these cards (the Void's contents are known, HJ11; the Bench is
        // face up): all know the new Deck's contents.
        self.deck_knowers = ALL_KNOW;
        self.group_rebuilt();
        self.rebuilt = cards;
        self.deck_lacks = 0;
        // Cards shuffled into the Deck lose their summon marks (HJ86).
        self.marks.bench = 0;
        let start = self.deck.len();
        cards.extend_into(&mut self.deck);
        self.void.clear();
        self.bench.clear();
        self.shuffle_deck_from(start);
    }

    /// Shuffles the Deck's cards from place `start` up (HJ82, HJ90, HJ91): the next stacked
    /// order when one is left and fits, else the generator (and the divergence is flagged).
    pub fn shuffle_deck_from(&mut self, start: usize) {
        let Some(new) = self.deck.get_mut(start..) else {
            return;
        };
        let stacked = self.options.shuffles.get(self.shuffles_used as usize);
        if stacked.is_some() {
            self.shuffles_used += 1;
        }
        match stacked {
            Some(order) if fits(order, new) => {
                for (place, card) in new.iter_mut().zip(order.iter().rev()) {
                    *place = *card;
                }
            }
            other => {
                if other.is_some() {
                    self.stack_diverged = true;
                }
                self.rng.shuffle(new);
            }
        }
    }

    /// Takes the Deck's top card, rebuilding first if it is empty and again as soon as it
    /// empties (HJ80, HJ89); `None` when no card can be had (HJ81). `drawer` is the seat that
    /// draws it unseen by the others, `None` when all see it (a Damage Counter, a discard).
    pub fn take_top(&mut self, drawer: Option<Seat>) -> Option<Card> {
        if self.deck.is_empty() {
            self.rebuild();
        }
        let card = self.deck.pop()?;
        if let Some(seat) = drawer {
            // Drawn unseen: only the drawer still knows what is left; the group's knowers
            // know it is one of the group's cards.
            self.deck_knowers &= knower_bit(seat);
            self.group_drew(seat, card);
        }
        if self.deck.is_empty() {
            self.rebuild();
        }
        Some(card)
    }

    /// The seat draws one card, if one can be had (§3, HJ81).
    pub fn draw(&mut self, seat: Seat) {
        if let Some(card) = self.take_top(Some(seat)) {
            self.takes_unseen(seat, card);
        }
    }
}

/// Whether a stacked order is a permutation of the cards to shuffle (HJ82, HJ90).
fn fits(order: &[Card], cards: &[Card]) -> bool {
    order.len() == cards.len()
        && order.iter().copied().collect::<Cards>() == cards.iter().copied().collect::<Cards>()
}
