//! Drivers that turn arbitrary bytes into game inputs, for fuzz targets and their stable-Rust
//! twins in CI. Refusals are fine; a panic is a bug.

use crate::{Game, GameRng, Record, Seat};

/// What every seat (and a spectator) observes of `action`, and a determinisation for each seat
/// drawn into `scratch`: neither may panic, whatever the state.
fn observe_and_determinise<G: Game>(
    game: &G,
    action: G::Action,
    rng: &mut GameRng,
    scratch: &mut G,
) {
    for i in 0..=game.seat_count() {
        let seat = Seat(i as u8);
        let _ = game.observe(action, seat).to_string();
        game.resample_hidden_into(seat, rng, scratch);
        let _ = scratch.view(seat);
    }
}

/// Plays a game driven by `data`: the first byte picks the options (from `options`), the next
/// eight the seed, and each further byte either picks a legal action (even bytes) or probes any
/// value of the action space (odd bytes), which may be refused. Checks along the way that a
/// refusal leaves the state unchanged. Returns the number of actions applied.
///
/// # Panics
/// Only when the game breaks its contract (a refused action changed the state), which is what a
/// fuzzer looks for.
pub fn drive_with_bytes<G: Game>(options: &[G::Options], data: &[u8]) -> usize {
    let Some((&pick, rest)) = data.split_first() else {
        return 0;
    };
    let Some(chosen) = options.get(usize::from(pick) % options.len().max(1)) else {
        return 0;
    };
    let (seed_bytes, moves) = rest.split_at(rest.len().min(8));
    let mut seed = [0u8; 8];
    seed[..seed_bytes.len()].copy_from_slice(seed_bytes);
    let Ok(mut game) = G::new(chosen.clone(), u64::from_le_bytes(seed)) else {
        return 0;
    };
    let mut legal = Vec::new();
    let mut space = Vec::new();
    game.action_space(&mut space);
    let mut applied = 0;
    let mut rng = GameRng::from_seed(u64::from_le_bytes(seed));
    let mut scratch = game.clone();
    for (index, &byte) in moves.iter().enumerate() {
        game.legal_actions(&mut legal);
        if index % 16 == 0 {
            if let Some(&action) = legal.first() {
                observe_and_determinise(&game, action, &mut rng, &mut scratch);
            }
        }
        if byte % 2 == 0 {
            if let Some(&action) = legal.get(usize::from(byte / 2) % legal.len().max(1)) {
                if game.apply(action).is_ok() {
                    applied += 1;
                }
            }
        } else if let Some(&action) = space.get(usize::from(byte / 2) % space.len().max(1)) {
            let before = serde_json::to_vec(&game).ok();
            if game.apply(action).is_ok() {
                applied += 1;
            } else {
                assert_eq!(
                    before,
                    serde_json::to_vec(&game).ok(),
                    "refusing `{action}` changed the state"
                );
            }
        }
        for i in 0..game.seat_count() {
            let _ = game.view(Seat(i as u8));
        }
        let _ = game.winners();
    }
    applied
}

/// Feeds `data` to the state and record deserialisers; whatever they accept is then played on
/// (legal actions listed and applied, views taken), which must not panic either.
pub fn deserialize_bytes<G: Game>(data: &[u8]) {
    if let Ok(mut game) = serde_json::from_slice::<G>(data) {
        let mut legal = Vec::new();
        let mut rng = GameRng::from_seed(data.len() as u64);
        let mut scratch = game.clone();
        for _ in 0..8 {
            game.legal_actions(&mut legal);
            let Some(&action) = legal.first() else { break };
            observe_and_determinise(&game, action, &mut rng, &mut scratch);
            let _ = game.apply(action);
        }
        for i in 0..game.seat_count() {
            let _ = game.view(Seat(i as u8));
        }
        let _ = game.winners();
    }
    if let Ok(record) = serde_json::from_slice::<Record>(data) {
        let _ = record.replay::<G>();
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = text.parse::<G::Action>();
    }
}
