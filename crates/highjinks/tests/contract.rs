//! The game kit: every property of the `Game` contract, for 2, 3 and 4 players, the timed game
//! and small bounds.

use highjinks::Options;

fn kit_options() -> Vec<Options> {
    vec![
        Options::players(2),
        Options::players(3),
        Options::players(4),
        Options {
            timed: true,
            ..Options::players(3)
        },
        Options {
            max_turns: 40,
            max_main_actions: 5,
            ..Options::players(4)
        },
        Options {
            decks: Some(1),
            jokers: Some(1),
            ..Options::players(4)
        },
    ]
}

cards::game_contract_tests!(highjinks::HighJinks, kit_options());

/// A game won on the 7th Battle Scar ends with its Agent holding 7 scars: it happens about once
/// in two thousand random two-player games, too rarely for the property tests above.
#[test]
fn finished_games_reload() {
    cards::testkit::finished_games_reload::<highjinks::HighJinks>(&kit_options(), 3_000);
}

/// `new_into` with options it refuses leaves the game as it was; with other options it makes
/// the game those options make.
#[test]
fn new_into_refusing_options_changes_nothing() {
    use cards::Game;
    use highjinks::HighJinks;
    let mut game = HighJinks::new(Options::players(2), 3).expect("two players");
    let before = serde_json::to_string(&game).expect("saved");
    assert!(HighJinks::new_into(&Options::players(9), 4, &mut game).is_err());
    assert_eq!(serde_json::to_string(&game).expect("saved"), before);
    HighJinks::new_into(&Options::players(4), 4, &mut game).expect("four players");
    assert_eq!(
        serde_json::to_string(&game).expect("saved"),
        serde_json::to_string(&HighJinks::new(Options::players(4), 4).expect("four players"))
            .expect("saved")
    );
}
