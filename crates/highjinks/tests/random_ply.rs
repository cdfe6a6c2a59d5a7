//! High Jinks' own random ply (a Main action taken without checking again what was just
//! listed) plays the same games as the generic loop through `legal_actions` and `apply`: the
//! same legal actions offered, the same draws, the same states, ply by ply.

use highjinks::{HighJinks, Options};

fn options() -> [Options; 5] {
    [
        Options::players(2),
        Options::players(3),
        Options::players(4),
        Options {
            max_turns: 40,
            max_main_actions: 5,
            ..Options::players(4)
        },
        Options {
            timed: true,
            decks: Some(1),
            jokers: Some(1),
            ..Options::players(3)
        },
    ]
}

/// `random_ply` against `legal_actions`, a draw of `rng.index(len)` and `apply`, ply by ply
/// (the whole state compared), and `random_playout` against a random agent of the same seed,
/// with 2, 3 and 4 players, a low Main action bound and one deck (the kit's two properties, on
/// more games).
#[test]
fn random_ply_is_legal_actions_a_draw_and_apply() {
    cards::testkit::assert_random_plies_match::<HighJinks>(&options(), 0..60);
}
