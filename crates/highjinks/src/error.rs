//! Errors: refused options, refused actions, action text that does not parse, invalid states.

use cards::Seat;
use thiserror::Error;

/// Why options are refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionsError {
    /// High Jinks is for 2 to 4 players.
    #[error("High Jinks is for 2 to 4 players, not {0}")]
    Players(usize),
    /// One or two decks.
    #[error("High Jinks plays one or two decks, not {0}")]
    Decks(u8),
    /// At most two jokers a deck.
    #[error("{jokers} jokers with {decks} deck(s): at most two a deck")]
    Jokers {
        /// Jokers asked for.
        jokers: u8,
        /// Decks in play.
        decks: u8,
    },
    /// `max_main_actions` out of range.
    #[error("max_main_actions must be 1 to 1000, not {0}")]
    MaxMainActions(u16),
    /// `max_turns` out of range.
    #[error("max_turns must be 1 to 100000, not {0}")]
    MaxTurns(u32),
    /// Too many stacked shuffles.
    #[error("{0} stacked shuffles: at most 10000")]
    TooManyShuffles(usize),
    /// The stacked deck is not the game's cards.
    #[error("the stacked deck must hold every card of the game once ({expected} cards), it has {got} cards or other cards")]
    StackedDeck {
        /// Cards in the game.
        expected: usize,
        /// Cards listed.
        got: usize,
    },
}

/// Why a text is not an action.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{text}` is not an action: {why}")]
pub struct ParseActionError {
    /// The text (shortened).
    pub text: String,
    /// What is wrong with it.
    pub why: &'static str,
}

/// Why an action is refused. The state is left as it was.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ActionError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The action is not one of the decision now asked.
    #[error("`{action}` is not a decision now: the game waits for {waiting}")]
    WrongDecision {
        /// The action's text.
        action: String,
        /// What the game waits for.
        waiting: &'static str,
    },
    /// The card is not where the action takes it from.
    #[error("{0} is not there")]
    NoSuchCard(String),
    /// The zone is empty or not the seat's.
    #[error("no such card in that zone")]
    EmptyZone,
    /// A rule forbids the action; the text names the rule.
    #[error("{0}")]
    Forbidden(&'static str),
    /// The clock input needs a timed game and a remaining seat.
    #[error("clock input refused: {0}")]
    Clock(&'static str),
    /// The seat named is not an opponent.
    #[error("seat {0} is not an opponent still in the game")]
    NotAnOpponent(Seat),
}

/// Why a saved state is refused on loading.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum InvalidState {
    /// The options are refused.
    #[error("options: {0}")]
    Options(#[from] OptionsError),
    /// The cards are not the game's cards.
    #[error("cards created or lost: the state does not hold exactly the game's cards")]
    Census,
    /// A table of seats has the wrong length.
    #[error("{0} does not have one entry per seat")]
    SeatCount(&'static str),
    /// A card is where the rules never put it.
    #[error("{0}")]
    Misplaced(&'static str),
    /// Counters out of what the rules can produce.
    #[error("{0}")]
    Counter(&'static str),
    /// The phase does not agree with the rest of the state.
    #[error("{0}")]
    Phase(&'static str),
}
