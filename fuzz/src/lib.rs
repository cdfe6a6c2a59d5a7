//! The options each game's fuzz targets draw from (the first byte of an input picks one), shared
//! by the targets and by the example that writes the seed corpora.
#![forbid(unsafe_code)]

/// Head Trip: the basic game, Aspect Affinities, a session of three games.
pub fn headtrip_options() -> Vec<headtrip::Options> {
    use headtrip::Options;
    vec![
        Options::default(),
        Options {
            aspect_affinities: true,
            ..Options::default()
        },
        Options {
            aspect_affinities: true,
            games: 3,
            ..Options::default()
        },
    ]
}

/// Brains and Hearts: the standard game, loaded dice, stacked decks.
pub fn brainshearts_options() -> Vec<brainshearts::Options> {
    use brainshearts::{seat_cards, Options};
    vec![
        Options::default(),
        Options {
            die_results: Some(vec![6, 6, 1, 2]),
            ..Options::default()
        },
        Options {
            brain_deck: Some(seat_cards(0).to_vec()),
            heart_deck: Some(seat_cards(1).to_vec()),
            die_results: None,
        },
    ]
}

/// Round Trip Ticket: 2 to 6 players, the advanced game and the variants, full-length games
/// (about 1,200 plies at four players).
pub fn roundtrip_options() -> Vec<roundtrip::Options> {
    use roundtrip::Options;
    vec![
        Options {
            players: 2,
            ..Options::default()
        },
        Options::default(),
        Options {
            players: 3,
            advanced: true,
            ..Options::default()
        },
        Options {
            players: 6,
            round_the_world: true,
            ..Options::default()
        },
        Options {
            players: 4,
            advanced: true,
            specific_trip: true,
            aversion: 2,
            ..Options::default()
        },
    ]
}

/// High Jinks: 2, 3 and 4 players, the timed game (the host's clock inputs), and a 4-player
/// game of one deck and one Joker under small bounds on turns and Main Phase actions.
pub fn highjinks_options() -> Vec<highjinks::Options> {
    use highjinks::Options;
    vec![
        Options::players(2),
        Options::players(3),
        Options::players(4),
        Options {
            timed: true,
            ..Options::players(3)
        },
        Options {
            decks: Some(1),
            jokers: Some(1),
            max_turns: 40,
            max_main_actions: 5,
            ..Options::players(4)
        },
    ]
}
