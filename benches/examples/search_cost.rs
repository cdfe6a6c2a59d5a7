//! The cost of a search iteration against a bare playout from the same positions, as the
//! `agents` bench sets them (its `<game>-search` group), in a loop that callgrind can count:
//!
//! ```text
//! cargo build --release -p benchmarks --example search_cost
//! valgrind --tool=callgrind --toggle-collect='search_cost::playouts*' \
//!     target/release/examples/search_cost headtrip playout 20
//! valgrind --tool=callgrind --toggle-collect='search_cost::searches*' \
//!     target/release/examples/search_cost headtrip search 2
//! valgrind --tool=callgrind --toggle-collect='search_cost::determinisations*' \
//!     target/release/examples/search_cost headtrip determinise 20
//! valgrind --tool=callgrind --toggle-collect='search_cost::bare_iterations*' \
//!     target/release/examples/search_cost headtrip determinise_playout 20
//! ```
//!
//! The arguments: the game (default options), the mode and the number of rounds over the
//! positions (every 16th of the benchmarks' 256 mid-game states, as the bench). `playout`
//! copies each position into a reused game (`clone_from`) and plays it out at random with a
//! `GameRng` (the bench's `playout`); `search` runs an ISMCTS search of 1,000 iterations for the
//! seat to act at each position (the bench's `ismcts_iteration`); `determinise` draws one
//! determinisation of each position for its seat to act; `determinise_playout` draws one and
//! plays it out with the search's kind of chooser (an iteration without the tree). The collected instructions divided by
//! the count printed (playouts, iterations, draws) is the cost of one. Run natively, it prints
//! the time of one (wall clock, and the thread's time on a processor, which a busy machine
//! disturbs less), and a fingerprint of what was played, chosen or drawn.

use agents::{Budget, Ismcts};
use cards::{Agent, Game, GameRng, PlayoutRng};
use std::hash::{Hash, Hasher};
use std::time::Instant;

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

/// Iterations of each search (the bench's `SEARCH_ITERATIONS`).
const ITERATIONS: u32 = benchmarks::SEARCH_ITERATIONS;

/// Plays out a copy of every position, `rounds` times; returns the playouts and a fingerprint.
#[inline(never)]
fn playouts<G: Game>(states: &[G], rounds: u64) -> (u64, u64) {
    let Some(first) = states.first() else {
        return (0, 0);
    };
    let mut target = first.clone();
    let mut buffer = Vec::with_capacity(256);
    let mut rng = GameRng::from_seed(11);
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    let mut count = 0;
    for _ in 0..rounds {
        for state in states {
            target.clone_from(state);
            if let Ok(stats) = cards::random_playout(&mut target, &mut rng, &mut buffer) {
                stats.plies.hash(&mut hasher);
            }
            count += 1;
        }
    }
    (count, hasher.finish())
}

/// Searches every position for its seat to act, `rounds` times, as the bench does (a search
/// of [`ITERATIONS`] even where one action is legal); returns the iterations and a fingerprint
/// of the trees' sizes and of the actions chosen (`Agent::choose`, which is the search and the
/// most visited action, where more than one is legal).
#[inline(never)]
fn searches<G: Game>(states: &[(G, Vec<G::Action>)], rounds: u64) -> (u64, u64) {
    let mut search = Ismcts::new(3).with_budget(Budget::Iterations(ITERATIONS));
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    let mut count = 0;
    for _ in 0..rounds {
        for (state, legal) in states {
            let seat = state.to_act().unwrap_or(cards::Seat(0));
            if legal.len() > 1 {
                search.choose(state, seat, legal).hash(&mut hasher);
                count += u64::from(search.last_iterations());
            } else {
                count += u64::from(search.search(state, seat));
            }
            search.last_tree_size().hash(&mut hasher);
        }
    }
    (count, hasher.finish())
}

/// Draws a determinisation of every position for its seat to act, `rounds` times; returns the
/// draws and a fingerprint of the plies (the drawn states are fingerprinted by `profile`).
#[inline(never)]
fn determinisations<G: Game>(states: &[G], rounds: u64) -> (u64, u64) {
    let Some(first) = states.first() else {
        return (0, 0);
    };
    let mut target = first.clone();
    let mut rng = GameRng::from_seed(11);
    let mut count = 0;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for _ in 0..rounds {
        for state in states {
            let seat = state.to_act().unwrap_or(cards::Seat(0));
            state.resample_hidden_into(seat, &mut rng, &mut target);
            target.plies().hash(&mut hasher);
            count += 1;
        }
    }
    (count, hasher.finish())
}

/// Draws a determinisation of every position for its seat to act and plays it out at random
/// with the search's kind of chooser (a `PlayoutRng`), `rounds` times: an iteration without
/// the tree. Returns the playouts and a fingerprint of their plies.
#[inline(never)]
fn bare_iterations<G: Game>(states: &[G], rounds: u64) -> (u64, u64) {
    let Some(first) = states.first() else {
        return (0, 0);
    };
    let mut target = first.clone();
    let mut buffer = Vec::with_capacity(256);
    let mut rng = GameRng::from_seed(11);
    let mut chooser = PlayoutRng::from_seed(11);
    let mut count = 0;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for _ in 0..rounds {
        for state in states {
            let seat = state.to_act().unwrap_or(cards::Seat(0));
            state.resample_hidden_into(seat, &mut rng, &mut target);
            if let Ok(stats) = cards::random_playout(&mut target, &mut chooser, &mut buffer) {
                stats.plies.hash(&mut hasher);
            }
            count += 1;
        }
    }
    (count, hasher.finish())
}

/// Nanoseconds this thread has run on a processor (Linux's `/proc/thread-self/schedstat`; 0
/// elsewhere): on a shared machine, time spent waiting for a processor does not count.
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|n| n.parse().ok()))
        .unwrap_or(0)
}

fn run<G: Game>(mode: &str, rounds: u64) -> Result<()> {
    // The bench's positions: every 16th mid-game state with a seat to act.
    let states: Vec<G> = benchmarks::mid_game_states::<G>(&G::Options::default())
        .into_iter()
        .step_by(16)
        .map(|(state, _)| state)
        .filter(|state| state.to_act().is_some())
        .collect();
    let start = Instant::now();
    let cpu = cpu_ns();
    let (count, fingerprint) = match mode {
        "playout" => playouts(&states, rounds),
        "search" => {
            let with_legal: Vec<(G, Vec<G::Action>)> = states
                .iter()
                .map(|state| {
                    let mut legal = Vec::new();
                    state.legal_actions(&mut legal);
                    (state.clone(), legal)
                })
                .collect();
            searches(&with_legal, rounds)
        }
        "determinise" => determinisations(&states, rounds),
        "determinise_playout" => bare_iterations(&states, rounds),
        other => return Err(format!("no mode named {other}").into()),
    };
    let took = start.elapsed().as_nanos() as f64;
    let cpu = cpu_ns().saturating_sub(cpu) as f64;
    println!(
        "{count} {mode}s, fingerprint {fingerprint:016x}, {:.1} ns each, {:.1} ns of processor time each",
        took / count.max(1) as f64,
        cpu / count.max(1) as f64
    );
    Ok(())
}

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args.first().map_or("headtrip", String::as_str);
    let mode = args.get(1).map_or("search", String::as_str);
    let rounds: u64 = args.get(2).map_or(Ok(1), |a| a.parse())?;
    match game {
        "headtrip" => run::<headtrip::HeadTrip>(mode, rounds),
        "brainshearts" => run::<brainshearts::BrainsHearts>(mode, rounds),
        "roundtrip" => run::<roundtrip::RoundTrip>(mode, rounds),
        "highjinks" => run::<highjinks::HighJinks>(mode, rounds),
        other => Err(format!("no game named {other}").into()),
    }
}
