//! Brains and Hearts' own random ply (one look at the phase a ply) plays the same games as the
//! generic loop through `legal_actions` and `apply`: the same legal actions offered, the same
//! draws, the same states, ply by ply.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use brainshearts::{seat_cards, BrainsHearts, Options};
use cards::{Game, GameRng, RandomAgent};

fn options() -> [Options; 4] {
    let mut reversed_heart = seat_cards(1).to_vec();
    reversed_heart.reverse();
    [
        Options::default(),
        // Every roll a 6: the die's choice and targets come up often.
        Options {
            die_results: Some(vec![6, 6, 6, 6]),
            ..Options::default()
        },
        Options {
            die_results: Some(vec![2, 3, 4, 5]),
            ..Options::default()
        },
        // Stacked decks in order: long runs.
        Options {
            brain_deck: Some(seat_cards(0).to_vec()),
            heart_deck: Some(reversed_heart),
            die_results: Some(vec![1]),
        },
    ]
}

/// Ply by ply from the same state and generator: `random_ply` against `legal_actions`, a draw
/// of `rng.index(len)` and `apply`.
#[test]
fn random_ply_is_legal_actions_a_draw_and_apply() {
    for options in options() {
        for seed in 0..300 {
            let mut fast = BrainsHearts::new(options.clone(), seed).unwrap();
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
                    serde_json::to_string(&fast).unwrap(),
                    serde_json::to_string(&slow).unwrap(),
                    "seed {seed}, ply {}",
                    slow.plies()
                );
            }
            // Once the game is over: nothing offered, taken or drawn.
            assert_eq!(fast.random_ply(&mut fast_rng, &mut fast_legal).unwrap(), 0);
            assert!(fast_legal.is_empty());
            assert_eq!(fast_rng, slow_rng);
            assert_eq!(fast.plies(), slow.plies());
        }
    }
}

/// Whole playouts: `random_playout` against `play_out` with a random agent drawing from the
/// same seed.
#[test]
fn random_playout_plays_the_games_of_a_random_agent() {
    for options in options() {
        for seed in 0..300 {
            let mut fast = BrainsHearts::new(options.clone(), seed).unwrap();
            let mut slow = fast.clone();
            let mut rng = GameRng::from_seed(seed);
            let fast_stats = cards::random_playout(&mut fast, &mut rng, &mut Vec::new()).unwrap();
            let slow_stats =
                cards::play_out(&mut slow, &mut RandomAgent::new(seed), &mut Vec::new()).unwrap();
            assert_eq!(fast_stats, slow_stats);
            assert_eq!(
                serde_json::to_string(&fast).unwrap(),
                serde_json::to_string(&slow).unwrap()
            );
        }
    }
}
