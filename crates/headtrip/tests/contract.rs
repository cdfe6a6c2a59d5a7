//! Head Trip passes the shared property-test kit, over the basic game, Aspect Affinities and a
//! short session.

use headtrip::Options;

fn kit_options() -> Vec<Options> {
    vec![
        Options::default(),
        Options {
            aspect_affinities: true,
            ..Options::default()
        },
        Options {
            games: 2,
            aspect_affinities: true,
            ..Options::default()
        },
    ]
}

cards::game_contract_tests!(headtrip::HeadTrip, kit_options());

/// G1: `new_into` with refused options leaves the game as it was; with other options (a session
/// of three games, after a finished one) it makes their game, as `new` does.
#[test]
fn new_into_refusing_options_changes_nothing() {
    use cards::{Game, GameRng};
    use headtrip::HeadTrip;
    let mut game = HeadTrip::new(Options::default(), 3).expect("the default options");
    let mut rng = GameRng::from_seed(5);
    cards::random_playout(&mut game, &mut rng, &mut Vec::new()).expect("a random game");
    let before = serde_json::to_string(&game).expect("saved");
    let bad = Options {
        games: 0,
        ..Options::default()
    };
    assert!(HeadTrip::new_into(&bad, 4, &mut game).is_err());
    assert_eq!(serde_json::to_string(&game).expect("saved"), before);
    let session = Options {
        games: 3,
        aspect_affinities: true,
        ..Options::default()
    };
    HeadTrip::new_into(&session, 4, &mut game).expect("a session of three");
    let fresh = HeadTrip::new(session, 4).expect("a session of three");
    assert_eq!(
        serde_json::to_string(&game).expect("saved"),
        serde_json::to_string(&fresh).expect("saved")
    );
}

cards::learning_contract_tests!(headtrip::HeadTrip, kit_options());

/// The rules reading (`docs/rules/headtrip.md`, "What a learning program reads") tabulates both
/// tensors' layouts for the default options exactly as the engine states them.
#[test]
fn the_rules_reading_tabulates_the_tensor_layouts() {
    use cards::learning::{layout, layout_table};
    let reading = include_str!("../../../docs/rules/headtrip.md");
    for kind in cards::TensorKind::ALL {
        let table = layout_table(&layout::<headtrip::HeadTrip>(
            &headtrip::Options::default(),
            kind,
        ));
        assert!(
            reading.contains(&table),
            "the {kind} layout is not in the reading:\n{table}"
        );
    }
}
