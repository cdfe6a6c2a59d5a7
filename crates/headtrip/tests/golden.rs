//! Golden playthroughs: checked-in records of random games with the scores they must end with.
//! Any change of behaviour shows here (and in review of `tests/golden/headtrip.json`).
//! `BLESS_GOLDEN=1 cargo test -p headtrip --test golden` rewrites the file after an intended
//! change.

use cards::testkit::{check_golden_file, make_golden};
use headtrip::{HeadTrip, Options};

#[test]
fn golden_playthroughs_replay_identically() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/headtrip.json");
    check_golden_file::<HeadTrip>(&path, || {
        let affinities = Options {
            aspect_affinities: true,
            ..Options::default()
        };
        let session = Options {
            games: 2,
            aspect_affinities: true,
            ..Options::default()
        };
        [
            (Options::default(), 1),
            (Options::default(), 2),
            (affinities, 3),
            (session, 4),
        ]
        .into_iter()
        .filter_map(|(options, seed)| make_golden::<HeadTrip>(options, seed).ok())
        .collect()
    });
}
