//! What a seat sees of an action.

use cards::Seat;
use serde::Serialize;
use std::fmt;

use crate::table::{Phase, Played, Table};
use crate::{Action, Aspect};

/// What one seat sees of one action.
///
/// Stepping down, recall answers, tie-breaks and successful plays are public: everyone sees the
/// action itself. A vote is seen as cast, not for whom, except by the voter (the votes are shown
/// together once all are in, in the view's `last_votes`). A failed play goes face down: the
/// others see who played how many cards; the pilot sees its cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Observation {
    /// The action as it was taken, by the aspect that took it.
    Seen {
        /// Who acted.
        by: Aspect,
        /// What it did.
        action: Action,
    },
    /// The aspect voted; the vote is hidden until all are in.
    Voted {
        /// Who voted.
        by: Aspect,
    },
    /// The pilot failed the challenge with cards that now lie face down.
    PlayedFaceDown {
        /// The pilot.
        by: Aspect,
        /// One or two cards.
        cards: u8,
    },
}

impl Observation {
    /// What `observer` sees of `action`, taken now in `table` by the seat to act.
    pub(crate) fn of(table: &Table, action: Action, observer: Seat) -> Observation {
        let by = table
            .to_act()
            .and_then(Aspect::of_seat)
            .unwrap_or(Aspect::Student);
        let seen = Observation::Seen { by, action };
        if by.seat() == observer {
            return seen;
        }
        match (table.phase, action) {
            (Phase::Election { .. }, Action::Vote(_)) => Observation::Voted { by },
            (Phase::Play, Action::Play(first)) => face_down(
                table,
                by,
                Played {
                    first,
                    second: None,
                },
            )
            .unwrap_or(seen),
            (Phase::Play, Action::PlayTwo(first, second)) => face_down(
                table,
                by,
                Played {
                    first,
                    second: Some(second),
                },
            )
            .unwrap_or(seen),
            _ => seen,
        }
    }
}

/// The observation of a play that fails the challenge (and so goes face down).
fn face_down(table: &Table, by: Aspect, play: Played) -> Option<Observation> {
    let target = table.challenge()?.rank()?.value();
    (play.total() < target).then_some(Observation::PlayedFaceDown {
        by,
        cards: 1 + u8::from(play.second.is_some()),
    })
}

impl fmt::Display for Observation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Observation::Seen { by, action } => write!(f, "{}: {action}", by.title()),
            Observation::Voted { by } => write!(f, "{} voted", by.title()),
            Observation::PlayedFaceDown { by, cards: 1 } => {
                write!(f, "{} played a card face down", by.title())
            }
            Observation::PlayedFaceDown { by, cards } => {
                write!(f, "{} played {cards} cards face down", by.title())
            }
        }
    }
}
