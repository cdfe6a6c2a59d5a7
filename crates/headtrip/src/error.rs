//! Why an action is refused, why a text is not an action, and why a saved game is refused.

use thiserror::Error;

use crate::{Aspect, OptionsError, Phase};
use cards::{Card, Seat};

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

/// Why a saved game is refused when loaded: the first invariant found broken. A state that is
/// accepted is one the rules can reach in every respect the engine relies on, so a loaded game
/// never panics, always gives the seat to act a legal action and ends within
/// [`max_plies`](cards::Game::max_plies).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum InvalidState {
    /// The options inside are refused.
    #[error("invalid Head Trip state: options: {0}")]
    Options(#[from] OptionsError),
    /// The game under way is not a game of the session.
    #[error("invalid Head Trip state: game {game} of a {games}-game session")]
    GameIndex {
        /// The game under way, from 0.
        game: u32,
        /// Games in the session.
        games: u32,
    },
    /// The challenge deck is not the deck of this game, or too many challenges were faced.
    #[error("invalid Head Trip state: challenge deck: {0}")]
    Deck(String),
    /// The action cards are not each in one place, or a play on the tableau is not one the
    /// rules allow.
    #[error("invalid Head Trip state: cards: {0}")]
    Cards(String),
    /// The decision under way does not agree with the rest of the state.
    #[error("invalid Head Trip state: phase {phase:?}: {reason}")]
    Phase {
        /// The phase loaded.
        phase: Phase,
        /// What does not agree.
        reason: String,
    },
    /// The votes (under way or of the last election) or the pilot they chose are wrong.
    #[error("invalid Head Trip state: votes: {0}")]
    Votes(String),
    /// The recall cards or the recall calls are wrong.
    #[error("invalid Head Trip state: recalls: {0}")]
    Recalls(String),
    /// The scores banked from the finished games of the session are beyond what they can
    /// have scored.
    #[error("invalid Head Trip state: banked scores {banked:?} after {finished} finished games: {reason}")]
    Banked {
        /// The banked scores loaded.
        banked: [i64; 4],
        /// Games of the session finished before the one under way.
        finished: u32,
        /// What is beyond the rules.
        reason: &'static str,
    },
    /// The ply count is not one the state can have been reached in (which also keeps the rest
    /// of the session within the ply bound).
    #[error("invalid Head Trip state: {plies} plies, but this state is reached in {least} to {most} plies")]
    Plies {
        /// The count loaded.
        plies: u64,
        /// Fewest plies that reach the state.
        least: u64,
        /// Most plies that reach it.
        most: u64,
    },
    /// A seat is to act but has no legal action.
    #[error("invalid Head Trip state: seat {0} is to act but has no legal action")]
    NoLegalAction(Seat),
}
