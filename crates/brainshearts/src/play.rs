//! The action phase's play: draw, then play a card into a slot (BH2, BH3).

use cards::Card;

use crate::board::BoardCard;
use crate::error::ActionError;
use crate::state::{BrainsHearts, Phase};
use crate::tops::played_byte;
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

/// The placements of a hand by its seat's empty slots and locks (`empty | locked << 3`, three
/// bits each): the index of [`PLACES`] the listing works out (the empty slots while there is
/// one, else 8 + the unlocked ones) and its number of placements, in bytes: one load.
const HAND_PLACES: [(u8, u8); 64] = {
    let mut table = [(0u8, 0u8); 64];
    let mut key = 0;
    while key < 64 {
        let (empty, locked) = (key & 7, key >> 3);
        let places = if empty != 0 { empty } else { 8 | (!locked & 7) };
        table[key] = (places as u8, PLACES[places].1 as u8);
        key += 1;
    }
    table
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

/// Most cards a hand holds when its plays are listed (three after a draw): the plays of up
/// to this many cards are staged in one fixed-size buffer.
const STAGED_CARDS: usize = 3;

/// Most plays of one card (both ways into each of three empty slots).
const ROW: usize = 6;

impl BrainsHearts {
    /// Legal plays of every card in the hand: by card, then slot, unlocked before locked.
    #[inline(always)]
    pub(crate) fn play_actions(&self, out: &mut Vec<Action>) {
        let me = self.me();
        let empty = me.empty_slots();
        // The empty slots while there is one, else 8 + the unlocked ones, without a branch.
        let full = u8::from(empty == 0);
        let places = usize::from((empty & 7) | (full * (8 | (!me.locked & 7)))) & 15;
        // At most six plays a card (and `min` says so to the bounds checks below).
        let count = PLACE_COUNTS[places].min(ROW);
        let mut hand = me.hand.bits();
        // Staged: the caller's buffer takes room for three cards' plays in one fixed-size
        // write (one check of its capacity); the first three cards' whole rows are copied at
        // `count` apart (a missing card's row too, to be cut off), so that the number of cards
        // costs no branch; the buffer is then cut to the plays of the cards present.
        let start = out.len();
        out.extend_from_slice(&[Action::Draw; STAGED_CARDS * ROW]);
        let mut present = 0;
        if let Some(stage) = out.get_mut(start..start + STAGED_CARDS * ROW) {
            for card in 0..STAGED_CARDS {
                present += usize::from(hand != 0);
                let index = (hand.trailing_zeros() as usize).min(Card::COUNT - 1);
                hand &= hand.wrapping_sub(1);
                let at = card * count;
                if let (Some(row), Some(place)) =
                    (PLAY_ROWS.get(index), stage.get_mut(at..at + ROW))
                {
                    place.copy_from_slice(&row[places]);
                }
            }
        }
        out.truncate(start + present * count);
        if hand != 0 {
            push_plays(hand, places, count, out);
        }
    }

    /// The plays of the seat to act's hand counted, to be found by their index without being
    /// listed (see [`Plays`]); `None` for a hand of more than three cards, which no game holds
    /// (loading checks the hands), whose plays are listed instead.
    #[inline(always)]
    pub(crate) fn plays(&self) -> Option<Plays> {
        let me = self.me();
        // As `play_actions` works them out, from one table.
        let key = (me.empty_slots() & 7) | (me.locked & 7) << 3;
        let (places, count) = HAND_PLACES[usize::from(key)];
        let (places, count) = (usize::from(places), usize::from(count));
        let first = me.hand.bits();
        let second = first & first.wrapping_sub(1);
        let third = second & second.wrapping_sub(1);
        if third & third.wrapping_sub(1) != 0 {
            return None;
        }
        let cards = usize::from(first != 0) + usize::from(second != 0) + usize::from(third != 0);
        Some(Plays {
            hands: [first, second, third],
            places,
            count,
            total: cards * count,
        })
    }

    /// Draws the top card of the actor's deck into its hand; the turn's play follows.
    #[inline]
    pub(crate) fn draw(&mut self) -> Result<(), ActionError> {
        let me = self.me_mut();
        let card = me.deck.pop().ok_or(ActionError::DeckEmpty)?;
        me.hand.insert(card);
        self.phase = Phase::Play;
        Ok(())
    }

    /// Plays a card from the hand into a slot, after checking everything.
    pub(crate) fn play(&mut self, card: Card, slot: u8, locked: bool) -> Result<(), ActionError> {
        let actor = self.actor();
        let me = &self.seats[actor];
        let index = usize::from(slot);
        let bit = 1u8 << (index & 7);
        let empty = me.empty_slots();
        // Every check at once, without a branch each (whether the slot is empty, or the card
        // played locked, is a coin toss in a random game); the reason is worked out only for
        // a refused play.
        let onto_card = empty & bit == 0;
        let refused = !me.hand.contains(card)
            | (index >= 3)
            | (onto_card & ((empty != 0) | locked | (me.locked & bit != 0)));
        if refused {
            return Err(self.play_refusal(card, slot, locked));
        }
        if self.place(card, slot, locked) {
            Ok(())
        } else {
            // Cannot happen (a slot holds up to all 14 cards of its seat); refused unchanged.
            Err(ActionError::NoSuchSlot(slot))
        }
    }

    /// Carries out a play that meets the play's rules (the checks of [`BrainsHearts::play`],
    /// or a play just listed by [`BrainsHearts::play_actions`], which lists only those): the
    /// card leaves the hand for the top of the slot, locked or not, and the scoring phase
    /// follows if a claim is open, else the turn ends. Returns `false`, changing nothing, if
    /// the slot cannot take the card (never: there are three slots, each holds up to all 14
    /// cards of its seat).
    // Inlined into the plies that play (most plays are taken there): no call, and no saving
    // and restoring of registers around it, about 20 instructions a play.
    #[inline(always)]
    pub(crate) fn place(&mut self, card: Card, slot: u8, locked: bool) -> bool {
        let actor = self.actor();
        let index = usize::from(slot);
        let me = &mut self.seats[actor];
        let placed = BoardCard::new(card);
        let Some(stack) = me.slots.get_mut(index) else {
            return false;
        };
        if !stack.push(placed) {
            return false;
        }
        me.hand.remove(card);
        // The slot exists, so `index` is below 3.
        me.locked |= u8::from(locked) << (index & 7);
        // The slot's top is now the card played, free unless played locked, when the slot
        // shows nothing (its byte 0). Written either way, without a branch: whether a card is
        // played locked is a coin toss in a random game.
        let played = played_byte(card);
        let free = 0u8.wrapping_sub(u8::from(!locked));
        let pos = actor * 3 + index;
        self.tops.set_byte(pos, played & free);
        // A card played locked shows once it unlocks: its byte is kept aside until then (see
        // `BrainsHearts::hidden`); 0 for a card played free. The position is below 6.
        if let Some(kept) = self.hidden.get_mut(actor) {
            *kept |= u64::from(played & !free) << ((8 * pos) & 63);
        }
        self.enter_scoring_as(actor);
        true
    }

    /// Why a play is refused, checked in the order of the rules: called only for a refused
    /// play, so a card in the hand played into a slot that exists goes onto a card there.
    #[cold]
    #[inline(never)]
    fn play_refusal(&self, card: Card, slot: u8, locked: bool) -> ActionError {
        let me = self.me();
        if !me.hand.contains(card) {
            ActionError::NotInHand(card)
        } else if slot >= 3 {
            ActionError::NoSuchSlot(slot)
        } else if me.empty_slots() != 0 {
            ActionError::MustFillEmptySlot(slot + 1)
        } else if locked {
            ActionError::LockOnlyIntoEmptySlot
        } else {
            ActionError::SlotLocked(slot + 1)
        }
    }
}

/// The plays of a hand of up to three cards, as [`BrainsHearts::play_actions`] lists them (by
/// card, then placement), counted and found by their index without listing the others.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plays {
    /// The hand's cards (bits of card indices), then without its lowest card, then without its
    /// two lowest: the lowest card of each is the hand's first, second and third card.
    hands: [u64; STAGED_CARDS],
    /// The index of the hand's placements in [`PLACES`].
    places: usize,
    /// Placements of each card (at most [`ROW`]; `at` reads within a row whatever it is).
    count: usize,
    /// How many plays: the cards times the placements of each.
    pub(crate) total: usize,
}

impl Plays {
    /// The play at `index` (below [`total`](Plays::total)) in the order of the listing, as
    /// the card, the slot and whether locked: the card `index / count`, its placement
    /// `index % count`, worked out without a division (three cards at most), read from the
    /// small table of placements rather than the rows of whole actions (20 KB).
    #[inline(always)]
    pub(crate) fn at(&self, index: usize) -> (Card, u8, bool) {
        let card = usize::from(index >= self.count) + usize::from(index >= 2 * self.count);
        let place = index.wrapping_sub(card * self.count).min(ROW - 1);
        let hand = self.hands[card];
        // A hand holds cards of indices below `Card::COUNT` (an empty one, never met below
        // `total`, gives none and is read as the last card).
        let played = Card::from_index(hand.trailing_zeros() as usize).unwrap_or(Card::RED_JOKER);
        let (slot, locked) = PLACES[self.places & 15].0[place];
        (played, slot, locked)
    }
}

/// Pushes the plays of the cards of a hand (bits of card indices) by card, each cut to the
/// `count` placements of `places`: the cards a hand holds beyond the stage of
/// [`BrainsHearts::play_actions`], never in a game (a hand holds at most three), kept for
/// completeness, in the same order.
#[cold]
#[inline(never)]
fn push_plays(mut hand: u64, places: usize, count: usize, out: &mut Vec<Action>) {
    while hand != 0 {
        let index = hand.trailing_zeros() as usize;
        hand &= hand - 1;
        if let Some(row) = PLAY_ROWS.get(index) {
            let len = out.len();
            out.extend_from_slice(&row[places & 15]);
            out.truncate(len + count);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::Game;

    /// The table of a hand's placements is the listing's rule, for every empty slots and
    /// locks.
    #[test]
    fn hand_places_follow_the_rule() {
        for empty in 0..8u8 {
            for locked in 0..8u8 {
                let full = u8::from(empty == 0);
                let places = usize::from(empty | (full * (8 | (!locked & 7))));
                let (index, count) = HAND_PLACES[usize::from(empty | locked << 3)];
                assert_eq!(usize::from(index), places, "{empty} {locked}");
                assert_eq!(usize::from(count), PLACE_COUNTS[places], "{empty} {locked}");
            }
        }
    }

    /// The plays of a hand listed the plain way: by card, then slot, into an empty slot both
    /// ways (unlocked first) while one is empty, else onto each unlocked slot.
    fn plain_plays(game: &BrainsHearts) -> Vec<Action> {
        let me = game.me();
        let empty = me.empty_slots();
        let mut plays = Vec::new();
        for card in me.hand.iter() {
            for slot in 0..3u8 {
                let bit = 1 << slot;
                if empty != 0 {
                    if empty & bit != 0 {
                        for locked in [false, true] {
                            plays.push(Action::Play { card, slot, locked });
                        }
                    }
                } else if me.locked & bit == 0 {
                    plays.push(Action::Play {
                        card,
                        slot,
                        locked: false,
                    });
                }
            }
        }
        plays
    }

    #[test]
    fn staged_plays_match_the_plain_listing_for_any_hand_size() {
        let Ok(mut game) = BrainsHearts::new(crate::Options::default(), 3) else {
            panic!("options refused")
        };
        let all = game.seats[0]
            .hand
            .union(game.seats[0].deck.as_slice().iter().fold(
                cards::CardSet::EMPTY,
                |mut set, &card| {
                    set.insert(card);
                    set
                },
            ));
        let mut legal = Vec::new();
        // Hands of 0 to 6 cards (more than three never occur in a game), with 0 to 3 slots
        // filled and a lock on one of them.
        for size in 0..=6 {
            for filled in 0..=3usize {
                for locked in [0u8, 0b010] {
                    let mut hand = cards::CardSet::EMPTY;
                    for card in all.iter().take(size) {
                        hand.insert(card);
                    }
                    let seat = &mut game.seats[0];
                    seat.hand = hand;
                    for (index, slot) in seat.slots.iter_mut().enumerate() {
                        *slot = crate::board::SlotStack::new();
                        if index < filled {
                            let card = all.iter().nth(13 - index).unwrap_or(Card::BLACK_JOKER);
                            slot.push(BoardCard::new(card));
                        }
                    }
                    seat.locked = if filled >= 2 { locked } else { 0 };
                    game.phase = Phase::Play;
                    legal.clear();
                    legal.push(Action::End);
                    game.play_actions(&mut legal);
                    let mut expected = vec![Action::End];
                    expected.extend(plain_plays(&game));
                    assert_eq!(legal, expected, "{size} cards, {filled} slots filled");
                    // Counted and found by index: the same plays, for up to three cards.
                    match game.plays() {
                        Some(plays) => {
                            assert!(size <= STAGED_CARDS);
                            let found: Vec<Action> = (0..plays.total)
                                .map(|index| {
                                    let (card, slot, locked) = plays.at(index);
                                    Action::Play { card, slot, locked }
                                })
                                .collect();
                            assert_eq!(found, expected[1..], "{size} cards, {filled} filled");
                        }
                        None => assert!(size > STAGED_CARDS),
                    }
                }
            }
        }
    }
}
