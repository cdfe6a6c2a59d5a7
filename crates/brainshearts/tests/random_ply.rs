//! Brains and Hearts' own random ply (one look at the phase a ply) plays the same games as the
//! generic loop through `legal_actions` and `apply`: the same legal actions offered, the same
//! draws, the same states, ply by ply.

use brainshearts::{seat_cards, BrainsHearts, Options};

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

/// `random_ply` against `legal_actions`, a draw of `rng.index(len)` and `apply`, ply by ply
/// (the whole state compared, derived fields included), and `random_playout` against a random
/// agent of the same seed, over the options above (the kit's two properties, on more games).
#[test]
fn random_ply_is_legal_actions_a_draw_and_apply() {
    cards::testkit::assert_random_plies_match::<BrainsHearts>(&options(), 0..300);
}
