//! Decks of standard cards: one deck, with jokers, several decks.

use crate::{Card, Rank, Suit};

/// The 52 suited cards in suit-major order (♣ A–K, ♦ A–K, ♥ A–K, ♠ A–K).
pub fn standard_52() -> Vec<Card> {
    Card::ALL[..52].to_vec()
}

/// The 52 suited cards followed by the black and the red joker.
pub fn with_jokers() -> Vec<Card> {
    Card::ALL.to_vec()
}

/// `n` standard decks one after the other, each with its two jokers if `jokers`.
pub fn several_decks(n: usize, jokers: bool) -> Vec<Card> {
    let one = if jokers { with_jokers() } else { standard_52() };
    let mut cards = Vec::with_capacity(one.len() * n);
    for _ in 0..n {
        cards.extend_from_slice(&one);
    }
    cards
}

/// The cards of one suit whose ranks lie in `low..=high` (Ace low), in rank order.
pub fn suit_range(suit: Suit, low: Rank, high: Rank) -> Vec<Card> {
    Rank::ALL
        .iter()
        .filter(|r| **r >= low && **r <= high)
        .map(|&r| Card::new(r, suit))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_sizes() {
        assert_eq!(standard_52().len(), 52);
        assert_eq!(with_jokers().len(), 54);
        assert_eq!(several_decks(2, true).len(), 108);
        assert_eq!(suit_range(Suit::Hearts, Rank::Two, Rank::Ten).len(), 9);
    }
}
