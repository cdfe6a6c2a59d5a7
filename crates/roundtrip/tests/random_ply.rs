//! Round Trip Ticket's own random ply (one look at the phase a ply) plays the same games as the
//! generic loop through `legal_actions` and `apply`: the same legal actions offered, the same
//! draws, the same states, ply by ply; and whole playouts the same as a random agent's.

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

/// `random_ply` against `legal_actions`, a draw of `rng.index(len)` and `apply`, ply by ply
/// (the whole state compared, derived fields included), and `random_playout` against a random
/// agent of the same seed, over the options above (the kit's two properties, on more games).
#[test]
fn random_ply_is_legal_actions_a_draw_and_apply() {
    cards::testkit::assert_random_plies_match::<RoundTrip>(&options(), 0..16);
}
