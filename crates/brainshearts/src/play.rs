//! The action phase's play: draw, then play a card into a slot (BH2, BH3).

use cards::Card;

use crate::board::BoardCard;
use crate::error::ActionError;
use crate::state::{BrainsHearts, Phase};
use crate::Action;

/// The placements open to the cards of a hand, by index: the mask of empty slots while there
/// is one (both ways into each empty slot, unlocked first), else 8 + the mask of unlocked
/// slots (unlocked onto each); in slot order.
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

/// Number of placements of each index of [`PLACES`].
const PLACE_COUNTS: [usize; 16] = {
    let mut counts = [0; 16];
    let mut index = 0;
    while index < 16 {
        counts[index] = PLACES[index].1;
        index += 1;
    }
    counts
};

/// The plays of one card, by the card's index and the index of [`PLACES`]: the actions in
/// order, padded to six (the padding is cut off after the row is copied).
type PlayRows = [[[Action; 6]; 16]; Card::COUNT];

/// Every card's rows of plays, built once at compile time, so that listing a card's plays is
/// one fixed-size copy.
static PLAY_ROWS: PlayRows = {
    let mut rows = [[[Action::Draw; 6]; 16]; Card::COUNT];
    let mut index = 0;
    while index < Card::COUNT {
        let card = match Card::from_index(index) {
            Some(card) => card,
            None => Card::BLACK_JOKER,
        };
        let mut places = 0;
        while places < 16 {
            let mut place = 0;
            while place < 6 {
                let (slot, locked) = PLACES[places].0[place];
                rows[index][places][place] = Action::Play { card, slot, locked };
                place += 1;
            }
            places += 1;
        }
        index += 1;
    }
    rows
};

impl BrainsHearts {
    /// Legal plays of every card in the hand: by card, then slot, unlocked before locked.
    pub(crate) fn play_actions(&self, out: &mut Vec<Action>) {
        let me = self.me();
        let empty = me.empty_slots();
        let places = usize::from(if empty != 0 {
            empty & 7
        } else {
            8 | (!me.locked & 7)
        });
        let count = PLACE_COUNTS[places & 15];
        let mut hand = me.hand.bits();
        while hand != 0 {
            let index = hand.trailing_zeros() as usize;
            hand &= hand - 1;
            // The card's whole row is copied (a fixed-size copy), then cut to the placements
            // that exist.
            if let Some(row) = PLAY_ROWS.get(index) {
                let len = out.len();
                out.extend_from_slice(&row[places & 15]);
                out.truncate(len + count);
            }
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
