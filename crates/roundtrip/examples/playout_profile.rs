//! Seeded random playouts of Round Trip Ticket, for instruction counts under callgrind:
//!
//! ```text
//! cargo build --release -p roundtrip --example playout_profile
//! valgrind --tool=callgrind target/release/examples/playout_profile basic 200
//! ```
//!
//! The arguments: `basic` or `advanced`, the number of games, and optionally the players (4).
//! The games are dealt before the timed loop (as the criterion bench does): the playouts run in
//! [`play_all`] and the legal-action fills in [`fill_legal`], so callgrind's inclusive cost of
//! each, divided by the plies printed, is the cost per ply. The checksum printed changes if any
//! game plays differently. Run natively, it prints the wall-clock time per ply of the playouts
//! and per fill of the legal actions.

use cards::{Game, GameRng};
use roundtrip::{Options, RoundTrip};

/// Plays every game to its end with random choices; returns the plies and a checksum.
#[inline(never)]
fn play_all(
    games: &mut [RoundTrip],
    rng: &mut GameRng,
    buffer: &mut Vec<roundtrip::Action>,
) -> (u64, u64) {
    let mut plies = 0;
    let mut checksum = 0u64;
    for game in games.iter_mut() {
        if let Ok(stats) = cards::random_playout(game, rng, buffer) {
            plies += stats.plies;
            checksum = checksum
                .wrapping_mul(31)
                .wrapping_add(stats.legal_actions_offered);
        }
        for seat in game.seats() {
            checksum = checksum
                .wrapping_mul(31)
                .wrapping_add(game.score(seat) as u64);
        }
    }
    (plies, checksum)
}

/// Fills the legal actions of every state `rounds` times; returns the fills and the actions.
#[inline(never)]
fn fill_legal(
    states: &[RoundTrip],
    rounds: usize,
    buffer: &mut Vec<roundtrip::Action>,
) -> (u64, u64) {
    let mut fills = 0;
    let mut actions = 0;
    for _ in 0..rounds {
        for state in states {
            state.legal_actions(buffer);
            fills += 1;
            actions += buffer.len() as u64;
        }
    }
    (fills, actions)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let advanced = args.get(1).is_some_and(|a| a == "advanced");
    let count: u64 = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(100);
    let players: usize = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(4);
    let options = Options {
        advanced,
        players,
        ..Options::default()
    };
    let mut games: Vec<RoundTrip> = (1..=count)
        .filter_map(|seed| RoundTrip::new(options.clone(), seed).ok())
        .collect();
    // Mid-game states for the legal-action fills, taken every 7th ply of a few games.
    let mut states = Vec::new();
    let mut rng = GameRng::from_seed(0xbe9c);
    let mut buffer = Vec::with_capacity(256);
    for game in games.iter().take(4) {
        let mut game = game.clone();
        while game.to_act().is_some() && states.len() < 256 {
            game.legal_actions(&mut buffer);
            if game.plies() % 7 == 0 {
                states.push(game.clone());
            }
            let Some(&action) = buffer.get(rng.index(buffer.len())) else {
                break;
            };
            if game.apply(action).is_err() {
                break;
            }
        }
    }
    let start = std::time::Instant::now();
    let (fills, actions) = fill_legal(&states, 100, &mut buffer);
    let fill_nanos = start.elapsed().as_nanos() as f64;
    let mut rng = GameRng::from_seed(1);
    let start = std::time::Instant::now();
    let (plies, checksum) = play_all(&mut games, &mut rng, &mut buffer);
    let nanos = start.elapsed().as_nanos() as f64;
    println!(
        "{} games ({}, {} players): {plies} plies, checksum {checksum:x}, {:.1} ns per ply; legal_actions: {fills} fills, {actions} actions, {:.1} ns per fill",
        games.len(),
        if advanced { "advanced" } else { "basic" },
        players,
        nanos / plies.max(1) as f64,
        fill_nanos / fills.max(1) as f64,
    );
}
