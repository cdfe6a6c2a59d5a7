//! No heap allocation per ply: once the caller's buffer has grown, a whole random game (legal
//! actions, choice, apply at every ply) allocates nothing.
#![allow(clippy::unwrap_used)]

use cards::{Game, GameRng};
use headtrip::{HeadTrip, Options};

#[test]
fn the_counter_sees_allocations() {
    let info = allocation_counter::measure(|| {
        let mut game = HeadTrip::new(Options::default(), 1).unwrap();
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
            aspect_affinities: true,
            games: 3,
            ..Options::default()
        },
    ] {
        for seed in 0..20 {
            let mut game = HeadTrip::new(options.clone(), seed).unwrap();
            let mut rng = GameRng::from_seed(seed);
            let mut buffer = Vec::with_capacity(64);
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
