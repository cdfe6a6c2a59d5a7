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
