//! Golden playthroughs: checked-in records of random games with the scores they must end with.
//! Any change of behaviour shows here (and in review of `tests/golden/highjinks.json`).
//! `BLESS_GOLDEN=1 cargo test -p highjinks --test golden` rewrites the file after an intended
//! change.

use cards::testkit::{check_golden_file, make_golden};
use highjinks::{HighJinks, Options};

#[test]
fn golden_playthroughs_replay_identically() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/highjinks.json");
    check_golden_file::<HighJinks>(&path, || {
        let timed = Options {
            timed: true,
            ..Options::players(3)
        };
        [
            (Options::players(2), 1),
            (timed, 2),
            (Options::players(4), 3),
        ]
        .into_iter()
        .filter_map(|(options, seed)| make_golden::<HighJinks>(options, seed).ok())
        .collect()
    });
}
