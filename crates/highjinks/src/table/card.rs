//! Card identities (ruling HJ8): a rank and a suit, or "Joker" for every joker, in the canonical
//! order of the rulings, and multisets of them.

use cards::{Rank, Suit};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Why a text is not a High Jinks card.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{0}` is not a card (rank then suit, such as 10H or Q♠; JK for a Joker)")]
pub struct ParseCardError(pub String);

/// A card's identity (ruling HJ8): one of the 52 suited cards, or the Joker. Players cannot tell
/// identical copies apart (two decks, the jokers), so neither does the engine: a hand holding two
/// Q♠ holds that identity twice.
///
/// Identities are numbered in the rulings' *canonical order*: rank 2 < … < 10 < J < Q < K < A <
/// Joker, then suit ♣ < ♦ < ♥ < ♠, so sorting cards sorts them canonically.
///
/// Text: `10♥`, `10H`, `TH`; the Joker is `JK` (`BJ`, `RJ` and `🃏` are read as the Joker too).
///
/// ```
/// use highjinks::Card;
/// let ten: Card = "TH".parse().unwrap();
/// assert_eq!(ten.to_string(), "10♥");
/// assert_eq!(ten.mana_value(), Some(10));
/// assert!("RJ".parse::<Card>().unwrap().is_joker());
/// assert!("2C".parse::<Card>().unwrap() < "AS".parse::<Card>().unwrap());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

/// What a card is in the rules (§1, HJ7).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// A number card 2–10.
    Mana,
    /// A Jack, Queen, King or Joker.
    Agent,
    /// An Ace: neither Mana nor an Agent (HJ7).
    Ace,
}

impl Card {
    /// Number of identities: 52 suited cards and the Joker.
    pub const COUNT: usize = 53;
    /// The Joker.
    pub const JOKER: Card = Card(52);

    /// Every identity in canonical order.
    pub const ALL: [Card; 53] = {
        let mut all = [Card(0); 53];
        let mut i = 0;
        while i < 53 {
            all[i] = Card(i as u8);
            i += 1;
        }
        all
    };

    /// The suited card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        // Canonical rank order: 2..=13 → 0..=11, Ace → 12.
        let order = match rank {
            Rank::Ace => 12,
            other => other as u8 - 2,
        };
        Card(order * 4 + suit as u8)
    }

    /// The identity with this canonical index 0–52, or `None`.
    pub const fn from_index(index: usize) -> Option<Card> {
        if index < Self::COUNT {
            Some(Card(index as u8))
        } else {
            None
        }
    }

    /// The canonical index 0–52.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is the Joker.
    pub const fn is_joker(self) -> bool {
        self.0 == 52
    }

    /// The rank, or `None` for the Joker.
    pub const fn rank(self) -> Option<Rank> {
        if self.is_joker() {
            return None;
        }
        let order = self.0 / 4;
        if order == 12 {
            Some(Rank::Ace)
        } else {
            Rank::from_value(order + 2)
        }
    }

    /// The printed suit, or `None` for the Joker.
    pub const fn suit(self) -> Option<Suit> {
        if self.is_joker() {
            None
        } else {
            Suit::from_index((self.0 % 4) as usize)
        }
    }

    /// What the card is in the rules.
    pub const fn kind(self) -> Kind {
        match self.0 / 4 {
            0..=8 => Kind::Mana,
            12 => Kind::Ace,
            _ => Kind::Agent,
        }
    }

    /// The value of a Mana card (2–10), or `None` for Agents and Aces.
    pub const fn mana_value(self) -> Option<u8> {
        if self.0 < 36 {
            Some(self.0 / 4 + 2)
        } else {
            None
        }
    }

    /// Whether the card may be set in a Mana zone (§6, §13, HJ7): Mana 3–10.
    pub const fn is_settable(self) -> bool {
        self.0 >= 4 && self.0 < 36
    }

    /// Whether this is a deuce (§13).
    pub const fn is_deuce(self) -> bool {
        self.0 < 4
    }

    /// The card of the `cards` crate with the same face (the black joker for the Joker).
    pub const fn to_card(self) -> cards::Card {
        match (self.rank(), self.suit()) {
            (Some(rank), Some(suit)) => cards::Card::new(rank, suit),
            _ => cards::Card::BLACK_JOKER,
        }
    }

    /// The identity of a card of the `cards` crate (both jokers are the Joker).
    pub const fn of(card: cards::Card) -> Card {
        match (card.rank(), card.suit()) {
            (Some(rank), Some(suit)) => Card::new(rank, suit),
            _ => Card::JOKER,
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_joker() {
            f.write_str("JK")
        } else if f.alternate() {
            write!(f, "{:#}", self.to_card())
        } else {
            write!(f, "{}", self.to_card())
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:#}")
    }
}

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        if text.eq_ignore_ascii_case("JK") || text.eq_ignore_ascii_case("joker") {
            return Ok(Card::JOKER);
        }
        text.parse::<cards::Card>()
            .map(Card::of)
            .map_err(|_| ParseCardError(cards::text::shown(text).to_string()))
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&format_args!("{self:#}"))
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Identities 3–10: the cards that can lie face down (§6).
pub(crate) const SETTABLE: usize = 32;
/// Canonical index of the first card 3–10 (the deuces come first).
pub(crate) const FIRST_SETTABLE: usize = masks::DEUCES.count_ones() as usize;

/// A multiset of identities: how many copies of each a pile or a hand holds. Serialised as the
/// list of its cards in canonical order.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cards {
    counts: [u8; Card::COUNT],
    len: u8,
    /// Bit `i` set when identity `i` is held: the identities held, as a [`CardMask`].
    present: u64,
}

/// A set of identities, one bit per identity in canonical order (bit 52 the Joker): the kinds
/// of cards a rule accepts are a few mask operations.
pub type CardMask = u64;

/// Masks of the identities of each kind (canonical order makes each a run of bits).
pub mod masks {
    use super::CardMask;
    /// The deuces.
    pub const DEUCES: CardMask = 0xF;
    /// Mana cards 2–10.
    pub const MANA: CardMask = (1 << 36) - 1;
    /// Mana cards that may be set: 3–10.
    pub const SETTABLE: CardMask = MANA & !DEUCES;
    /// The Aces.
    pub const ACES: CardMask = 0xF << 48;
    /// The Agents: J, Q, K and the Joker.
    pub const AGENTS: CardMask = (((1 << 12) - 1) << 36) | (1 << 52);
    /// Mana cards of value at most `value` (2–10).
    pub const fn mana_up_to(value: u8) -> CardMask {
        if value < 2 {
            0
        } else if value >= 10 {
            MANA
        } else {
            (1 << ((value as u32 - 1) * 4)) - 1
        }
    }
    /// The cards of one suit.
    pub const fn suit(suit: cards::Suit) -> CardMask {
        0x0001_1111_1111_1111 << suit.index()
    }
}

impl Default for Cards {
    fn default() -> Self {
        Cards::new()
    }
}

/// The identities of a mask, in canonical order.
pub fn mask_cards(mask: CardMask) -> MaskCards {
    MaskCards(mask & ((1 << Card::COUNT) - 1))
}

/// The identities of a mask, in canonical order (see [`mask_cards`]).
#[derive(Clone, Copy, Debug)]
pub struct MaskCards(CardMask);

impl Iterator for MaskCards {
    type Item = Card;

    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card(i))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for MaskCards {}

impl Cards {
    /// The empty multiset.
    pub const fn new() -> Cards {
        Cards {
            counts: [0; Card::COUNT],
            len: 0,
            present: 0,
        }
    }

    /// The identities held.
    #[inline]
    pub fn mask(&self) -> CardMask {
        self.present
    }

    /// Each identity held that is also in `mask`, once, in canonical order.
    #[inline]
    pub fn distinct_in(&self, mask: CardMask) -> MaskCards {
        mask_cards(self.present & mask)
    }

    /// Copies of `card` held.
    #[inline]
    pub fn count(&self, card: Card) -> u8 {
        self.counts[card.index()]
    }

    /// Whether `card` is held.
    #[inline]
    pub fn contains(&self, card: Card) -> bool {
        self.count(card) > 0
    }

    /// Adds one copy. Counts saturate at 255, more copies than any game holds (at most 108 cards).
    #[inline]
    pub fn add(&mut self, card: Card) {
        let c = &mut self.counts[card.index()];
        if *c < u8::MAX && self.len < u8::MAX {
            *c += 1;
            self.len += 1;
            self.present |= 1 << card.index();
        }
    }

    /// Removes one copy; false if none was held.
    #[inline]
    pub fn remove(&mut self, card: Card) -> bool {
        let c = &mut self.counts[card.index()];
        if *c == 0 {
            return false;
        }
        *c -= 1;
        self.len -= 1;
        if *c == 0 {
            self.present &= !(1 << card.index());
        }
        true
    }

    /// Copies held of each identity 3–10 (the cards that can be set, §6), in canonical order.
    #[inline]
    pub fn settable_counts(&self) -> Option<&[u8; SETTABLE]> {
        let (_, rest) = self.counts.split_first_chunk::<FIRST_SETTABLE>()?;
        rest.first_chunk::<SETTABLE>()
    }

    /// Whether some Mana identity (2–10, the first 36) is held twice or more: the counts are
    /// read sixteen at a time (no bit count, which the target lacks as an instruction).
    #[inline]
    pub fn holds_mana_twice(&self) -> bool {
        let Some((low, rest)) = self.counts.split_first_chunk::<16>() else {
            return false;
        };
        let Some((mid, rest)) = rest.split_first_chunk::<16>() else {
            return false;
        };
        let Some((top, _)) = rest.split_first_chunk::<4>() else {
            return false;
        };
        // A count of two or more has a bit above the lowest set in its byte.
        let above_one = u128::from_le_bytes([0xFE; 16]);
        (u128::from_le_bytes(*low)
            | u128::from_le_bytes(*mid)
            | u128::from(u32::from_le_bytes(*top)))
            & above_one
            != 0
    }

    /// Number of cards.
    #[inline]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Empties it.
    pub fn clear(&mut self) {
        *self = Cards::new();
    }

    /// Every card, each copy once, in canonical order.
    pub fn iter(&self) -> CardsIter<'_> {
        CardsIter {
            cards: self,
            rest: self.present,
            card: Card(0),
            copies: 0,
        }
    }

    /// Appends every card, each copy once, in canonical order.
    pub fn extend_into(&self, out: &mut Vec<Card>) {
        for card in self.distinct() {
            for _ in 0..self.count(card) {
                out.push(card);
            }
        }
    }

    /// Each identity held, once, in canonical order.
    pub fn distinct(&self) -> MaskCards {
        mask_cards(self.present)
    }

    /// Adds every card of `other`.
    pub fn add_all(&mut self, other: &Cards) {
        for card in other.iter() {
            self.add(card);
        }
    }

    /// Whether every card of `other` is here, as many times.
    pub fn includes(&self, other: &Cards) -> bool {
        Card::ALL.iter().all(|&c| self.count(c) >= other.count(c))
    }
}

/// Every card of a [`Cards`], each copy once, in canonical order.
#[derive(Clone, Debug)]
pub struct CardsIter<'a> {
    cards: &'a Cards,
    rest: CardMask,
    card: Card,
    copies: u8,
}

impl Iterator for CardsIter<'_> {
    type Item = Card;

    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.copies == 0 {
            if self.rest == 0 {
                return None;
            }
            self.card = Card(self.rest.trailing_zeros() as u8);
            self.rest &= self.rest - 1;
            self.copies = self.cards.count(self.card);
        }
        self.copies -= 1;
        Some(self.card)
    }
}

impl fmt::Debug for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl FromIterator<Card> for Cards {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut cards = Cards::new();
        for card in iter {
            cards.add(card);
        }
        cards
    }
}

impl Serialize for Cards {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Cards {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let list = Vec::<Card>::deserialize(deserializer)?;
        if list.len() > usize::from(u8::MAX) {
            return Err(serde::de::Error::custom("more cards than any game holds"));
        }
        Ok(list.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_order_is_rank_then_suit() {
        let order: Vec<String> = Card::ALL.iter().map(|c| format!("{c:#}")).collect();
        assert_eq!(&order[..5], ["2C", "2D", "2H", "2S", "3C"]);
        assert_eq!(&order[48..], ["AC", "AD", "AH", "AS", "JK"]);
        for card in Card::ALL {
            assert_eq!(format!("{card:#}").parse::<Card>(), Ok(card));
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            if !card.is_joker() {
                assert_eq!(Card::of(card.to_card()), card);
            }
        }
    }

    #[test]
    fn masks_hold_the_kinds_they_name() {
        for card in Card::ALL {
            let bit = 1u64 << card.index();
            assert_eq!(masks::MANA & bit != 0, card.kind() == Kind::Mana, "{card}");
            assert_eq!(
                masks::AGENTS & bit != 0,
                card.kind() == Kind::Agent,
                "{card}"
            );
            assert_eq!(masks::ACES & bit != 0, card.kind() == Kind::Ace, "{card}");
            assert_eq!(masks::SETTABLE & bit != 0, card.is_settable(), "{card}");
            for value in 0..=13 {
                let within = card.mana_value().is_some_and(|v| v <= value);
                assert_eq!(
                    masks::mana_up_to(value) & bit != 0,
                    within,
                    "{card} ≤ {value}"
                );
            }
            for suit in cards::Suit::ALL {
                assert_eq!(
                    masks::suit(suit) & bit != 0,
                    card.suit() == Some(suit),
                    "{card}"
                );
            }
        }
    }

    #[test]
    fn holds_mana_twice_looks_at_every_mana_identity_and_no_other() {
        for card in Card::ALL {
            let mut cards = Cards::new();
            cards.add(card);
            for other in Card::ALL {
                cards.add(other);
            }
            assert!(!Cards::new().holds_mana_twice());
            assert_eq!(
                cards.holds_mana_twice(),
                card.kind() == Kind::Mana,
                "{card}"
            );
            cards.remove(card);
            assert!(!cards.holds_mana_twice(), "{card}");
        }
    }

    #[test]
    fn kinds_follow_section_1_and_hj7() {
        let kinds = |text: &str| text.parse::<Card>().map(Card::kind);
        assert_eq!(kinds("2C"), Ok(Kind::Mana));
        assert_eq!(kinds("10S"), Ok(Kind::Mana));
        assert_eq!(kinds("JD"), Ok(Kind::Agent));
        assert_eq!(kinds("KH"), Ok(Kind::Agent));
        assert_eq!(kinds("JK"), Ok(Kind::Agent));
        assert_eq!(kinds("AH"), Ok(Kind::Ace));
        assert!(!"2H".parse::<Card>().is_ok_and(Card::is_settable));
        assert!("3H".parse::<Card>().is_ok_and(Card::is_settable));
        assert!(!"AH".parse::<Card>().is_ok_and(Card::is_settable));
    }
}
