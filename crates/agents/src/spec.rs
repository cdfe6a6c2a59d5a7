//! Agents named by text, as the `cards` program takes them: `random`, `ismcts:1000`,
//! `flat:500`, `ismcts:250ms`.

use cards::{Agent, Game, RandomAgent};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;
use thiserror::Error;

use crate::{Budget, FlatMonteCarlo, Ismcts};

/// An agent named by text: `random`, `ismcts[:budget]` or `flat[:budget]`, where a budget is a
/// number of iterations (`1000`, the default) or a time (`250ms`). The text round-trips.
///
/// ```
/// use agents::{AgentSpec, Budget};
/// let spec: AgentSpec = "ismcts:500".parse()?;
/// assert_eq!(spec, AgentSpec::Ismcts(Budget::Iterations(500)));
/// assert_eq!(spec.to_string(), "ismcts:500");
/// let bot = spec.build::<headtrip::HeadTrip>(7);
/// # drop(bot);
/// # Ok::<(), agents::SpecError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AgentSpec {
    /// Uniformly random among the legal actions.
    Random,
    /// [`Ismcts`] with this budget per decision.
    Ismcts(Budget),
    /// [`FlatMonteCarlo`] with this budget per decision.
    Flat(Budget),
}

/// Why a text does not name an agent.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SpecError {
    /// Not one of the agents' names.
    #[error("unknown agent `{0}`: expected random, ismcts[:budget] or flat[:budget]")]
    UnknownAgent(String),
    /// The budget is not a positive number of iterations or of milliseconds.
    #[error("bad budget `{0}`: expected iterations (1000) or milliseconds (250ms), at least 1")]
    BadBudget(String),
    /// A random agent takes no budget.
    #[error("a random agent takes no budget")]
    RandomWithBudget,
}

/// Longest agent text quoted back in an error.
const QUOTED: usize = 40;

fn quoted(text: &str) -> String {
    let cut: String = text.chars().take(QUOTED).collect();
    let cut = if cut.len() < text.len() {
        format!("{cut}…")
    } else {
        cut
    };
    cut.escape_debug().to_string()
}

impl FromStr for AgentSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<Self, SpecError> {
        let text = text.trim();
        let (name, budget) = match text.split_once(':') {
            Some((name, budget)) => (name, Some(budget)),
            None => (text, None),
        };
        let budget = budget.map(parse_budget).transpose()?;
        match name.to_ascii_lowercase().as_str() {
            "random" if budget.is_some() => Err(SpecError::RandomWithBudget),
            "random" => Ok(AgentSpec::Random),
            "ismcts" => Ok(AgentSpec::Ismcts(budget.unwrap_or_default())),
            "flat" => Ok(AgentSpec::Flat(budget.unwrap_or_default())),
            _ => Err(SpecError::UnknownAgent(quoted(name))),
        }
    }
}

fn parse_budget(text: &str) -> Result<Budget, SpecError> {
    let bad = || SpecError::BadBudget(quoted(text));
    let budget = match text.strip_suffix("ms") {
        Some(ms) => Budget::Time(Duration::from_millis(ms.parse().map_err(|_| bad())?)),
        None => Budget::Iterations(text.parse().map_err(|_| bad())?),
    };
    match budget {
        Budget::Iterations(0) => Err(bad()),
        Budget::Time(t) if t.is_zero() => Err(bad()),
        budget => Ok(budget),
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => f.write_str("random"),
            AgentSpec::Ismcts(budget) => write!(f, "ismcts:{budget}"),
            AgentSpec::Flat(budget) => write!(f, "flat:{budget}"),
        }
    }
}

impl AgentSpec {
    /// The agent, seeded.
    pub fn build<G: Game>(&self, seed: u64) -> Box<dyn Agent<G> + Send> {
        match *self {
            AgentSpec::Random => Box::new(RandomAgent::new(seed)),
            AgentSpec::Ismcts(budget) => Box::new(Ismcts::new(seed).with_budget(budget)),
            AgentSpec::Flat(budget) => Box::new(FlatMonteCarlo::new(seed).with_budget(budget)),
        }
    }

    /// Reads a list of specifications separated by commas (`ismcts:1000,random`).
    pub fn parse_list(text: &str) -> Result<Vec<AgentSpec>, SpecError> {
        text.split(',').map(str::parse).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip() {
        for text in [
            "random",
            "ismcts:1000",
            "flat:7",
            "ismcts:250ms",
            "flat:1ms",
        ] {
            let spec: AgentSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        assert_eq!(
            "ISMCTS".parse::<AgentSpec>().unwrap(),
            AgentSpec::Ismcts(Budget::Iterations(1000))
        );
        assert_eq!(
            AgentSpec::parse_list("ismcts:10, random").unwrap(),
            vec![AgentSpec::Ismcts(Budget::Iterations(10)), AgentSpec::Random]
        );
    }

    #[test]
    fn bad_specs_are_refused() {
        assert!(matches!(
            "mcts".parse::<AgentSpec>(),
            Err(SpecError::UnknownAgent(_))
        ));
        for bad in ["ismcts:0", "ismcts:0ms", "flat:-3", "ismcts:", "flat:1e3"] {
            assert!(
                matches!(bad.parse::<AgentSpec>(), Err(SpecError::BadBudget(_))),
                "{bad}"
            );
        }
        assert_eq!(
            "random:5".parse::<AgentSpec>(),
            Err(SpecError::RandomWithBudget)
        );
        let long = "x".repeat(10_000);
        let message = long.parse::<AgentSpec>().unwrap_err().to_string();
        assert!(message.len() < 200, "{}", message.len());
    }
}
