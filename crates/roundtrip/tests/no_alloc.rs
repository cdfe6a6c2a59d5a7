//! No heap allocation per ply: once the caller's buffer has grown, a whole random game (legal
//! actions, choice, apply at every ply, new deals included) allocates nothing.
#![allow(clippy::unwrap_used)]

use cards::{Game, GameRng};
use roundtrip::{Options, RoundTrip};

#[test]
fn the_counter_sees_allocations() {
    let info = allocation_counter::measure(|| {
        let mut game = RoundTrip::new(Options::default(), 1).unwrap();
        cards::random_playout(&mut game, &mut GameRng::from_seed(1), &mut Vec::new()).unwrap();
    });
    assert!(
        info.count_total > 0,
        "creating a game and growing a buffer allocate"
    );
}

#[test]
fn random_playout_allocates_nothing_per_ply() {
    for options in [
        Options::default(),
        Options {
            players: 6,
            ..Options::default()
        },
        Options {
            players: 3,
            advanced: true,
            ..Options::default()
        },
        Options {
            players: 2,
            round_the_world: true,
            ..Options::default()
        },
        Options {
            players: 5,
            advanced: true,
            specific_trip: true,
            aversion: 2,
            ..Options::default()
        },
    ] {
        for seed in 0..10 {
            let mut game = RoundTrip::new(options.clone(), seed).unwrap();
            let mut rng = GameRng::from_seed(seed);
            // Warm-up: grow the buffer on a first game.
            let mut buffer = Vec::with_capacity(64);
            let mut warm = RoundTrip::new(options.clone(), seed + 1000).unwrap();
            cards::random_playout(&mut warm, &mut GameRng::from_seed(seed), &mut buffer).unwrap();
            let mut plies = 0;
            let info = allocation_counter::measure(|| {
                plies = cards::random_playout(&mut game, &mut rng, &mut buffer)
                    .map(|s| s.plies)
                    .unwrap_or(0);
            });
            assert!(game.is_over());
            assert!(plies > 10);
            assert_eq!(
                info.count_total, 0,
                "seed {seed}: {} allocations in {plies} plies",
                info.count_total
            );
        }
    }
}
