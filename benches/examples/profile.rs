//! Seeded random playouts of any game in a loop (or fills of its legal actions over the
//! benchmarks' mid-game states), for instruction counts under callgrind and for checking that a
//! change of an engine plays the same games:
//!
//! ```text
//! cargo build --release -p benchmarks --example profile
//! valgrind --tool=callgrind target/release/examples/profile highjinks '{"players":2}' 40
//! target/release/examples/profile brainshearts '{}' 20000 legal
//! target/release/examples/profile highjinks '{"players":2}' 20 determinise
//! valgrind --tool=callgrind target/release/examples/profile headtrip '{}' 10000 simulate
//! ```
//!
//! The arguments: the game (`headtrip`, `brainshearts`, `roundtrip`, `highjinks`), its options as
//! JSON, the number of games (or of rounds over the 256 states), and `legal` to time
//! `legal_actions`, or `determinise` to time a determinisation for the seat to act, instead of
//! playouts; or `bare` and `simulate` to set a simulation's cost a game against the bare playout it
//! runs: `bare` makes and plays each game inside the loop with one chooser for all, of the kind the
//! simulation gives each game (a `PlayoutRng`, as the `simulate` bench's `bare_playout`;
//! `bare-chacha`: one `GameRng`, as the simulation chose before), `simulate` plays the same number
//! of games through `cards simulate`'s own loop on one thread (its [`simulate_games`] against
//! [`bare_games`]). The games are dealt before the loop: callgrind's inclusive cost of [`play_all`]
//! (or [`fill_legal`]; for draws, the game's `resample_hidden_into`) divided by the plies (or
//! fills, draws) printed is the cost of one. The fingerprint (legal actions offered and final
//! scores of every game) changes if any game plays differently. Run natively, it also prints the
//! time per ply.

use cards::{Draw, Game, GameRng, PlayoutRng};
use cards_cli::simulate::{game_seed, run_summary, Simulation};
use serde::de::DeserializeOwned;
use std::hash::{Hash, Hasher};

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

/// Plays every game to its end with random choices; returns the plies and a fingerprint.
#[inline(never)]
fn play_all<G: Game>(
    games: &mut [G],
    rng: &mut GameRng,
    buffer: &mut Vec<G::Action>,
) -> (u64, u64) {
    let mut plies = 0;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for game in games.iter_mut() {
        if let Ok(stats) = cards::random_playout(game, rng, buffer) {
            plies += stats.plies;
            stats.legal_actions_offered.hash(&mut hasher);
        }
        for seat in game.seats() {
            game.score(seat).hash(&mut hasher);
        }
    }
    (plies, hasher.finish())
}

/// Fills the legal actions of every state `rounds` times; returns the fills and the actions.
#[inline(never)]
fn fill_legal<G: Game>(states: &[G], rounds: u64, buffer: &mut Vec<G::Action>) -> (u64, u64) {
    let (mut fills, mut actions) = (0, 0);
    for _ in 0..rounds {
        for state in states {
            state.legal_actions(buffer);
            fills += 1;
            actions += std::hint::black_box(buffer.len()) as u64;
        }
    }
    (fills, actions)
}

/// Draws a determinisation of every state for its seat to act, `rounds` times; returns the
/// draws and a fingerprint of the drawn states (serialised: callgrind's inclusive cost of
/// `resample_hidden_into` is the draw's).
#[inline(never)]
fn determinise_all<G: Game>(states: &[G], rounds: u64, rng: &mut GameRng) -> (u64, u64) {
    let mut draws = 0;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    let Some(first) = states.first() else {
        return (0, 0);
    };
    let mut into = first.clone();
    for _ in 0..rounds {
        for state in states {
            let seat = state.to_act().unwrap_or(cards::Seat(0));
            state.resample_hidden_into(seat, rng, &mut into);
            draws += 1;
            // The whole drawn state, so that any change of a draw shows.
            if let Ok(bytes) = serde_json::to_vec(&into) {
                bytes.hash(&mut hasher);
            }
        }
    }
    (draws, hasher.finish())
}

/// Makes and plays `count` games from their simulation seeds, one chooser for all; returns
/// the plies.
#[inline(never)]
fn bare_games<G: Game, R: Draw>(
    options: &G::Options,
    count: u64,
    rng: &mut R,
    buffer: &mut Vec<G::Action>,
) -> u64 {
    let mut plies = 0;
    for index in 0..count {
        let Ok(mut game) = G::new(options.clone(), game_seed(1, index)) else {
            continue;
        };
        plies += cards::random_playout(&mut game, rng, buffer).map_or(0, |s| s.plies);
    }
    plies
}

/// Plays `count` games through `cards simulate` on one thread; returns the plies (from the
/// summary's mean).
#[inline(never)]
fn simulate_games<G: Game>(options_json: &str, count: u64) -> Result<u64> {
    let entry = cards_cli::registry::find(G::NAME)?;
    let sim = Simulation {
        games: count,
        seed: 1,
        threads: 1,
        options: serde_json::from_str(options_json)?,
        progress: false,
        agents: Vec::new(),
        rotate: false,
    };
    Ok((run_summary(&entry, &sim)?.plies.0 * count as f64).round() as u64)
}

fn run<G: Game>(options_json: &str, count: u64, mode: &str) -> Result<()>
where
    G::Options: DeserializeOwned,
{
    let options: G::Options = serde_json::from_str(options_json)?;
    if mode == "bare" || mode == "bare-chacha" || mode == "simulate" {
        let start = std::time::Instant::now();
        let mut buffer = Vec::with_capacity(256);
        let plies = match mode {
            "bare" => {
                bare_games::<G, _>(&options, count, &mut PlayoutRng::from_seed(7), &mut buffer)
            }
            "bare-chacha" => {
                bare_games::<G, _>(&options, count, &mut GameRng::from_seed(7), &mut buffer)
            }
            _ => simulate_games::<G>(options_json, count)?,
        };
        let took = start.elapsed().as_nanos() as f64;
        println!(
            "{count} games, {plies} plies, {:.1} ns a game",
            took / count as f64
        );
        return Ok(());
    }
    let mut buffer = Vec::with_capacity(256);
    let start = std::time::Instant::now();
    if mode == "determinise" {
        let states: Vec<G> = benchmarks::mid_game_states::<G>(&options)
            .into_iter()
            .map(|(state, _)| state)
            .collect();
        let mut rng = GameRng::from_seed(11);
        let start = std::time::Instant::now();
        let (draws, fingerprint) = determinise_all(&states, count, &mut rng);
        let took = start.elapsed().as_nanos() as f64;
        println!(
            "{draws} draws, fingerprint {fingerprint:016x}, {:.1} ns a draw",
            took / draws as f64
        );
        return Ok(());
    }
    if mode == "legal" {
        let states: Vec<G> = benchmarks::mid_game_states::<G>(&options)
            .into_iter()
            .map(|(state, _)| state)
            .collect();
        let start = std::time::Instant::now();
        let (fills, actions) = fill_legal(&states, count, &mut buffer);
        let took = start.elapsed().as_nanos() as f64;
        println!(
            "{fills} fills, {actions} actions, {:.1} ns a fill",
            took / fills as f64
        );
        return Ok(());
    }
    let mut games = Vec::new();
    for seed in 0..count {
        games.push(G::new(options.clone(), seed).map_err(|e| e.to_string())?);
    }
    let dealt = start.elapsed();
    let mut rng = GameRng::from_seed(7);
    let (plies, fingerprint) = play_all(&mut games, &mut rng, &mut buffer);
    let took = (start.elapsed() - dealt).as_nanos() as f64;
    println!(
        "{plies} plies, fingerprint {fingerprint:016x}, {:.1} ns a ply",
        took / plies as f64
    );
    Ok(())
}

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args.first().map_or("headtrip", String::as_str);
    let options = args.get(1).map_or("{}", String::as_str);
    let count: u64 = args.get(2).map_or(Ok(100), |a| a.parse())?;
    let mode = args.get(3).map_or("playout", String::as_str);
    match game {
        "headtrip" => run::<headtrip::HeadTrip>(options, count, mode),
        "brainshearts" => run::<brainshearts::BrainsHearts>(options, count, mode),
        "roundtrip" => run::<roundtrip::RoundTrip>(options, count, mode),
        "highjinks" => run::<highjinks::HighJinks>(options, count, mode),
        other => Err(format!("no game named {other}").into()),
    }
}
