//! Golden playthroughs: checked-in records of random games with the scores they must end with.
//! Any change of behaviour shows here (and in review of `tests/golden/brainshearts.json`).
//! `BLESS_GOLDEN=1 cargo test -p brainshearts --test golden` rewrites the file after an
//! intended change.

use brainshearts::{BrainsHearts, Options};
use cards::testkit::{check_golden_file, make_golden};

#[test]
fn golden_playthroughs_replay_identically() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/brainshearts.json");
    check_golden_file::<BrainsHearts>(&path, || {
        let stacked_dice = Options {
            die_results: Some(vec![6, 2, 5, 1]),
            ..Options::default()
        };
        [
            (Options::default(), 1),
            (Options::default(), 2),
            (stacked_dice, 3),
        ]
        .into_iter()
        .filter_map(|(options, seed)| make_golden::<BrainsHearts>(options, seed).ok())
        .collect()
    });
}
