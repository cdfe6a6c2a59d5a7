//! What a seat sees of an action.

use cards::Seat;
use serde::Serialize;
use std::fmt;

use crate::action::Action;
use crate::deck::TripCard;
use crate::state::{Phase, State};

/// What one seat sees of one action.
///
/// Plays, discards and passes are public: everyone sees the action itself. A draw shows the
/// card to the drawer only. A steal (ruling RT2) shows the card taken to the thief and the
/// victim, and the victim's replacement card to the victim; the other seats see only that a
/// card moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Observation {
    /// The action as it was taken, by the seat that took it.
    Seen {
        /// Who acted.
        by: Seat,
        /// What it did.
        action: Action,
    },
    /// The seat drew the top card of the deck: the card, for the drawer only.
    Drew {
        /// Who drew.
        by: Seat,
        /// The card, shown to the drawer only.
        card: Option<TripCard>,
    },
    /// The seat took a card at random from another's hand.
    Stole {
        /// The thief.
        by: Seat,
        /// The victim.
        from: Seat,
        /// The card taken, shown to the thief and the victim only.
        card: Option<TripCard>,
        /// The card the victim drew in its place, shown to the victim only (none when the deck
        /// is empty).
        replacement: Option<TripCard>,
    },
}

impl Observation {
    /// What `observer` sees of `action`, taken now by the seat to act.
    pub(crate) fn of(state: &State, action: Action, observer: Seat) -> Observation {
        let by = state.to_act().unwrap_or(Seat(0));
        let top = state.deck.last();
        match (state.phase, action) {
            (Phase::Over, _) => Observation::Seen { by, action },
            (_, Action::Draw) => Observation::Drew {
                by,
                card: top.filter(|_| observer == by),
            },
            (Phase::After { .. }, Action::Steal(from)) => {
                let hand = state
                    .players
                    .get(from)
                    .map_or(&[][..], |p| p.hand.as_slice());
                // The card the steal will take: the generator's next draw, as `steal` makes it.
                let card = hand.get(state.rng.clone().index(hand.len())).copied();
                let involved = observer == by || observer == from;
                Observation::Stole {
                    by,
                    from,
                    card: card.filter(|_| involved),
                    replacement: top.filter(|_| observer == from),
                }
            }
            _ => Observation::Seen { by, action },
        }
    }
}

impl fmt::Display for Observation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Observation::Seen { by, action } => write!(f, "seat {by}: {action}"),
            Observation::Drew {
                by,
                card: Some(card),
            } => write!(f, "seat {by} drew card {card}"),
            Observation::Drew { by, card: None } => write!(f, "seat {by} drew a card"),
            Observation::Stole {
                by,
                from,
                card,
                replacement,
            } => {
                match card {
                    Some(card) => write!(f, "seat {by} stole card {card} from seat {from}")?,
                    None => write!(f, "seat {by} stole a card from seat {from}")?,
                }
                match replacement {
                    Some(card) => write!(f, ", which drew card {card}"),
                    None => Ok(()),
                }
            }
        }
    }
}
