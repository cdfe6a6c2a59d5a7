//! Drivers that turn arbitrary bytes into game inputs, for fuzz targets, their stable-Rust
//! twins in CI and the test kit. Refusals are fine; a panic, or a state accepted that then
//! breaks the contract, is a bug.
//!
//! - [`drive_with_bytes`]: bytes as options, seed and actions; then the game is played to its
//!   end, the contract checked all the way.
//! - [`deserialize_bytes`]: bytes to the state, record and action deserialisers; a state that
//!   loads is played to its end, the contract checked all the way.
//! - [`drive_mutated_state`] (and [`check_mutated_state`], which returns what broke instead of
//!   panicking): valid saved states, from random games at random points (the end included) or
//!   given as a JSON document, mutated in their JSON (numbers, names of variants, cards,
//!   arrays, booleans, keys); every mutant is either refused by the deserialiser or keeps the
//!   contract to its end.
//! - [`drive_mutant_inputs`] and [`drive_seed_corpora`]: the stable twins of the fuzz targets,
//!   on pseudo-random inputs and on the checked-in seed files.

use serde_json::Value;
use std::panic::{catch_unwind, AssertUnwindSafe};
use thiserror::Error;

use crate::{Game, GameRng, Record, Seat};

mod contract;
mod mutate;
mod twins;

use contract::{play_on, Depth};
use mutate::{mutate, Vocabulary};
pub use twins::{drive_mutant_inputs, drive_seed_corpora, mutant_inputs, SeedReport};

/// How closely a game driven by bytes or loaded from bytes is checked on its way to the end:
/// fully at its first plies and at every sixteenth.
const LIGHT: Depth = Depth {
    full_plies: 4,
    stride: 16,
    reload_every_ply: false,
    max_plies: 200_000,
};

/// How closely a mutant is checked: fully at each of its first 64 plies and at every fourth
/// after; saved and loaded at every ply.
const FULL: Depth = Depth {
    full_plies: 64,
    stride: 4,
    reload_every_ply: true,
    max_plies: 200_000,
};

/// Most mutants made from one input.
pub const MAX_MUTANTS: usize = 32;

/// Plays a game driven by `data`: the first byte picks the options (from `options`), the next
/// eight the seed, and each further byte either picks a legal action (even bytes) or probes any
/// value of the action space (odd bytes), which may be refused. Checks along the way that a
/// refusal leaves the state unchanged. Once the bytes run out, the game is played to its end
/// with random choices seeded from the bytes, the contract checked all the way (as
/// [`check_mutated_state`] checks a mutant). Returns the number of actions the bytes applied.
///
/// # Panics
/// Only when the game breaks its contract (a refused action changed the state, say), which is
/// what a fuzzer looks for.
pub fn drive_with_bytes<G: Game>(options: &[G::Options], data: &[u8]) -> usize {
    let Some((&pick, rest)) = data.split_first() else {
        return 0;
    };
    let Some(chosen) = options.get(usize::from(pick) % options.len().max(1)) else {
        return 0;
    };
    let (seed_bytes, moves) = rest.split_at(rest.len().min(8));
    let seed = seed_of(seed_bytes);
    let Ok(mut game) = G::new(chosen.clone(), seed) else {
        return 0;
    };
    let mut legal = Vec::new();
    let mut space = Vec::new();
    game.action_space(&mut space);
    let mut applied = 0;
    for &byte in moves {
        game.legal_actions(&mut legal);
        if byte % 2 == 0 {
            if let Some(&action) = legal.get(usize::from(byte / 2) % legal.len().max(1)) {
                if game.apply(action).is_ok() {
                    applied += 1;
                }
            }
        } else if let Some(&action) = space.get(usize::from(byte / 2) % space.len().max(1)) {
            let before = serde_json::to_vec(&game).ok();
            if game.apply(action).is_ok() {
                applied += 1;
            } else {
                assert_eq!(
                    before,
                    serde_json::to_vec(&game).ok(),
                    "refusing `{action}` changed the state"
                );
            }
        }
        for i in 0..game.seat_count() {
            let _ = game.view(Seat(i as u8));
        }
        let _ = game.winners();
    }
    let mut rng = GameRng::from_seed(seed ^ fnv(moves));
    if let Err(broke) = play_on(game, &mut rng, LIGHT) {
        panic!(
            "{}: options {pick}, seed {seed}, after {applied} actions from bytes, played on at \
             random: {broke}",
            G::NAME
        );
    }
    applied
}

/// A saved game mangled by one byte: a game with `options` and `seed` plays `plies` random
/// plies (fewer if it ends), is saved, has the byte at `cut` (modulo its length) XORed with
/// `flip`, and the bytes go through [`deserialize_bytes`]. The stable twins of the fuzz targets
/// run it on generated inputs.
///
/// # Panics
/// When the options are refused, when an accepted state breaks the contract, or the engine
/// panics.
pub fn mangle_saved_game<G: Game>(
    options: G::Options,
    seed: u64,
    plies: usize,
    cut: usize,
    flip: u8,
) {
    let mut game = match G::new(options, seed) {
        Ok(game) => game,
        Err(e) => panic!("{}: options refused: {e}", G::NAME),
    };
    let mut rng = GameRng::from_seed(seed);
    let mut legal = Vec::new();
    for _ in 0..plies {
        game.legal_actions(&mut legal);
        if legal.is_empty() {
            break;
        }
        let action = legal[rng.index(legal.len())];
        if game.apply(action).is_err() {
            panic!("{}: a legal action was refused", G::NAME);
        }
    }
    let mut bytes = serde_json::to_vec(&game).unwrap_or_default();
    if !bytes.is_empty() {
        let i = cut % bytes.len();
        bytes[i] ^= flip;
    }
    deserialize_bytes::<G>(&bytes);
}

/// Feeds `data` to the state and record deserialisers; a state they accept is played to its
/// end, the contract checked all the way (as [`check_mutated_state`] checks a mutant).
///
/// # Panics
/// When an accepted state breaks the contract, or the engine panics.
pub fn deserialize_bytes<G: Game>(data: &[u8]) {
    if let Ok(game) = serde_json::from_slice::<G>(data) {
        let mut rng = GameRng::from_seed(fnv(data));
        if let Err(broke) = play_on(game, &mut rng, LIGHT) {
            panic!(
                "{}: a state loaded from {} bytes: {broke}",
                G::NAME,
                data.len()
            );
        }
    }
    if let Ok(record) = serde_json::from_slice::<Record>(data) {
        let _ = record.replay::<G>();
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = text.parse::<G::Action>();
    }
}

/// What [`check_mutated_state`] did with one input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MutantReport {
    /// Documents tried: the state saved, and its mutants.
    pub mutants: usize,
    /// Documents the deserialiser accepted (each then played to its end).
    pub loaded: usize,
    /// Plies played from the loaded documents, all together.
    pub plies: u64,
}

/// A saved state (or a mutant of one) that loaded and then broke the contract, with what it
/// takes to reproduce it.
#[derive(Clone, Debug, Error)]
#[error("{game}: {input}; {}: {problem}", describe(.mutations))]
pub struct Breach {
    /// The game's name.
    pub game: &'static str,
    /// Where the state saved comes from: options, seed and ply, or a document given.
    pub input: String,
    /// The mutations applied in order (none: the state as saved), each with the JSON pointer
    /// of the node changed and its value before and after.
    pub mutations: Vec<String>,
    /// What broke.
    pub problem: String,
}

fn describe(mutations: &[String]) -> String {
    if mutations.is_empty() {
        "loaded as saved".to_owned()
    } else {
        format!("mutated {}", mutations.join(", then "))
    }
}

/// Like [`check_mutated_state`], but panics on a breach: the form for a fuzz target.
///
/// # Panics
/// When a document that loads breaks the contract (see [`check_mutated_state`]).
pub fn drive_mutated_state<G: Game>(options: &[G::Options], data: &[u8]) -> MutantReport {
    check_mutated_state::<G>(options, data).unwrap_or_else(|breach| panic!("{breach}"))
}

/// Takes a valid saved state, mutates its JSON document in ways chosen by `data`, and checks
/// that every mutant is either refused by the deserialiser or keeps the contract: played on to
/// its end with random legal choices, the seat to act is at the table and always has a legal action,
/// every listed action applies and counts one ply, unlisted actions are refused and change
/// nothing, the game ends within `max_plies()`, every state saved along the way loads and saves
/// again to the same bytes, the census of cards never changes, `score`, `winners`, `view` (and
/// its text) and `observe` do not panic (for every seat and a spectator), and a determinisation
/// (`resample_hidden_into`) keeps the seat's view and the seat to act. Checks are complete at
/// the first 64 plies after loading, at every fourth after, and at the end; between them, the
/// lighter ones hold (a legal action, it applies, one ply, the bound, the save).
///
/// `data` is either
/// - a JSON document (a saved state, from a seed corpus) followed by mutation bytes; or
/// - one byte picking the options, eight the seed and one the pause (the state is saved after
///   `pause / 255` of a random game: 255 saves the finished game), then mutation bytes.
///
/// The mutation bytes come in fours (kind, which node: two bytes, how); each four makes a
/// mutant of the state saved, or, when its first byte is 128 or more, of the previous mutant.
/// Numbers become 0, ±1 off, huge, negative, `u64::MAX`, `i64::MIN`, fractions, the bound of an
/// integer type (`u8::MAX`, `u16::MAX`, `u32::MAX`, ...) or one past it, another number of the
/// documents (a bound such as `max_turns`) or one past it, or have one bit flipped; strings
/// become other strings of the documents (names of enum variants, say), other cards, or are
/// altered; array elements are removed, duplicated, swapped or replaced; booleans flip; keys
/// are removed; variant tags are swapped; any node may become `null`. The state as saved is
/// checked first. At most [`MAX_MUTANTS`] mutants per input.
///
/// # Errors
/// The first breach: a document that loaded and broke the contract (a panic of the engine
/// included), or options refused, or a state that does not save.
pub fn check_mutated_state<G: Game>(
    options: &[G::Options],
    data: &[u8],
) -> Result<MutantReport, Breach> {
    let breach = |input: &str, mutations: &[String], problem: String| Breach {
        game: G::NAME,
        input: input.to_owned(),
        mutations: mutations.to_vec(),
        problem,
    };
    let (base, vocabulary, input, script) = if data.first() == Some(&b'{') {
        let mut documents = serde_json::Deserializer::from_slice(data).into_iter::<Value>();
        let Some(Ok(document)) = documents.next() else {
            // Not a JSON document: the bytes as they are.
            let mut report = MutantReport::default();
            check_one::<G>(data, fnv(data), &mut report)
                .map_err(|problem| breach("bytes given", &[], problem))?;
            return Ok(report);
        };
        let script = data.get(documents.byte_offset()..).unwrap_or_default();
        let mut vocabulary = Vocabulary::default();
        vocabulary.add(&document);
        (document, vocabulary, "a document given".to_owned(), script)
    } else {
        saved_state::<G>(options, data)
            .map_err(|problem| breach("making the state to save", &[], problem))?
    };
    let seed = fnv(data);
    let mut report = MutantReport::default();
    let mut mutant = base.clone();
    let mut mutations = Vec::new();
    let bytes = |doc: &Value| serde_json::to_vec(doc).unwrap_or_default();
    // The state as saved loads (unless it was given: a fuzzer may have broken it).
    let given = data.first() == Some(&b'{');
    match check_one::<G>(&bytes(&base), seed, &mut report) {
        Ok(Some(refusal)) if !given => {
            let problem = format!("the state as saved does not load: {refusal}");
            return Err(breach(&input, &mutations, problem));
        }
        Ok(_) => {}
        Err(problem) => return Err(breach(&input, &mutations, problem)),
    }
    for (index, op) in script.chunks_exact(4).take(MAX_MUTANTS).enumerate() {
        let op = [op[0], op[1], op[2], op[3]];
        if op[0] < 128 {
            mutant.clone_from(&base);
            mutations.clear();
        }
        let Some(what) = mutate(&mut mutant, op, &vocabulary) else {
            continue;
        };
        mutations.push(what);
        check_one::<G>(&bytes(&mutant), seed ^ index as u64, &mut report)
            .map_err(|problem| breach(&input, &mutations, problem))?;
    }
    Ok(report)
}

/// Loads `bytes`; if they load, plays the game to its end checking the contract. A panic of the
/// engine is caught and told as a breach. Returns why the bytes were refused, if they were.
fn check_one<G: Game>(
    bytes: &[u8],
    seed: u64,
    report: &mut MutantReport,
) -> Result<Option<String>, String> {
    report.mutants += 1;
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        serde_json::from_slice::<G>(bytes)
            .map(|game| play_on(game, &mut GameRng::from_seed(seed), FULL))
    }));
    match outcome {
        Ok(Err(refusal)) => Ok(Some(refusal.to_string())),
        Ok(Ok(Ok(plies))) => {
            report.loaded += 1;
            report.plies += plies;
            Ok(None)
        }
        Ok(Ok(Err(problem))) => Err(problem),
        Err(panic) => {
            let message = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Err(format!("the engine panicked: {message}"))
        }
    }
}

/// The state saved from the game that the head of `data` describes (options, seed, pause),
/// the names found in it and at the game's start and end, where it comes from, and the
/// mutation bytes that follow the head.
fn saved_state<'a, G: Game>(
    options: &[G::Options],
    data: &'a [u8],
) -> Result<(Value, Vocabulary, String, &'a [u8]), String> {
    let pick = usize::from(data.first().copied().unwrap_or(0)) % options.len().max(1);
    let seed = seed_of(data.get(1..9).unwrap_or_default());
    let pause = data.get(9).copied().unwrap_or(u8::MAX);
    let script = data.get(10..).unwrap_or_default();
    let chosen = options.get(pick).ok_or("no options to choose from")?;
    let start = G::new(chosen.clone(), seed).map_err(|e| format!("options {pick} refused: {e}"))?;
    let mut end = start.clone();
    let mut chooser = GameRng::from_seed(seed ^ 0x6d75_7461_6e74);
    let mut legal = Vec::new();
    let mut actions = Vec::new();
    while end.to_act().is_some() && end.plies() < end.max_plies() {
        end.legal_actions(&mut legal);
        let Some(&action) = legal.get(chooser.index(legal.len())) else {
            break;
        };
        end.apply(action)
            .map_err(|e| format!("options {pick}, seed {seed}: listed `{action}` refused: {e}"))?;
        actions.push(action);
    }
    let ply = actions.len() * usize::from(pause) / usize::from(u8::MAX);
    let mut game = start.clone();
    for &action in actions.iter().take(ply) {
        game.apply(action)
            .map_err(|e| format!("options {pick}, seed {seed}: replay refused `{action}`: {e}"))?;
    }
    let value =
        |game: &G| serde_json::to_value(game).map_err(|e| format!("a state does not save: {e}"));
    let base = value(&game)?;
    let mut vocabulary = Vocabulary::default();
    for doc in [&base, &value(&start)?, &value(&end)?] {
        vocabulary.add(doc);
    }
    let total = actions.len();
    let over = if ply == total { ", the end" } else { "" };
    let input = format!("options {pick}, seed {seed}, saved at ply {ply} of {total}{over}");
    Ok((base, vocabulary, input, script))
}

/// A seed from up to eight bytes (little-endian, zero-padded).
fn seed_of(bytes: &[u8]) -> u64 {
    let mut seed = [0u8; 8];
    for (to, from) in seed.iter_mut().zip(bytes) {
        *to = *from;
    }
    u64::from_le_bytes(seed)
}

/// FNV-1a of `bytes`: a seed that depends on every byte.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}
