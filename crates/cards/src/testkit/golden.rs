//! Golden playthroughs: records of seeded games and the scores they end with, checked in so
//! that any change of behaviour shows in review.

use crate::{Game, GameRng, Record, Seat};

/// A golden playthrough: a record and the scores it must end with. Checked-in files of these
/// make any change of behaviour show in review.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Golden {
    /// The game played.
    pub record: Record,
    /// The final score of each seat.
    pub scores: Vec<i64>,
    /// The winners.
    pub winners: Vec<u8>,
}

/// Plays a random game (seeded) with `options` and returns it as a golden playthrough.
pub fn make_golden<G: Game>(options: G::Options, seed: u64) -> Result<Golden, String> {
    let mut game = G::new(options.clone(), seed).map_err(|e| e.to_string())?;
    let mut chooser = GameRng::from_seed(seed.wrapping_mul(31).wrapping_add(7));
    let mut legal = Vec::new();
    let mut actions = Vec::new();
    while game.to_act().is_some() {
        game.legal_actions(&mut legal);
        let action = *legal
            .get(chooser.index(legal.len()))
            .ok_or("no legal action")?;
        game.apply(action).map_err(|e| e.to_string())?;
        actions.push(action);
    }
    Ok(golden_of(&game, Record::new::<G>(&options, seed, &actions)))
}

fn golden_of<G: Game>(game: &G, record: Record) -> Golden {
    Golden {
        record,
        scores: (0..game.seat_count())
            .map(|i| game.score(Seat(i as u8)))
            .collect(),
        winners: game.winners().iter().map(|s| s.0).collect(),
    }
}

/// Replays every golden playthrough in the file at `path` (a JSON list) and panics on any
/// difference. With the environment variable `BLESS_GOLDEN=1`, (re)writes the file instead from
/// `fresh` games.
pub fn check_golden_file<G: Game>(path: &std::path::Path, fresh: impl FnOnce() -> Vec<Golden>) {
    if std::env::var("BLESS_GOLDEN").as_deref() == Ok("1") {
        let text = serde_json::to_string_pretty(&fresh()).unwrap_or_default();
        std::fs::write(path, text + "\n")
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        return;
    }
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!(
            "cannot read {} (BLESS_GOLDEN=1 writes it): {e}",
            path.display()
        )
    });
    let goldens: Vec<Golden> =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("malformed {}: {e}", path.display()));
    assert!(
        !goldens.is_empty(),
        "{} holds no playthrough",
        path.display()
    );
    for (i, golden) in goldens.iter().enumerate() {
        let game: G = golden
            .record
            .replay()
            .unwrap_or_else(|e| panic!("golden {i}: {e}"));
        assert!(
            game.is_over(),
            "golden {i}: the game is not over after its actions"
        );
        let now = golden_of(&game, golden.record.clone());
        assert_eq!(
            &now, golden,
            "golden {i} (seed {}) no longer plays the same",
            golden.record.seed
        );
    }
}
