//! The action phase's play: draw, then play a card into a slot (BH2, BH3).

use cards::Card;

use crate::board::BoardCard;
use crate::error::ActionError;
use crate::state::{BrainsHearts, Phase};
use crate::Action;

/// The placements open to the cards of a hand, as a list in the order of the actions (by
/// slot, unlocked first) padded to six, with its length. Index: the mask of empty slots while
/// there is one (both ways into each empty slot), else 8 + the mask of unlocked slots
/// (unlocked onto each).
const PLACES: [([(u8, bool); 6], usize); 16] = {
    let mut table = [([(0u8, false); 6], 0usize); 16];
    let mut index = 1;
    while index < 16 {
        let (mask, both) = if index < 8 {
            (index, true)
        } else {
            (index - 8, false)
        };
        let mut count = 0;
        let mut slot = 0;
        while slot < 3 {
            if mask & (1 << slot) != 0 {
                table[index].0[count] = (slot as u8, false);
                count += 1;
                if both {
                    table[index].0[count] = (slot as u8, true);
                    count += 1;
                }
            }
            slot += 1;
        }
        table[index].1 = count;
        index += 1;
    }
    table
};

impl BrainsHearts {
    /// Legal plays of every card in the hand: by card, then slot, unlocked before locked.
    pub(crate) fn play_actions(&self, out: &mut Vec<Action>) {
        let me = self.me();
        let empty = me.empty_slots();
        let index = if empty != 0 {
            empty & 7
        } else {
            8 | (!me.locked & 7)
        };
        let Some(&(list, count)) = PLACES.get(usize::from(index)) else {
            return;
        };
        // Each card's row is written whole (a fixed-size copy, no loop over the places), then
        // cut to the placements that exist.
        out.reserve(list.len() * me.hand.len());
        for card in me.hand.iter() {
            let len = out.len();
            let row = list.map(|(slot, locked)| Action::Play { card, slot, locked });
            out.extend_from_slice(&row);
            out.truncate(len + count);
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
