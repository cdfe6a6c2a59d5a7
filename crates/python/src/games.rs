//! The Python class of each game: thin methods over [`Engine`], made by one macro so that the
//! four classes cannot drift apart.

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::engine::Engine;
use crate::error::Failure;

/// What a function generic over the game does with the game of a Python object
/// ([`visit`]).
pub trait Visit {
    /// What it returns.
    type Out;
    /// Does it with game `G`.
    fn visit<G>(self, engine: &mut Engine<G>) -> PyResult<Self::Out>
    where
        G: cards::Game + std::fmt::Display,
        G::View: std::fmt::Display;
}

macro_rules! game_classes {
    ($($class:ident => $game:ty, $doc:literal;)*) => {
        $(
            #[doc = $doc]
            #[pyclass(module = "cardengines")]
            #[derive(Clone)]
            pub struct $class {
                engine: Engine<$game>,
            }

            #[pymethods]
            impl $class {
                /// The game's name, as the `cards` program and records know it.
                #[classattr]
                const NAME: &'static str = <$game as cards::Game>::NAME;

                #[new]
                #[pyo3(signature = (options = None, seed = 0))]
                fn py_new(
                    py: Python<'_>,
                    options: Option<&Bound<'_, PyAny>>,
                    seed: u64,
                ) -> PyResult<Self> {
                    let options = crate::convert::options_json(py, options)?;
                    Ok($class { engine: Engine::new(&options, seed)? })
                }

                /// The names of the options the constructor takes.
                #[staticmethod]
                fn option_names() -> Vec<String> {
                    crate::engine::option_names::<$game>()
                }

                /// The options the game was started with, every field filled in.
                #[getter]
                fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                    crate::convert::from_json(py, &self.engine.options_json()?)
                }

                /// The seat that must act now, or None once the game is over.
                #[getter]
                fn to_act(&self) -> Option<u8> {
                    self.engine.to_act()
                }

                /// Whether the game is over.
                #[getter]
                fn is_over(&self) -> bool {
                    self.engine.to_act().is_none()
                }

                /// Number of seats at the table.
                #[getter]
                fn seat_count(&self) -> usize {
                    cards::Game::seat_count(self.engine.game())
                }

                /// Actions taken so far.
                #[getter]
                fn plies(&self) -> u64 {
                    cards::Game::plies(self.engine.game())
                }

                /// The legal actions of the seat to act, as text, in the engine's order; empty once
                /// the game is over.
                fn legal_actions(&mut self) -> Vec<String> {
                    self.engine.legal_actions()
                }

                /// Takes an action of the seat to act, given as text. Raises IllegalActionError
                /// (a ValueError) with the engine's reason if the text is not an action or the
                /// action is not legal now; the game is then left exactly as it was.
                fn apply(&mut self, action: &str) -> PyResult<()> {
                    Ok(self.engine.apply(action)?)
                }

                /// Every seat's score (final once the game is over).
                #[getter]
                fn scores(&self) -> Vec<i64> {
                    self.engine.scores()
                }

                /// The seats that won (once over) or lead (before); ties are shared.
                #[getter]
                fn winners(&self) -> Vec<usize> {
                    self.engine.winners()
                }

                /// What `seat` may see, with perfect recall, as a dict (the engine's view,
                /// serialised). A seat beyond the table gets a spectator's view.
                fn view<'py>(&self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyAny>> {
                    crate::convert::from_json(py, &self.engine.view_json(seat)?)
                }

                /// What `seat` sees of `action` (text), about to be taken by the seat to act.
                fn observe(&self, action: &str, seat: u8) -> PyResult<String> {
                    Ok(self.engine.observe(action, seat)?)
                }

                /// The table as `cards play` shows it to `seat`: its view, nothing hidden from
                /// it.
                fn render(&self, seat: u8) -> String {
                    self.engine.render(seat)
                }

                /// An independent copy of the game.
                fn clone(&self) -> Self {
                    Clone::clone(self)
                }

                fn __copy__(&self) -> Self {
                    Clone::clone(self)
                }

                #[pyo3(signature = (_memo = None))]
                fn __deepcopy__(&self, _memo: Option<&Bound<'_, PyAny>>) -> Self {
                    Clone::clone(self)
                }

                /// A determinisation for `seat`: a new game drawn uniformly among the states
                /// consistent with the seat's view, from `seed`.
                fn resample_hidden(&self, seat: u8, seed: u64) -> PyResult<Self> {
                    Ok($class { engine: self.engine.resample_hidden(seat, seed)? })
                }

                /// Plays uniformly random legal actions, drawn from `seed`, to the end of the
                /// game; returns the number of plies played.
                fn random_playout(&mut self, py: Python<'_>, seed: u64) -> PyResult<u64> {
                    let engine = &mut self.engine;
                    Ok(py.allow_threads(|| engine.random_playout(seed))?)
                }

                /// The whole state as JSON (hidden cards and the generator included).
                fn to_json(&self) -> PyResult<String> {
                    Ok(self.engine.to_json()?)
                }

                /// A game saved by `to_json`. Raises StateError (a ValueError) if the text is
                /// not a state of this game: loading checks every invariant.
                #[staticmethod]
                fn from_json(text: &str) -> PyResult<Self> {
                    Ok($class { engine: Engine::from_json(text)? })
                }

                fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
                    let restore = py.import("cardengines")?.getattr("_restore")?;
                    let args = (Self::NAME, self.engine.to_json()?);
                    PyTuple::new(py, [restore, args.into_pyobject(py)?.into_any()])
                }

                fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
                    match other.downcast::<$class>() {
                        Ok(other) => Ok(self.engine.to_json()? == other.borrow().engine.to_json()?),
                        Err(_) => Ok(false),
                    }
                }

                /// The whole table, hidden cards included (the engine's own display).
                fn __str__(&self) -> String {
                    self.engine.game().to_string()
                }

                fn __repr__(&self) -> String {
                    let to_act = match self.engine.to_act() {
                        Some(seat) => seat.to_string(),
                        None => "None".to_owned(),
                    };
                    format!(
                        "<{} plies={} to_act={} scores={:?}>",
                        stringify!($class),
                        cards::Game::plies(self.engine.game()),
                        to_act,
                        self.engine.scores()
                    )
                }
            }
        )*

        /// Does `visitor` with the game of `object`, one of the game classes.
        pub fn visit<V: Visit>(object: &Bound<'_, PyAny>, visitor: V) -> PyResult<V::Out> {
            $(
                if let Ok(game) = object.downcast::<$class>() {
                    return visitor.visit(&mut game.borrow_mut().engine);
                }
            )*
            Err(Failure::Argument(format!(
                "expected a game ({}), not {}",
                [$(stringify!($class)),*].join(", "),
                object.get_type().name()?
            )).into())
        }

        /// Loads a pickled game: the class named `name`, from its JSON.
        #[pyfunction]
        pub fn _restore(py: Python<'_>, name: &str, state: &str) -> PyResult<PyObject> {
            $(
                if name == <$game as cards::Game>::NAME {
                    return Ok($class { engine: Engine::from_json(state)? }
                        .into_pyobject(py)?
                        .into_any()
                        .unbind());
                }
            )*
            Err(Failure::State(format!("no game named `{}`", cards::text::shown(name))).into())
        }

        /// Adds the game classes to the module.
        pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
            $(module.add_class::<$class>()?;)*
            module.add_function(pyo3::wrap_pyfunction!(_restore, module)?)?;
            Ok(())
        }
    };
}

game_classes! {
    HeadTrip => headtrip::HeadTrip,
        "Head Trip: four aspects of Bobby compete to pilot him (4 players).";
    BrainsHearts => brainshearts::BrainsHearts,
        "Brains and Hearts: runs and three of a kind (2 players).";
    RoundTrip => roundtrip::RoundTrip,
        "Round Trip Ticket, basic and advanced (2 to 6 players).";
    HighJinks => highjinks::HighJinks,
        "High Jinks: the battle (2 to 4 players).";
}
