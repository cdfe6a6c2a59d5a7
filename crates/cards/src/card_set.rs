//! Sets of standard cards: a bitset for one deck and a counted collection for several decks.

use serde::{Deserialize, Serialize};
use std::fmt;

use crate::Card;

/// A set of distinct standard cards (jokers included), one bit per card.
///
/// All operations are constant time and allocation-free.
///
/// ```
/// use cards::{Card, CardSet};
/// let mut set = CardSet::EMPTY;
/// let ace: Card = "AS".parse().unwrap();
/// assert!(set.insert(ace));
/// assert!(set.contains(ace));
/// assert_eq!(set.len(), 1);
/// assert_eq!(CardSet::FULL_DECK.len(), 52);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardSet(u64);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);
    /// The 52 suited cards.
    pub const FULL_DECK: CardSet = CardSet((1 << 52) - 1);
    /// The 52 suited cards and both jokers.
    pub const FULL_DECK_WITH_JOKERS: CardSet = CardSet((1 << 54) - 1);

    /// The set with exactly these bits (bit `i` is the card of index `i`); bits above 53 are
    /// dropped.
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & Self::FULL_DECK_WITH_JOKERS.0)
    }

    /// The raw bits: bit `i` is the card of index `i`.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Whether the set holds the card.
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    /// Adds the card; returns whether it was absent.
    pub fn insert(&mut self, card: Card) -> bool {
        let absent = !self.contains(card);
        self.0 |= 1 << card.index();
        absent
    }

    /// Removes the card; returns whether it was present.
    pub fn remove(&mut self, card: Card) -> bool {
        let present = self.contains(card);
        self.0 &= !(1 << card.index());
        present
    }

    /// Number of cards in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards in both sets.
    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// The cards in either set.
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// The cards of `self` not in `other`.
    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The cards in index order.
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Iterator over a [`CardSet`] in index order.
#[derive(Clone, Debug)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Card::from_index(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

/// A counted collection of standard cards, for games played with several decks.
///
/// ```
/// use cards::{Card, CardCounts};
/// let two_decks = CardCounts::decks(2, true);
/// assert_eq!(two_decks.len(), 108);
/// assert_eq!(two_decks.count(Card::RED_JOKER), 2);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardCounts {
    #[serde(with = "counts_serde")]
    counts: [u8; Card::COUNT],
    total: u32,
}

mod counts_serde {
    use super::Card;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(counts: &[u8; Card::COUNT], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(counts.iter())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[u8; Card::COUNT], D::Error> {
        let v = Vec::<u8>::deserialize(d)?;
        v.try_into()
            .map_err(|_| serde::de::Error::custom("expected 54 counts"))
    }
}

impl Default for CardCounts {
    fn default() -> Self {
        CardCounts {
            counts: [0; Card::COUNT],
            total: 0,
        }
    }
}

impl CardCounts {
    /// An empty collection.
    pub fn new() -> CardCounts {
        CardCounts::default()
    }

    /// `n` standard decks, each with its two jokers if `jokers`.
    pub fn decks(n: u8, jokers: bool) -> CardCounts {
        let mut counts = CardCounts::new();
        for card in Card::ALL {
            if jokers || !card.is_joker() {
                counts.counts[card.index()] = n;
                counts.total += u32::from(n);
            }
        }
        counts
    }

    /// How many copies of the card there are.
    pub fn count(&self, card: Card) -> u8 {
        self.counts[card.index()]
    }

    /// Adds one copy of the card (saturating at 255 copies).
    pub fn add(&mut self, card: Card) {
        let slot = &mut self.counts[card.index()];
        if *slot < u8::MAX {
            *slot += 1;
            self.total += 1;
        }
    }

    /// Removes one copy; returns whether there was one.
    pub fn remove(&mut self, card: Card) -> bool {
        let slot = &mut self.counts[card.index()];
        if *slot == 0 {
            return false;
        }
        *slot -= 1;
        self.total -= 1;
        true
    }

    /// Total number of cards.
    pub fn len(&self) -> usize {
        self.total as usize
    }

    /// Whether there is no card.
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// The distinct cards present, as a set.
    pub fn distinct(&self) -> CardSet {
        Card::ALL
            .iter()
            .copied()
            .filter(|c| self.counts[c.index()] > 0)
            .collect()
    }

    /// Every copy, in index order.
    pub fn iter(&self) -> impl Iterator<Item = Card> + '_ {
        Card::ALL
            .iter()
            .flat_map(move |&c| std::iter::repeat_n(c, usize::from(self.counts[c.index()])))
    }
}

impl FromIterator<Card> for CardCounts {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut counts = CardCounts::new();
        for card in iter {
            counts.add(card);
        }
        counts
    }
}

impl fmt::Debug for CardCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a: Card = "AS".parse().unwrap();
        let b: Card = "2C".parse().unwrap();
        let mut set = CardSet::EMPTY;
        assert!(set.insert(a));
        assert!(!set.insert(a));
        set.insert(b);
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![b, a]);
        assert!(set.remove(a));
        assert!(!set.remove(a));
        assert_eq!(set.len(), 1);
        assert_eq!(CardSet::FULL_DECK_WITH_JOKERS.len(), 54);
        assert!(!CardSet::FULL_DECK.contains(Card::RED_JOKER));
        assert_eq!(CardSet::from_bits(u64::MAX), CardSet::FULL_DECK_WITH_JOKERS);
    }

    #[test]
    fn counts_track_copies() {
        let mut counts = CardCounts::decks(2, false);
        assert_eq!(counts.len(), 104);
        let card: Card = "7D".parse().unwrap();
        assert!(counts.remove(card));
        assert!(counts.remove(card));
        assert!(!counts.remove(card));
        assert_eq!(counts.len(), 102);
        assert!(!counts.distinct().contains(card));
        assert_eq!(counts.iter().count(), 102);
        let json = serde_json::to_string(&counts).unwrap();
        assert_eq!(serde_json::from_str::<CardCounts>(&json).unwrap(), counts);
    }
}
