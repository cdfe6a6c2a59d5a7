//! The host's clock inputs (§29, HJ83, HJ93) are never among the legal actions, so neither the
//! kit's properties nor the fuzz drivers apply them. This property does: random timed games in
//! which the host sends clock inputs at random moments, checking after every input and action
//! that the game saves and reloads, that a seat to act has a decision, and that the game ends.
//! It found that an Interception whose named target lost on time was left pending.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cards::{Game, GameRng, Seat};
use highjinks::{Action, HighJinks, Options};

fn reloads(game: &HighJinks) {
    let text = serde_json::to_string(game).unwrap();
    let back: HighJinks = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("a saved game does not reload: {e}\n{text}"));
    assert_eq!(&back, game);
}

#[test]
fn hj93_clock_inputs_at_any_moment_keep_the_game_whole() {
    let mut legal = Vec::new();
    for players in 2..=4 {
        let options = Options {
            timed: true,
            ..Options::players(players)
        };
        for seed in 0..300u64 {
            let mut game = HighJinks::new(options.clone(), seed).unwrap();
            let mut rng = GameRng::from_seed(seed ^ 0xc10c);
            let mut steps = 0u64;
            while !game.is_over() {
                steps += 1;
                assert!(steps <= game.max_plies(), "the game outran its ply bound");
                if rng.index(20) == 0 {
                    let seat = Seat(rng.index(players) as u8);
                    // Refused inputs (set-up, a seat out, nothing to deal) change nothing.
                    let before = serde_json::to_string(&game).unwrap();
                    if game.apply(Action::Clock(seat)).is_err() {
                        assert_eq!(before, serde_json::to_string(&game).unwrap());
                    }
                } else {
                    game.legal_actions(&mut legal);
                    assert!(!legal.is_empty(), "a seat to act has no decision");
                    let action = legal[rng.index(legal.len())];
                    game.apply(action).unwrap();
                }
                reloads(&game);
            }
        }
    }
}
