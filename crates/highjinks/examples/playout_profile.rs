//! Seeded random playouts of High Jinks, for instruction counts under callgrind:
//!
//! ```text
//! cargo build --release -p highjinks --example playout_profile
//! valgrind --tool=callgrind target/release/examples/playout_profile 2 20
//! ```
//!
//! The arguments: the players and the number of games. The games are dealt before the loop, so
//! callgrind's inclusive cost of [`play_all`], divided by the plies printed, is the cost per
//! ply. The checksum printed changes if any game plays differently.

use cards::{Game, GameRng};
use highjinks::{HighJinks, Options};

/// Plays every game to its end with random choices; returns the plies and a checksum.
#[inline(never)]
fn play_all(
    games: &mut [HighJinks],
    rng: &mut GameRng,
    buffer: &mut Vec<highjinks::Action>,
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

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let players: usize = args.next().map_or(Ok(2), |a| a.parse())?;
    let count: u64 = args.next().map_or(Ok(20), |a| a.parse())?;
    let mut games = Vec::new();
    for seed in 0..count {
        games.push(HighJinks::new(Options::players(players), seed)?);
    }
    let mut rng = GameRng::from_seed(7);
    let mut buffer = Vec::with_capacity(256);
    let start = std::time::Instant::now();
    let (plies, checksum) = play_all(&mut games, &mut rng, &mut buffer);
    let took = start.elapsed();
    println!(
        "{plies} plies, checksum {checksum:x}, {:.1} ns a ply",
        took.as_nanos() as f64 / plies as f64
    );
    Ok(())
}
