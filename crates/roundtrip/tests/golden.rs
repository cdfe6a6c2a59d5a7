//! Golden playthroughs: checked-in records of random games with the scores they must end with.
//! Any change of behaviour shows here (and in review of `tests/golden/roundtrip.json`).
//! `BLESS_GOLDEN=1 cargo test -p roundtrip --test golden` rewrites the file after an intended
//! change.

use cards::testkit::{check_golden_file, make_golden};
use roundtrip::{Options, RoundTrip};

#[test]
fn golden_playthroughs_replay_identically() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/roundtrip.json");
    check_golden_file::<RoundTrip>(&path, || {
        let basic = Options {
            players: 3,
            target_score: Some(12),
            ..Options::default()
        };
        let advanced = Options {
            players: 4,
            advanced: true,
            target_score: Some(20),
            ..Options::default()
        };
        let variants = Options {
            players: 2,
            specific_trip: true,
            aversion: 1,
            target_score: Some(10),
            ..Options::default()
        };
        [(basic, 1), (advanced, 2), (variants, 3)]
            .into_iter()
            .filter_map(|(options, seed)| make_golden::<RoundTrip>(options, seed).ok())
            .collect()
    });
}
