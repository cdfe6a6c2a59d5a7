//! The fuzz targets' properties on stable Rust: arbitrary bytes as action sequences and as
//! saved states or records never make the engine panic, and refusals change nothing; games
//! driven by bytes are played to their end keeping the contract; mutated saved states are
//! refused or keep the contract (the `headtrip_state` target); the checked-in seed corpora
//! pass every target's driver.

use headtrip::{HeadTrip, Options};
use proptest::prelude::*;

fn options() -> Vec<Options> {
    vec![
        Options::default(),
        Options {
            aspect_affinities: true,
            games: 2,
            ..Options::default()
        },
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_drive_the_game_without_panic(data in proptest::collection::vec(any::<u8>(), 0..400)) {
        cards::fuzzing::drive_with_bytes::<HeadTrip>(&options(), &data);
    }

    #[test]
    fn arbitrary_bytes_never_panic_the_deserialisers(data in proptest::collection::vec(any::<u8>(), 0..200)) {
        cards::fuzzing::deserialize_bytes::<HeadTrip>(&data);
    }

    #[test]
    fn mangled_saved_games_never_panic(seed in any::<u64>(), plies in 0usize..120, cut in any::<usize>(), flip in any::<u8>()) {
        cards::fuzzing::mangle_saved_game::<HeadTrip>(Options { aspect_affinities: true, ..Options::default() }, seed, plies, cut, flip);
    }
}

// The `headtrip_state` target's generated inputs (options, seed, pause, one to eight mutations)
// and the checked-in seed corpora (`fuzz/corpus/headtrip_*/seed-*`) through the targets' drivers.
cards::fuzz_twin_tests!(HeadTrip, options(), 300);
