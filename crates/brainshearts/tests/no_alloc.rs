//! No heap allocation per ply: once the caller's buffer has grown, a whole game (legal actions,
//! a choice, apply at every ply) allocates nothing.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use brainshearts::{BrainsHearts, Options};
use cards::{Game, GameRng};

#[test]
fn the_counter_sees_allocations() {
    let game = BrainsHearts::new(Options::default(), 1).unwrap();
    let info = allocation_counter::measure(|| {
        let mut fresh = Vec::new();
        game.legal_actions(&mut fresh);
        assert!(!fresh.is_empty());
    });
    assert!(
        info.count_total > 0,
        "filling a buffer that has not grown yet allocates"
    );
}

#[test]
fn a_whole_game_allocates_nothing_per_ply() {
    let stacked = Options {
        die_results: Some(vec![6, 2, 3, 4]),
        ..Options::default()
    };
    for options in [Options::default(), stacked] {
        for seed in 0..20 {
            // Warm-up: grow the buffer on another game of the same options.
            let mut buffer = Vec::with_capacity(64);
            let mut warm = BrainsHearts::new(options.clone(), seed + 1000).unwrap();
            cards::random_playout(&mut warm, &mut GameRng::from_seed(seed), &mut buffer).unwrap();
            let mut game = BrainsHearts::new(options.clone(), seed).unwrap();
            let mut rng = GameRng::from_seed(seed);
            let mut plies = 0u64;
            let info = allocation_counter::measure(|| {
                while game.to_act().is_some() {
                    game.legal_actions(&mut buffer);
                    let action = buffer[rng.index(buffer.len())];
                    game.apply(action).unwrap();
                    plies += 1;
                }
            });
            assert!(game.is_over());
            assert!(plies >= 32 * 2 - 6, "seed {seed}: only {plies} plies");
            assert_eq!(
                info.count_total, 0,
                "seed {seed}: {} allocations in {plies} plies",
                info.count_total
            );
        }
    }
}
