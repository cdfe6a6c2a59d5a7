//! Masked Countdown: Countdown whose observations hide how many tokens another seat took, in
//! three ways that each break one rule tying observations to views (the `Game` trait's docs),
//! so that a test can see the kit's `observations_match_views` catch each.

use cards::{Game, GameRng, Seat};
use serde::{Deserialize, Serialize};

use super::{Checked, Invalid, Options, Refused, Take};

/// The others see `take 0`, but the views show the pile: an observation that does not tell all
/// the action shows.
pub const MUTE: u8 = 0;
/// Seat 0 alone sees what another seat took, and the views hide the pile: an observation that
/// shows what is hidden.
pub const TATTLE: u8 = 1;
/// A spectator sees what a seat took, the other seat does not, and the views hide the pile: a
/// spectator that sees more than a seat.
pub const LOUD: u8 = 2;

/// A game of Countdown masked as `BREACH` says.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Masked<const BREACH: u8>(Checked);

/// What a seat sees: who acts and how many plies were played; the pile only in [`MUTE`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MaskedView {
    to_act: Option<Seat>,
    plies: u64,
    pile: Option<u8>,
}

impl std::fmt::Display for MaskedView {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "to act {:?}, {} plies, pile {:?}",
            self.to_act, self.plies, self.pile
        )
    }
}

impl<const BREACH: u8> Game for Masked<BREACH> {
    type Options = Options;
    type Action = Take;
    type ParseActionError = <Checked as Game>::ParseActionError;
    type OptionsError = Invalid;
    type ActionError = Refused;
    type View = MaskedView;
    type Observation = Take;
    type Card = u8;

    const NAME: &'static str = "masked countdown";

    fn new(options: Options, seed: u64) -> Result<Self, Invalid> {
        Checked::new(options, seed).map(Masked)
    }

    fn options(&self) -> &Options {
        self.0.options()
    }

    fn seat_count(&self) -> usize {
        self.0.seat_count()
    }

    fn to_act(&self) -> Option<Seat> {
        self.0.to_act()
    }

    fn legal_actions(&self, out: &mut Vec<Take>) {
        self.0.legal_actions(out);
    }

    fn apply(&mut self, action: Take) -> Result<(), Refused> {
        self.0.apply(action)
    }

    fn score(&self, seat: Seat) -> i64 {
        self.0.score(seat)
    }

    fn view(&self, _seat: Seat) -> MaskedView {
        MaskedView {
            to_act: self.0.to_act,
            plies: self.0.plies,
            pile: (BREACH == MUTE).then_some(self.0.pile),
        }
    }

    fn observe(&self, action: Take, observer: Seat) -> Take {
        let sees = match BREACH {
            MUTE => false,
            TATTLE => observer == Seat(0),
            _ => observer.index() >= self.seat_count(),
        };
        if sees || self.0.to_act() == Some(observer) {
            action
        } else {
            Take(0)
        }
    }

    fn plies(&self) -> u64 {
        self.0.plies()
    }

    fn max_plies(&self) -> u64 {
        self.0.max_plies()
    }

    fn census(&self, out: &mut Vec<u8>) {
        self.0.census(out);
    }

    fn action_space(&self, out: &mut Vec<Take>) {
        self.0.action_space(out);
    }

    fn resample_hidden_into(&self, observer: Seat, rng: &mut GameRng, out: &mut Self) {
        self.0.resample_hidden_into(observer, rng, &mut out.0);
    }
}
