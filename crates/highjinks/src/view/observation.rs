//! What a seat sees of an action (HJ84): every action is public except a set-up reject, the
//! setting of a Mana card face down, and the card an Evocation takes from the Deck (the others
//! learn its suit, HJ66), which only the seat that acts sees. The last reject of the set-up is
//! seen as itself: with it every seat's rejects go face up to the Boneyard and the Bench at once
//! (§27, HJ78).

use cards::{Seat, Suit};
use serde::Serialize;
use std::fmt;

use crate::table::action::Action;
use crate::table::options::REJECTS;
use crate::table::phase::Phase;
use crate::table::state::State;

/// What one seat sees of one action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Observation {
    /// The action itself: it is public, or the observer took it.
    Seen(Action),
    /// The seat rejected one of its dealt cards (§27).
    Rejected(Seat),
    /// The seat set a Mana card face down (§6).
    SetFaceDown(Seat),
    /// The seat took a card of this suit from the Deck by Evocation (§22, HJ66).
    Evoked(Seat, Suit),
}

impl Observation {
    pub(crate) fn of(state: &State, action: Action, observer: Seat) -> Observation {
        let actor = match action {
            Action::Clock(_) => None,
            _ => state.to_act(),
        };
        match (action, actor) {
            (_, Some(actor)) if actor == observer => Observation::Seen(action),
            (Action::Reject(_), Some(actor)) if !last_reject(state, actor) => {
                Observation::Rejected(actor)
            }
            (Action::Set(_), Some(actor)) => Observation::SetFaceDown(actor),
            (Action::Take(card), Some(actor)) => match card.suit() {
                Some(suit) => Observation::Evoked(actor, suit),
                None => Observation::Seen(action),
            },
            _ => Observation::Seen(action),
        }
    }
}

/// Whether `actor`'s reject now is the last of the set-up (§27, HJ78): the last seat's last
/// card, after which every seat's rejects go face up to the Boneyard and the Bench at once, so
/// that everyone sees which card it was.
fn last_reject(state: &State, actor: Seat) -> bool {
    matches!(state.phase, Phase::Setup { seat } if seat == actor)
        && actor.index() + 1 == state.players()
        && state.side(actor).rejects.len() + 1 == REJECTS
}

impl fmt::Display for Observation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Observation::Seen(action) => write!(f, "{action}"),
            Observation::Rejected(seat) => write!(f, "seat {} rejected a card", seat.0),
            Observation::SetFaceDown(seat) => {
                write!(f, "seat {} set a Mana card face down", seat.0)
            }
            Observation::Evoked(seat, suit) => {
                write!(f, "seat {} took a {suit:?} card from the Deck", seat.0)
            }
        }
    }
}
