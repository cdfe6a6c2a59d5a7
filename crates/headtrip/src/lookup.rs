//! Tables computed at compile time for the rules' hot paths (legal actions and applying a
//! play): each gives in one load what the card type computes with checks and divisions.

use cards::{Card, Rank, Suit};

use crate::options::CHALLENGES;
use crate::table::row_of;
use crate::{Action, Aspect};

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

/// The plays of single cards of a part of a hand: `actions[..len]`, low first.
#[derive(Clone, Copy)]
pub(crate) struct Singles<const N: usize> {
    /// The plays, then filler.
    pub(crate) actions: [Action; N],
    /// How many of `actions` are plays.
    pub(crate) len: u8,
}

/// The plays of the cards of `bits` (rank values from `first`, one per bit) of `aspect`.
const fn singles<const N: usize>(aspect: usize, first: usize, bits: usize) -> Singles<N> {
    let mut out = Singles {
        actions: [Action::StepDown; N],
        len: 0,
    };
    let mut bit = 0;
    while bit < N {
        if bits & (1 << bit) != 0 {
            out.actions[out.len as usize] = Action::Play(ACTION_CARDS[aspect][first + bit]);
            out.len += 1;
        }
        bit += 1;
    }
    out
}

/// The single-card plays of ranks 2–6 of each aspect, by the hand's bits 2–6.
pub(crate) const LOW_SINGLES: [[Singles<5>; 32]; 4] = {
    let mut table = [[singles(0, 2, 0); 32]; 4];
    let mut aspect = 0;
    while aspect < 4 {
        let mut bits = 0;
        while bits < 32 {
            table[aspect][bits] = singles(aspect, 2, bits);
            bits += 1;
        }
        aspect += 1;
    }
    table
};

/// The single-card plays of ranks 7–10 of each aspect, by the hand's bits 7–10.
pub(crate) const HIGH_SINGLES: [[Singles<4>; 16]; 4] = {
    let mut table = [[singles(0, 7, 0); 16]; 4];
    let mut aspect = 0;
    while aspect < 4 {
        let mut bits = 0;
        while bits < 16 {
            table[aspect][bits] = singles(aspect, 7, bits);
            bits += 1;
        }
        aspect += 1;
    }
    table
};

/// The challenge cards in the order [`challenge_cards`](crate::challenge_cards) gives them (by
/// card index): the unshuffled challenge deck.
pub(crate) const CHALLENGE_DECK: [Card; CHALLENGES] = {
    let mut deck = [Card::BLACK_JOKER; CHALLENGES];
    let mut next = 0;
    let mut index = 0;
    while index < Card::COUNT {
        if let Some(card) = Card::from_index(index) {
            if let (Some(rank), Some(suit)) = (card.rank(), card.suit()) {
                if rank.is_number() && row_of(suit).is_some() && next < CHALLENGES {
                    deck[next] = card;
                    next += 1;
                }
            }
        }
        index += 1;
    }
    deck
};

/// The tableau row of every card by index as a challenge (♣ 0, ♥ 1, ♠ 2), or 3 for a ♦ card or
/// a joker (as `suit().and_then(row_of)`).
const CHALLENGE_ROWS: [u8; Card::COUNT] = {
    let mut table = [3; Card::COUNT];
    let mut index = 0;
    while index < Card::COUNT {
        if let Some(card) = Card::from_index(index) {
            if let Some(suit) = card.suit() {
                if let Some(row) = row_of(suit) {
                    table[index] = row as u8;
                }
            }
        }
        index += 1;
    }
    table
};

/// The tableau row a challenge card goes to, or `None` for a ♦ card or a joker.
#[inline]
pub(crate) fn challenge_row(card: Card) -> Option<usize> {
    match CHALLENGE_ROWS.get(card.index()) {
        Some(&row) if row < 3 => Some(usize::from(row)),
        _ => None,
    }
}

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
    fn single_tables_list_each_hand_low_first() {
        for aspect in Aspect::ALL {
            for hand in 0..1u16 << 11 {
                let hand = hand & crate::table::FULL_HAND;
                let low = &LOW_SINGLES[aspect.index()][usize::from(hand >> 2) & 31];
                let high = &HIGH_SINGLES[aspect.index()][usize::from(hand >> 7) & 15];
                let listed: Vec<Action> = low.actions[..usize::from(low.len)]
                    .iter()
                    .chain(&high.actions[..usize::from(high.len)])
                    .copied()
                    .collect();
                let expected: Vec<Action> = crate::table::hand_cards(hand, aspect.suit())
                    .map(Action::Play)
                    .collect();
                assert_eq!(listed, expected);
            }
        }
    }

    #[test]
    fn the_challenge_deck_is_the_challenge_cards_in_order() {
        let cards: Vec<Card> = crate::challenge_cards().iter().collect();
        assert_eq!(CHALLENGE_DECK[..], cards[..]);
    }

    #[test]
    fn challenge_rows_agree_with_the_suits() {
        for card in Card::ALL {
            assert_eq!(challenge_row(card), card.suit().and_then(row_of), "{card}");
        }
        assert_eq!(challenge_row(Card::new(Rank::Two, Suit::Spades)), Some(2));
        assert_eq!(challenge_row(Card::new(Rank::Two, Suit::Diamonds)), None);
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
