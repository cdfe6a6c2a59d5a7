//! Golden playthroughs: checked-in records of random games with the scores they must end with.
//! Any change of behaviour shows here (and in review of `tests/golden/highjinks.json`).
//! `BLESS_GOLDEN=1 cargo test -p highjinks --test golden` rewrites the file after an intended
//! change.
//!
//! `tests/golden/highjinks-composite.json` keeps the records written before a payment of
//! several Mana sources became one decision per source (2026-11-27), each payment one composite
//! action (`inflict 5C 5H`): replayed with each composite applied as its steps, they are the
//! same games move for move, with the same scores and winners.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod composite;

use cards::testkit::{check_golden_file, make_golden, Golden};
use cards::{Game, Seat};
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

#[test]
fn records_of_composite_payments_replay_as_their_steps() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden/highjinks-composite.json");
    let goldens: Vec<Golden> =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut composites = 0;
    for golden in &goldens {
        let record = &golden.record;
        let options: Options = serde_json::from_value(record.options.clone()).unwrap();
        let mut game = HighJinks::new(options, record.seed).unwrap();
        for text in &record.actions {
            composites += usize::from(composite::steps(&game, text).is_some());
            composite::apply_text(&mut game, text)
                .unwrap_or_else(|e| panic!("seed {}: `{text}`: {e}", record.seed));
        }
        assert!(game.is_over());
        let scores: Vec<i64> = (0..game.seat_count())
            .map(|i| game.score(Seat(i as u8)))
            .collect();
        assert_eq!(scores, golden.scores);
        let winners: Vec<u8> = game.winners().iter().map(|s| s.0).collect();
        assert_eq!(winners, golden.winners);
    }
    assert!(composites > 0, "the records hold no composite payment");
}
