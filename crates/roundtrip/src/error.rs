//! The typed errors: refused options, malformed deck lists, refused actions, unreadable action
//! texts, and invalid saved states.

use cards::Seat;
use thiserror::Error;

use crate::deck::TripCard;

/// Why a deck list is malformed (ruling RT1).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DeckListError {
    /// One card cannot be read.
    #[error("deck list card {index} `{text}`: {reason}")]
    Card {
        /// Position of the card in the list, from 0.
        index: usize,
        /// Its text.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// More cards than the engine can name.
    #[error("the deck list has {cards} cards; at most {max} are allowed")]
    TooLong {
        /// Cards listed.
        cards: usize,
        /// Most allowed.
        max: usize,
    },
}

/// Why options are refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionsError {
    /// Round Trip Ticket is for 2–6 players.
    #[error("{0} players: Round Trip Ticket is for 2 to 6 players")]
    Players(usize),
    /// Aversion deals 0, 1 or 2 cards per player.
    #[error("aversion deals 0, 1 or 2 cards per player, not {0}")]
    Aversion(u8),
    /// Round the World is a variant of the basic game.
    #[error("Round the World is a variant of the basic game, not of the advanced game")]
    RoundTheWorldAdvanced,
    /// The target score must be at least 1.
    #[error("the target score must be at least 1")]
    TargetScore,
    /// The hand limit must be at least 1.
    #[error("the hand limit must be between 1 and 10000, not {0}")]
    MaxHands(u32),
    /// The deck list is malformed.
    #[error("malformed deck list: {0}")]
    DeckList(#[from] DeckListError),
    /// The deck has too few cards for the deal.
    #[error("the deck has {cards} cards; the deal needs at least {needed}")]
    DeckTooSmall {
        /// Cards in the deck.
        cards: usize,
        /// Cards the deal needs.
        needed: usize,
    },
    /// Specific Trip needs two cards that are not airplanes.
    #[error("Specific Trip needs at least two cards that are not airplanes")]
    SpecificTripDeck,
    /// A stacked deck order is not an order of the deck's cards.
    #[error("stacked deck {deal}: {reason}")]
    StackedDeck {
        /// Which deal's order, from 0.
        deal: usize,
        /// What is wrong with it.
        reason: String,
    },
}

/// Why an action is refused. The state is left exactly as it was.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ActionError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The action is not one of this step of the turn.
    #[error("`{action}` is not possible now: {step}")]
    WrongStep {
        /// The action's text.
        action: String,
        /// What the seat to act must do now.
        step: &'static str,
    },
    /// The card is not in the hand of the seat to act.
    #[error("card {0} is not in your hand")]
    NotInHand(TripCard),
    /// The card cannot go on the seat's trip.
    #[error("card {card} cannot be played that way: {reason}")]
    CannotPlay {
        /// The card.
        card: TripCard,
        /// Why not.
        reason: &'static str,
    },
    /// The deck is empty: nothing to draw.
    #[error("the deck is empty")]
    DeckEmpty,
    /// The hand is empty: draw (or pass when the deck is empty too).
    #[error("your hand is empty")]
    HandEmpty,
    /// The steal is not allowed.
    #[error("cannot steal from seat {seat}: {reason}")]
    CannotSteal {
        /// The seat named.
        seat: Seat,
        /// Why not.
        reason: &'static str,
    },
    /// Passing is not allowed here.
    #[error("cannot pass: {0}")]
    CannotPass(&'static str),
}

/// Why a text is not an action.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{text}` is not an action (expected `play N fwd`, `play N rev`, `discard N`, `draw`, `steal S` or `pass`)")]
pub struct ParseActionError {
    /// The text.
    pub text: String,
}

/// Why a saved state is refused when loaded.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StateError {
    /// The options inside are refused.
    #[error("options: {0}")]
    Options(#[from] OptionsError),
    /// An invariant does not hold.
    #[error("invalid state: {0}")]
    Invalid(&'static str),
}

/// Shorthand used while checking a loaded state.
pub(crate) fn invalid(reason: &'static str) -> StateError {
    StateError::Invalid(reason)
}

/// The card named in a refusal, for convenience in tests.
impl ActionError {
    /// Whether the refusal is about the given card.
    pub fn is_about(&self, card: TripCard) -> bool {
        matches!(self, ActionError::NotInHand(c) | ActionError::CannotPlay { card: c, .. } if *c == card)
    }
}
