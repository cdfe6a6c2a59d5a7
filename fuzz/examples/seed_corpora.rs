//! Writes the seed corpora checked in under `fuzz/corpus/<target>/seed-*`: for each game, saved
//! states at several points of seeded random games (the end included) and inputs of the other
//! forms each target reads. Deterministic: running it again writes the same files.
//!
//! ```text
//! cd fuzz && cargo run --example seed_corpora
//! ```

use cards::{Game, GameRng, Record};
use std::fs;
use std::path::{Path, PathBuf};

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

/// One seeded random game: its options index, seed, actions, and the states it passes through
/// at the start, half-way and the end.
struct Played<G: Game> {
    pick: u8,
    seed: u64,
    actions: Vec<G::Action>,
    points: Vec<(String, G)>,
}

fn play<G: Game>(options: &[G::Options], pick: u8, seed: u64) -> Result<Played<G>> {
    let chosen = options
        .get(usize::from(pick))
        .ok_or("no such options")?
        .clone();
    let mut game = G::new(chosen, seed)?;
    let mut chooser = GameRng::from_seed(seed ^ 0x5eed);
    let mut legal = Vec::new();
    let mut all = vec![game.clone()];
    let mut actions = Vec::new();
    while game.to_act().is_some() {
        game.legal_actions(&mut legal);
        let action = *legal
            .get(chooser.index(legal.len()))
            .ok_or("no legal action")?;
        game.apply(action)?;
        actions.push(action);
        all.push(game.clone());
    }
    let last = all.len() - 1;
    let mut points = Vec::new();
    for (name, ply) in [
        ("start".to_owned(), 0),
        (format!("ply{}", last / 2), last / 2),
        ("end".to_owned(), last),
    ] {
        points.push((name, all[ply].clone()));
    }
    Ok(Played {
        pick,
        seed,
        actions,
        points,
    })
}

/// Pseudo-random bytes.
fn noise(seed: u64, len: usize) -> Vec<u8> {
    let mut rng = GameRng::from_seed(seed);
    (0..len).map(|_| rng.next_u32() as u8).collect()
}

/// The head of a generated `_state` or `_actions` input: options, seed (and a pause).
fn head(pick: u8, seed: u64) -> Vec<u8> {
    let mut data = vec![pick];
    data.extend_from_slice(&seed.to_le_bytes());
    data
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> Result<()> {
    fs::write(dir.join(format!("seed-{name}")), bytes)?;
    Ok(())
}

/// A fresh directory for the seeds of one target (other files, a fuzzer's corpus, are kept).
fn seeds_dir(root: &Path, target: &str) -> Result<PathBuf> {
    let dir = root.join(target);
    fs::create_dir_all(&dir)?;
    for entry in fs::read_dir(&dir)? {
        let path = entry?.path();
        let is_seed = path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with("seed-"));
        if is_seed {
            fs::remove_file(path)?;
        }
    }
    Ok(dir)
}

fn corpora<G: Game>(root: &Path, game: &str, options: &[G::Options]) -> Result<usize> {
    let state = seeds_dir(root, &format!("{game}_state"))?;
    let deserialize = seeds_dir(root, &format!("{game}_deserialize"))?;
    let actions = seeds_dir(root, &format!("{game}_actions"))?;
    let mut files = 0;
    let picks = u8::try_from(options.len())?;
    // A few dozen files per target: two games per set of options, one if there are many.
    let seeds: &[u64] = if picks > 3 { &[1] } else { &[1, 2] };
    for pick in 0..picks {
        for &seed in seeds {
            let played = play::<G>(options, pick, seed)?;
            let tag = format!("o{}-s{}", played.pick, played.seed);
            for (i, (point, state_there)) in played.points.iter().enumerate() {
                let saved = serde_json::to_vec(state_there)?;
                // Saved states, as they are and (but the start) with mutations after them.
                write(&state, &format!("{tag}-{point}.json"), &saved)?;
                files += 1;
                if i > 0 {
                    let mut mutated = saved.clone();
                    mutated.extend(noise(seed * 100 + i as u64, 12));
                    write(&state, &format!("{tag}-{point}-mutated"), &mutated)?;
                    files += 1;
                }
                if seed == 1 {
                    write(&deserialize, &format!("{tag}-{point}.json"), &saved)?;
                    files += 1;
                }
            }
            let chosen = options.get(usize::from(pick)).ok_or("no such options")?;
            let record = Record::new::<G>(chosen, played.seed, &played.actions);
            let half = Record::new::<G>(
                chosen,
                played.seed,
                &played.actions[..played.actions.len() / 2],
            );
            write(
                &deserialize,
                &format!("{tag}-record.json"),
                &serde_json::to_vec(&record)?,
            )?;
            write(
                &deserialize,
                &format!("{tag}-record-half.json"),
                &serde_json::to_vec(&half)?,
            )?;
            if let Some(action) = played.actions.first() {
                write(
                    &deserialize,
                    &format!("{tag}-action"),
                    action.to_string().as_bytes(),
                )?;
            }
            files += 3;
            // The generated form of the `_state` target: options, seed, pause, mutations.
            for pause in [128u8, 255] {
                let mut data = head(pick, seed);
                data.push(pause);
                data.extend(noise(seed + u64::from(pause), 16));
                write(&state, &format!("{tag}-pause{pause}"), &data)?;
                files += 1;
            }
            // The `_actions` target: options, seed, then actions (short and long).
            for moves in [0usize, 64, 400] {
                let mut data = head(pick, seed);
                data.extend(noise(seed * 7 + moves as u64, moves));
                write(&actions, &format!("{tag}-moves{moves}"), &data)?;
                files += 1;
            }
        }
    }
    Ok(files)
}

fn main() -> Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let h = corpora::<headtrip::HeadTrip>(&root, "headtrip", &cards_fuzz::headtrip_options())?;
    let b = corpora::<brainshearts::BrainsHearts>(
        &root,
        "brainshearts",
        &cards_fuzz::brainshearts_options(),
    )?;
    let r = corpora::<roundtrip::RoundTrip>(&root, "roundtrip", &cards_fuzz::roundtrip_options())?;
    let j = corpora::<highjinks::HighJinks>(&root, "highjinks", &cards_fuzz::highjinks_options())?;
    println!("seed files written: headtrip {h}, brainshearts {b}, roundtrip {r}, highjinks {j}");
    Ok(())
}
