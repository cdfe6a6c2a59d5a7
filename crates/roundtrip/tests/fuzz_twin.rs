//! The fuzz targets' properties on stable Rust: arbitrary bytes as action sequences and as
//! saved states or records never make the engine panic, and refusals change nothing; games
//! driven by bytes are played to their end keeping the contract; mutated saved states are
//! refused or keep the contract (the `roundtrip_state` target); the checked-in seed corpora
//! pass every target's driver.

use proptest::prelude::*;
use roundtrip::{Options, RoundTrip};

fn options() -> Vec<Options> {
    vec![
        Options {
            players: 2,
            ..Options::default()
        },
        Options {
            players: 3,
            advanced: true,
            ..Options::default()
        },
        Options {
            players: 4,
            specific_trip: true,
            aversion: 1,
            ..Options::default()
        },
        // Only a trip around the world or the hand limit ends Round the World, which random
        // play with six seats rarely completes: a few hands keep the games driven to their end
        // short.
        Options {
            players: 6,
            round_the_world: true,
            max_hands: 4,
            ..Options::default()
        },
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_drive_the_game_without_panic(data in proptest::collection::vec(any::<u8>(), 0..400)) {
        cards::fuzzing::drive_with_bytes::<RoundTrip>(&options(), &data);
    }

    #[test]
    fn arbitrary_bytes_never_panic_the_deserialisers(data in proptest::collection::vec(any::<u8>(), 0..200)) {
        cards::fuzzing::deserialize_bytes::<RoundTrip>(&data);
    }

    #[test]
    fn mangled_saved_games_never_panic(seed in any::<u64>(), plies in 0usize..200, cut in any::<usize>(), flip in any::<u8>()) {
        cards::fuzzing::mangle_saved_game::<RoundTrip>(Options { advanced: true, aversion: 1, specific_trip: true, ..Options::default() }, seed, plies, cut, flip);
    }
}

// The `roundtrip_state` target's generated inputs (options, seed, pause, one to eight mutations)
// and the checked-in seed corpora (`fuzz/corpus/roundtrip_*/seed-*`) through the targets' drivers.
cards::fuzz_twin_tests!(RoundTrip, options(), 150);
