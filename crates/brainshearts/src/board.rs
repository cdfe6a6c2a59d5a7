//! Cards on the board, their values and modifiers, and each seat's zones.

use cards::{Card, CardSet};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::action::value_text;

use crate::stack::{ArrayStack, Blank};

/// Value one higher, wrapping: 7 + 1 is the Ace (1).
#[inline]
pub const fn up(value: u8) -> u8 {
    if value >= 7 {
        1
    } else {
        value + 1
    }
}

/// Value one lower, wrapping: Ace (1) − 1 is 7.
#[inline]
pub const fn down(value: u8) -> u8 {
    if value <= 1 {
        7
    } else {
        value - 1
    }
}

/// The printed value of a card: its rank, Ace = 1 (only A–7 are in play).
#[inline]
pub const fn printed_value(card: Card) -> u8 {
    // One load instead of a division by 13 (every card played and every top card read).
    PRINTED_VALUES[card.index() & 63]
}

/// The printed value by card index (`index % 13 + 1`), for every index a card can have.
const PRINTED_VALUES: [u8; 64] = {
    let mut values = [0u8; 64];
    let mut index = 0;
    while index < 64 {
        values[index] = (index % 13) as u8 + 1;
        index += 1;
    }
    values
};

/// A card on the board with its current value (printed value changed by die results, BH5).
///
/// Serialises as one string: the card (`"4C"`), followed by `=` and its value when a die
/// result changed it (`"4C=5"`, `"7S=A"`, and `"AS=A"` for an Ace changed and changed back).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardCard {
    /// The card.
    pub card: Card,
    /// Its current value, 1 (Ace) to 7.
    pub value: u8,
    /// Whether a die result has ever changed it while on the board: its tokens stay on it even
    /// when later changes bring it back to its printed value (BH10).
    pub modified: bool,
}

impl BoardCard {
    /// A card as played: its value is the printed one.
    pub const fn new(card: Card) -> BoardCard {
        BoardCard {
            card,
            value: printed_value(card),
            modified: false,
        }
    }

    /// Whether a die result has changed it: marked so, or showing a value other than its
    /// printed one. The +1 and −1 tokens on it do not cancel out: a card changed and changed
    /// back is modified (BH10).
    pub const fn is_modified(self) -> bool {
        self.modified || self.value != printed_value(self.card)
    }

    /// The card after a die result changed its value by one (+1 when `raise`, else −1): it is
    /// modified from then on (BH5, BH10).
    pub const fn changed(self, raise: bool) -> BoardCard {
        BoardCard {
            card: self.card,
            value: if raise {
                up(self.value)
            } else {
                down(self.value)
            },
            modified: true,
        }
    }

    /// The fewest die results that give the card its value and mark: none when unmodified;
    /// when modified, the steps between its printed and its current value on the loop of seven
    /// (either way round), and two (a +1 and a −1) when that is no step at all.
    pub(crate) const fn least_changes(self) -> u32 {
        if !self.is_modified() {
            return 0;
        }
        let steps = (self.value as u32 % 7 + 7 - printed_value(self.card) as u32 % 7) % 7;
        let back = 7 - steps;
        if steps == 0 {
            2
        } else if steps < back {
            steps
        } else {
            back
        }
    }

    /// Whether it is an Ace that no die result has made (a printed Ace, unmodified): the only
    /// card that can start a run counting downwards (BH7).
    pub const fn is_wormhole(self) -> bool {
        // Unmodified with the value 1: not marked, and 1 is its printed value (an Ace).
        (self.value == 1) & !self.modified & (printed_value(self.card) == 1)
    }
}

impl Serialize for BoardCard {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.is_modified() {
            serializer.collect_str(&format_args!("{:#}={}", self.card, value_text(self.value)))
        } else {
            serializer.collect_str(&format_args!("{:#}", self.card))
        }
    }
}

impl<'de> Deserialize<'de> for BoardCard {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        let (card_text, value_text) = match text.split_once('=') {
            Some((card, value)) => (card, Some(value)),
            None => (text.as_ref(), None),
        };
        let card: Card = card_text.parse().map_err(D::Error::custom)?;
        let value = match value_text {
            None => printed_value(card),
            Some(v) => match v {
                "A" | "1" => 1,
                "2" => 2,
                "3" => 3,
                "4" => 4,
                "5" => 5,
                "6" => 6,
                "7" => 7,
                _ => {
                    return Err(D::Error::custom(format_args!(
                        "`{v}` is not a value (A, 2-7)"
                    )))
                }
            },
        };
        Ok(BoardCard {
            card,
            value,
            modified: value_text.is_some(),
        })
    }
}

impl Blank for BoardCard {
    const BLANK: BoardCard = BoardCard {
        card: Card::BLACK_JOKER,
        value: 0,
        modified: false,
    };
}

/// A slot's stack of cards, bottom first.
pub type SlotStack = ArrayStack<BoardCard, 14>;

/// Everything one seat owns: deck, hand, slots, locks and roll coins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatState {
    /// The deck; the top (last) card is drawn next.
    pub deck: ArrayStack<Card, 14>,
    /// The hand.
    pub hand: CardSet,
    /// The three slots.
    pub slots: [SlotStack; 3],
    /// Which slots hold a locked card (bit 0 = slot 1).
    pub locked: u8,
    /// Roll coins left.
    pub coins: u8,
}

impl SeatState {
    /// The unlocked top card of a slot.
    pub fn free_top(&self, slot: usize) -> Option<BoardCard> {
        if self.locked & (1 << slot) != 0 {
            return None;
        }
        self.slots.get(slot)?.top()
    }

    /// Whether the slot is locked.
    pub fn is_locked(&self, slot: usize) -> bool {
        slot < 3 && self.locked & (1 << slot) != 0
    }

    /// Number of cards in the seat's slots, covered cards included (BH9).
    pub fn cards_on_board(&self) -> usize {
        self.slots.iter().map(ArrayStack::len).sum()
    }

    /// Whether the seat can still take a turn: a card to play or a coin to spend.
    #[inline]
    pub fn has_turn(&self) -> bool {
        // All three read and OR-ed, without a branch each (the deck runs out mid-game).
        !self.deck.is_empty() | !self.hand.is_empty() | (self.coins > 0)
    }

    /// Bits of the empty slots.
    pub fn empty_slots(&self) -> u8 {
        let mut mask = 0;
        for (i, slot) in self.slots.iter().enumerate() {
            if slot.is_empty() {
                mask |= 1 << i;
            }
        }
        mask
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_wrap() {
        assert_eq!(up(7), 1);
        assert_eq!(down(1), 7);
        assert_eq!(up(3), 4);
        assert_eq!(down(5), 4);
    }

    #[test]
    fn a_modified_ace_is_no_wormhole() {
        let ace = BoardCard::new(Card::new(cards::Rank::Ace, cards::Suit::Spades));
        assert!(ace.is_wormhole());
        let seven =
            BoardCard::new(Card::new(cards::Rank::Seven, cards::Suit::Spades)).changed(true);
        assert_eq!(seven.value, 1);
        assert!(seven.is_modified() && !seven.is_wormhole());
        // Changed and changed back: an Ace again, but a modified one.
        let back = ace.changed(true).changed(false);
        assert_eq!(back.value, 1);
        assert!(back.is_modified() && !back.is_wormhole());
    }

    #[test]
    fn least_changes_count_the_steps_either_way_round() {
        let four = BoardCard::new(Card::new(cards::Rank::Four, cards::Suit::Clubs));
        assert_eq!(four.least_changes(), 0);
        assert_eq!(four.changed(true).least_changes(), 1);
        assert_eq!(four.changed(false).changed(false).least_changes(), 2);
        assert_eq!(four.changed(true).changed(false).least_changes(), 2);
        let three_up = four.changed(true).changed(true).changed(true).changed(true);
        assert_eq!((three_up.value, three_up.least_changes()), (1, 3));
        let seven = BoardCard::new(Card::new(cards::Rank::Seven, cards::Suit::Clubs));
        assert_eq!(seven.changed(true).least_changes(), 1);
        assert_eq!(seven.changed(true).changed(true).least_changes(), 2);
    }

    #[test]
    fn board_cards_serialise_as_one_string() {
        let seven =
            BoardCard::new(Card::new(cards::Rank::Seven, cards::Suit::Spades)).changed(true);
        assert_eq!(
            serde_json::to_string(&seven).ok().as_deref(),
            Some("\"7S=A\"")
        );
        let back = BoardCard::new(Card::new(cards::Rank::Ace, cards::Suit::Spades))
            .changed(false)
            .changed(true);
        assert_eq!(
            serde_json::to_string(&back).ok().as_deref(),
            Some("\"AS=A\"")
        );
        let plain = BoardCard::new(Card::new(cards::Rank::Four, cards::Suit::Hearts));
        assert_eq!(
            serde_json::to_string(&plain).ok().as_deref(),
            Some("\"4H\"")
        );
        for card in [seven, back, plain] {
            let json = serde_json::to_string(&card).unwrap_or_default();
            assert_eq!(serde_json::from_str::<BoardCard>(&json).ok(), Some(card));
        }
        assert!(serde_json::from_str::<BoardCard>("\"4H=9\"").is_err());
    }
}
