//! # cards
//!
//! The core of a family of card-game rules engines: standard cards and their text notation,
//! card sets, decks, zones, seeded shuffling, seats, and the [`Game`] trait with the tools built
//! on it: random playouts, replayable records and (with the `testkit` feature) a property-test
//! kit that checks any game against the contract.
//!
//! ```
//! use cards::{Card, CardSet, Facing, GameRng, Pile, Rank, Suit};
//!
//! // Cards read and write their usual notation.
//! let card: Card = "4♥".parse()?;
//! assert_eq!(card, Card::new(Rank::Four, Suit::Hearts));
//! assert_eq!("4H".parse::<Card>()?, card);
//!
//! // A seeded shuffle is the same on every machine.
//! let mut deck = cards::deck::standard_52();
//! GameRng::from_seed(1).shuffle(&mut deck);
//! let mut again = cards::deck::standard_52();
//! GameRng::from_seed(1).shuffle(&mut again);
//! assert_eq!(deck, again);
//!
//! // Zones hold any card type, face up or face down.
//! let mut pile: Pile<Card> = Pile::new();
//! pile.push(card, Facing::Down);
//! assert_eq!(pile.len(), 1);
//! let hand: CardSet = deck[..5].iter().copied().collect();
//! assert_eq!(hand.len(), 5);
//! # Ok::<(), cards::ParseCardError>(())
//! ```

#![forbid(unsafe_code)]

mod card;
mod card_set;
pub mod deck;
mod draw;
mod fixed_zone;
pub mod fuzzing;
mod game;
pub mod learning;
pub mod playout;
mod rank;
mod record;
mod rng;
mod seat;
mod standings;
mod suit;
#[cfg(feature = "testkit")]
pub mod testkit;
pub mod text;
mod zone;

pub use card::{Card, ParseCardError};
pub use card_set::{CardCounts, CardSet, CardSetIter};
pub use draw::{mix_seed, Draw, PlayoutRng};
pub use fixed_zone::{FixedZone, ZoneFull};
pub use game::Game;
pub use learning::{Learn, LearnExt, TensorKind};
pub use playout::{
    play_out, random_playout, Agent, PlayoutError, PlayoutStats, RandomAgent, Table,
};
pub use rank::Rank;
pub use record::{Record, ReplayError};
pub use rng::GameRng;
pub use seat::{PerSeat, Seat, SeatSet};
pub use standings::Standings;
pub use suit::Suit;
pub use zone::{Facing, Hand, Pile, Placed, Row, Zone};
