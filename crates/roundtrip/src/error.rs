//! The typed errors: refused options, malformed deck lists, refused actions, unreadable action
//! texts, and invalid saved states.

use cards::Seat;
use thiserror::Error;

use crate::deck::TripCard;
use crate::goals::Goal;
use crate::state::Phase;

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

/// Why a saved state is refused when loaded: the first invariant found broken. A state that
/// loads is one the rules can reach, as far as the state shows, so the engine never panics on
/// it, the seat to act always has a legal action, and the game ends within its ply bound.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StateError {
    /// The options inside are refused.
    #[error("invalid Round Trip state: options: {0}")]
    Options(#[from] OptionsError),
    /// Data kept per seat for a number of seats other than the options'.
    #[error("invalid Round Trip state: {what} for {found} seats, the options have {seats}")]
    SeatCount {
        /// What is kept per seat.
        what: &'static str,
        /// Seats it is kept for.
        found: usize,
        /// Seats of the options.
        seats: usize,
    },
    /// A seat number beyond the table.
    #[error("invalid Round Trip state: {what} names seat {seat}, the table has {seats} seats")]
    SeatOutOfRange {
        /// Where the seat is named.
        what: &'static str,
        /// The seat named.
        seat: Seat,
        /// Seats at the table.
        seats: usize,
    },
    /// The number of the hand under way is beyond the hand limit, or the dealer is not the
    /// dealer of that hand.
    #[error("invalid Round Trip state: hand {deals}: {reason}")]
    Deal {
        /// The number of the hand under way, from 1.
        deals: u32,
        /// What is wrong.
        reason: String,
    },
    /// The cards are not the deck's cards, each once, or the face-up variant cards are wrong.
    #[error("invalid Round Trip state: cards: {0}")]
    Cards(String),
    /// A seat's trip under way or completed trips are not trips the rules build.
    #[error("invalid Round Trip state: seat {seat}'s trips: {reason}")]
    Trip {
        /// The seat.
        seat: Seat,
        /// What is wrong.
        reason: String,
    },
    /// A goal card's owner does not fit the trips on the table.
    #[error("invalid Round Trip state: goal `{goal}`: {reason}")]
    Goal {
        /// The goal card.
        goal: Goal,
        /// What is wrong.
        reason: &'static str,
    },
    /// The step of the turn does not agree with the rest of the state.
    #[error("invalid Round Trip state: phase {phase:?}: {reason}")]
    Phase {
        /// The phase loaded.
        phase: Phase,
        /// What does not agree.
        reason: &'static str,
    },
    /// A score is not one the hands played can have banked.
    #[error("invalid Round Trip state: seat {seat}'s score {score}: {reason}")]
    Score {
        /// The seat.
        seat: Seat,
        /// Its score.
        score: i64,
        /// What is wrong.
        reason: &'static str,
    },
    /// The ply count is not one the state can be reached in with the rest of the game within
    /// the ply bound (see `max_plies`).
    #[error("invalid Round Trip state: {plies} plies, but this state is reached in {least} to {most} plies")]
    Plies {
        /// The count loaded.
        plies: u64,
        /// Fewest plies that reach the state.
        least: u64,
        /// Most plies that reach it and leave room for the rest of the game.
        most: u64,
    },
    /// A seat's memory of the cards stolen from it does not fit the hands.
    #[error(
        "invalid Round Trip state: seat {seat}'s knowledge of the cards stolen from it: {reason}"
    )]
    Knowledge {
        /// The seat.
        seat: Seat,
        /// What is wrong.
        reason: &'static str,
    },
    /// A seat is to act but has no legal action.
    #[error("invalid Round Trip state: seat {0} is to act but has no legal action")]
    NoLegalAction(Seat),
}

/// The card named in a refusal, for convenience in tests.
impl ActionError {
    /// Whether the refusal is about the given card.
    pub fn is_about(&self, card: TripCard) -> bool {
        matches!(self, ActionError::NotInHand(c) | ActionError::CannotPlay { card: c, .. } if *c == card)
    }
}
