//! The fuzz targets' stable-Rust twins: the same drivers run on inputs a test can afford
//! (pseudo-random ones of the targets' generated form, and the checked-in seed corpora), so
//! that `cargo test` keeps what the fuzzers check.

use std::path::Path;

use super::{deserialize_bytes, drive_mutated_state, drive_with_bytes, MutantReport};
use crate::{Game, GameRng};

/// Inputs of the `<game>_state` targets' generated form, made from `seed`: the options (in
/// turn), a game seed, where to save (one input in four saves the finished game) and one to
/// eight mutations.
pub fn mutant_inputs(options: usize, count: u64, seed: u64) -> impl Iterator<Item = Vec<u8>> {
    let mut rng = GameRng::from_seed(seed);
    let options = options.max(1) as u64;
    (0..count).map(move |i| {
        let mut data = vec![(i % options) as u8];
        data.extend_from_slice(&rng.next_u64().to_le_bytes());
        data.push(if i % 4 == 0 {
            u8::MAX
        } else {
            rng.next_u32() as u8
        });
        data.extend((0..4 * (1 + i % 8)).map(|_| rng.next_u32() as u8));
        data
    })
}

/// Runs [`drive_mutated_state`] on `count` inputs of [`mutant_inputs`] and adds up the reports.
///
/// # Panics
/// When a state that loads breaks the contract, as the fuzz target does.
pub fn drive_mutant_inputs<G: Game>(options: &[G::Options], count: u64, seed: u64) -> MutantReport {
    let mut total = MutantReport::default();
    for data in mutant_inputs(options.len(), count, seed) {
        let report = drive_mutated_state::<G>(options, &data);
        total.mutants += report.mutants;
        total.loaded += report.loaded;
        total.plies += report.plies;
    }
    total
}

/// What [`drive_seed_corpora`] ran.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeedReport {
    /// Seed files of the `<game>_state` target.
    pub states: usize,
    /// Documents of those files that loaded (each then played to its end).
    pub loaded: usize,
    /// Seed files of the `<game>_deserialize` and `<game>_actions` targets.
    pub others: usize,
}

/// Runs the drivers of a game's three fuzz targets on their seed files:
/// `<corpus>/<game>_state/seed-*` through [`drive_mutated_state`],
/// `<corpus>/<game>_deserialize/seed-*` through [`deserialize_bytes`] and
/// `<corpus>/<game>_actions/seed-*` through [`drive_with_bytes`], `<game>` being
/// [`Game::NAME`]. Files are taken in the order of their names.
///
/// # Errors
/// A seed folder or file that cannot be read.
///
/// # Panics
/// When a driver finds a breach of the contract.
pub fn drive_seed_corpora<G: Game>(
    options: &[G::Options],
    corpus: &Path,
) -> std::io::Result<SeedReport> {
    let mut report = SeedReport::default();
    for data in seeds(corpus, &format!("{}_state", G::NAME))? {
        report.states += 1;
        report.loaded += drive_mutated_state::<G>(options, &data).loaded;
    }
    for data in seeds(corpus, &format!("{}_deserialize", G::NAME))? {
        report.others += 1;
        deserialize_bytes::<G>(&data);
    }
    for data in seeds(corpus, &format!("{}_actions", G::NAME))? {
        report.others += 1;
        drive_with_bytes::<G>(options, &data);
    }
    Ok(report)
}

/// The contents of the `seed-*` files of one target, in the order of their names.
fn seeds(corpus: &Path, target: &str) -> std::io::Result<Vec<Vec<u8>>> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(corpus.join(target))? {
        let path = entry?.path();
        let is_seed = path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with("seed-"));
        if is_seed {
            files.push(path);
        }
    }
    files.sort();
    files.iter().map(std::fs::read).collect()
}

/// Defines the two stable twins of a game's fuzz targets in a game crate's tests:
/// `mutated_saved_states_keep_the_contract` ([`drive_mutant_inputs`] on `count` inputs; every
/// state as saved must load, and some mutants too) and `seed_corpora_pass_the_drivers`
/// ([`drive_seed_corpora`] on the files under `fuzz/corpus/` of the workspace, two levels above
/// the crate; at least 20 state seeds, half of them still loading).
///
/// ```ignore
/// cards::fuzz_twin_tests!(roundtrip::RoundTrip, options(), 150);
/// ```
#[macro_export]
macro_rules! fuzz_twin_tests {
    ($game:ty, $options:expr, $count:expr) => {
        #[test]
        fn mutated_saved_states_keep_the_contract() {
            let count: u64 = $count;
            let report = $crate::fuzzing::drive_mutant_inputs::<$game>(&$options, count, 0x7717);
            // Every state as saved loaded; so did some mutants.
            assert!(
                report.loaded as u64 > count,
                "{} of {} documents loaded",
                report.loaded,
                report.mutants
            );
        }

        #[test]
        fn seed_corpora_pass_the_drivers() {
            let corpus =
                ::std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus");
            let report = $crate::fuzzing::drive_seed_corpora::<$game>(&$options, &corpus)
                .unwrap_or_else(|e| panic!("{}: {e}", corpus.display()));
            assert!(report.states >= 20, "{} seed files", report.states);
            assert!(report.others > 0, "no seed files of the other targets");
            assert!(
                report.loaded >= report.states / 2,
                "only {} documents of {} seed files loaded: regenerate the seeds \
                 (cd fuzz && cargo run --example seed_corpora)",
                report.loaded,
                report.states
            );
        }
    };
}
