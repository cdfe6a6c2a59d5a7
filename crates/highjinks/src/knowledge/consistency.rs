//! Whether a seat's hidden cards (its hand and face-down Mana) can be what all know of them,
//! each card where its places allow (HJ66, HJ80, HJ85, HJ88): the known copies, the evoked
//! cards of each suit and the cards drawn from the Deck group, as matchings of what is wanted
//! to the cards held. The determinisation asks the first of a drawn state; loading asks both
//! of the saved one, since the engine's bookkeeping, when a card is revealed, relies on them (a
//! card from a zone no evoked card may lie in is not an evoked one).

use crate::table::card::{masks, Card};
use crate::table::field::Side;

/// Most cards of one suit a seat can hide: two decks' 26, hand and face down.
const MAX_OF_SUIT: usize = 26;

/// Whether `drawn`'s hidden cards hold, suit by suit, the cards `real`'s knowledge says all know
/// to be there and the evoked cards besides (HJ66), each where it may lie (HJ88): a matching of
/// those cards to the side's cards of the suit, in the hand or a face-down zone their places
/// allow. Loading passes the same side twice.
pub(crate) fn holds_evoked(real: &Side, drawn: &Side) -> bool {
    let down = drawn.face_down_cards();
    for suit in cards::Suit::ALL {
        let s = suit.index();
        if real.suits[s] == 0 {
            continue;
        }
        // The side's cards of the suit and where each lies (0: the hand).
        let mut held = [(Card::JOKER, 0u8); MAX_OF_SUIT];
        let mut held_len = 0;
        let mut hold = |card: Card, place: u8| {
            if let Some(slot) = held.get_mut(held_len) {
                *slot = (card, place);
                held_len += 1;
            }
        };
        for card in drawn.hand.distinct_in(masks::suit(suit)) {
            for _ in 0..drawn.hand.count(card) {
                hold(card, 0);
            }
        }
        for (z, card) in down.iter().enumerate() {
            if let Some(card) = card.filter(|c| c.suit() == Some(suit)) {
                hold(card, 1 << z);
            }
        }
        // What must be there: known copies of the suit, then the evoked cards.
        let mut wanted = [(None, 0u8); MAX_OF_SUIT];
        let mut wanted_len = 0;
        let mut want = |card: Option<Card>, zones: u8| {
            if wanted_len >= MAX_OF_SUIT {
                return false;
            }
            wanted[wanted_len] = (card, zones);
            wanted_len += 1;
            true
        };
        for card in real.known.distinct_in(masks::suit(suit)) {
            for copy in 0..usize::from(real.known.count(card)) {
                if !want(Some(card), real.known_at.zones(card, copy)) {
                    return false;
                }
            }
        }
        let mut listed = 0u8;
        for (zones, n) in real.suits_at.of_suit(s) {
            listed = listed.saturating_add(n);
            for _ in 0..n {
                if !want(None, zones) {
                    return false;
                }
            }
        }
        for _ in listed..real.suits[s] {
            if !want(None, 0) {
                return false;
            }
        }
        if wanted_len > held_len {
            return false;
        }
        // Which held cards each wanted card may be.
        let mut may_be = [0u32; MAX_OF_SUIT];
        for (w, &(card, zones)) in wanted[..wanted_len].iter().enumerate() {
            for (h, &(held_card, place)) in held[..held_len].iter().enumerate() {
                if card.is_none_or(|c| c == held_card) && (place == 0 || place & zones != 0) {
                    may_be[w] |= 1 << h;
                }
            }
        }
        if !matches_all(&may_be[..wanted_len]) {
            return false;
        }
    }
    true
}

/// Most hidden cards of a seat that a matching follows: every card of the game.
const MAX_HELD: usize = 128;

/// Whether the side holds the cards all know to be there and the cards it drew from the Deck
/// group (HJ80), distinct copies, each where its places allow (HJ88). The drawn cards' places
/// are counts of masks, not tied to a card, so the cards of the identities concerned are
/// matched to: each known copy (its identity, its places), each drawn card's places (any drawn
/// identity there), and, for each identity, a spare for every copy held beyond those known and
/// drawn (any place). A perfect matching is a placement of every drawn card, and the reverse.
pub(crate) fn holds_drawn(side: &Side) -> bool {
    if side.drawn.is_empty() {
        return true;
    }
    let mut wanted_cards = side.known;
    wanted_cards.add_all(&side.drawn);
    // The side's cards of those identities and where each lies (0: the hand).
    let mut held = [(Card::JOKER, 0u8); MAX_HELD];
    let mut held_len = 0;
    let mut hold = |card: Card, place: u8| match held.get_mut(held_len) {
        Some(slot) => {
            *slot = (card, place);
            held_len += 1;
            true
        }
        None => false,
    };
    for card in side.hand.distinct().filter(|&c| wanted_cards.contains(c)) {
        for _ in 0..side.hand.count(card) {
            if !hold(card, 0) {
                return false;
            }
        }
    }
    for (z, card) in side.face_down_cards().iter().enumerate() {
        if let Some(card) = card.filter(|&c| wanted_cards.contains(c)) {
            if !hold(card, 1 << z) {
                return false;
            }
        }
    }
    // The rows: a card (`Some`) or any drawn card (`None`), with its face-down places.
    let mut rows = [(None, 0u8); MAX_HELD];
    let mut rows_len = 0;
    let mut want = |card: Option<Card>, zones: u8| match rows.get_mut(rows_len) {
        Some(row) => {
            *row = (card, zones);
            rows_len += 1;
            true
        }
        None => false,
    };
    for card in side.known.distinct() {
        for copy in 0..usize::from(side.known.count(card)) {
            if !want(Some(card), side.known_at.zones(card, copy)) {
                return false;
            }
        }
    }
    let mut listed = 0usize;
    for (zones, n) in side.drawn_at.pairs() {
        listed += usize::from(n);
        for _ in 0..n {
            if !want(None, zones) {
                return false;
            }
        }
    }
    for _ in listed..side.drawn.len() {
        if !want(None, 0) {
            return false;
        }
    }
    for card in wanted_cards.distinct() {
        let copies = held[..held_len].iter().filter(|h| h.0 == card).count();
        let spares = copies.checked_sub(usize::from(wanted_cards.count(card)));
        for _ in 0..spares.unwrap_or(0) {
            if !want(Some(card), u8::MAX) {
                return false;
            }
        }
    }
    if rows_len != held_len {
        return false;
    }
    let mut may_be = [0u128; MAX_HELD];
    for (row, &(card, zones)) in may_be.iter_mut().zip(&rows[..rows_len]) {
        for (h, &(held_card, place)) in held[..held_len].iter().enumerate() {
            let identity = match card {
                Some(c) => c == held_card,
                None => side.drawn.contains(held_card),
            };
            if identity && (place == 0 || place & zones != 0) {
                *row |= 1 << h;
            }
        }
    }
    matches_all(&may_be[..rows_len])
}

/// A set of columns, one bit each.
pub(crate) trait Columns: Copy {
    /// No column.
    const NONE: Self;
    /// The lowest column, if any, taken out of the set.
    fn pop_lowest(&mut self) -> Option<usize>;
    /// The set with `column` added.
    fn with(self, column: usize) -> Self;
    /// The columns of `self` not in `other`.
    fn without(self, other: Self) -> Self;
}

macro_rules! columns {
    ($($t:ty),*) => {$(
        impl Columns for $t {
            const NONE: Self = 0;
            fn pop_lowest(&mut self) -> Option<usize> {
                (*self != 0).then(|| {
                    let column = self.trailing_zeros() as usize;
                    *self &= *self - 1;
                    column
                })
            }
            fn with(self, column: usize) -> Self {
                self | 1 << column
            }
            fn without(self, other: Self) -> Self {
                self & !other
            }
        }
    )*};
}
columns!(u32, u128);

/// Whether each row can take a different column of its bits (a bipartite matching, by
/// augmenting paths; at most 128 rows and columns).
pub(crate) fn matches_all<C: Columns>(may_be: &[C]) -> bool {
    // The row holding each column, plus one (0: free).
    let mut holder = [0u8; MAX_HELD];
    fn augment<C: Columns>(row: usize, may_be: &[C], holder: &mut [u8], seen: &mut C) -> bool {
        let mut options = may_be[row].without(*seen);
        while let Some(column) = options.pop_lowest() {
            *seen = seen.with(column);
            let current = usize::from(holder[column]);
            if current == 0 || augment(current - 1, may_be, holder, seen) {
                holder[column] = row as u8 + 1;
                return true;
            }
        }
        false
    }
    may_be.len() <= MAX_HELD
        && (0..may_be.len()).all(|row| {
            let mut seen = C::NONE;
            augment(row, may_be, &mut holder, &mut seen)
        })
}
