//! Countdown, a toy game for testing the kit itself: two seats take turns taking one to
//! `max_take` tokens from a pile; whoever takes the last token wins. Who starts is drawn from
//! the seed. Nothing is hidden.
//!
//! `Countdown<true>` checks a state it loads (and refuses any state no game could reach, so it
//! keeps the contract); `Countdown<false>` (a lax loader) loads whatever has the right shape;
//! `Countdown<true, true>` (leaky) draws from its generator when it refuses to take nothing, so a
//! refusal changes the state.
#![allow(dead_code)]

pub mod masked;

use cards::{Game, GameRng, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The options: tokens in the pile, most tokens taken at once.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Tokens in the pile at the start (1–60).
    pub tokens: u8,
    /// Most tokens taken at once (1–5).
    pub max_take: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            tokens: 21,
            max_take: 3,
        }
    }
}

/// Why options or a saved state are refused.
#[derive(Debug, Error)]
pub enum Invalid {
    /// Options out of range.
    #[error("tokens must be 1-60 and max_take 1-5")]
    Options,
    /// A saved state no game reaches.
    #[error("inconsistent state: {0}")]
    State(&'static str),
}

/// Why an action is refused.
#[derive(Debug, Error)]
pub enum Refused {
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// Not a number of tokens that may be taken now.
    #[error("cannot take {0} now")]
    Take(u8),
}

/// Why a text is not an action.
#[derive(Debug, Error)]
#[error("not an action: `{0}` (take N)")]
pub struct NotAnAction(String);

/// Taking some tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Take(pub u8);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {}", self.0)
    }
}

impl FromStr for Take {
    type Err = NotAnAction;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.strip_prefix("take ")
            .and_then(|n| n.parse().ok())
            .map(Take)
            .ok_or_else(|| NotAnAction(s.to_owned()))
    }
}

/// What a seat sees: everything but the generator.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    pile: u8,
    taken: [u8; 2],
    to_act: Option<Seat>,
    last: Option<Seat>,
    plies: u64,
}

impl fmt::Display for View {
    /// The pile, the tokens taken, and the number of the next ply: `plies + 1`, unguarded, as
    /// the checked game bounds `plies` when it loads (the lax game's overflow, with a `plies`
    /// edited to `u64::MAX`, is what the kit must catch).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "pile {}, taken {} and {}, next ply {}",
            self.pile,
            self.taken[0],
            self.taken[1],
            self.plies + 1
        )
    }
}

/// The saved form of a game.
#[derive(Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saved {
    options: Options,
    rng: GameRng,
    pile: u8,
    taken: [u8; 2],
    to_act: Option<Seat>,
    last: Option<Seat>,
    plies: u64,
}

/// A game of Countdown; `CHECKED` says whether loading checks the state, `LEAKY` whether a
/// refusal changes it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "Saved", into = "Saved")]
pub struct Countdown<const CHECKED: bool, const LEAKY: bool = false> {
    options: Options,
    rng: GameRng,
    pile: u8,
    taken: [u8; 2],
    to_act: Option<Seat>,
    last: Option<Seat>,
    plies: u64,
}

impl<const CHECKED: bool, const LEAKY: bool> From<Countdown<CHECKED, LEAKY>> for Saved {
    fn from(g: Countdown<CHECKED, LEAKY>) -> Saved {
        Saved {
            options: g.options,
            rng: g.rng,
            pile: g.pile,
            taken: g.taken,
            to_act: g.to_act,
            last: g.last,
            plies: g.plies,
        }
    }
}

impl<const CHECKED: bool, const LEAKY: bool> TryFrom<Saved> for Countdown<CHECKED, LEAKY> {
    type Error = Invalid;
    fn try_from(s: Saved) -> Result<Self, Invalid> {
        if CHECKED {
            check_options(&s.options)?;
            let taken = u16::from(s.taken[0]) + u16::from(s.taken[1]);
            if taken + u16::from(s.pile) != u16::from(s.options.tokens) {
                return Err(Invalid::State("tokens created or lost"));
            }
            let (taken, max_take) = (u64::from(taken), u64::from(s.options.max_take));
            if s.plies > taken || s.plies.saturating_mul(max_take) < taken {
                return Err(Invalid::State("plies do not match the tokens taken"));
            }
            let seated = |seat: Option<Seat>| seat.is_none_or(|s| s.index() < 2);
            if !seated(s.to_act) || !seated(s.last) {
                return Err(Invalid::State("a seat beyond the table"));
            }
            if (s.pile == 0) != s.to_act.is_none()
                || (s.plies == 0) != s.last.is_none()
                || (s.to_act.is_some() && s.to_act == s.last)
            {
                return Err(Invalid::State("the seat to act does not follow the play"));
            }
        }
        Ok(Countdown {
            options: s.options,
            rng: s.rng,
            pile: s.pile,
            taken: s.taken,
            to_act: s.to_act,
            last: s.last,
            plies: s.plies,
        })
    }
}

fn check_options(options: &Options) -> Result<(), Invalid> {
    if (1..=60).contains(&options.tokens) && (1..=5).contains(&options.max_take) {
        Ok(())
    } else {
        Err(Invalid::Options)
    }
}

impl<const CHECKED: bool, const LEAKY: bool> Game for Countdown<CHECKED, LEAKY> {
    type Options = Options;
    type Action = Take;
    type ParseActionError = NotAnAction;
    type OptionsError = Invalid;
    type ActionError = Refused;
    type View = View;
    type Observation = Take;
    type Card = u8;

    const NAME: &'static str = match (CHECKED, LEAKY) {
        (_, true) => "leaky countdown",
        (true, false) => "countdown",
        (false, false) => "lax countdown",
    };

    fn new(options: Options, seed: u64) -> Result<Self, Invalid> {
        check_options(&options)?;
        let mut rng = GameRng::from_seed(seed);
        let first = Seat(rng.below(2) as u8);
        Ok(Countdown {
            pile: options.tokens,
            options,
            rng,
            taken: [0, 0],
            to_act: Some(first),
            last: None,
            plies: 0,
        })
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn to_act(&self) -> Option<Seat> {
        self.to_act
    }

    fn legal_actions(&self, out: &mut Vec<Take>) {
        out.clear();
        if self.to_act.is_some() {
            out.extend((1..=self.options.max_take.min(self.pile)).map(Take));
        }
    }

    fn apply(&mut self, Take(n): Take) -> Result<(), Refused> {
        let seat = self.to_act.ok_or(Refused::Over)?;
        if n == 0 || n > self.options.max_take || n > self.pile {
            if LEAKY && n == 0 {
                self.rng.next_u64();
            }
            return Err(Refused::Take(n));
        }
        let slot = self.taken.get_mut(seat.index()).ok_or(Refused::Take(n))?;
        *slot = slot.saturating_add(n);
        self.pile -= n;
        self.plies += 1;
        self.last = Some(seat);
        self.to_act = (self.pile > 0).then_some(seat.next(2));
        Ok(())
    }

    fn score(&self, seat: Seat) -> i64 {
        i64::from(self.to_act.is_none() && self.last == Some(seat))
    }

    fn view(&self, _seat: Seat) -> View {
        View {
            pile: self.pile,
            taken: self.taken,
            to_act: self.to_act,
            last: self.last,
            plies: self.plies,
        }
    }

    fn observe(&self, action: Take, _observer: Seat) -> Take {
        action
    }

    fn plies(&self) -> u64 {
        self.plies
    }

    fn max_plies(&self) -> u64 {
        u64::from(self.options.tokens)
    }

    fn census(&self, out: &mut Vec<u8>) {
        out.clear();
        out.extend(0..self.options.tokens);
    }

    fn action_space(&self, out: &mut Vec<Take>) {
        out.clear();
        out.extend((0..=6).map(Take));
    }

    fn resample_hidden_into(&self, _observer: Seat, rng: &mut GameRng, out: &mut Self) {
        out.clone_from(self);
        out.rng = GameRng::from_seed(rng.next_u64());
    }
}

/// The checked game.
pub type Checked = Countdown<true>;
/// The lax game.
pub type Lax = Countdown<false>;
/// The leaky game.
pub type Leaky = Countdown<true, true>;

/// Options for the kit: the standard pile, a short one, a long one taken one token at a time.
pub fn kit_options() -> Vec<Options> {
    vec![
        Options::default(),
        Options {
            tokens: 5,
            max_take: 5,
        },
        Options {
            tokens: 60,
            max_take: 1,
        },
    ]
}
