//! The leaflet's "Example of Play": the tableau drawn in the leaflet is reached from a stacked
//! deck in eight rounds, then the example round is played as written.
#![allow(clippy::unwrap_used)]

use crate::common;

use cards::{Facing, Game};
use common::{card, game, play};
use headtrip::{Aspect, Phase};

#[test]
fn example_of_play_ends_student_3_angel_3_animal_2_genius_1() {
    let mut g = game(&["2C", "10H", "7H", "5H", "8S", "8C", "10C", "10S", "4H"]);
    play(
        &mut g,
        &[
            // 1. The Student pilots: 6♦ meets 2♣.
            "stay",
            "no-recall",
            "no-recall",
            "no-recall",
            "play 6D",
            // 2. 2♦ fails 10♥.
            "stay",
            "no-recall",
            "no-recall",
            "no-recall",
            "play 2D",
            // 3. The Student stands down; The Angel is elected and meets 7♥ with 7♥.
            "step-down",
            "vote Q",
            "vote Q",
            "vote Q",
            "vote Q",
            "play 7H",
            // 4. The Angel meets 5♥ with 5♥.
            "stay",
            "no-recall",
            "no-recall",
            "no-recall",
            "play 5H",
            // 5. The Animal is elected and meets 8♠ with 8♣.
            "step-down",
            "vote J",
            "vote J",
            "vote J",
            "vote J",
            "play 8C",
            // 6. The Genius is elected and meets 8♣ with 8♠.
            "step-down",
            "vote K",
            "vote K",
            "vote K",
            "vote K",
            "play 8S",
            // 7–8. The Genius fails 10♣ and 10♠.
            "stay",
            "no-recall",
            "no-recall",
            "no-recall",
            "play 2S",
            "stay",
            "no-recall",
            "no-recall",
            "no-recall",
            "play 3S",
        ],
    );
    // The example round: The Genius is the pilot and reveals 4♥.
    assert_eq!(g.pilot(), Aspect::Genius);
    assert_eq!(g.challenge(), Some(card("4H")));
    // The Genius stands down; the votes are J♣, Q♥, J♠, J♦.
    play(
        &mut g,
        &["step-down", "vote J", "vote Q", "vote J", "vote J"],
    );
    assert_eq!(
        g.last_votes(),
        Some([
            Aspect::Animal,
            Aspect::Angel,
            Aspect::Animal,
            Aspect::Animal
        ])
    );
    assert_eq!(g.pilot(), Aspect::Animal, "The Animal receives three votes");
    assert_eq!(g.phase(), Phase::Play);
    // The Animal plays 5♣, face up, in the middle (♥) row.
    play(&mut g, &["play 5C"]);

    let rows = g.tableau();
    let drawn = |row: &[cards::Placed<headtrip::Played>]| -> Vec<(String, Facing)> {
        row.iter().map(|p| (p.card.to_string(), p.facing)).collect()
    };
    let up = |c: &str| (card(c).to_string(), Facing::Up);
    let down = |c: &str| (card(c).to_string(), Facing::Down);
    assert_eq!(
        drawn(rows[0]),
        vec![up("6D"), up("8S"), down("2S")],
        "♣ row"
    );
    assert_eq!(
        drawn(rows[1]),
        vec![down("2D"), up("7H"), up("5H"), up("5C")],
        "♥ row"
    );
    assert_eq!(drawn(rows[2]), vec![up("8C"), down("3S")], "♠ row");

    let score = |a: Aspect| g.score(a.seat());
    assert_eq!(score(Aspect::Student), 3);
    assert_eq!(score(Aspect::Angel), 3);
    assert_eq!(score(Aspect::Animal), 2);
    assert_eq!(score(Aspect::Genius), 1);
    assert!(!g.is_over());
}
