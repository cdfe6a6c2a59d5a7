//! # roundtrip
//!
//! The rules engine of Round Trip Ticket (Uriah Otting), for 2–6 players: the basic game, the
//! advanced game with its ten goal cards and several trips per deal, and the variants Round the
//! World, Specific Trip and Aversion. It implements the [`cards::Game`] contract; the engine's
//! reading of the rulebook, rule by rule, is in `docs/rules/roundtrip.md`. A ruling this crate's
//! documentation cites by its id is stated there under a heading of its own (RT4 at
//! `docs/rules/roundtrip.md#rt4`); the general rulings G1–G5 are stated in
//! `docs/rules/README.md`.
//!
//! ```
//! use cards::{Game, GameRng, Seat};
//! use roundtrip::{Action, Options, RoundTrip};
//!
//! // A 3-player advanced game, options as the command-line program passes them.
//! let options: Options = serde_json::from_str(r#"{"players":3,"advanced":true}"#)?;
//! let mut game = RoundTrip::new(options, 7)?;
//! assert_eq!(game.to_act(), Some(Seat(0)));
//! assert_eq!(game.view(Seat(0)).hand.len(), 5);
//!
//! // Actions have a text notation.
//! let mut legal = Vec::new();
//! game.legal_actions(&mut legal);
//! let first: Action = legal[0].to_string().parse()?;
//! game.apply(first)?;
//!
//! // A random game to its end.
//! let mut rng = GameRng::from_seed(1);
//! cards::random_playout(&mut game, &mut rng, &mut legal)?;
//! assert!(game.is_over());
//! assert!(!game.winners().is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]

mod action;
mod card_list;
mod copy;
pub mod deck;
mod determinise;
mod error;
mod game;
mod goals;
mod knowledge;
mod learning;
mod legal;
mod observation;
mod options;
mod random_ply;
mod seat_array;
mod staged;
mod state;
mod trip;
mod turn;
mod validate;
mod view;

pub use action::Action;
pub use deck::{Face, TripCard};
pub use error::{ActionError, DeckListError, OptionsError, ParseActionError, StateError};
pub use game::RoundTrip;
pub use goals::{Goal, EACH_MODE, FIRST_TRIP, GOALS, NO_AIRPLANE};
pub use knowledge::{Knowledge, MAX_PLACEMENTS, MAX_TRACKED};
pub use observation::Observation;
pub use options::{Options, ADVANCED_TARGET, BASIC_TARGET, DEFAULT_MAX_HANDS, HAND_SIZE};
pub use state::{DoneTrip, Phase};
pub use trip::{Oriented, TripRules, TripState};
pub use view::{SeatView, Step, View};
