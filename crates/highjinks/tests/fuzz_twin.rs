//! The fuzz targets' properties on stable Rust: arbitrary bytes as action sequences and as
//! saved states or records never make the engine panic, and refusals change nothing; games
//! driven by bytes are played to their end keeping the contract; mutated saved states are
//! refused or keep the contract (the `highjinks_state` target); the checked-in seed corpora
//! pass every target's driver.

use highjinks::{HighJinks, Options};
use proptest::prelude::*;

/// The fuzz targets' options (`cards_fuzz::highjinks_options`): 2, 3 and 4 players, the timed
/// game, and a 4-player game of one deck and one Joker under small bounds.
fn options() -> Vec<Options> {
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

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_drive_the_game_without_panic(data in proptest::collection::vec(any::<u8>(), 0..400)) {
        cards::fuzzing::drive_with_bytes::<HighJinks>(&options(), &data);
    }

    #[test]
    fn arbitrary_bytes_never_panic_the_deserialisers(data in proptest::collection::vec(any::<u8>(), 0..200)) {
        cards::fuzzing::deserialize_bytes::<HighJinks>(&data);
    }

    #[test]
    fn mangled_saved_games_never_panic(seed in any::<u64>(), plies in 0usize..200, cut in any::<usize>(), flip in any::<u8>()) {
        cards::fuzzing::mangle_saved_game::<HighJinks>(Options { timed: true, ..Options::players(4) }, seed, plies, cut, flip);
    }
}

// The `highjinks_state` target's generated inputs (options, seed, pause, one to eight mutations)
// and the checked-in seed corpora (`fuzz/corpus/highjinks_*/seed-*`) through the targets' drivers.
cards::fuzz_twin_tests!(HighJinks, options(), 150);
