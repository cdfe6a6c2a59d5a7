//! Typed errors: refused options, unreadable action texts, refused actions.

use cards::{Card, ParseCardError};
use thiserror::Error;

use crate::action::{Action, Pos};

/// Why options are refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionsError {
    /// A stacked deck does not hold 14 cards.
    #[error("seat {seat}'s stacked deck holds {len} cards, not 14")]
    WrongDeckSize {
        /// The seat.
        seat: u8,
        /// How many cards it holds.
        len: usize,
    },
    /// A stacked deck holds a card that is not its seat's.
    #[error("seat {seat}'s stacked deck holds {card}, which is not one of its cards (A-7 of its two suits)")]
    ForeignCard {
        /// The seat.
        seat: u8,
        /// The card.
        card: Card,
    },
    /// A stacked deck holds a card twice.
    #[error("seat {seat}'s stacked deck holds {card} twice")]
    DuplicateCard {
        /// The seat.
        seat: u8,
        /// The card.
        card: Card,
    },
    /// A stacked die result is not 1–6.
    #[error("die result {0} is not 1-6")]
    BadDieResult(u8),
    /// More stacked die results than rolls can happen.
    #[error("{0} die results given, but a game has at most 4 rolls")]
    TooManyDieResults(usize),
}

/// Why a text is not an action.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseActionError {
    /// The text is empty.
    #[error("empty action text")]
    Empty,
    /// The first word is not an action.
    #[error(
        "`{0}` is not an action (draw, play, roll, choose, change, three, run, extend, stop, end)"
    )]
    Unknown(String),
    /// A word the action needs is missing.
    #[error("`{0}` needs more words")]
    MissingArgument(String),
    /// The card is not a card.
    #[error("bad card: {0}")]
    BadCard(ParseCardError),
    /// The slot is not `slot1`–`slot3`.
    #[error("`{0}` is not a slot (slot1, slot2, slot3)")]
    BadSlot(String),
    /// The position is not `B1`–`B3` or `H1`–`H3`.
    #[error("`{0}` is not a position (B1-B3, H1-H3)")]
    BadPosition(String),
    /// The value is not A or 2–7.
    #[error("`{0}` is not a value (A, 2-7)")]
    BadValue(String),
    /// The chosen die result is not 1–5.
    #[error("`{0}` is not a result to choose (1-5)")]
    BadChoice(String),
    /// Words follow a complete action.
    #[error("unexpected `{0}` after the action")]
    Trailing(String),
}

/// Why an action is refused. The state is left exactly as it was.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ActionError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The action does not belong to the current step of the turn.
    #[error("`{action}` is not possible now: {expected}")]
    WrongStep {
        /// The action.
        action: Action,
        /// What the current step expects.
        expected: &'static str,
    },
    /// `draw` with an empty deck.
    #[error("your deck is empty: play from your hand")]
    DeckEmpty,
    /// `play` before drawing while the deck still holds cards.
    #[error("draw first: your deck still holds cards")]
    MustDrawFirst,
    /// The card is not in the hand.
    #[error("{0} is not in your hand")]
    NotInHand(Card),
    /// The slot number is not 1–3.
    #[error("there is no slot {0}")]
    NoSuchSlot(u8),
    /// A card must go into an empty slot while there is one.
    #[error("slot {0} is filled, and you still have an empty slot")]
    MustFillEmptySlot(u8),
    /// Only a card played into an empty slot can be locked.
    #[error("a card can be played locked only into an empty slot")]
    LockOnlyIntoEmptySlot,
    /// The slot's top card is locked: nothing goes on top of it.
    #[error("slot {0} holds a locked card")]
    SlotLocked(u8),
    /// `roll` without a roll coin.
    #[error("you have no roll coin left")]
    NoCoin,
    /// The chosen die result is not 1–5.
    #[error("{0} is not a result to choose (1-5)")]
    BadChoice(u8),
    /// The die result cannot change that card.
    #[error("the die result cannot change the card at {0}")]
    NotATarget(Pos),
    /// No three of a kind of that value can be claimed.
    #[error("no three of a kind of {0} capturing an opponent card")]
    NoThreeOfAKind(u8),
    /// No run capturing a card can start there.
    #[error("no run that captures can start at {0}")]
    CannotStartRun(Pos),
    /// The card there cannot extend the run.
    #[error("the card at {0} cannot extend the run")]
    CannotExtend(Pos),
    /// `stop` before the run has captured anything.
    #[error("the run has not captured anything yet: extend it")]
    RunNotScored,
}
