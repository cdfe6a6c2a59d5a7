//! The Python package `cardgame-engines` (import `cardengines`): the four games, the search
//! agents and the `cards` program's simulation, built with maturin into one extension module
//! on Python's stable ABI (one wheel for every Python 3 from 3.8).
//!
//! Every game class is the same generic [`engine::Engine`] over a [`cards::Game`], made by one
//! macro ([`games`]); the learning interface's masks, indices and tensors are to be added there.

#![forbid(unsafe_code)]

mod agents;
mod convert;
pub mod engine;
mod error;
pub mod games;
mod simulate;

use pyo3::prelude::*;

/// The games of the `cards` workspace, their search agents and their simulation.
#[pymodule]
fn cardengines(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    module.add("OptionsError", py.get_type::<error::OptionsError>())?;
    module.add(
        "IllegalActionError",
        py.get_type::<error::IllegalActionError>(),
    )?;
    module.add("StateError", py.get_type::<error::StateError>())?;
    games::register(module)?;
    module.add_class::<agents::Ismcts>()?;
    module.add_class::<agents::FlatMonteCarlo>()?;
    module.add_function(wrap_pyfunction!(simulate::simulate, module)?)?;
    module.add_function(wrap_pyfunction!(simulate::game_seed, module)?)?;
    Ok(())
}
