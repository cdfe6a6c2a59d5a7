//! Head Trip's own random ply (one look at the phase a ply) plays the same games as the generic
//! loop through `legal_actions` and `apply`: the same legal actions offered, the same draws, the
//! same states, ply by ply.

use headtrip::{HeadTrip, Options};

fn options() -> [Options; 3] {
    [
        Options::default(),
        Options {
            aspect_affinities: true,
            ..Options::default()
        },
        Options {
            games: 3,
            aspect_affinities: true,
            ..Options::default()
        },
    ]
}

/// `random_ply` against `legal_actions`, a draw of `rng.index(len)` and `apply`, ply by ply
/// (the whole state compared, derived fields included), and `random_playout` against a random
/// agent of the same seed, over the options above (the kit's two properties, on more games).
#[test]
fn random_ply_is_legal_actions_a_draw_and_apply() {
    cards::testkit::assert_random_plies_match::<HeadTrip>(&options(), 0..200);
}
