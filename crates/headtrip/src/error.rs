//! Why an action is refused, and why a text is not an action.

use thiserror::Error;

use crate::Aspect;
use cards::Card;

/// Why an action is refused. The game is left exactly as it was.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ActionError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The action is not of the kind the current decision asks for.
    #[error("`{action}` is not possible now: {expected}")]
    WrongDecision {
        /// The action's text.
        action: String,
        /// What the game is waiting for.
        expected: &'static str,
    },
    /// The pilot does not hold that action card.
    #[error("the pilot does not hold {0}")]
    CardNotHeld(Card),
    /// Two cards were played without the Aspect Affinities variant applying.
    #[error("two cards may be played only with Aspect Affinities when the challenge is of the pilot's suit")]
    NoAffinity,
    /// The two cards of a pair are not distinct and in ascending order.
    #[error("the two cards must be distinct and given low first")]
    PairOrder,
    /// The tie-break named an aspect that is not among the leaders.
    #[error("{0} is not among the leaders of the election")]
    NotALeader(Aspect),
}

/// Why a text is not an action.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseActionError {
    /// The text is not of any action's form.
    #[error("`{0}` is not an action (step-down, stay, recall, no-recall, vote ASPECT, choose ASPECT, play CARD, play CARD+CARD)")]
    Unknown(String),
    /// The aspect's name is not known.
    #[error("`{0}` is not an aspect (animal, angel, genius, student)")]
    UnknownAspect(String),
    /// A card could not be read.
    #[error("bad card: {0}")]
    Card(#[from] cards::ParseCardError),
}
