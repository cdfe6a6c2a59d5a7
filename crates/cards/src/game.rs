//! The `Game` trait: the contract every rules engine of this workspace implements.

use serde::de::DeserializeOwned;
use serde::Serialize;
use std::error::Error;
use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use crate::{Draw, GameRng, PlayoutError, Seat, SeatSet, Standings};

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
/// - Hidden information is exact (see below): [`view`](Game::view) is a seat's information
///   state, [`observe`](Game::observe) is what a seat sees of each action, and
///   [`resample_hidden_into`](Game::resample_hidden_into) draws a determinisation.
/// - Actions are small `Copy` values whose text notation (`Display`/`FromStr`) round-trips;
///   states are `Clone` and serde-serialisable, generator included. `clone_from` reuses the
///   target's storage, so that copying a game into one already grown allocates nothing.
///
/// # Hidden information
///
/// A seat's **view** is its *information state with perfect recall*: everything the seat has
/// seen that still bears on what is hidden from it, and nothing else. It is more than the table
/// as it lies now: it holds what the seat remembers (in Head Trip, the challenge each face-down
/// play failed; in Round Trip Ticket, the cards it knows to be in another hand because they were
/// stolen from it). So **any state whose view for seat `s` equals the real one is consistent with
/// everything `s` has seen**: a view forgets a fact only once it no longer bears on anything
/// hidden (see the observations below).
///
/// What a seat sees of one action is an **observation** ([`observe`](Game::observe)), never the
/// raw action: `seat 1 voted`, `The Animal played a card face down`, `seat 2 stole a card from
/// seat 0`. An action whose effects are all public is observed as itself. Observations and views
/// agree in three ways, for any two legal actions of one state (the test kit checks them):
///
/// - **An observation tells all the action shows.** Two actions that a seat (other than the one
///   acting) observes alike leave its view alike, but for what chance deals the seat after the
///   action, whose odds the action may change (a new hand; in High Jinks, a draw from a Deck
///   that an Evocation searched, unseen, and shuffled). A search whose tree is keyed by
///   observations, or a learner fed observations, loses nothing else the view holds. So an
///   action that completes a reveal (the last vote of an election, the last reject of a set-up)
///   is observed with what it reveals. (The kit compares a spectator's views, as a spectator is
///   dealt nothing.)
/// - **What a spectator sees, every seat sees**: a seat beyond the table is the public; what
///   tells two actions apart for it tells them apart for everyone.
/// - **An observation shows nothing hidden.** Two actions that a seat observes differently while a
///   spectator does not (a difference shown to that seat alone) leave the seat's views different,
///   unless they leave the whole game the same.
///
/// The converse of the first rule does not hold, and is not asked: a view keeps only what still
/// bears on what is hidden, so it may forget a public fact an observation showed. In Round Trip
/// Ticket a draw and a pass that end a hand are seen apart by everyone, yet once the cards are
/// gathered and dealt again a spectator's view after either is the same. The seat that acts tells
/// its own legal actions apart: distinct actions, distinct observations.
///
/// A **determinisation** ([`resample_hidden_into`](Game::resample_hidden_into)) draws a state
/// *uniformly* among all the states consistent with a seat's view: every such state is equally
/// likely, and the true state is never favoured nor kept as a fallback. (Uniform over consistent
/// states is not the Bayesian posterior under some model of the other seats' play; it makes no
/// assumption about how they play.) The generator of the drawn state is drawn anew, so its
/// future chance events are unknown too. Each game's rules reading says what is drawn and how.
pub trait Game: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// The game's options: player count, variants, and optionally a stacked deck in place of the
    /// shuffle (ruling G2, stated in `docs/rules/README.md`).
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
    /// What one seat may see: its information state (see the trait's docs), and its text for a
    /// player's screen (which a loaded state's counters must not overflow: the kit formats
    /// every view of every mutant it loads).
    type View: Clone + Debug + Display + PartialEq + Serialize;
    /// What one seat sees of one action (see [`observe`](Game::observe)).
    type Observation: Copy + Eq + Hash + Debug + Display + Serialize + Send + Sync + 'static;
    /// The game's card type, as counted by [`census`](Game::census).
    type Card: Copy + Ord + Debug;

    /// The game's short name, as the command-line program and records know it.
    const NAME: &'static str;

    /// Starts a game.
    fn new(options: Self::Options, seed: u64) -> Result<Self, Self::OptionsError>;

    /// Starts a game in `out`, as `new(options.clone(), seed)` would, reusing `out`'s storage:
    /// once `out` has held a game of the same options, nothing is allocated. A simulation keeps
    /// one game per worker this way; a server, one per table. Options refused leave `out` as
    /// it was.
    ///
    /// The default replaces `out` with a game made by [`new`](Game::new); a game whose `new`
    /// allocates overrides it. The kit checks that both give the same game, bit for bit, and
    /// (`testkit-alloc`) that this allocates nothing once warm.
    fn new_into(
        options: &Self::Options,
        seed: u64,
        out: &mut Self,
    ) -> Result<(), Self::OptionsError> {
        *out = Self::new(options.clone(), seed)?;
        Ok(())
    }

    /// The options the game was started with.
    fn options(&self) -> &Self::Options;

    /// Number of seats at the table.
    fn seat_count(&self) -> usize;

    /// Every seat at the table, in order.
    fn seats(&self) -> impl Iterator<Item = Seat> + Clone {
        Seat::all(self.seat_count())
    }

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

    /// One ply of a uniformly random playout, as [`random_playout`](crate::random_playout) plays
    /// it: takes the legal action at `rng.index(n)` in the order of
    /// [`legal_actions`](Game::legal_actions), where `n` is how many are legal (as
    /// [`apply`](Game::apply) takes it), and returns `n`. When no action is legal it takes
    /// nothing, draws nothing and returns 0. An action the game refuses gives
    /// [`PlayoutError::Refused`].
    ///
    /// `buffer` is scratch space lent for the ply, so that a ply allocates nothing: the
    /// default fills it with the legal actions, and an override may use it otherwise or not at
    /// all. Its contents afterwards are unspecified.
    ///
    /// The default does exactly that through the three calls. A game may override it with a
    /// path that looks at its state once, or finds the action drawn without listing the others,
    /// provided it returns the same count, draws the same numbers from `rng` and leaves the
    /// same state: the same games, bit for bit (the kit's
    /// `random_ply_matches_legal_actions_and_apply` checks it).
    ///
    /// `rng` is any [`Draw`]: the game's own kind of generator ([`GameRng`]) or the cheaper
    /// [`PlayoutRng`](crate::PlayoutRng). It chooses among the legal actions only; the game's
    /// chance events still come from the generator in its state.
    #[inline]
    fn random_ply<R: Draw + ?Sized>(
        &mut self,
        rng: &mut R,
        buffer: &mut Vec<Self::Action>,
    ) -> Result<usize, PlayoutError> {
        self.legal_actions(buffer);
        let Some(&action) = buffer.get(rng.index(buffer.len())) else {
            return Ok(0);
        };
        self.apply(action)
            .map_err(|e| PlayoutError::refused(self.plies(), action, e))?;
        Ok(buffer.len())
    }

    /// The current score of a seat (the final score once the game is over); 0 for a seat that
    /// is not at the table.
    fn score(&self, seat: Seat) -> i64;

    /// The seats that have won (once the game is over) or lead (before). By default the seats
    /// with the best score: ties are shared (ruling G5, stated in `docs/rules/README.md`).
    fn winners(&self) -> SeatSet {
        // Each score read once: a score may take some work (Head Trip sums its rows).
        let seats = self.seat_count().min(SeatSet::MAX_SEATS);
        let mut scores = [i64::MIN; SeatSet::MAX_SEATS];
        for (i, score) in scores.iter_mut().enumerate().take(seats) {
            *score = self.score(Seat(i as u8));
        }
        Standings::best_of(&scores[..seats]).winners()
    }

    /// Every seat's score and the winners together: the same as [`score`](Game::score) for
    /// each seat and [`winners`](Game::winners). The default calls them; a game may work
    /// them out together when that is cheaper (a simulation reads them at the end of every
    /// game).
    fn standings(&self) -> Standings {
        let seats = self.seat_count().min(SeatSet::MAX_SEATS);
        let mut scores = [0; SeatSet::MAX_SEATS];
        for (i, score) in scores.iter_mut().enumerate().take(seats) {
            *score = self.score(Seat(i as u8));
        }
        Standings::new(&scores[..seats], self.winners())
    }

    /// What a seat may see, with perfect recall: everything it has seen that still bears on
    /// what is hidden, and nothing hidden from it (hidden cards, deck order, votes not yet
    /// revealed, the generator). A seat number beyond the table gets a spectator's view.
    fn view(&self, seat: Seat) -> Self::View;

    /// What `observer` sees of `action`, about to be taken by the seat to act: computed from the
    /// state before the action is applied (so it can be shown before or after applying it). The
    /// seat that acts sees its own action; an action whose effects are all public is observed as
    /// itself by everyone; otherwise the observation says what the rules show (`seat 1 voted`),
    /// everything the action shows the seat included (the rules in the trait's docs).
    /// For an action that is not legal now, the observation is whatever the action would show
    /// if it were; it carries no meaning.
    fn observe(&self, action: Self::Action, observer: Seat) -> Self::Observation;

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

    /// Writes into `out` a *determinisation* of this game for `observer`: a state drawn
    /// uniformly among all the states consistent with `observer`'s view (see the trait's docs),
    /// with a new generator. `out` may hold any game of this type; its storage is reused, so
    /// once it has grown this allocates nothing. This is the step of information-set search;
    /// the test kit also uses it to check that views leak nothing.
    fn resample_hidden_into(&self, observer: Seat, rng: &mut GameRng, out: &mut Self);

    /// A new determinisation of this game for `observer`, as
    /// [`resample_hidden_into`](Game::resample_hidden_into) draws it.
    fn resample_hidden(&self, observer: Seat, rng: &mut GameRng) -> Self {
        let mut out = self.clone();
        self.resample_hidden_into(observer, rng, &mut out);
        out
    }
}
