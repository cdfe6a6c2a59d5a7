//! Seeded random playouts in a tight loop, for profiling (`valgrind --tool=callgrind`) and for
//! checking that a change of the engine plays the same games: prints the plies played and a
//! fingerprint of every action chosen and every final state.
//!
//! `cargo run --release -p brainshearts --example playout_loop -- [games] [legal]`: with
//! `legal`, it fills the legal actions of 256 mid-game states (collected as the benchmarks
//! do) `games` times instead.

use brainshearts::{BrainsHearts, Options};
use cards::{Game, GameRng};
use std::hash::{Hash, Hasher};

/// Mid-game states as `benches/src/lib.rs` collects them.
fn mid_game_states() -> Vec<BrainsHearts> {
    let mut states = Vec::with_capacity(256);
    let mut rng = GameRng::from_seed(0xbe9c);
    let mut legal = Vec::new();
    let mut seed = 0;
    while states.len() < 256 {
        let Ok(mut game) = BrainsHearts::new(Options::default(), seed) else {
            break;
        };
        seed += 1;
        while game.to_act().is_some() && states.len() < 256 {
            game.legal_actions(&mut legal);
            let Some(&action) = legal.get(rng.index(legal.len())) else {
                break;
            };
            states.push(game.clone());
            if game.apply(action).is_err() {
                break;
            }
        }
    }
    states
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let legal_only = args.next().as_deref() == Some("legal");
    let mut buffer = Vec::with_capacity(256);
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    if legal_only {
        let states = mid_game_states();
        let mut total = 0usize;
        for _ in 0..games {
            for state in &states {
                state.legal_actions(&mut buffer);
                total += std::hint::black_box(buffer.len());
            }
        }
        println!("calls {} actions {total}", games * 256);
        return;
    }
    let mut rng = GameRng::from_seed(1);
    let mut plies = 0u64;
    for seed in 0..games {
        let Ok(mut game) = BrainsHearts::new(Options::default(), seed) else {
            return;
        };
        match cards::random_playout(&mut game, &mut rng, &mut buffer) {
            Ok(stats) => {
                plies += stats.plies;
                stats.legal_actions_offered.hash(&mut hasher);
            }
            Err(error) => println!("seed {seed}: {error}"),
        }
        if seed % 64 == 0 {
            serde_json::to_string(&game)
                .unwrap_or_default()
                .hash(&mut hasher);
        }
    }
    println!(
        "games {games} plies {plies} fingerprint {:016x}",
        hasher.finish()
    );
}
