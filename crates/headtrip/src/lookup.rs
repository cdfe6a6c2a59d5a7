//! Tables computed at compile time for the rules' hot paths (legal actions and applying a
//! play): each gives in one load what the card type computes with checks and divisions.

use cards::{Card, Rank, Suit};

use crate::Aspect;

/// The action card of rank `value` (2–10) in `suit`.
pub(crate) fn card(value: u8, suit: Suit) -> Card {
    Card::new(Rank::from_value(value).unwrap_or(Rank::Two), suit)
}

/// Each aspect's action cards by rank value: `ACTION_CARDS[aspect][v]` is `card(v, suit)` for
/// every `v` in 0–15 (as [`card`] gives), so that a hand's bit `v` names its card in one load.
pub(crate) const ACTION_CARDS: [[Card; 16]; 4] = {
    let mut table = [[Card::BLACK_JOKER; 16]; 4];
    let mut aspect = 0;
    while aspect < 4 {
        let suit = Aspect::ALL[aspect].suit();
        let mut value = 0;
        while value < 16 {
            let rank = match Rank::from_value(value as u8) {
                Some(rank) => rank,
                None => Rank::Two,
            };
            table[aspect][value] = Card::new(rank, suit);
            value += 1;
        }
        aspect += 1;
    }
    table
};

/// The rank value of every card by index (0 for the jokers), as `rank().map_or(0, value)`.
const RANK_VALUES: [u8; Card::COUNT] = {
    let mut table = [0; Card::COUNT];
    let mut index = 0;
    while index < Card::COUNT {
        if let Some(card) = Card::from_index(index) {
            if let Some(rank) = card.rank() {
                table[index] = rank.value();
            }
        }
        index += 1;
    }
    table
};

/// The rank value of a card (0 for a joker).
#[inline]
pub(crate) fn rank_value(card: Card) -> u8 {
    RANK_VALUES.get(card.index()).copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn action_cards_are_the_cards_of_each_aspect_by_rank_value() {
        for aspect in Aspect::ALL {
            for value in 0..16u8 {
                let expected =
                    Card::new(Rank::from_value(value).unwrap_or(Rank::Two), aspect.suit());
                assert_eq!(ACTION_CARDS[aspect.index()][usize::from(value)], expected);
                assert_eq!(card(value, aspect.suit()), expected);
            }
        }
        assert_eq!(ACTION_CARDS[0][5].to_string(), "5♣");
        assert_eq!(ACTION_CARDS[3][10].to_string(), "10♦");
    }

    #[test]
    fn rank_values_agree_with_the_card_type() {
        for card in Card::ALL {
            assert_eq!(
                rank_value(card),
                card.rank().map_or(0, Rank::value),
                "{card}"
            );
        }
        assert_eq!(rank_value(Card::BLACK_JOKER), 0);
        assert_eq!(rank_value(Card::RED_JOKER), 0);
        assert_eq!(rank_value(Card::new(Rank::King, Suit::Spades)), 13);
    }
}
