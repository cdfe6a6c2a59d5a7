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
    fn mangled_saved_games_never_panic(seed in any::<u64>(), cut in any::<usize>(), flip in any::<u8>()) {
        use cards::Game;
        let game = HeadTrip::new(Options { aspect_affinities: true, ..Options::default() }, seed).unwrap_or_else(|_| unreachable!());
        let mut bytes = serde_json::to_vec(&game).unwrap_or_default();
        if !bytes.is_empty() {
            let i = cut % bytes.len();
            bytes[i] ^= flip;
        }
        cards::fuzzing::deserialize_bytes::<HeadTrip>(&bytes);
    }
}

/// A few hundred pseudo-random inputs of the `headtrip_state` target's generated form: options,
/// seed, pause (one in four after the end), then one to eight mutations.
#[test]
fn mutated_saved_states_keep_the_contract() {
    let report = cards::fuzzing::drive_mutant_inputs::<HeadTrip>(&options(), 300, 0x7717);
    // Every state as saved loaded; so did some mutants.
    assert!(
        report.loaded > 300,
        "{} of {} documents loaded",
        report.loaded,
        report.mutants
    );
}

/// The seed files of the three fuzz targets (`fuzz/corpus/headtrip_*/seed-*`, written by `cd fuzz
/// && cargo run --example seed_corpora`) pass the targets' drivers, and the saved states among
/// them still load.
#[test]
fn seed_corpora_pass_the_drivers() {
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus");
    let report = cards::fuzzing::drive_seed_corpora::<HeadTrip>(&options(), &corpus)
        .unwrap_or_else(|e| panic!("{}: {e}", corpus.display()));
    assert!(report.states >= 20, "{} seed files", report.states);
    assert!(report.others > 0, "no seed files of the other targets");
    assert!(
        report.loaded >= report.states / 2,
        "only {} documents of {} seed files loaded: regenerate the seeds",
        report.loaded,
        report.states
    );
}
