//! The search agents as Python classes: each chooses an action for any game, as the Rust agent
//! of the same budget and seed would.

use std::any::Any;
use std::sync::Mutex;
use std::time::Duration;

use agents::{AgentSpec, Budget};
use cards::{Agent, Game};
use pyo3::prelude::*;

use crate::engine::Engine;
use crate::error::Failure;
use crate::games::{visit, Visit};

/// The Rust agent behind a Python agent, built for the game type it was first asked about:
/// `(game name, Box<Box<dyn Agent<G> + Send>>)`.
type Built = Option<(&'static str, Box<dyn Any + Send>)>;

/// A budget from the Python arguments: iterations, or a time in milliseconds if given.
fn budget(iterations: u32, time_ms: Option<u64>) -> Result<Budget, Failure> {
    match time_ms {
        Some(0) => Err(Failure::Argument("time_ms must be at least 1".to_owned())),
        Some(ms) => Ok(Budget::Time(Duration::from_millis(ms))),
        None if iterations == 0 => Err(Failure::Argument(
            "iterations must be at least 1".to_owned(),
        )),
        None => Ok(Budget::Iterations(iterations)),
    }
}

/// One decision of an agent.
struct Choose<'a, 'py> {
    py: Python<'py>,
    spec: AgentSpec,
    seed: u64,
    built: &'a mut Built,
}

impl Visit for Choose<'_, '_> {
    type Out = String;

    fn visit<G>(self, engine: &mut Engine<G>) -> PyResult<String>
    where
        G: Game + std::fmt::Display,
        G::View: std::fmt::Display,
    {
        let Some(seat) = engine.game().to_act() else {
            return Err(
                Failure::Argument("the game is over: no action to choose".to_owned()).into(),
            );
        };
        let fresh = !matches!(self.built, Some((name, _)) if *name == G::NAME);
        if fresh {
            let agent: Box<dyn Agent<G> + Send> = self.spec.build::<G>(self.seed);
            *self.built = Some((G::NAME, Box::new(agent)));
        }
        let agent = self
            .built
            .as_mut()
            .and_then(|(_, agent)| agent.downcast_mut::<Box<dyn Agent<G> + Send>>())
            .ok_or_else(|| Failure::Engine("the agent was built for another game".to_owned()))?;
        let legal = engine.legal().to_vec();
        if legal.is_empty() {
            return Err(Failure::Engine(format!("seat {seat} to act has no legal action")).into());
        }
        let game = engine.game();
        let action = self.py.allow_threads(|| agent.choose(game, seat, &legal));
        Ok(action.to_string())
    }
}

/// What the two agent classes share.
struct Searcher {
    spec: AgentSpec,
    seed: u64,
    built: Mutex<Built>,
}

impl Searcher {
    fn choose(&self, game: &Bound<'_, PyAny>) -> PyResult<String> {
        let mut built = self
            .built
            .lock()
            .map_err(|_| Failure::Engine("the agent failed during an earlier choice".to_owned()))?;
        visit(
            game,
            Choose {
                py: game.py(),
                spec: self.spec,
                seed: self.seed,
                built: &mut built,
            },
        )
    }
}

/// One Python class of search agent: the same fields and methods for each kind, over
/// [`Searcher`]; `$kind` makes its [`AgentSpec`] from a budget.
macro_rules! agent_class {
    ($(#[$doc:meta])* $name:ident, $kind:path) => {
        $(#[$doc])*
        #[pyclass(module = "cardengines")]
        pub struct $name {
            searcher: Searcher,
        }

        #[pymethods]
        impl $name {
            #[new]
            #[pyo3(signature = (iterations = 1000, seed = 0, *, time_ms = None))]
            fn py_new(iterations: u32, seed: u64, time_ms: Option<u64>) -> PyResult<Self> {
                Ok($name {
                    searcher: Searcher {
                        spec: $kind(budget(iterations, time_ms)?),
                        seed,
                        built: Mutex::new(None),
                    },
                })
            }

            /// Chooses an action (as text) for the seat to act in `game`; raises ValueError if
            /// the game is over. The GIL is released while it searches.
            fn choose(&self, game: &Bound<'_, PyAny>) -> PyResult<String> {
                self.searcher.choose(game)
            }

            /// The agent as the `cards` program names it (`ismcts:1000`, `flat:1000`), for
            /// `simulate`'s agents.
            #[getter]
            fn spec(&self) -> String {
                self.searcher.spec.to_string()
            }

            /// The seed the agent was made with.
            #[getter]
            fn seed(&self) -> u64 {
                self.searcher.seed
            }

            fn __repr__(&self) -> String {
                format!(
                    "{}('{}', seed={})",
                    stringify!($name),
                    self.searcher.spec,
                    self.searcher.seed
                )
            }
        }
    };
}

agent_class!(
/// Information-set Monte Carlo tree search: each iteration draws a state consistent with the
/// seat's view and walks one tree shared by all of them. `iterations` per decision (or
/// `time_ms` milliseconds, not reproducible); `seed` fixes every choice. An agent keeps its
/// generator from decision to decision, as the Rust agent does: one agent per seat, used for
/// each of its decisions in turn, makes the choices the `cards` program makes.
    Ismcts,
    AgentSpec::Ismcts
);

agent_class!(
/// Flat Monte Carlo: each legal action is tried in random playouts of determinisations, and
/// the best on average is chosen. Budget and seed as for `Ismcts`.
    FlatMonteCarlo,
    AgentSpec::Flat
);
