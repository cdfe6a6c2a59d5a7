//! A list of cards kept inline in the state, in a fixed-size array: the hands, the deck and the
//! discard pile. The common operations on small hands are done a word at a time: finding a card
//! tests the first eight cards as one word, taking one out moves the eight places after it in one
//! fixed-size copy.
//!
//! **Why a fixed capacity is enough.** A list holds distinct cards of the game's deck, and a
//! deck list holds at most [`MAX_CARDS`] (250) cards, so a list never holds more than 250 cards;
//! the array has room for 256, so that a position kept in a `u8` always indexes it without a
//! check. (In play a hand grows beyond its five cards only by drawing in wild-card responses:
//! random games rarely see more than eight.) A saved list of more cards is refused when loaded.

use cards::GameRng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

use crate::deck::{TripCard, MAX_CARDS};

/// Room of a hand: every position a `u8` can name.
const ROOM: usize = 256;
/// Hands of at most this many cards are handled as one `u64` word (one byte a card).
const WORD_CARDS: usize = 8;
/// One in every byte of a word.
const LOW_BITS: u64 = 0x0101_0101_0101_0101;
/// The top bit of every byte of a word.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// Cards in the order they were added (a pile's top is the last card); saved as the plain list
/// of its cards, as the library's `Hand` and the face-down or face-up `Zone`s were.
#[derive(Clone)]
pub(crate) struct CardList {
    /// The cards; places from `len` on hold leftovers of earlier cards, never read as cards.
    cards: [TripCard; ROOM],
    /// Number of cards held (at most [`MAX_CARDS`]).
    len: u8,
}

impl Default for CardList {
    fn default() -> Self {
        CardList {
            cards: [TripCard(0); ROOM],
            len: 0,
        }
    }
}

impl CardList {
    /// Adds a card at the end (on top of a pile). A list never holds more than [`MAX_CARDS`]
    /// cards (the deck's cards are distinct), so the place is always free.
    #[inline]
    pub fn add(&mut self, card: TripCard) {
        self.cards[usize::from(self.len)] = card;
        self.len = self.len.wrapping_add(1);
    }

    /// Adds the cards at the end, in order, in one copy. The lists of a game share the deck's
    /// cards, so the room is always there.
    #[inline]
    pub fn extend_from_slice(&mut self, cards: &[TripCard]) {
        let start = self.len();
        if let Some(places) = self.cards.get_mut(start..start + cards.len()) {
            places.copy_from_slice(cards);
            self.len = self.len.wrapping_add(cards.len() as u8);
        }
    }

    /// Takes the last card (the top of a pile).
    #[inline]
    pub fn pop(&mut self) -> Option<TripCard> {
        let last = self.len.checked_sub(1)?;
        self.len = last;
        Some(self.cards[usize::from(last)])
    }

    /// Moves the top card (the last) to the end of `to` if `moves` and this list has a card,
    /// without a branch: the top place is copied to the place after `to`'s cards either way,
    /// and the two lengths change only if the card moves (a place beyond a list's length is
    /// never read as a card). Both lengths stay within the room: a list holds at most
    /// [`MAX_CARDS`] cards, and the lists of a game share the deck's cards.
    #[inline(always)]
    pub fn give_top_if(&mut self, to: &mut CardList, moves: bool) {
        let moves = u8::from(moves & (self.len != 0));
        to.cards[usize::from(to.len)] = self.cards[usize::from(self.len.wrapping_sub(1))];
        to.len = to.len.wrapping_add(moves);
        self.len = self.len.wrapping_sub(moves);
    }

    /// The last card (the top of a pile).
    #[inline]
    pub fn last(&self) -> Option<TripCard> {
        self.as_slice().last().copied()
    }

    /// Number of cards held.
    #[inline]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the hand is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The cards, in the order they were added.
    #[inline]
    pub fn as_slice(&self) -> &[TripCard] {
        &self.cards[..usize::from(self.len)]
    }

    /// Mutable slice of the cards: for shuffles and the draw of hidden cards.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [TripCard] {
        &mut self.cards[..usize::from(self.len)]
    }

    /// The cards, in the order they were added.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, TripCard> {
        self.as_slice().iter()
    }

    /// Keeps the first `len` cards (all of them if there are fewer).
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        if len < self.len() {
            self.len = len as u8;
        }
    }

    /// Removes every card.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Shuffles the cards as [`GameRng::shuffle`] does (Fisher–Yates, last to first, the same
    /// draws from the generator), without a bounds check a swap: a position below the room is
    /// masked into the array.
    pub fn shuffle(&mut self, rng: &mut GameRng) {
        for i in (1..self.len()).rev() {
            let j = rng.index(i + 1);
            self.cards.swap(i % ROOM, j % ROOM);
        }
    }

    /// Whether the card is held.
    pub fn contains(&self, card: TripCard) -> bool {
        self.position(card).is_some()
    }

    /// The first eight places as one word, the first card in the lowest byte.
    #[inline(always)]
    fn word(&self) -> u64 {
        let [a, b, c, d, e, f, g, h, ..] = self.cards;
        u64::from_le_bytes([a.0, b.0, c.0, d.0, e.0, f.0, g.0, h.0])
    }

    /// The position of the card in the list. A list of at most eight cards is searched as one
    /// word, without a branch a card.
    #[inline]
    pub fn position(&self, card: TripCard) -> Option<usize> {
        let len = self.len();
        if len <= WORD_CARDS {
            // The bytes equal to the card become zero; the lowest byte flagged by the usual
            // zero-byte test is always a true zero (a borrow only moves upwards), and a miss
            // gives position 8.
            let diff = self.word() ^ (u64::from(card.0) * LOW_BITS);
            let zeros = diff.wrapping_sub(LOW_BITS) & !diff & HIGH_BITS;
            let index = (zeros.trailing_zeros() / 8) as usize;
            return (index < len).then_some(index);
        }
        self.as_slice().iter().position(|&c| c == card)
    }

    /// Takes the card at `index` out of the list, keeping the others in order. A list of at
    /// most eight cards moves the places after it down in one word-sized copy.
    #[inline]
    pub fn take_at(&mut self, index: usize) -> Option<TripCard> {
        let len = self.len();
        if index >= len {
            return None;
        }
        let card = self.cards[index];
        if len <= WORD_CARDS {
            // The eight places after the card move down one place, in one fixed-size copy
            // (`index < 8`: within the first sixteen places).
            let start = index % WORD_CARDS;
            self.cards
                .copy_within(start + 1..start + 1 + WORD_CARDS, start);
        } else {
            self.cards.copy_within(index + 1..len, index);
        }
        self.len -= 1;
        Some(card)
    }
}

impl PartialEq for CardList {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for CardList {}

impl fmt::Debug for CardList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Serialize for CardList {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.as_slice())
    }
}

impl<'de> Deserialize<'de> for CardList {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let cards = Vec::<TripCard>::deserialize(deserializer)?;
        if cards.len() > MAX_CARDS {
            return Err(serde::de::Error::custom(format!(
                "a list of {} cards: a deck holds at most {MAX_CARDS}",
                cards.len()
            )));
        }
        let mut hand = CardList::default();
        for card in cards {
            hand.add(card);
        }
        Ok(hand)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every find and take, on lists of one to twelve cards (word and slice paths), agrees with
    /// the same operations on a `Vec`.
    #[test]
    fn finds_and_takes_as_a_vec_does() {
        for len in 0..=12u8 {
            let cards: Vec<TripCard> = (0..len).map(|i| TripCard(i * 7 % 13)).collect();
            for index in 0..=usize::from(len) {
                let mut hand = CardList::default();
                cards.iter().for_each(|&c| hand.add(c));
                let mut expected = cards.clone();
                for probe in 0..14 {
                    assert_eq!(
                        hand.position(TripCard(probe)),
                        expected.iter().position(|&c| c == TripCard(probe))
                    );
                }
                let taken = hand.take_at(index);
                let removed = (index < expected.len()).then(|| expected.remove(index));
                assert_eq!(taken, removed);
                assert_eq!(hand.as_slice(), expected.as_slice());
                if let Some(&first) = expected.first() {
                    let place = hand.position(first);
                    assert_eq!(place.and_then(|i| hand.take_at(i)), Some(first));
                    expected.remove(0);
                    assert_eq!(hand.as_slice(), expected.as_slice());
                }
                assert_eq!(hand.position(TripCard(200)), None);
            }
        }
    }

    #[test]
    fn shuffles_as_the_generator_does() {
        for len in [0u8, 1, 2, 7, 98, 250] {
            let cards: Vec<TripCard> = (0..len).map(TripCard).collect();
            let mut list = CardList::default();
            list.extend_from_slice(&cards);
            let mut expected = cards.clone();
            let (mut a, mut b) = (
                GameRng::from_seed(u64::from(len)),
                GameRng::from_seed(u64::from(len)),
            );
            list.shuffle(&mut a);
            b.shuffle(&mut expected);
            assert_eq!(list.as_slice(), expected.as_slice());
            assert_eq!(a, b);
        }
    }

    #[test]
    fn the_top_card_is_given_only_when_it_moves() {
        let mut deck = CardList::default();
        deck.extend_from_slice(&[TripCard(1), TripCard(2)]);
        let mut hand = CardList::default();
        hand.add(TripCard(7));
        deck.give_top_if(&mut hand, false);
        assert_eq!(deck.as_slice(), &[TripCard(1), TripCard(2)]);
        assert_eq!(hand.as_slice(), &[TripCard(7)]);
        deck.give_top_if(&mut hand, true);
        assert_eq!(deck.as_slice(), &[TripCard(1)]);
        assert_eq!(hand.as_slice(), &[TripCard(7), TripCard(2)]);
        deck.give_top_if(&mut hand, true);
        deck.give_top_if(&mut hand, true);
        assert!(deck.is_empty());
        assert_eq!(hand.as_slice(), &[TripCard(7), TripCard(2), TripCard(1)]);
    }

    #[test]
    fn a_pile_pushes_pops_and_extends_at_its_top() {
        let mut pile = CardList::default();
        assert_eq!(pile.pop(), None);
        pile.add(TripCard(3));
        pile.extend_from_slice(&[TripCard(5), TripCard(9)]);
        assert_eq!(pile.as_slice(), &[TripCard(3), TripCard(5), TripCard(9)]);
        assert_eq!(pile.last(), Some(TripCard(9)));
        assert_eq!(pile.pop(), Some(TripCard(9)));
        assert_eq!(pile.len(), 2);
    }

    #[test]
    fn saved_as_a_list_and_refused_when_too_long() {
        let mut hand = CardList::default();
        hand.add(TripCard(4));
        hand.add(TripCard(0));
        let json = serde_json::to_string(&hand).unwrap();
        assert_eq!(json, "[4,0]");
        assert_eq!(serde_json::from_str::<CardList>(&json).unwrap(), hand);
        let long = serde_json::to_string(&vec![1u8; MAX_CARDS + 1]).unwrap();
        assert!(serde_json::from_str::<CardList>(&long).is_err());
    }
}
