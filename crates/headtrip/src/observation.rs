//! What a seat sees of an action.

use cards::Seat;
use serde::Serialize;
use std::fmt;

use crate::table::{Phase, Played, Table};
use crate::{Action, Aspect};

/// What one seat sees of one action.
///
/// Stepping down, recall answers, tie-breaks and successful plays are public: everyone sees the
/// action itself. A vote is seen as cast, not for whom, except by the voter; the last vote of an
/// election shows all four together, to everyone (they stay in the view's `last_votes`). A
/// failed play goes face down: the others see who played how many cards; the pilot sees its
/// cards.
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
    /// The aspect cast the last vote of an election, and the four votes are shown together.
    VotesShown {
        /// Who cast the last vote.
        by: Aspect,
        /// The votes, by seat.
        votes: [Aspect; 4],
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
        if let Some(votes) = last_vote(table, action) {
            return Observation::VotesShown { by, votes };
        }
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

/// The four votes that `action` shows if it is the last vote of an election (HT4, G3): every
/// vote is revealed once all are in. A missing vote (which no game leaves) shows as The
/// Student's, as the count reveals it.
fn last_vote(table: &Table, action: Action) -> Option<[Aspect; 4]> {
    let (Phase::Election { next: 3 }, Action::Vote(vote)) = (table.phase, action) else {
        return None;
    };
    let mut votes = table.votes.map(|v| v.unwrap_or(Aspect::Student));
    votes[3] = vote;
    Some(votes)
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
            Observation::VotesShown { by, votes } => {
                write!(f, "{} voted; the votes:", by.title())?;
                for (seat, vote) in votes.iter().enumerate() {
                    write!(f, " {}→{}", Aspect::ALL[seat].name(), vote.name())?;
                }
                Ok(())
            }
            Observation::PlayedFaceDown { by, cards: 1 } => {
                write!(f, "{} played a card face down", by.title())
            }
            Observation::PlayedFaceDown { by, cards } => {
                write!(f, "{} played {cards} cards face down", by.title())
            }
        }
    }
}
