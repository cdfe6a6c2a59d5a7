//! The game behind each Python class: one generic wrapper over [`cards::Game`], so that every
//! game class is the same few lines (see `games.rs`) and a method added here (the learning
//! interface's masks and tensors, to come) reaches all four games at once.

use std::fmt::Display;

use cards::{Game, GameRng, PlayoutRng, Seat};

use crate::error::Failure;

/// A game of type `G` with the buffer its legal actions are listed into.
#[derive(Clone, Debug)]
pub struct Engine<G: Game> {
    game: G,
    legal: Vec<G::Action>,
}

/// The option names of game `G`: the fields its options read. Every game's options refuse
/// unknown fields, and serde's refusal lists the known ones (``expected one of `a`, `b` ``),
/// optional fields that a default leaves out of its JSON included; the fields of the default
/// options' JSON are added in case a game's options ever stop refusing.
pub fn option_names<G: Game>() -> Vec<String> {
    let mut names = Vec::new();
    let probe = serde_json::json!({ "\u{1}": null });
    if let Err(refused) = serde_json::from_value::<G::Options>(probe) {
        let message = refused.to_string();
        if let Some((_, expected)) = message.split_once("expected") {
            names.extend(expected.split('`').skip(1).step_by(2).map(str::to_owned));
        }
    }
    if let Ok(serde_json::Value::Object(fields)) = serde_json::to_value(G::Options::default()) {
        for field in fields.keys() {
            if !names.contains(field) {
                names.push(field.clone());
            }
        }
    }
    names
}

impl<G> Engine<G>
where
    G: Game + Display,
    G::View: Display,
{
    /// Starts a game from options given as JSON (`null` or `{}`: the defaults) and a seed. A
    /// field the options do not have is refused with the list of those they have.
    pub fn new(options: &serde_json::Value, seed: u64) -> Result<Self, Failure> {
        if let serde_json::Value::Object(fields) = options {
            let valid = option_names::<G>();
            if let Some(unknown) = fields.keys().find(|k| !valid.contains(k)) {
                return Err(Failure::Options(format!(
                    "{} has no option `{}`; its options are: {}",
                    G::NAME,
                    cards::text::shown(unknown),
                    valid.join(", ")
                )));
            }
        }
        let game =
            cards_cli::start::<G>(options, seed).map_err(|e| Failure::Options(e.to_string()))?;
        Ok(Self::of(game))
    }

    /// Wraps a game.
    pub fn of(game: G) -> Self {
        Engine {
            game,
            legal: Vec::new(),
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The seat to act (none once the game is over).
    pub fn to_act(&self) -> Option<u8> {
        self.game.to_act().map(|s| s.0)
    }

    /// The legal actions of the seat to act, as text, in the engine's order.
    pub fn legal_actions(&mut self) -> Vec<String> {
        self.game.legal_actions(&mut self.legal);
        self.legal.iter().map(ToString::to_string).collect()
    }

    /// Reads an action's text.
    fn parse(text: &str) -> Result<G::Action, Failure> {
        text.parse::<G::Action>().map_err(|e| {
            Failure::Illegal(format!(
                "`{}` is not an action of {}: {e}",
                cards::text::shown(text),
                G::NAME
            ))
        })
    }

    /// Takes an action given as text: one that does not read as an action, or that the engine
    /// refuses, leaves the game as it was.
    pub fn apply(&mut self, text: &str) -> Result<(), Failure> {
        let action = Self::parse(text)?;
        self.game
            .apply(action)
            .map_err(|e| Failure::Illegal(format!("`{action}` refused: {e}")))
    }

    /// Takes an action the engine listed (for the agents and the playouts).
    pub fn apply_action(&mut self, action: G::Action) -> Result<(), Failure> {
        self.game
            .apply(action)
            .map_err(|e| Failure::Illegal(format!("`{action}` refused: {e}")))
    }

    /// Every seat's score.
    pub fn scores(&self) -> Vec<i64> {
        self.game.seats().map(|s| self.game.score(s)).collect()
    }

    /// The seats that won (or lead, before the end), as numbers (a `Vec<u8>` would reach
    /// Python as `bytes`).
    pub fn winners(&self) -> Vec<usize> {
        self.game.winners().iter().map(Seat::index).collect()
    }

    /// Refuses a seat that is not at the table.
    fn seat(&self, seat: u8) -> Result<Seat, Failure> {
        if usize::from(seat) < self.game.seat_count() {
            Ok(Seat(seat))
        } else {
            Err(Failure::Seat(format!(
                "no seat {seat}: {} has seats 0 to {}",
                G::NAME,
                self.game.seat_count() - 1
            )))
        }
    }

    /// A seat's view as JSON (a seat beyond the table gets a spectator's view).
    pub fn view_json(&self, seat: u8) -> Result<String, Failure> {
        serde_json::to_string(&self.game.view(Seat(seat)))
            .map_err(|e| Failure::Engine(e.to_string()))
    }

    /// A seat's view as `cards play` shows it.
    pub fn render(&self, seat: u8) -> String {
        self.game.view(Seat(seat)).to_string()
    }

    /// What `seat` sees of an action (given as text) about to be taken.
    pub fn observe(&self, action: &str, seat: u8) -> Result<String, Failure> {
        let action = Self::parse(action)?;
        Ok(self.game.observe(action, self.seat(seat)?).to_string())
    }

    /// The state as JSON.
    pub fn to_json(&self) -> Result<String, Failure> {
        serde_json::to_string(&self.game).map_err(|e| Failure::Engine(e.to_string()))
    }

    /// A state saved by [`to_json`](Engine::to_json); loading checks the state.
    pub fn from_json(text: &str) -> Result<Self, Failure> {
        serde_json::from_str::<G>(text).map(Self::of).map_err(|e| {
            Failure::State(format!(
                "not a state of {}: {}",
                G::NAME,
                cards::text::shown_message(&e.to_string(), cards::text::MESSAGE)
            ))
        })
    }

    /// A determinisation for `seat`: a state drawn uniformly among those its view allows.
    pub fn resample_hidden(&self, seat: u8, seed: u64) -> Result<Self, Failure> {
        let seat = self.seat(seat)?;
        let mut rng = GameRng::from_seed(seed);
        Ok(Self::of(self.game.resample_hidden(seat, &mut rng)))
    }

    /// Plays uniformly random legal actions, drawn from `seed`, to the end; returns the plies
    /// played.
    pub fn random_playout(&mut self, seed: u64) -> Result<u64, Failure> {
        let mut rng = PlayoutRng::from_seed(seed);
        cards::random_playout(&mut self.game, &mut rng, &mut self.legal)
            .map(|stats| stats.plies)
            .map_err(|e| Failure::Engine(e.to_string()))
    }

    /// The options as JSON.
    pub fn options_json(&self) -> Result<String, Failure> {
        serde_json::to_string(self.game.options()).map_err(|e| Failure::Engine(e.to_string()))
    }

    /// The legal actions of the seat to act, in the engine's order, in the buffer.
    pub fn legal(&mut self) -> &[G::Action] {
        self.game.legal_actions(&mut self.legal);
        &self.legal
    }
}
