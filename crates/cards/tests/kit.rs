//! The test kit on a toy game: both forms of `game_contract_tests!` in one module, and the
//! mutated-states driver, which passes a game that checks what it loads and catches one that
//! does not.
#![cfg(feature = "testkit")]

mod common;

use cards::fuzzing::{check_mutated_state, drive_mutated_state};
use cards::Game;
use common::{kit_options, Checked, Lax, Leaky, Options};

// Twice in one module: once unnamed (module `game_contract`), once named (module
// `taken_one_by_one`); each defines every property's test.
cards::game_contract_tests!(Checked, kit_options());
cards::game_contract_tests!(
    taken_one_by_one: Checked,
    [Options {
        tokens: 40,
        max_take: 1
    }]
);

/// The head of a generated input: options, seed, pause; mutation bytes follow.
fn input(pick: u8, seed: u64, pause: u8, script: &[u8]) -> Vec<u8> {
    let mut data = vec![pick];
    data.extend_from_slice(&seed.to_le_bytes());
    data.push(pause);
    data.extend_from_slice(script);
    data
}

/// Pseudo-random mutation bytes.
fn script(seed: u64, len: usize) -> Vec<u8> {
    let mut rng = cards::GameRng::from_seed(seed);
    (0..len).map(|_| rng.next_u32() as u8).collect()
}

#[test]
fn mutants_of_a_checked_game_keep_the_contract_and_some_load() {
    let mut loaded = 0;
    for seed in 0..200u64 {
        let data = input((seed % 3) as u8, seed, (seed * 37) as u8, &script(seed, 40));
        let report = drive_mutated_state::<Checked>(&kit_options(), &data);
        assert!(report.mutants >= 2, "{report:?}");
        loaded += report.loaded - 1;
    }
    assert!(loaded > 50, "only {loaded} mutants loaded");
}

#[test]
fn a_lax_loader_is_caught() {
    let mut caught = Vec::new();
    for seed in 0..200u64 {
        let data = input((seed % 3) as u8, seed, (seed * 37) as u8, &script(seed, 40));
        if let Err(breach) = check_mutated_state::<Lax>(&kit_options(), &data) {
            caught.push(breach.to_string());
        }
    }
    assert!(caught.len() > 10, "{caught:?}");
    // A breach says what to reproduce it with.
    let first = &caught[0];
    assert!(first.starts_with("lax countdown: options "), "{first}");
    assert!(first.contains("mutated at `/"), "{first}");
}

#[test]
fn a_document_given_with_mutation_bytes_is_mutated() {
    let game = Lax::new(Options::default(), 3).unwrap_or_else(|e| panic!("{e}"));
    let saved = serde_json::to_vec(&game).unwrap_or_default();
    // As saved, it keeps the contract.
    let report = drive_mutated_state::<Lax>(&[], &saved);
    assert_eq!((report.mutants, report.loaded), (1, 1));
    // Some number made u64::MAX (kind 0, how 5) is the count of plies: the lax game loads it,
    // and cannot end within its bound.
    let breaches: Vec<String> = (0..64u8)
        .filter_map(|pick| {
            let mut data = saved.clone();
            data.extend_from_slice(&[0, 0, pick, 5]);
            check_mutated_state::<Lax>(&[], &data).err()
        })
        .map(|breach| breach.to_string())
        .collect();
    assert!(
        breaches.iter().any(|b| b.starts_with(
            "lax countdown: a document given; mutated at `/plies`: u64::MAX (0 → \
             18446744073709551615): at ply 18446744073709551615"
        )),
        "{breaches:#?}"
    );
    // Bytes after the document that are no mutation (fewer than four) are ignored.
    let mut data = saved;
    data.extend_from_slice(b"not");
    assert_eq!(drive_mutated_state::<Lax>(&[], &data).mutants, 1);
}

/// A finished game's counter edited past what any game reaches, loaded by a lax loader, makes
/// the text of a view overflow (as High Jinks' `turns + 1` did on a finished game's `turns` set
/// to `u32::MAX`): the kit formats every view of every mutant that loads, and catches it. (Only
/// where arithmetic overflow is checked: the test profile.)
#[cfg(debug_assertions)]
#[test]
fn a_view_text_that_overflows_on_a_loaded_counter_is_caught() {
    let mut game = Lax::new(Options::default(), 3).unwrap_or_else(|e| panic!("{e}"));
    let mut legal = Vec::new();
    while game.to_act().is_some() {
        game.legal_actions(&mut legal);
        game.apply(legal[0]).unwrap_or_else(|e| panic!("{e}"));
    }
    let saved = serde_json::to_vec(&game).unwrap_or_default();
    // Some number set to `u64::MAX` (kind 0, how 5) is the count of plies.
    let breaches: Vec<String> = (0..64u8)
        .filter_map(|pick| {
            let mut data = saved.clone();
            data.extend_from_slice(&[0, 0, pick, 5]);
            check_mutated_state::<Lax>(&[], &data).err()
        })
        .map(|breach| breach.to_string())
        .collect();
    assert!(
        breaches
            .iter()
            .any(|b| b.contains("mutated at `/plies`: u64::MAX")
                && b.ends_with("the engine panicked: attempt to add with overflow")),
        "{breaches:#?}"
    );
    // The checked game refuses the edit: none of its mutants breaks the contract.
    let checked = serde_json::to_vec(
        &serde_json::from_slice::<Checked>(&saved).unwrap_or_else(|e| panic!("{e}")),
    )
    .unwrap_or_default();
    for pick in 0..64u8 {
        let mut data = checked.clone();
        data.extend_from_slice(&[0, 0, pick, 5]);
        assert!(check_mutated_state::<Checked>(&[], &data).is_ok());
    }
}

/// The kit's mutants set counters past their bounds: to the bound of an integer type, and to
/// another number of the documents or one past it (a count set past a bound the state holds).
/// A lax loader takes `plies` set so, and the game then cannot end within its bound.
#[test]
fn counters_set_past_their_bounds_are_among_the_mutants() {
    let game = Lax::new(Options::default(), 3).unwrap_or_else(|e| panic!("{e}"));
    let saved = serde_json::to_vec(&game).unwrap_or_default();
    let mut changes = Vec::new();
    for how in [9u8, 21, 33, 45, 57, 69, 81, 93, 11, 23, 35, 47] {
        for pick in 0..64u8 {
            let mut data = saved.clone();
            data.extend_from_slice(&[0, 0, pick, how]);
            if let Err(breach) = check_mutated_state::<Lax>(&[], &data) {
                changes.extend(breach.mutations);
            }
        }
    }
    for expected in [
        "at `/plies`: a type's bound (0 → 255)",
        "at `/plies`: a type's bound (0 → 65535)",
        "at `/plies`: a type's bound (0 → 4294967295)",
        "at `/plies`: one past another number of the documents",
    ] {
        assert!(
            changes.iter().any(|c| c.starts_with(expected)),
            "{expected}: {changes:#?}"
        );
    }
}

#[test]
fn a_broken_document_is_checked_as_it_is() {
    let report = drive_mutated_state::<Checked>(&[], b"{\"options\": ");
    assert_eq!((report.mutants, report.loaded), (1, 0));
}

#[test]
fn a_refusal_that_changes_the_state_is_caught() {
    // Whatever the input, the state saved is probed with every unlisted action when loaded.
    let data = input(0, 7, 100, &[]);
    let breach = check_mutated_state::<Leaky>(&kit_options(), &data)
        .err()
        .map(|b| b.to_string())
        .unwrap_or_default();
    assert!(
        breach.starts_with("leaky countdown: options 0, seed 7"),
        "{breach}"
    );
    assert!(
        breach.ends_with("refusing `take 0` changed the state"),
        "{breach}"
    );
    // The driver of action bytes catches it too, on its way to the end.
    let caught = std::panic::catch_unwind(|| {
        cards::fuzzing::drive_with_bytes::<Leaky>(&kit_options(), &input(0, 7, 0, &[]))
    });
    assert!(caught.is_err());
}

/// The kit's `observations_match_views` catches each breach of the rules that tie observations
/// to views: an observation that does not tell all the action shows, one that shows one seat
/// what is hidden, a spectator that sees more than a seat. (The honest game passes it above.)
#[test]
fn observation_breaches_are_caught() {
    use common::masked::{Masked, LOUD, MUTE, TATTLE};
    fn breach(check: fn(&[Options])) -> String {
        let caught = std::panic::catch_unwind(|| check(&[Options::default()]));
        let payload = caught.err().unwrap_or_else(|| Box::new("no breach caught"));
        payload
            .downcast_ref::<String>()
            .cloned()
            .unwrap_or_else(|| format!("{:?}", payload.downcast_ref::<&str>()))
    }
    let mute = breach(cards::testkit::observations_match_views::<Masked<MUTE>>);
    assert!(mute.contains("the observation does not tell all"), "{mute}");
    let tattle = breach(cards::testkit::observations_match_views::<Masked<TATTLE>>);
    assert!(
        tattle.contains("seat 0 alone sees `take 1` and `take 2` differently"),
        "{tattle}"
    );
    let loud = breach(cards::testkit::observations_match_views::<Masked<LOUD>>);
    assert!(
        loud.contains("a spectator tells `take 1` from `take 2`"),
        "{loud}"
    );
}
