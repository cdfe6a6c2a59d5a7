//! # brainshearts
//!
//! The rules engine of *Brains and Hearts*, a two-player card game: The Brain (seat 0, A–7 of
//! ♠ and ♣) and The Heart (seat 1, A–7 of ♥ and ♦) play cards into three slots each, roll the
//! God Die to change values, and capture each other's cards with runs and three of a kind. The
//! engine implements the [`cards::Game`] contract; `docs/rules/brainshearts.md` gives its
//! reading of the rulebook and the rulings, rule by rule, with the test of each. A ruling this
//! crate's documentation cites by its id is stated there under a heading of its own (BH5 at
//! `docs/rules/brainshearts.md#bh5`); the general rulings G1–G5 are stated in
//! `docs/rules/README.md`.
//!
//! ```
//! use brainshearts::{Action, BrainsHearts, Options};
//! use cards::{Game, Seat};
//!
//! // A stacked game: The Brain draws 4♠, 5♠, 6♠ … in this order (ruling G2).
//! let brain: Vec<cards::Card> = ["4S", "5S", "6S", "AS", "2S", "3S", "7S", "AC", "2C", "3C", "4C", "5C", "6C", "7C"]
//!     .iter()
//!     .map(|t| t.parse().unwrap())
//!     .collect();
//! let options = Options { brain_deck: Some(brain), ..Options::default() };
//! let mut game = BrainsHearts::new(options, 7)?;
//!
//! // The Brain holds 4♠ and 5♠; it draws (6♠), then plays a card into an empty slot.
//! assert_eq!(game.to_act(), Some(Seat(0)));
//! game.apply("draw".parse()?)?;
//! game.apply("play 6S slot1".parse()?)?;
//! assert_eq!(game.score(Seat(0)), 1);
//!
//! // No claim is possible, so the turn passes to The Heart at once.
//! assert_eq!(game.to_act(), Some(Seat(1)));
//! let mut legal = Vec::new();
//! game.legal_actions(&mut legal);
//! assert_eq!(legal, vec![Action::Draw, Action::Roll]);
//!
//! // Illegal actions are refused with a reason, and change nothing.
//! let before = serde_json::to_string(&game)?;
//! let refused = game.apply("play 2D slot1".parse()?).unwrap_err();
//! assert_eq!(refused.to_string(), "draw first: your deck still holds cards");
//! assert_eq!(serde_json::to_string(&game)?, before);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]

mod action;
mod board;
mod check;
mod claims;
mod die;
mod error;
mod game;
mod learning;
mod observation;
mod options;
mod play;
mod random_ply;
mod scoring;
mod stack;
mod state;
mod tops;
mod view;

pub use action::{value_text, Action, Pos};
pub use board::{down, printed_value, up, BoardCard, SeatState};
pub use error::{ActionError, InvalidState, OptionsError, ParseActionError};
pub use game::MAX_PLIES;
pub use observation::Observation;
pub use options::{seat_card_set, seat_cards, seat_suits, Options, DECK_SIZE, MAX_ROLLS};
pub use stack::{ArrayStack, Blank};
pub use state::{BrainsHearts, Direction, Phase, Run};
pub use view::{SideView, SlotView, View, SEAT_NAMES};
