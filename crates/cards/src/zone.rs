//! Zones: ordered piles and rows of cards, each face up or face down, and hands.
//!
//! Zones are generic over the card type, so a game with its own cards uses them too.

use serde::{Deserialize, Serialize};

/// Which way a card lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Facing {
    /// Face up: everyone sees it.
    Up,
    /// Face down: nobody sees it (unless a game says otherwise).
    Down,
}

/// A card in a zone, with the way it lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placed<C> {
    /// The card.
    pub card: C,
    /// Which way it lies.
    pub facing: Facing,
}

impl<C> Placed<C> {
    /// Whether the card lies face up.
    pub fn is_face_up(&self) -> bool {
        self.facing == Facing::Up
    }
}

/// An ordered zone of cards, each face up or face down.
///
/// The same type serves as a *pile* (a stack: the top is the last card) and as a *row* (left to
/// right: the first card is leftmost). [`Pile`] and [`Row`] name the two uses.
///
/// ```
/// use cards::{Card, Facing, Pile};
/// let mut pile: Pile<Card> = Pile::new();
/// pile.push("4H".parse().unwrap(), Facing::Down);
/// pile.push("5C".parse().unwrap(), Facing::Up);
/// assert_eq!(pile.top().map(|p| p.card.to_string()), Some("5♣".to_string()));
/// assert_eq!(pile.pop().map(|p| p.facing), Some(Facing::Up));
/// assert_eq!(pile.len(), 1);
/// ```
#[derive(Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Zone<C> {
    cards: Vec<Placed<C>>,
}

/// A copy keeps the reserved room, and `clone_from` reuses the target's storage, so that a
/// copied game (a search's determinisation) fills its zones without allocating.
impl<C: Copy> Clone for Zone<C> {
    fn clone(&self) -> Self {
        Zone {
            cards: copy_with_capacity(&self.cards),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        copy_into(&mut self.cards, &source.cards);
    }
}

/// A copy of `source` with at least its capacity.
fn copy_with_capacity<T: Copy>(source: &Vec<T>) -> Vec<T> {
    let mut copy = Vec::with_capacity(source.capacity());
    copy.extend_from_slice(source);
    copy
}

/// Copies `source` into `target`, reusing `target`'s storage and growing it to at least
/// `source`'s capacity.
fn copy_into<T: Copy>(target: &mut Vec<T>, source: &Vec<T>) {
    target.clear();
    target.reserve(source.capacity());
    target.extend_from_slice(source);
}

/// A stack of cards; the top is the last card pushed.
pub type Pile<C> = Zone<C>;
/// A row of cards, left to right; new cards go on the right.
pub type Row<C> = Zone<C>;

impl<C> Default for Zone<C> {
    fn default() -> Self {
        Zone { cards: Vec::new() }
    }
}

impl<C: Copy> Zone<C> {
    /// An empty zone.
    pub fn new() -> Self {
        Zone { cards: Vec::new() }
    }

    /// An empty zone with room for `capacity` cards, so that filling it allocates nothing.
    pub fn with_capacity(capacity: usize) -> Self {
        Zone {
            cards: Vec::with_capacity(capacity),
        }
    }

    /// A zone of these cards, all lying the same way, the first card at the bottom (left).
    pub fn from_cards(cards: impl IntoIterator<Item = C>, facing: Facing) -> Self {
        Zone {
            cards: cards
                .into_iter()
                .map(|card| Placed { card, facing })
                .collect(),
        }
    }

    /// Puts a card on top (or at the right end).
    pub fn push(&mut self, card: C, facing: Facing) {
        self.cards.push(Placed { card, facing });
    }

    /// Takes the top (rightmost) card.
    pub fn pop(&mut self) -> Option<Placed<C>> {
        self.cards.pop()
    }

    /// The top (rightmost) card.
    pub fn top(&self) -> Option<&Placed<C>> {
        self.cards.last()
    }

    /// The bottom (leftmost) card.
    pub fn bottom(&self) -> Option<&Placed<C>> {
        self.cards.first()
    }

    /// The card at a position, 0 being the bottom (leftmost).
    pub fn get(&self, index: usize) -> Option<&Placed<C>> {
        self.cards.get(index)
    }

    /// Mutable access to the card at a position, 0 being the bottom (leftmost).
    pub fn get_mut(&mut self, index: usize) -> Option<&mut Placed<C>> {
        self.cards.get_mut(index)
    }

    /// Removes and returns the card at a position, 0 being the bottom (leftmost).
    pub fn remove(&mut self, index: usize) -> Option<Placed<C>> {
        (index < self.cards.len()).then(|| self.cards.remove(index))
    }

    /// Number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the zone is empty.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Removes every card.
    pub fn clear(&mut self) {
        self.cards.clear();
    }

    /// Makes room for at least `additional` more cards, so that adding them allocates nothing.
    pub fn reserve(&mut self, additional: usize) {
        self.cards.reserve(additional);
    }

    /// Turns every card to the given facing.
    pub fn turn_all(&mut self, facing: Facing) {
        for placed in &mut self.cards {
            placed.facing = facing;
        }
    }

    /// The cards from the bottom (left) to the top (right).
    pub fn iter(&self) -> std::slice::Iter<'_, Placed<C>> {
        self.cards.iter()
    }

    /// The cards from the bottom (left) to the top (right), as a slice.
    pub fn as_slice(&self) -> &[Placed<C>] {
        &self.cards
    }

    /// Mutable slice of the cards, bottom (left) first: for games that reorder hidden cards.
    pub fn as_mut_slice(&mut self) -> &mut [Placed<C>] {
        &mut self.cards
    }

    /// Number of cards lying face up.
    pub fn face_up_count(&self) -> usize {
        self.cards.iter().filter(|p| p.is_face_up()).count()
    }
}

impl<'a, C> IntoIterator for &'a Zone<C> {
    type Item = &'a Placed<C>;
    type IntoIter = std::slice::Iter<'a, Placed<C>>;
    fn into_iter(self) -> Self::IntoIter {
        self.cards.iter()
    }
}

/// A player's hand: cards held where the other players cannot see them.
///
/// The hand keeps its cards in the order they were added, so that a game stays deterministic.
#[derive(Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Hand<C> {
    cards: Vec<C>,
}

/// As for [`Zone`]: a copy keeps the reserved room, `clone_from` reuses storage.
impl<C: Copy> Clone for Hand<C> {
    fn clone(&self) -> Self {
        Hand {
            cards: copy_with_capacity(&self.cards),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        copy_into(&mut self.cards, &source.cards);
    }
}

impl<C> Default for Hand<C> {
    fn default() -> Self {
        Hand { cards: Vec::new() }
    }
}

impl<C: Copy + PartialEq> Hand<C> {
    /// An empty hand.
    pub fn new() -> Self {
        Hand { cards: Vec::new() }
    }

    /// An empty hand with room for `capacity` cards.
    pub fn with_capacity(capacity: usize) -> Self {
        Hand {
            cards: Vec::with_capacity(capacity),
        }
    }

    /// Adds a card.
    pub fn add(&mut self, card: C) {
        self.cards.push(card);
    }

    /// Removes one copy of the card; returns whether it was held.
    pub fn remove(&mut self, card: C) -> bool {
        match self.cards.iter().position(|c| *c == card) {
            Some(i) => {
                self.cards.remove(i);
                true
            }
            None => false,
        }
    }

    /// Removes and returns the card at a position.
    pub fn remove_at(&mut self, index: usize) -> Option<C> {
        (index < self.cards.len()).then(|| self.cards.remove(index))
    }

    /// Whether the card is held.
    pub fn contains(&self, card: C) -> bool {
        self.cards.contains(&card)
    }

    /// Number of cards held.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the hand is empty.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The cards, in the order they were added.
    pub fn as_slice(&self) -> &[C] {
        &self.cards
    }

    /// Mutable slice of the cards: for games that redeal hidden cards.
    pub fn as_mut_slice(&mut self) -> &mut [C] {
        &mut self.cards
    }

    /// Removes every card.
    pub fn clear(&mut self) {
        self.cards.clear();
    }

    /// Makes room for at least `additional` more cards, so that adding them allocates nothing.
    pub fn reserve(&mut self, additional: usize) {
        self.cards.reserve(additional);
    }

    /// The cards, in the order they were added.
    pub fn iter(&self) -> std::slice::Iter<'_, C> {
        self.cards.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Card;

    #[test]
    fn row_keeps_left_to_right_order_and_facing() {
        let mut row: Row<Card> = Row::with_capacity(4);
        let a: Card = "6D".parse().unwrap();
        let b: Card = "8S".parse().unwrap();
        row.push(a, Facing::Up);
        row.push(b, Facing::Down);
        assert_eq!(row.bottom().map(|p| p.card), Some(a));
        assert_eq!(row.face_up_count(), 1);
        row.turn_all(Facing::Up);
        assert_eq!(row.face_up_count(), 2);
        assert_eq!(row.remove(0).map(|p| p.card), Some(a));
        assert_eq!(row.remove(5), None);
    }

    #[test]
    fn copies_keep_their_room_and_clone_from_reuses_storage() {
        let mut row: Row<Card> = Row::with_capacity(40);
        row.push(Card::BLACK_JOKER, Facing::Down);
        let copy = row.clone();
        assert_eq!(copy, row);
        assert!(copy.cards.capacity() >= 40);
        let mut target: Row<Card> = Row::with_capacity(40);
        let storage = target.cards.as_ptr();
        target.clone_from(&row);
        assert_eq!(target, row);
        assert_eq!(target.cards.as_ptr(), storage, "clone_from allocated anew");
        let mut hand: Hand<u8> = Hand::with_capacity(12);
        hand.add(1);
        assert!(hand.clone().cards.capacity() >= 12);
        let mut other: Hand<u8> = Hand::new();
        other.clone_from(&hand);
        assert_eq!(other, hand);
        assert!(other.cards.capacity() >= 12);
    }

    #[test]
    fn hand_removes_one_copy() {
        let mut hand: Hand<u8> = Hand::new();
        hand.add(3);
        hand.add(3);
        assert!(hand.remove(3));
        assert!(hand.contains(3));
        assert!(hand.remove(3));
        assert!(!hand.remove(3));
        assert!(hand.is_empty());
    }
}
