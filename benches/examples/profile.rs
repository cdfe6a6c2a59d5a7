//! Seeded random playouts of any game in a loop (or fills of its legal actions over the
//! benchmarks' mid-game states), for instruction counts under callgrind and for checking that a
//! change of an engine plays the same games:
//!
//! ```text
//! cargo build --release -p benchmarks --example profile
//! valgrind --tool=callgrind target/release/examples/profile highjinks '{"players":2}' 40
//! target/release/examples/profile brainshearts '{}' 20000 legal
//! ```
//!
//! The arguments: the game (`headtrip`, `brainshearts`, `roundtrip`, `highjinks`), its options
//! as JSON, the number of games (or of rounds over the 256 states), and `legal` to time
//! `legal_actions` instead of playouts. The games are dealt before the loop: callgrind's
//! inclusive cost of [`play_all`] (or [`fill_legal`]) divided by the plies (or fills) printed is
//! the cost of one. The fingerprint (legal actions offered and final scores of every game)
//! changes if any game plays differently. Run natively, it also prints the time per ply.

use cards::{Game, GameRng};
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

fn run<G: Game>(options: &str, count: u64, legal: bool) -> Result<()>
where
    G::Options: DeserializeOwned,
{
    let options: G::Options = serde_json::from_str(options)?;
    let mut buffer = Vec::with_capacity(256);
    let start = std::time::Instant::now();
    if legal {
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
    let legal = args.get(3).is_some_and(|a| a == "legal");
    match game {
        "headtrip" => run::<headtrip::HeadTrip>(options, count, legal),
        "brainshearts" => run::<brainshearts::BrainsHearts>(options, count, legal),
        "roundtrip" => run::<roundtrip::RoundTrip>(options, count, legal),
        "highjinks" => run::<highjinks::HighJinks>(options, count, legal),
        other => Err(format!("no game named {other}").into()),
    }
}
