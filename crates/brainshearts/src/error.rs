//! Typed errors: refused options, unreadable action texts, refused actions, refused saved
//! states.

use cards::{Card, ParseCardError, Seat};
use thiserror::Error;

use crate::action::{Action, Pos};
use crate::state::Phase;

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

/// Why a saved game is refused when loaded: the first invariant found broken. A state that is
/// accepted is one the rules can reach in every respect the engine relies on, so a loaded game
/// never panics, always gives the seat to act a legal action and ends within
/// [`MAX_PLIES`](crate::MAX_PLIES).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum InvalidState {
    /// The options inside are refused.
    #[error("invalid Brains and Hearts state: options: {0}")]
    Options(#[from] OptionsError),
    /// The seat to act is not seat 0 or 1.
    #[error("invalid Brains and Hearts state: seat {0} is to act, but the seats are 0 and 1")]
    NoSuchSeat(u8),
    /// A die result (the last one, or a stacked one to come) is not 1–6.
    #[error("invalid Brains and Hearts state: die result {0} is not 1-6")]
    DieResult(u8),
    /// The cards are not the 28 cards of the game, each once and in its owner's zones, or a
    /// card on the board has no value 1–7.
    #[error("invalid Brains and Hearts state: cards: {0}")]
    Cards(&'static str),
    /// A hand does not hold the cards the deal and the draws leave in it.
    #[error("invalid Brains and Hearts state: seat {seat} holds {hand} card(s) in hand and {deck} in its deck in phase {phase:?}")]
    Hand {
        /// The seat.
        seat: u8,
        /// Cards in its hand.
        hand: usize,
        /// Cards in its deck.
        deck: usize,
        /// The phase loaded.
        phase: Phase,
    },
    /// A seat holds more roll coins than it is given.
    #[error("invalid Brains and Hearts state: seat {seat} holds {coins} roll coins, more than 2")]
    Coins {
        /// The seat.
        seat: u8,
        /// Its roll coins.
        coins: u8,
    },
    /// The locks on the board are not ones the rules leave.
    #[error("invalid Brains and Hearts state: locks: {0}")]
    Locks(&'static str),
    /// The seat to act is not the one whose turn it is, given the turns each seat has taken
    /// (one card or one coin each) and the step of the turn.
    #[error("invalid Brains and Hearts state: seat {to_act} is to act in phase {phase:?}, but The Brain has taken {brain} turn(s) and The Heart {heart}")]
    Turn {
        /// The seat to act loaded.
        to_act: u8,
        /// The phase loaded.
        phase: Phase,
        /// Turns The Brain has taken (begun and spent a card or coin on).
        brain: usize,
        /// Turns The Heart has taken.
        heart: usize,
    },
    /// The die results recorded do not agree with the coins spent.
    #[error("invalid Brains and Hearts state: die: {0}")]
    Die(&'static str),
    /// The cards marked as changed by the die need more die results than can have changed
    /// a card.
    #[error("invalid Brains and Hearts state: the cards changed by the die need at least {least} die result(s), but at most {rolled} can have changed a card")]
    Marks {
        /// Fewest die results that give the board its marks and values.
        least: u32,
        /// Die results rolled so far that can have changed a card.
        rolled: u32,
    },
    /// The step of the turn does not agree with the rest of the state.
    #[error("invalid Brains and Hearts state: phase {phase:?}: {reason}")]
    Phase {
        /// The phase loaded.
        phase: Phase,
        /// What does not agree.
        reason: &'static str,
    },
    /// The ply count is not one the state can have been reached in, or leaves the rest of the
    /// game no room within the ply bound.
    #[error("invalid Brains and Hearts state: {plies} plies, but this state is reached in {least} to {most} plies")]
    Plies {
        /// The count loaded.
        plies: u64,
        /// Fewest plies that reach the state.
        least: u64,
        /// Most plies that leave the rest of the game within the bound.
        most: u64,
    },
    /// A seat is to act but has no legal action.
    #[error("invalid Brains and Hearts state: seat {0} is to act but has no legal action")]
    NoLegalAction(Seat),
}
