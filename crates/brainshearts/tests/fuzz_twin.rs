//! The fuzz targets' properties on stable Rust: arbitrary bytes as action sequences and as
//! saved states or records never make the engine panic, and refusals change nothing; games
//! driven by bytes are played to their end keeping the contract; mutated saved states are
//! refused or keep the contract (the `brainshearts_state` target); the checked-in seed corpora
//! pass every target's driver.

use brainshearts::{seat_cards, BrainsHearts, Options};
use proptest::prelude::*;

fn options() -> Vec<Options> {
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

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_drive_the_game_without_panic(data in proptest::collection::vec(any::<u8>(), 0..300)) {
        cards::fuzzing::drive_with_bytes::<BrainsHearts>(&options(), &data);
    }

    #[test]
    fn arbitrary_bytes_never_panic_the_deserialisers(data in proptest::collection::vec(any::<u8>(), 0..200)) {
        cards::fuzzing::deserialize_bytes::<BrainsHearts>(&data);
    }

    #[test]
    fn mangled_saved_games_never_panic(seed in any::<u64>(), plies in 0usize..120, cut in any::<usize>(), flip in any::<u8>()) {
        cards::fuzzing::mangle_saved_game::<BrainsHearts>(Options::default(), seed, plies, cut, flip);
    }
}

// The `brainshearts_state` target's generated inputs (options, seed, pause, one to eight mutations)
// and the checked-in seed corpora (`fuzz/corpus/brainshearts_*/seed-*`) through the targets' drivers.
cards::fuzz_twin_tests!(BrainsHearts, options(), 300);
