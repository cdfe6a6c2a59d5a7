//! Actions of Head Trip and their text notation.

use cards::Card;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

use crate::{Aspect, ParseActionError};

/// One decision of one seat.
///
/// | action | text | who decides |
/// | --- | --- | --- |
/// | [`StepDown`](Action::StepDown) | `step-down` | the pilot, after the challenge is revealed |
/// | [`Stay`](Action::Stay) | `stay` | the pilot |
/// | [`CallRecall`](Action::CallRecall) | `recall` | each other seat in turn, after the pilot stays (HT3) |
/// | [`NoRecall`](Action::NoRecall) | `no-recall` | likewise |
/// | [`Vote`](Action::Vote) | `vote genius` | every seat in seat order, in an election (HT4) |
/// | [`Choose`](Action::Choose) | `choose angel` | The Student, on a tied election |
/// | [`Play`](Action::Play) | `play 5♣` | the pilot (HT5) |
/// | [`PlayTwo`](Action::PlayTwo) | `play 3♣+5♣` | the pilot, with Aspect Affinities (HT6): low card first |
///
/// Parsing also accepts ASCII cards (`play 5C`), the voting card's rank for an aspect
/// (`vote K`) and any case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    /// The pilot stands down; an election follows.
    StepDown,
    /// The pilot stays (the others may then call for a recall).
    Stay,
    /// This seat calls for a recall of the pilot.
    CallRecall,
    /// This seat does not call for a recall.
    NoRecall,
    /// This seat votes for an aspect.
    Vote(Aspect),
    /// The Student breaks a tie in favour of one of the leaders.
    Choose(Aspect),
    /// The pilot plays one action card.
    Play(Card),
    /// The pilot plays two action cards (Aspect Affinities), the lower first.
    PlayTwo(Card, Card),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::StepDown => f.write_str("step-down"),
            Action::Stay => f.write_str("stay"),
            Action::CallRecall => f.write_str("recall"),
            Action::NoRecall => f.write_str("no-recall"),
            Action::Vote(aspect) => write!(f, "vote {aspect}"),
            Action::Choose(aspect) => write!(f, "choose {aspect}"),
            Action::Play(card) => write!(f, "play {card}"),
            Action::PlayTwo(low, high) => write!(f, "play {low}+{high}"),
        }
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        let rest = rest.trim();
        let action = match (word.to_ascii_lowercase().as_str(), rest.is_empty()) {
            ("step-down" | "stepdown" | "step", true) => Action::StepDown,
            ("step", false) if rest.eq_ignore_ascii_case("down") => Action::StepDown,
            ("stay", true) => Action::Stay,
            ("recall", true) => Action::CallRecall,
            ("no-recall" | "norecall", true) => Action::NoRecall,
            ("vote", false) => Action::Vote(rest.parse()?),
            ("choose", false) => Action::Choose(rest.parse()?),
            ("play", false) => match rest.split_once('+') {
                Some((low, high)) => Action::PlayTwo(low.parse()?, high.parse()?),
                None => Action::Play(rest.parse()?),
            },
            _ => return Err(ParseActionError::Unknown(s.to_string())),
        };
        Ok(action)
    }
}
