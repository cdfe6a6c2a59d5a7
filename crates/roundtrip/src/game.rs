//! [`RoundTrip`]: the game state behind the [`cards::Game`] contract.

use cards::{Game, GameRng, PlayoutError, Seat, SeatSet};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

use crate::action::Action;
use crate::deck::{Face, TripCard};
use crate::error::{ActionError, OptionsError, ParseActionError};
use crate::observation::Observation;
use crate::options::Options;
use crate::state::State;
use crate::trip::Oriented;
use crate::view::View;

/// A game of Round Trip Ticket: every hand until someone passes the target score.
///
/// Saved games are checked when loaded: a state that breaks an invariant is refused, so a
/// loaded game never makes the engine panic.
#[derive(Debug)]
pub struct RoundTrip(pub(crate) State);

impl Clone for RoundTrip {
    fn clone(&self) -> Self {
        RoundTrip(self.0.clone())
    }

    fn clone_from(&mut self, source: &Self) {
        self.0.clone_from(&source.0);
    }
}

impl Serialize for RoundTrip {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for RoundTrip {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let state = State::deserialize(deserializer)?;
        state
            .validated()
            .map(RoundTrip)
            .map_err(serde::de::Error::custom)
    }
}

impl RoundTrip {
    /// The face (mode and symbols) of a card of this game's deck.
    pub fn face(&self, card: TripCard) -> Face {
        self.0.table.face(card)
    }

    /// The hand of a seat (everyone's: use [`Game::view`] for what a seat may see).
    pub fn hand(&self, seat: Seat) -> &[TripCard] {
        self.0.players.get(seat).map_or(&[], |p| p.hand.as_slice())
    }

    /// The trip a seat is building, left to right.
    pub fn trip(&self, seat: Seat) -> Vec<Oriented> {
        self.0
            .players
            .get(seat)
            .map(|p| p.trip.iter().map(|o| o.card).collect())
            .unwrap_or_default()
    }

    /// The number of trips a seat has completed this deal.
    pub fn completed_trips(&self, seat: Seat) -> usize {
        self.0.players.get(seat).map_or(0, |p| p.done_trips.len())
    }

    /// The owner of each goal card (index as [`crate::Goal::at`]).
    pub fn goal_owners(&self) -> [Option<Seat>; crate::goals::GOALS] {
        self.0.goals
    }

    /// Points of a seat in the hand under way (trips, bonuses, goals), not yet banked.
    pub fn hand_points(&self, seat: Seat) -> i64 {
        self.0.hand_points(seat)
    }

    /// The number of the hand under way (deal), from 1.
    pub fn hand_number(&self) -> u32 {
        self.0.deals
    }

    /// The dealer of the hand under way.
    pub fn dealer(&self) -> Seat {
        self.0.dealer
    }

    /// Cards left in the deck.
    pub fn deck_size(&self) -> usize {
        self.0.deck.len()
    }

    /// The deck, top card first.
    pub fn deck_order(&self) -> Vec<TripCard> {
        self.0.deck.iter().rev().copied().collect()
    }

    /// The discard pile, bottom first.
    pub fn discard_pile(&self) -> Vec<TripCard> {
        self.0.discard.as_slice().to_vec()
    }
}

impl fmt::Display for RoundTrip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Game for RoundTrip {
    type Options = Options;
    type Action = Action;
    type ParseActionError = ParseActionError;
    type OptionsError = OptionsError;
    type ActionError = ActionError;
    type View = View;
    type Observation = Observation;
    type Card = TripCard;

    const NAME: &'static str = "roundtrip";

    fn new(options: Options, seed: u64) -> Result<Self, OptionsError> {
        State::new(options, seed).map(RoundTrip)
    }

    /// Options equal to the game's were checked when it was made: the game is dealt again in
    /// its own storage, allocating nothing. Other options make a new game.
    fn new_into(options: &Options, seed: u64, out: &mut Self) -> Result<(), OptionsError> {
        if *options == out.0.options {
            out.0.renew(seed);
        } else {
            *out = Self::new(options.clone(), seed)?;
        }
        Ok(())
    }

    fn options(&self) -> &Options {
        &self.0.options
    }

    fn seat_count(&self) -> usize {
        self.0.seats()
    }

    fn to_act(&self) -> Option<Seat> {
        self.0.to_act()
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.0.legal_actions(out);
    }

    fn apply(&mut self, action: Action) -> Result<(), ActionError> {
        self.0.apply(action)
    }

    /// One look at the phase a ply: the same legal actions, draws and states as
    /// `legal_actions`, `rng.index(len)` and `apply` (see `random_ply`).
    #[inline]
    fn random_ply<R: cards::Draw + ?Sized>(
        &mut self,
        rng: &mut R,
        buffer: &mut Vec<Action>,
    ) -> Result<usize, PlayoutError> {
        self.0
            .random_ply(rng, buffer)
            .map_err(|(action, reason)| PlayoutError::refused(self.0.plies, action, reason))
    }

    fn score(&self, seat: Seat) -> i64 {
        self.0.players.get(seat).map_or(0, |p| p.score)
    }

    fn winners(&self) -> SeatSet {
        self.0.winners()
    }

    fn view(&self, seat: Seat) -> View {
        self.0.view(seat)
    }

    fn plies(&self) -> u64 {
        self.0.plies
    }

    fn max_plies(&self) -> u64 {
        self.0.max_plies()
    }

    fn census(&self, out: &mut Vec<TripCard>) {
        self.0.census(out);
    }

    /// The index space of [`cards::Learn`] in index order (the same in every state), then a few
    /// actions that are never legal, for the refusal probes: a card beyond the deck list, a
    /// steal from a seat beyond the table.
    fn action_space(&self, out: &mut Vec<Action>) {
        cards::learning::index_space::<Self>(&self.0.options, out);
        let beyond = TripCard(u8::try_from(self.0.table.len()).unwrap_or(u8::MAX));
        out.extend([
            Action::Play {
                card: beyond,
                reversed: false,
            },
            Action::Discard(beyond),
            Action::Steal(Seat(u8::try_from(self.0.seats()).unwrap_or(u8::MAX))),
        ]);
    }

    fn observe(&self, action: Action, observer: Seat) -> Observation {
        Observation::of(&self.0, action, observer)
    }

    fn resample_hidden_into(&self, observer: Seat, rng: &mut GameRng, out: &mut Self) {
        out.0.clone_from(&self.0);
        crate::determinise::determinise(&mut out.0, observer, rng);
    }
}
