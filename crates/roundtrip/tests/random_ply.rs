//! Round Trip Ticket's own random ply (one look at the phase a ply) plays the same games as the
//! generic loop through `legal_actions` and `apply`: the same legal actions offered, the same
//! draws, the same states, ply by ply; and whole playouts the same as a random agent's.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cards::{Game, GameRng, RandomAgent};
use roundtrip::{Options, RoundTrip};

/// Every table size, the basic and the advanced game and every variant, kept to a few hands.
fn options() -> Vec<Options> {
    let hands = |players: usize| Options {
        players,
        max_hands: 2,
        ..Options::default()
    };
    vec![
        hands(2),
        hands(4),
        hands(6),
        Options {
            advanced: true,
            ..hands(3)
        },
        Options {
            advanced: true,
            ..hands(5)
        },
        Options {
            round_the_world: true,
            ..hands(3)
        },
        Options {
            specific_trip: true,
            ..hands(4)
        },
        Options {
            aversion: 2,
            advanced: true,
            ..hands(2)
        },
        Options {
            aversion: 1,
            specific_trip: true,
            ..hands(6)
        },
    ]
}

/// The whole state, derived fields included (the saved form leaves them out).
fn whole(game: &RoundTrip) -> String {
    format!("{game:?}")
}

/// Ply by ply from the same state and generator: `random_ply` against `legal_actions`, a draw
/// of `rng.index(len)` and `apply`.
#[test]
fn random_ply_is_legal_actions_a_draw_and_apply() {
    for options in options() {
        for seed in 0..8 {
            let mut fast = RoundTrip::new(options.clone(), seed).unwrap();
            let mut slow = fast.clone();
            let mut fast_rng = GameRng::from_seed(seed ^ 0x5eed);
            let mut slow_rng = fast_rng.clone();
            let (mut fast_legal, mut slow_legal) = (Vec::new(), Vec::new());
            while slow.to_act().is_some() {
                let offered = fast.random_ply(&mut fast_rng, &mut fast_legal).unwrap();
                slow.legal_actions(&mut slow_legal);
                let action = slow_legal[slow_rng.index(slow_legal.len())];
                slow.apply(action).unwrap();
                assert_eq!(offered, slow_legal.len());
                assert_eq!(fast_legal, slow_legal);
                assert_eq!(fast_rng, slow_rng);
                assert_eq!(
                    whole(&fast),
                    whole(&slow),
                    "{options:?}, seed {seed}, ply {}",
                    slow.plies()
                );
            }
            // Once the game is over: nothing offered, taken or drawn.
            assert_eq!(fast.random_ply(&mut fast_rng, &mut fast_legal).unwrap(), 0);
            assert!(fast_legal.is_empty());
            assert_eq!(fast_rng, slow_rng);
            assert_eq!(whole(&fast), whole(&slow));
        }
    }
}

/// Whole playouts: `random_playout` against `play_out` with a random agent drawing from the
/// same seed.
#[test]
fn random_playout_plays_the_games_of_a_random_agent() {
    for options in options() {
        for seed in 0..40 {
            let mut fast = RoundTrip::new(options.clone(), seed).unwrap();
            let mut slow = fast.clone();
            let mut rng = GameRng::from_seed(seed);
            let fast_stats = cards::random_playout(&mut fast, &mut rng, &mut Vec::new()).unwrap();
            let slow_stats =
                cards::play_out(&mut slow, &mut RandomAgent::new(seed), &mut Vec::new()).unwrap();
            assert_eq!(fast_stats, slow_stats);
            assert_eq!(whole(&fast), whole(&slow));
            assert_eq!(
                serde_json::to_string(&fast).unwrap(),
                serde_json::to_string(&slow).unwrap()
            );
        }
    }
}
