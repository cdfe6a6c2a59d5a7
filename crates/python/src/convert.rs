//! Python values to JSON and back, through Python's own `json` module: options in, views,
//! options and summaries out.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::error::Failure;

/// Reads a game's options: `None` (the defaults) or a dict, as JSON.
pub fn options_json(
    py: Python<'_>,
    options: Option<&Bound<'_, PyAny>>,
) -> PyResult<serde_json::Value> {
    let Some(options) = options else {
        return Ok(serde_json::Value::Null);
    };
    if options.is_none() {
        return Ok(serde_json::Value::Null);
    }
    if !options.is_instance_of::<PyDict>() {
        return Err(Failure::Options(format!(
            "options must be a dict such as {{\"players\": 3}}, not {}",
            options.get_type().name()?
        ))
        .into());
    }
    let text: String = py
        .import("json")?
        .call_method1("dumps", (options,))
        .map_err(|e| Failure::Options(format!("options must be JSON values: {e}")))?
        .extract()?;
    serde_json::from_str(&text)
        .map_err(|e| Failure::Options(format!("options must be JSON values: {e}")).into())
}

/// A JSON text as a Python value.
pub fn from_json<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

/// A JSON value as a Python value.
pub fn from_value<'py>(py: Python<'py>, value: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    from_json(py, &value.to_string())
}
