//! `cards describe`: what a learning program reads of a game with given options (the size of
//! the action index space, the tensors' shapes and layouts), so that a user can size a network
//! without reading the source.

use cards::learning::{layout, layout_table, Learn};
use cards::{Game, TensorKind};

use crate::error::CliError;
use crate::registry;

/// What `describe` prints of one game with its options.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Description {
    /// The game's name.
    pub game: &'static str,
    /// The options read, as JSON with every field.
    pub options: serde_json::Value,
    /// The size of the action index space.
    pub num_distinct_actions: usize,
    /// The information-state tensor's size.
    pub information_state_size: usize,
    /// The observation tensor's size.
    pub observation_size: usize,
    /// The information-state tensor's layout, a Markdown table.
    pub information_state_layout: String,
    /// The observation tensor's layout, a Markdown table.
    pub observation_layout: String,
}

impl std::fmt::Display for Description {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "{} with options {}", self.game, self.options)?;
        writeln!(f)?;
        writeln!(f, "Actions: {} distinct indices", self.num_distinct_actions)?;
        writeln!(
            f,
            "Information-state tensor: {} values",
            self.information_state_size
        )?;
        writeln!(f, "Observation tensor: {} values", self.observation_size)?;
        writeln!(f)?;
        writeln!(f, "Information-state tensor layout:")?;
        writeln!(f)?;
        writeln!(f, "{}", self.information_state_layout)?;
        writeln!(f, "Observation tensor layout:")?;
        writeln!(f)?;
        write!(f, "{}", self.observation_layout)
    }
}

/// Describes a game implementing [`Learn`] with options given as JSON.
pub fn of<G: Learn>(options: &serde_json::Value) -> Result<Description, CliError> {
    // Options the game refuses are refused here too, with its reason.
    let game: G = crate::start::<G>(options, 0)?;
    let options = game.options();
    Ok(Description {
        game: G::NAME,
        options: serde_json::to_value(options).map_err(|e| CliError::Options(e.to_string()))?,
        num_distinct_actions: G::num_distinct_actions(options),
        information_state_size: G::tensor_size(options, TensorKind::InformationState),
        observation_size: G::tensor_size(options, TensorKind::Observation),
        information_state_layout: layout_table(&layout::<G>(options, TensorKind::InformationState)),
        observation_layout: layout_table(&layout::<G>(options, TensorKind::Observation)),
    })
}

/// Describes the game of this name (any case) with options given as JSON.
pub fn describe(name: &str, options: &serde_json::Value) -> Result<Description, CliError> {
    let entry = registry::find(name)?;
    match entry.name {
        headtrip::HeadTrip::NAME => of::<headtrip::HeadTrip>(options),
        brainshearts::BrainsHearts::NAME => of::<brainshearts::BrainsHearts>(options),
        roundtrip::RoundTrip::NAME => of::<roundtrip::RoundTrip>(options),
        other => Err(CliError::NotDescribed(other)),
    }
}

/// The command: prints the description of a game, as text or JSON, on standard output.
pub fn run(name: &str, options: &serde_json::Value, json: bool) -> Result<(), CliError> {
    use std::io::Write;
    let description = describe(name, options)?;
    let mut out = std::io::stdout().lock();
    if json {
        let line =
            serde_json::to_string(&description).map_err(|e| CliError::Options(e.to_string()))?;
        writeln!(out, "{line}")?;
    } else {
        write!(out, "{description}")?;
    }
    Ok(out.flush()?)
}
