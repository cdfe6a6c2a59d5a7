//! The action phase's play: draw, then play a card into a slot (BH2, BH3).

use cards::Card;

use crate::board::BoardCard;
use crate::error::ActionError;
use crate::state::{BrainsHearts, Phase};
use crate::Action;

/// For each mask of empty slots, the placements into them: bits `2 × slot` (unlocked) and
/// `2 × slot + 1` (locked).
const PLACES_EMPTY: [u8; 8] = {
    let mut table = [0u8; 8];
    let mut mask = 0;
    while mask < 8 {
        let mut slot = 0;
        while slot < 3 {
            if mask & (1 << slot) != 0 {
                table[mask] |= 0b11 << (2 * slot);
            }
            slot += 1;
        }
        mask += 1;
    }
    table
};

/// For each mask of unlocked slots (none empty), the placements onto them: bit `2 × slot`.
const PLACES_COVER: [u8; 8] = {
    let mut table = [0u8; 8];
    let mut mask = 0;
    while mask < 8 {
        let mut slot = 0;
        while slot < 3 {
            if mask & (1 << slot) != 0 {
                table[mask] |= 1 << (2 * slot);
            }
            slot += 1;
        }
        mask += 1;
    }
    table
};

impl BrainsHearts {
    /// Legal plays of every card in the hand: by card, then slot, unlocked before locked.
    pub(crate) fn play_actions(&self, out: &mut Vec<Action>) {
        let me = self.me();
        let empty = me.empty_slots();
        // The placements open to every card of the hand, bit `2 × slot + locked`: both ways
        // into every empty slot while there is one, else unlocked onto every unlocked slot.
        let places = if empty != 0 {
            PLACES_EMPTY[usize::from(empty & 7)]
        } else {
            PLACES_COVER[usize::from(!me.locked & 7)]
        };
        // The placements as a list, in the order of the actions: by slot, unlocked first.
        let mut list = [(0u8, false); 6];
        let mut count = 0;
        let mut left = places;
        while left != 0 {
            let bit = left.trailing_zeros() as u8;
            left &= left - 1;
            if let Some(place) = list.get_mut(count) {
                *place = (bit / 2, bit & 1 != 0);
                count += 1;
            }
        }
        let list = list.get(..count).unwrap_or(&[]);
        out.reserve(count * me.hand.len());
        for card in me.hand.iter() {
            out.extend(
                list.iter()
                    .map(|&(slot, locked)| Action::Play { card, slot, locked }),
            );
        }
    }

    /// Draws the top card of the actor's deck into its hand; the turn's play follows.
    pub(crate) fn draw(&mut self) -> Result<(), ActionError> {
        let me = self.me_mut();
        let card = me.deck.pop().ok_or(ActionError::DeckEmpty)?;
        me.hand.insert(card);
        self.phase = Phase::Play;
        Ok(())
    }

    /// Plays a card from the hand into a slot, after checking everything.
    pub(crate) fn play(&mut self, card: Card, slot: u8, locked: bool) -> Result<(), ActionError> {
        let me = self.me();
        if !me.hand.contains(card) {
            return Err(ActionError::NotInHand(card));
        }
        let index = usize::from(slot);
        let Some(stack) = me.slots.get(index) else {
            return Err(ActionError::NoSuchSlot(slot));
        };
        if !stack.is_empty() {
            if me.empty_slots() != 0 {
                return Err(ActionError::MustFillEmptySlot(slot + 1));
            }
            if locked {
                return Err(ActionError::LockOnlyIntoEmptySlot);
            }
            if me.is_locked(index) {
                return Err(ActionError::SlotLocked(slot + 1));
            }
        }
        let me = self.me_mut();
        let Some(stack) = me.slots.get_mut(index) else {
            return Err(ActionError::NoSuchSlot(slot));
        };
        if !stack.push(BoardCard::new(card)) {
            // Cannot happen (a slot holds up to all 14 cards of its seat); refused unchanged.
            return Err(ActionError::NoSuchSlot(slot));
        }
        me.hand.remove(card);
        if locked {
            me.locked |= 1 << index;
        }
        // The slot's top is now the card played, free unless played locked.
        let top = (!locked).then_some(BoardCard::new(card));
        self.tops.set(self.actor() * 3 + index, top);
        self.enter_scoring();
        Ok(())
    }
}
