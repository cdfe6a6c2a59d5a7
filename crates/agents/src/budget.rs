//! How much thinking a decision gets.

use std::fmt;
use std::time::{Duration, Instant};

/// Most iterations a decision may have: a search keeps one tree node (about 50 bytes) per
/// iteration, so a million is some 50 MB a search and, at 1 to 10 µs an iteration, a few
/// seconds a decision. Agent texts above it are refused ([`crate::AgentSpec`]), and a time
/// budget stops there too, whatever time is left.
pub const MAX_ITERATIONS: u32 = 1_000_000;

/// Longest time a decision may have: one minute (a game has tens to hundreds of decisions).
/// Agent texts above it are refused ([`crate::AgentSpec`]).
pub const MAX_TIME: Duration = Duration::from_secs(60);

/// The budget of one decision: a number of iterations (playouts), which makes a seeded search
/// deterministic, or a wall-clock time, which does not. A time budget also ends at
/// [`MAX_ITERATIONS`], so that its search stays within memory however fast the machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Budget {
    /// This many iterations (at least one).
    Iterations(u32),
    /// As many iterations as fit in this time (at least one).
    Time(Duration),
}

impl Default for Budget {
    /// 1,000 iterations.
    fn default() -> Self {
        Budget::Iterations(1000)
    }
}

impl Budget {
    /// The iterations known in advance: the count, or none for a time budget.
    pub fn iterations(self) -> Option<u32> {
        match self {
            Budget::Iterations(n) => Some(n.max(1)),
            Budget::Time(_) => None,
        }
    }

    /// A clock for one decision under this budget.
    pub(crate) fn start(self) -> Clock {
        Clock {
            budget: self,
            started: match self {
                Budget::Iterations(_) => None,
                Budget::Time(_) => Some(Instant::now()),
            },
            done: 0,
        }
    }
}

/// `1000` (iterations) or `250ms` (time), as agent specifications write budgets.
impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Iterations(n) => write!(f, "{n}"),
            Budget::Time(t) => write!(f, "{}ms", t.as_millis()),
        }
    }
}

/// Counts the iterations of one decision against its budget.
pub(crate) struct Clock {
    budget: Budget,
    started: Option<Instant>,
    done: u32,
}

impl Clock {
    /// Whether another iteration may start; counts it if so.
    pub(crate) fn tick(&mut self) -> bool {
        let more = self.done == 0
            || match (self.budget, self.started) {
                (Budget::Iterations(n), _) => self.done < n,
                (Budget::Time(limit), Some(started)) => {
                    self.done < MAX_ITERATIONS && started.elapsed() < limit
                }
                (Budget::Time(_), None) => false,
            };
        if more {
            self.done = self.done.saturating_add(1);
        }
        more
    }

    /// Iterations started so far.
    pub(crate) fn done(&self) -> u32 {
        self.done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A time budget stops at the iteration bound, however much time is left.
    #[test]
    fn a_time_budget_stops_at_the_iteration_bound() {
        let mut clock = Budget::Time(MAX_TIME).start();
        let mut ticks = 0u64;
        while clock.tick() {
            ticks += 1;
            assert!(ticks <= u64::from(MAX_ITERATIONS), "the clock did not stop");
        }
        assert_eq!(ticks, u64::from(MAX_ITERATIONS));
        assert_eq!(clock.done(), MAX_ITERATIONS);
    }
}
