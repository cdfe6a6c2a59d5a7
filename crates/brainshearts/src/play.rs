//! The action phase's play: draw, then play a card into a slot (BH2, BH3).

use cards::Card;

use crate::board::BoardCard;
use crate::error::ActionError;
use crate::state::{BrainsHearts, Phase};
use crate::Action;

impl BrainsHearts {
    /// Legal plays of every card in the hand: by card, then slot, unlocked before locked.
    pub(crate) fn play_actions(&self, out: &mut Vec<Action>) {
        let me = self.me();
        let empty = me.empty_slots();
        // The placements (slot, locked) open to every card of the hand.
        let mut places = [(0u8, false); 6];
        let mut count = 0;
        for slot in 0..3u8 {
            let options: &[bool] = if empty != 0 {
                if empty & (1 << slot) != 0 {
                    &[false, true]
                } else {
                    &[]
                }
            } else if me.is_locked(usize::from(slot)) {
                &[]
            } else {
                &[false]
            };
            for &locked in options {
                if let Some(place) = places.get_mut(count) {
                    *place = (slot, locked);
                    count += 1;
                }
            }
        }
        let places = places.get(..count).unwrap_or(&[]);
        out.reserve(places.len() * me.hand.len());
        for card in me.hand.iter() {
            out.extend(
                places
                    .iter()
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
        self.refresh_at(self.actor() * 3 + index);
        self.enter_scoring();
        Ok(())
    }
}
