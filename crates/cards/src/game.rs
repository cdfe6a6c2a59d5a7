//! The `Game` trait: the contract every rules engine of this workspace implements.

use serde::de::DeserializeOwned;
use serde::Serialize;
use std::error::Error;
use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use crate::{GameRng, Seat, SeatSet};

/// A game's rules engine: the whole state of one game (or session), and the moves through it.
///
/// The contract:
///
/// - [`new`](Game::new) starts a game from options and a seed; bad options get a typed error.
///   Every random event is drawn from a [`GameRng`] seeded from the seed and held in the state,
///   so the same options, seed and actions give the same game, bit for bit.
/// - The seat to act is always known ([`to_act`](Game::to_act)); a multi-step decision is a
///   sequence of small actions, each by the seat that must decide.
/// - [`legal_actions`](Game::legal_actions) fills a buffer the caller owns, in a fixed order with
///   no duplicates, and allocates nothing once the buffer has grown.
/// - [`apply`](Game::apply) takes one action; an illegal one is refused with an error that says
///   why, and the state is left exactly as it was. No input makes the engine panic.
/// - Scores and winners can be read at any time; a game that is over lists no action.
/// - [`view`](Game::view) shows what one seat may see, and nothing else.
/// - Actions are small `Copy` values whose text notation (`Display`/`FromStr`) round-trips;
///   states are `Clone` and serde-serialisable, generator included.
pub trait Game: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// The game's options: player count, variants, and optionally a stacked deck (RULINGS G2).
    /// `Default` gives the standard game; deserialising fills missing fields with defaults.
    type Options: Clone
        + Debug
        + Default
        + PartialEq
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// One decision of one seat.
    type Action: Copy
        + Eq
        + Hash
        + Debug
        + Display
        + FromStr<Err = Self::ParseActionError>
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// Why a text is not an action.
    type ParseActionError: Error + Send + Sync + 'static;
    /// Why options are refused.
    type OptionsError: Error + Send + Sync + 'static;
    /// Why an action is refused.
    type ActionError: Error + Send + Sync + 'static;
    /// What one seat may see.
    type View: Clone + Debug + PartialEq + Serialize;
    /// The game's card type, as counted by [`census`](Game::census).
    type Card: Copy + Ord + Debug;

    /// The game's short name, as the command-line program and records know it.
    const NAME: &'static str;

    /// Starts a game.
    fn new(options: Self::Options, seed: u64) -> Result<Self, Self::OptionsError>;

    /// The options the game was started with.
    fn options(&self) -> &Self::Options;

    /// Number of seats at the table.
    fn seat_count(&self) -> usize;

    /// The seat that must decide now, or `None` once the game is over.
    fn to_act(&self) -> Option<Seat>;

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.to_act().is_none()
    }

    /// Clears `out` and fills it with the legal actions of the seat to act, in a fixed order
    /// with no duplicates; leaves it empty once the game is over.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Takes one action of the seat to act. An illegal action is refused with an error that says
    /// why, and the state is left exactly as it was.
    fn apply(&mut self, action: Self::Action) -> Result<(), Self::ActionError>;

    /// The current score of a seat (the final score once the game is over); 0 for a seat that
    /// is not at the table.
    fn score(&self, seat: Seat) -> i64;

    /// The seats that have won (once the game is over) or lead (before). By default the seats
    /// with the best score: ties are shared (RULINGS G5).
    fn winners(&self) -> SeatSet {
        let seats = self.seat_count().min(SeatSet::MAX_SEATS);
        let best = (0..seats).map(|i| self.score(Seat(i as u8))).max();
        (0..seats)
            .map(|i| Seat(i as u8))
            .filter(|&s| Some(self.score(s)) == best)
            .collect()
    }

    /// What a seat may see: nothing hidden from it (hidden cards, deck order, votes not yet
    /// revealed, the generator) is in the view.
    fn view(&self, seat: Seat) -> Self::View;

    /// Number of actions applied so far.
    fn plies(&self) -> u64;

    /// An upper bound on the number of plies of any game with these options: every game ends
    /// within it.
    fn max_plies(&self) -> u64;

    /// Clears `out` and fills it with every card of the game, wherever it lies (decks, hands,
    /// the table, discards). No rule creates or destroys a card, so this multiset never changes.
    fn census(&self, out: &mut Vec<Self::Card>);

    /// Clears `out` and fills it with a finite set of action values that contains every action
    /// that can ever be legal in a game with these options (and may contain others). The test
    /// kit and the fuzzers use it to probe refusals.
    fn action_space(&self, out: &mut Vec<Self::Action>);

    /// A copy of the game in which everything hidden from `observer` is drawn again at random,
    /// consistently with what `observer` has seen: unseen cards are re-dealt, the deck order and
    /// the generator are re-drawn. This is a *determinisation*, as used by information-set
    /// search; the test kit uses it to check that views leak nothing (the observer's view must
    /// not change).
    fn resample_hidden(&self, observer: Seat, rng: &mut GameRng) -> Self;
}
