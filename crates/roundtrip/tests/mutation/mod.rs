//! The mutation net of the loading tests: JSON mutations of saved states, and a random
//! playout of a loaded game that checks the contract all the way to the end.

use cards::{Game, GameRng, Seat};
use roundtrip::RoundTrip;
use serde_json::{json, Value};

/// One step into a JSON document.
#[derive(Clone, Debug, PartialEq)]
enum Step {
    Key(String),
    Index(usize),
}

/// Every node of the document below the root, by path.
fn paths(value: &Value, at: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    match value {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                at.push(Step::Index(i));
                out.push(at.clone());
                paths(item, at, out);
                at.pop();
            }
        }
        Value::Object(fields) => {
            for (key, item) in fields {
                at.push(Step::Key(key.clone()));
                out.push(at.clone());
                paths(item, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

/// The field a path names, indices left out: the paths of one shape are one kind of field.
fn shape(path: &[Step]) -> String {
    path.iter()
        .map(|s| match s {
            Step::Key(k) => k.as_str(),
            Step::Index(_) => "*",
        })
        .collect::<Vec<_>>()
        .join(".")
}

fn node_mut<'a>(mut value: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    for step in path {
        value = match step {
            Step::Key(k) => value.get_mut(k.as_str())?,
            Step::Index(i) => value.get_mut(*i)?,
        };
    }
    Some(value)
}

const VARIANTS: [&str; 4] = ["Main", "Over", "After", "Respond"];
const CARD_TEXTS: [&str; 8] = [
    "hiker 0 1",
    "bike circle star",
    "airplane 3 ?",
    "boat 4 5",
    "train 6 0",
    "rocket 1 2",
    "bus 2 2",
    "",
];

fn pick<'a, T>(rng: &mut GameRng, items: &'a [T]) -> &'a T {
    &items[rng.index(items.len())]
}

/// Mutates one node: numbers to 0, ±1, huge or negative; booleans flipped; variant names
/// swapped; card texts and other strings changed; array elements removed, duplicated or
/// swapped; object fields removed or variants renamed.
fn mutate_node(node: &mut Value, rng: &mut GameRng) {
    match node {
        Value::Number(n) => {
            let x = n.as_i64().unwrap_or(i64::MAX);
            *node = match rng.below(8) {
                0 => json!(0),
                1 => json!(x.saturating_add(1)),
                2 => json!(x.saturating_sub(1)),
                3 => json!(u64::MAX),
                4 => json!(i64::MIN),
                5 => json!(-1),
                6 => json!(x.saturating_neg()),
                _ => json!(x.saturating_mul(2)),
            };
        }
        Value::Bool(b) => *b = !*b,
        Value::Null => *node = pick(rng, &[json!(0), json!(1), json!(true), json!([])]).clone(),
        Value::String(s) => {
            *s = if VARIANTS.contains(&s.as_str()) {
                (*pick(rng, &VARIANTS)).to_string()
            } else if rng.below(2) == 0 {
                (*pick(rng, &CARD_TEXTS)).to_string()
            } else {
                s.chars().rev().collect()
            };
        }
        Value::Array(items) => {
            if items.is_empty() {
                items.push(json!(0));
                return;
            }
            let i = rng.index(items.len());
            let j = rng.index(items.len());
            match rng.below(4) {
                0 => {
                    items.remove(i);
                }
                1 => {
                    let copy = items[i].clone();
                    items.insert(j, copy);
                }
                2 => items.swap(i, j),
                _ => items[i] = items[j].clone(),
            }
        }
        Value::Object(fields) => {
            let keys: Vec<String> = fields.keys().cloned().collect();
            if keys.is_empty() {
                *node = json!("Main");
                return;
            }
            let key = pick(rng, &keys).clone();
            if VARIANTS.contains(&key.as_str()) {
                let inner = fields.remove(&key).unwrap_or(Value::Null);
                let other = (*pick(rng, &VARIANTS)).to_string();
                fields.insert(other, inner);
            } else {
                fields.remove(&key);
            }
        }
    }
}

/// The nodes of a saved state that mutations aim at, grouped by kind of field.
pub struct Targets {
    by_shape: Vec<Vec<Vec<Step>>>,
}

impl Targets {
    /// The nodes of `value`.
    pub fn of(value: &Value) -> Targets {
        let mut all = Vec::new();
        paths(value, &mut Vec::new(), &mut all);
        let mut by_shape: Vec<(String, Vec<Vec<Step>>)> = Vec::new();
        for path in all {
            let kind = shape(&path);
            match by_shape.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, paths)) => paths.push(path),
                None => by_shape.push((kind, vec![path])),
            }
        }
        Targets {
            by_shape: by_shape.into_iter().map(|(_, paths)| paths).collect(),
        }
    }
}

/// Mutates one to three fields of `value` (whose nodes are `targets`), each kind of field as
/// likely as any other. (A field an earlier mutation removed is left alone.)
pub fn mutate(value: &mut Value, targets: &Targets, rng: &mut GameRng) {
    for _ in 0..=rng.below(3) {
        let of_shape = pick(rng, &targets.by_shape);
        let path = pick(rng, of_shape);
        if let Some(node) = node_mut(value, path) {
            mutate_node(node, rng);
        }
    }
}

/// Saves the game and loads it back: it must load, and save the same.
fn reloads(game: &RoundTrip) -> Result<(), String> {
    let json = serde_json::to_string(game).map_err(|e| e.to_string())?;
    let loaded: RoundTrip =
        serde_json::from_str(&json).map_err(|e| format!("a state saved on the way: {e}"))?;
    let again = serde_json::to_string(&loaded).map_err(|e| e.to_string())?;
    if again != json {
        return Err("a state saved on the way loads as another state".into());
    }
    Ok(())
}

/// Everything a host reads of a game: no panic.
fn read_everything(game: &RoundTrip) {
    for i in 0..game.seat_count() {
        let seat = Seat(i as u8);
        let _ = game.score(seat);
        let _ = game.view(seat).to_string();
    }
    let _ = game.winners();
    let _ = game.to_string();
}

/// Plays a loaded game to its end at random, checking the contract all the way.
pub fn play_on(mut game: RoundTrip, rng: &mut GameRng) -> Result<u64, String> {
    let bound = game.max_plies();
    let mut legal = Vec::new();
    read_everything(&game);
    reloads(&game)?;
    while let Some(seat) = game.to_act() {
        if game.plies() >= bound {
            return Err(format!("no end within the bound of {bound} plies"));
        }
        game.legal_actions(&mut legal);
        let Some(&action) = legal.get(rng.index(legal.len())) else {
            return Err(format!("seat {seat} is to act with no legal action"));
        };
        game.apply(action)
            .map_err(|e| format!("listed action `{action}` refused: {e}"))?;
        let _ = game.view(seat);
        if rng.below(4) == 0 {
            reloads(&game)?;
        }
    }
    read_everything(&game);
    reloads(&game)?;
    Ok(game.plies())
}
