//! Mutations of a saved state's JSON document, each chosen by four bytes: which kind of node,
//! which node of that kind (two bytes), and how to change it.

use serde_json::{Map, Number, Value};
use std::fmt::Write as _;

use crate::Card;

/// One step into a JSON document.
#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

/// The kinds of node a mutation aims at, in the order the kind byte picks them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Number,
    String,
    Array,
    Bool,
    Object,
    /// An object with a single key: an externally tagged enum variant.
    Tagged,
    /// Any node at all (to be made `null`).
    Any,
}

const KINDS: [Kind; 8] = [
    Kind::Number,
    Kind::String,
    Kind::Array,
    Kind::Bool,
    Kind::Object,
    Kind::Tagged,
    Kind::Any,
    Kind::Number,
];

/// The strings of some documents (values, and keys of single-key objects): the names a string
/// or a variant tag may be swapped for; and their whole numbers, which a number may be set to
/// (a count set to a bound found elsewhere, say `turns` to `max_turns`).
#[derive(Clone, Debug, Default)]
pub(super) struct Vocabulary(Vec<String>, Vec<u64>);

impl Vocabulary {
    /// Adds every string and every whole number of `doc`.
    pub(super) fn add(&mut self, doc: &Value) {
        self.gather(doc);
        self.0.sort();
        self.0.dedup();
        self.1.sort_unstable();
        self.1.dedup();
    }

    fn gather(&mut self, doc: &Value) {
        match doc {
            Value::String(s) => self.0.push(s.clone()),
            Value::Number(n) => self.1.extend(n.as_u64()),
            Value::Array(items) => items.iter().for_each(|v| self.gather(v)),
            Value::Object(map) => {
                if map.len() == 1 {
                    self.0.extend(map.keys().cloned());
                }
                map.values().for_each(|v| self.gather(v));
            }
            _ => {}
        }
    }

    /// A whole number of the documents, chosen by `pick`.
    fn number(&self, pick: usize) -> Option<u64> {
        self.1.get(pick % self.1.len().max(1)).copied()
    }

    /// A string of the vocabulary other than `not`, chosen by `pick`.
    fn other(&self, not: &str, pick: usize) -> Option<&str> {
        let others: Vec<&str> = self
            .0
            .iter()
            .map(String::as_str)
            .filter(|s| *s != not)
            .collect();
        others.get(pick % others.len().max(1)).copied()
    }

    /// A word of some string of the vocabulary, chosen by `pick`.
    fn word(&self, pick: usize) -> Option<&str> {
        let words: Vec<&str> = self.0.iter().flat_map(|s| s.split(' ')).collect();
        words.get(pick % words.len().max(1)).copied()
    }
}

/// Lists every node of `doc` with its path and kinds.
fn nodes(doc: &Value, path: &mut Vec<Step>, out: &mut Vec<(Vec<Step>, Kind)>) {
    out.push((path.clone(), Kind::Any));
    match doc {
        Value::Number(_) => out.push((path.clone(), Kind::Number)),
        Value::String(_) => out.push((path.clone(), Kind::String)),
        Value::Bool(_) => out.push((path.clone(), Kind::Bool)),
        Value::Array(items) => {
            if !items.is_empty() {
                out.push((path.clone(), Kind::Array));
            }
            for (i, item) in items.iter().enumerate() {
                path.push(Step::Index(i));
                nodes(item, path, out);
                path.pop();
            }
        }
        Value::Object(map) => {
            if !map.is_empty() {
                out.push((path.clone(), Kind::Object));
            }
            if map.len() == 1 {
                out.push((path.clone(), Kind::Tagged));
            }
            for (key, item) in map {
                path.push(Step::Key(key.clone()));
                nodes(item, path, out);
                path.pop();
            }
        }
        Value::Null => {}
    }
}

/// The node at `path`.
fn at<'a>(doc: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    path.iter().try_fold(doc, |node, step| match (node, step) {
        (Value::Array(items), Step::Index(i)) => items.get_mut(*i),
        (Value::Object(map), Step::Key(k)) => map.get_mut(k),
        _ => None,
    })
}

/// `path` as a JSON pointer (`/players/0/hand`).
fn pointer(path: &[Step]) -> String {
    let mut text = String::new();
    for step in path {
        let _ = match step {
            Step::Key(k) => write!(text, "/{}", k.replace('~', "~0").replace('/', "~1")),
            Step::Index(i) => write!(text, "/{i}"),
        };
    }
    if text.is_empty() {
        text.push('/');
    }
    text
}

/// `path` with its array indices left out (`/players/*/hand`): the field it is a node of.
fn field(path: &[Step]) -> String {
    let mut text = String::new();
    for step in path {
        let _ = match step {
            Step::Key(k) => write!(text, "/{k}"),
            Step::Index(_) => write!(text, "/*"),
        };
    }
    text
}

/// A short text of a value, for describing a change.
fn brief(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() <= 40 {
        return text;
    }
    let cut: String = text.chars().take(37).collect();
    format!("{cut}...")
}

/// Applies the mutation chosen by `op` to `doc`; returns what it did (`None` when the document
/// has no node to mutate).
pub(super) fn mutate(doc: &mut Value, op: [u8; 4], vocabulary: &Vocabulary) -> Option<String> {
    let mut all = Vec::new();
    nodes(doc, &mut Vec::new(), &mut all);
    let [kind, hi, lo, arg] = op;
    let pick = usize::from(u16::from_be_bytes([hi, lo]));
    // The kind the byte asks for, or the next kind the document has a node of. A field is
    // chosen first (a path with its array indices left out), then one of its nodes: the one
    // count of plies is as likely a target as the 32 bytes of a generator's seed together.
    let (path, kind) = (0..KINDS.len()).find_map(|shift| {
        let wanted = KINDS[(usize::from(kind) + shift) % KINDS.len()];
        let mut fields: Vec<(String, Vec<&Vec<Step>>)> = Vec::new();
        for (path, _) in all.iter().filter(|(_, k)| *k == wanted) {
            let field = field(path);
            match fields.iter_mut().find(|(f, _)| *f == field) {
                Some((_, paths)) => paths.push(path),
                None => fields.push((field, vec![path])),
            }
        }
        let (_, paths) = fields.get(pick % fields.len().max(1))?;
        let path = paths.get(pick / fields.len().max(1) % paths.len().max(1))?;
        Some(((*path).clone(), wanted))
    })?;
    let node = at(doc, &path)?;
    let before = brief(node);
    let how = change(node, kind, arg, pick, vocabulary)?;
    Some(format!(
        "at `{}`: {how} ({before} → {})",
        pointer(&path),
        brief(node)
    ))
}

/// Changes `node` (of kind `kind`) as `arg` says; returns the name of the change.
fn change(
    node: &mut Value,
    kind: Kind,
    arg: u8,
    pick: usize,
    vocabulary: &Vocabulary,
) -> Option<&'static str> {
    let arg_index = usize::from(arg / 8);
    match kind {
        Kind::Number => {
            let (how, number) = new_number(node.as_number()?, arg, pick, vocabulary);
            *node = Value::Number(number);
            Some(how)
        }
        Kind::String => {
            let Value::String(text) = node else {
                return None;
            };
            let (how, new) = new_string(text, arg, pick, vocabulary);
            *text = new;
            Some(how)
        }
        Kind::Array => {
            let Value::Array(items) = node else {
                return None;
            };
            let i = pick % items.len().max(1);
            let j = (i + 1 + arg_index) % items.len().max(1);
            match arg % 4 {
                0 => {
                    items.remove(i);
                    Some("element removed")
                }
                1 => {
                    let copy = items.get(i)?.clone();
                    items.insert(i, copy);
                    Some("element duplicated")
                }
                2 => {
                    items.swap(i, j);
                    Some("elements swapped")
                }
                _ => {
                    let copy = items.get(j)?.clone();
                    *items.get_mut(i)? = copy;
                    Some("element replaced by another")
                }
            }
        }
        Kind::Bool => {
            let Value::Bool(b) = node else {
                return None;
            };
            *b = !*b;
            Some("flipped")
        }
        Kind::Object => {
            let Value::Object(map) = node else {
                return None;
            };
            let key = map.keys().nth(usize::from(arg) % map.len().max(1))?.clone();
            map.remove(&key);
            Some("key removed")
        }
        Kind::Tagged => {
            let Value::Object(map) = node else {
                return None;
            };
            let (key, inner) = map.iter().next()?;
            let tag = vocabulary.other(key, usize::from(arg))?.to_owned();
            let inner = inner.clone();
            let mut swapped = Map::new();
            swapped.insert(tag, inner);
            *map = swapped;
            Some("variant tag swapped")
        }
        Kind::Any => {
            *node = Value::Null;
            Some("made null")
        }
    }
}

/// The bounds of the integer types a count may be saved as, and one past each: where a count
/// edited past the bound a real game reaches meets the type's own (`u16::MAX` plies, a `u32`
/// turn counter at `u32::MAX`, whose `+ 1` overflows).
const TYPE_BOUNDS: [u64; 10] = [
    0x7f,
    0xff,
    0x100,
    0x7fff,
    0xffff,
    0x1_0000,
    0x7fff_ffff,
    0xffff_ffff,
    0x1_0000_0000,
    0x7fff_ffff_ffff_ffff,
];

/// The number that replaces `n` under `arg` (and `pick`, for a number of the documents), and
/// the name of the change.
fn new_number(n: &Number, arg: u8, pick: usize, vocabulary: &Vocabulary) -> (&'static str, Number) {
    let as_i128 = n
        .as_u64()
        .map(i128::from)
        .or_else(|| n.as_i64().map(i128::from));
    let shifted = |by: i128| {
        as_i128
            .and_then(|v| v.checked_add(by))
            .and_then(|v| {
                u64::try_from(v)
                    .map(Number::from)
                    .or_else(|_| i64::try_from(v).map(Number::from))
                    .ok()
            })
            .unwrap_or_else(|| Number::from(0u64))
    };
    let more = arg / 12;
    match arg % 12 {
        0 => ("zero", Number::from(0u64)),
        1 => ("plus one", shifted(1)),
        2 => ("minus one", shifted(-1)),
        3 => ("huge", Number::from(1u64 << (32 + more % 31))),
        4 => ("negative", Number::from(-1 - i64::from(more))),
        5 => ("u64::MAX", Number::from(u64::MAX)),
        6 => ("i64::MIN", Number::from(i64::MIN)),
        7 => (
            "fraction",
            Number::from_f64(0.5 + f64::from(arg)).unwrap_or_else(|| Number::from(0u64)),
        ),
        8 => ("small", Number::from(u64::from(more % 8))),
        // A count at the bound of its type, or one past it.
        9 => (
            "a type's bound",
            Number::from(TYPE_BOUNDS[usize::from(more) % TYPE_BOUNDS.len()]),
        ),
        // A bit of a mask (a record of what seats know, a set of seats) flipped.
        10 => match n.as_u64() {
            Some(v) => ("a bit flipped", Number::from(v ^ 1 << (more % 8))),
            None => ("zero", Number::from(0u64)),
        },
        // Another number of the documents, or one past it: a count set to a bound found
        // elsewhere (`max_turns`), or past it.
        _ => match vocabulary.number(pick.wrapping_add(usize::from(more))) {
            Some(v) if more % 2 == 0 => ("another number of the documents", Number::from(v)),
            Some(v) => (
                "one past another number of the documents",
                Number::from(v.saturating_add(1)),
            ),
            None => ("zero", Number::from(0u64)),
        },
    }
}

/// The string that replaces `text` under `arg`, and the name of the change.
fn new_string(text: &str, arg: u8, pick: usize, vocabulary: &Vocabulary) -> (&'static str, String) {
    let index = usize::from(arg / 8);
    let card = text.parse::<Card>().ok();
    match (arg % 8, card) {
        // A card changed for another card, or for a text that is no card.
        (0 | 1, Some(card)) => {
            let other = Card::ALL[(card.index() + 1 + index) % Card::COUNT];
            ("card changed", format!("{other:#}"))
        }
        (2, Some(_)) => ("card made malformed", format!("1{text}")),
        // Swapped for another name found in the documents (another variant, say).
        (0..=2, None) | (3 | 4, _) => match vocabulary.other(text, pick.wrapping_add(index)) {
            Some(other) => ("swapped for another name", other.to_owned()),
            None => ("emptied", String::new()),
        },
        // One word of the text swapped for a word found in the documents.
        (5, _) => {
            let mut words: Vec<&str> = text.split(' ').collect();
            let slot = index % words.len().max(1);
            if let (Some(word), Some(new)) = (words.get_mut(slot), vocabulary.word(pick)) {
                *word = new;
            }
            ("word swapped", words.join(" "))
        }
        // One character changed.
        (6, _) => {
            const ALPHABET: &[char] = &['0', '1', '9', 'A', 'J', 'K', 'C', 'H', 'X', '=', '?'];
            let mut chars: Vec<char> = text.chars().collect();
            let slot = pick % chars.len().max(1);
            let new = ALPHABET[index % ALPHABET.len()];
            match chars.get_mut(slot) {
                Some(c) => *c = new,
                None => chars.push(new),
            }
            ("character changed", chars.into_iter().collect())
        }
        _ => {
            let mut shorter = text.to_owned();
            shorter.pop();
            ("last character removed", shorter)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc() -> Value {
        serde_json::json!({
            "phase": "Play",
            "facing": ["Up", "Down"],
            "card": "4H",
            "trip": "bike circle square",
            "done": false,
            "plies": 7,
            "tagged": {"After": {"steal": 2}}
        })
    }

    fn vocabulary(doc: &Value) -> Vocabulary {
        let mut vocabulary = Vocabulary::default();
        vocabulary.add(doc);
        vocabulary
    }

    #[test]
    fn every_kind_of_mutation_changes_the_document() {
        let original = doc();
        let words = vocabulary(&original);
        let (mut tried, mut changed) = (0, 0);
        for kind in 0..8u8 {
            for arg in 0..=255u8 {
                for pick in 0..4u8 {
                    let mut mutant = original.clone();
                    let what = mutate(&mut mutant, [kind, 0, pick, arg], &words);
                    let what = what.unwrap_or_default();
                    assert!(what.starts_with("at `/"), "{what}");
                    tried += 1;
                    if mutant != original {
                        changed += 1;
                    }
                }
            }
        }
        // A few leave the document as it was (two equal elements swapped, a number set to
        // the value it had); nearly all change it.
        assert!(
            changed * 20 > tried * 19,
            "{changed} of {tried} changed the document"
        );
    }

    #[test]
    fn numbers_take_the_extreme_values() {
        let seven = Number::from(7u64);
        let words = vocabulary(&doc());
        let values: Vec<String> = (0..=255)
            .map(|arg| new_number(&seven, arg, 0, &words).1.to_string())
            .collect();
        for expected in [
            "0",
            "8",
            "6",
            "18446744073709551615",
            "-9223372036854775808",
            "65535",
            "65536",
            "4294967295",
            "255",
            "3",
        ] {
            assert!(values.iter().any(|v| v == expected), "{values:?}");
        }
        assert_eq!(
            new_number(&Number::from(0u64), 2, 0, &words).1,
            Number::from(-1i64)
        );
    }

    #[test]
    fn numbers_are_set_to_other_numbers_of_the_documents_or_past_them() {
        // The document's numbers are 2 (`steal`) and 7 (`plies`): a count set to one, or one
        // past one.
        let words = vocabulary(&doc());
        let zero = Number::from(0u64);
        let (how, at) = new_number(&zero, 11, 0, &words);
        assert_eq!(
            (how, at),
            ("another number of the documents", Number::from(2u64))
        );
        let (how, past) = new_number(&zero, 23, 0, &words);
        assert_eq!(
            (how, past),
            (
                "one past another number of the documents",
                Number::from(8u64)
            )
        );
    }

    #[test]
    fn names_are_swapped_for_names_found_in_the_document() {
        let original = doc();
        let words = vocabulary(&original);
        let (how, new) = new_string("Play", 3, 0, &words);
        assert_eq!(how, "swapped for another name");
        assert_ne!(new, "Play");
        assert!(words.0.contains(&new));
        let (how, new) = new_string("4H", 0, 0, &words);
        assert_eq!((how, new.as_str()), ("card changed", "5H"));
        let mut tagged = serde_json::json!({"After": {"steal": 2}});
        let what = mutate(&mut tagged, [5, 0, 0, 0], &words).unwrap_or_default();
        assert!(what.contains("variant tag swapped"), "{what}");
        assert!(tagged.get("After").is_none());
    }
}
