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

/// The action space's size depends on the seats only (issue 30: a policy's output layer):
/// a payment of several sources is named one source at a time, so the space stays small.
#[test]
fn the_action_space_is_small_and_depends_on_the_seats_only() {
    use cards::Game;
    let mut sizes = Vec::new();
    for players in 2..=4 {
        for decks in [1, 2] {
            let options = Options {
                decks: Some(decks),
                ..Options::players(players)
            };
            let mut space = Vec::new();
            for seed in 0..3 {
                let game = highjinks::HighJinks::new(options.clone(), seed).unwrap();
                let mut again = Vec::new();
                game.action_space(&mut again);
                if seed > 0 {
                    assert_eq!(again, space);
                }
                space = again;
            }
            let mut distinct = space.clone();
            distinct.sort_by_key(ToString::to_string);
            distinct.dedup();
            assert_eq!(distinct.len(), space.len(), "an action listed twice");
            sizes.push((players, decks, space.len()));
        }
    }
    println!("{sizes:?}");
    assert!(sizes.iter().all(|&(_, _, n)| n < 3_000), "{sizes:?}");
}
