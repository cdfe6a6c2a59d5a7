//! Agents named by text, as the `cards` program takes them: `random`, `ismcts:1000`,
//! `flat:500`, `ismcts:250ms`.

use cards::{Agent, Game, RandomAgent};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;
use thiserror::Error;

use crate::{Budget, FlatMonteCarlo, Ismcts, MAX_ITERATIONS, MAX_TIME};

/// An agent named by text: `random`, `ismcts[:budget]` or `flat[:budget]`, where a budget is a
/// number of iterations (`1000`, the default; at most [`MAX_ITERATIONS`]) or a time (`250ms`;
/// at most [`MAX_TIME`], `60000ms`). The text round-trips.
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
    /// The budget is above [`MAX_ITERATIONS`] or [`MAX_TIME`].
    #[error(
        "budget `{0}` is too large: at most {max_iterations} iterations or {max_ms}ms (one \
         minute) a decision",
        max_iterations = MAX_ITERATIONS,
        max_ms = MAX_TIME.as_millis()
    )]
    BudgetTooLarge(String),
    /// A random agent takes no budget.
    #[error("a random agent takes no budget")]
    RandomWithBudget,
    /// A list of agents that is neither one agent nor one per seat.
    #[error(
        "{given} agents given for {seats} seats: give one agent, which plays every seat, or \
         exactly one per seat"
    )]
    Count {
        /// Agents in the list.
        given: usize,
        /// Seats at the table.
        seats: usize,
    },
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

/// Reads a budget: iterations from 1 to [`MAX_ITERATIONS`] or milliseconds from 1 to
/// [`MAX_TIME`]'s. A number too large for any integer type is too large, not malformed.
fn parse_budget(text: &str) -> Result<Budget, SpecError> {
    let bad = || SpecError::BadBudget(quoted(text));
    let too_large = || SpecError::BudgetTooLarge(quoted(text));
    let (digits, max, time) = match text.strip_suffix("ms") {
        Some(ms) => (ms, MAX_TIME.as_millis(), true),
        None => (text, u128::from(MAX_ITERATIONS), false),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let value = digits.parse::<u128>().map_err(|_| too_large())?;
    if value == 0 {
        return Err(bad());
    }
    if value > max {
        return Err(too_large());
    }
    // Within the bounds, so within u32 and u64.
    let value = u64::try_from(value).map_err(|_| too_large())?;
    Ok(if time {
        Budget::Time(Duration::from_millis(value))
    } else {
        Budget::Iterations(u32::try_from(value).map_err(|_| too_large())?)
    })
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

    /// Reads the agents of a table of `seats` seats, by the one rule for every count: one
    /// agent, which plays every seat, or exactly one per seat in seat order.
    ///
    /// ```
    /// use agents::{AgentSpec, SpecError};
    /// assert_eq!(AgentSpec::for_seats("ismcts", 4)?.len(), 1);
    /// assert_eq!(AgentSpec::for_seats("ismcts,random", 2)?.len(), 2);
    /// assert_eq!(
    ///     AgentSpec::for_seats("random,random", 4),
    ///     Err(SpecError::Count { given: 2, seats: 4 })
    /// );
    /// # Ok::<(), SpecError>(())
    /// ```
    pub fn for_seats(text: &str, seats: usize) -> Result<Vec<AgentSpec>, SpecError> {
        let agents = AgentSpec::parse_list(text)?;
        AgentSpec::check_count(agents.len(), seats)?;
        Ok(agents)
    }

    /// Checks a number of agents against a table of `seats` seats: one, or one per seat.
    pub fn check_count(given: usize, seats: usize) -> Result<(), SpecError> {
        if given == 1 || given == seats {
            Ok(())
        } else {
            Err(SpecError::Count { given, seats })
        }
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
            "ismcts:1000000",
            "flat:60000ms",
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
            AgentSpec::for_seats("flat:5,random", 4),
            Err(SpecError::Count { given: 2, seats: 4 })
        );
        assert_eq!(
            AgentSpec::for_seats("random,random,random", 2),
            Err(SpecError::Count { given: 3, seats: 2 })
        );
        assert_eq!(
            "random:5".parse::<AgentSpec>(),
            Err(SpecError::RandomWithBudget)
        );
        for large in [
            "ismcts:1000001",
            "flat:4294967296",
            "ismcts:60001ms",
            "ismcts:18446744073709551615ms",
            "flat:99999999999999999999999999999999999999999",
        ] {
            let refused = large.parse::<AgentSpec>();
            assert!(
                matches!(refused, Err(SpecError::BudgetTooLarge(_))),
                "{large}: {refused:?}"
            );
        }
        let message = "ismcts:18446744073709551615ms"
            .parse::<AgentSpec>()
            .unwrap_err()
            .to_string();
        assert!(
            message.contains("at most 1000000 iterations or 60000ms"),
            "{message}"
        );
        let long = "x".repeat(10_000);
        let message = long.parse::<AgentSpec>().unwrap_err().to_string();
        assert!(message.len() < 200, "{}", message.len());
    }
}
