//! The package's exceptions and the failures of the engines that become them.

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::PyErr;

create_exception!(
    cardengines,
    OptionsError,
    PyValueError,
    "Options a game refuses: an unknown field (the message lists the valid ones), a value out of range, or a combination the rules do not allow."
);
create_exception!(
    cardengines,
    IllegalActionError,
    PyValueError,
    "An action that does not read as one of the game's actions, or that the rules do not allow now. The game is left exactly as it was."
);
create_exception!(
    cardengines,
    StateError,
    PyValueError,
    "A saved state that is not a state of the game: malformed JSON, or a state that breaks the game's invariants."
);

/// Why a call failed, before it becomes a Python exception.
#[derive(Debug)]
pub enum Failure {
    /// Options refused: [`OptionsError`].
    Options(String),
    /// An action refused: [`IllegalActionError`].
    Illegal(String),
    /// A saved state refused: [`StateError`].
    State(String),
    /// A seat not at the table: `ValueError`.
    Seat(String),
    /// Any other argument refused: `ValueError`.
    Argument(String),
    /// What the engines should never report (a playout that does not end, a state that does
    /// not serialise): `RuntimeError`.
    Engine(String),
}

impl From<Failure> for PyErr {
    fn from(failure: Failure) -> PyErr {
        match failure {
            Failure::Options(m) => OptionsError::new_err(m),
            Failure::Illegal(m) => IllegalActionError::new_err(m),
            Failure::State(m) => StateError::new_err(m),
            Failure::Seat(m) | Failure::Argument(m) => PyValueError::new_err(m),
            Failure::Engine(m) => PyRuntimeError::new_err(m),
        }
    }
}
