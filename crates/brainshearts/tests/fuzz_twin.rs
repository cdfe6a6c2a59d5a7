//! The fuzz targets' properties on stable Rust: arbitrary bytes as action sequences and as
//! saved states or records never make the engine panic, and refusals change nothing; games
//! driven by bytes are played to their end keeping the contract; mutated saved states are
//! refused or keep the contract (the `brainshearts_state` target); the checked-in seed corpora
//! pass every target's driver.

use brainshearts::{seat_cards, BrainsHearts, Options};
use cards::Game;
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
        let mut game = BrainsHearts::new(Options::default(), seed).unwrap_or_else(|_| unreachable!());
        let mut rng = cards::GameRng::from_seed(seed);
        let mut legal = Vec::new();
        for _ in 0..plies {
            game.legal_actions(&mut legal);
            let Some(&action) = legal.get(rng.index(legal.len())) else { break };
            let _ = game.apply(action);
        }
        let mut bytes = serde_json::to_vec(&game).unwrap_or_default();
        if !bytes.is_empty() {
            let i = cut % bytes.len();
            bytes[i] ^= flip;
        }
        cards::fuzzing::deserialize_bytes::<BrainsHearts>(&bytes);
    }
}

/// A few hundred pseudo-random inputs of the `brainshearts_state` target's generated form: options,
/// seed, pause (one in four after the end), then one to eight mutations.
#[test]
fn mutated_saved_states_keep_the_contract() {
    let report = cards::fuzzing::drive_mutant_inputs::<BrainsHearts>(&options(), 300, 0x7717);
    // Every state as saved loaded; so did some mutants.
    assert!(
        report.loaded > 300,
        "{} of {} documents loaded",
        report.loaded,
        report.mutants
    );
}

/// The seed files of the three fuzz targets (`fuzz/corpus/brainshearts_*/seed-*`, written by `cd fuzz
/// && cargo run --example seed_corpora`) pass the targets' drivers, and the saved states among
/// them still load.
#[test]
fn seed_corpora_pass_the_drivers() {
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus");
    let report = cards::fuzzing::drive_seed_corpora::<BrainsHearts>(&options(), &corpus)
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
