//! Shared criterion benchmarks over any [`Game`]: each game's bench file is a few lines.
//!
//! Three measurements, each per ply:
//! - `legal_actions`: filling the caller's buffer, over a fixed set of mid-game states;
//! - `apply`: one action on a mid-game state (the state copy is made outside the timing);
//! - `playout`: a whole random game (legal actions + a random choice + apply at every ply),
//!   reported with criterion's throughput in plies.
//!
//! And three of the loop of an information-set search, each per iteration, from the same
//! mid-game states in turn, into one game reused throughout (as a search does):
//! - `determinise`: `resample_hidden_into` for the seat to act;
//! - `copy_playout`: `clone_from` the state, then a random playout to the end (the baseline: a
//!   playout from the same position without determinising);
//! - `determinise_playout`: `resample_hidden_into`, then a random playout to the end.

use cards::{Game, GameRng};
use criterion::{black_box, BatchSize, Criterion, Throughput};

/// How many mid-game states the `legal_actions` and `apply` benchmarks cycle through.
pub const STATES: usize = 256;

/// Collects `STATES` mid-game states (with the action a random player took there) from random
/// games of `options`, seeded, at every ply of each game in turn.
pub fn mid_game_states<G: Game>(options: &G::Options) -> Vec<(G, G::Action)> {
    let mut states = Vec::with_capacity(STATES);
    let mut rng = GameRng::from_seed(0xbe9c);
    let mut legal = Vec::new();
    let mut seed = 0;
    while states.len() < STATES {
        let Ok(mut game) = G::new(options.clone(), seed) else {
            break;
        };
        seed += 1;
        while game.to_act().is_some() && states.len() < STATES {
            game.legal_actions(&mut legal);
            let Some(&action) = legal.get(rng.index(legal.len())) else {
                break;
            };
            states.push((game.clone(), action));
            if game.apply(action).is_err() {
                break;
            }
        }
    }
    states
}

/// Mean plies of a random game with these options, over 64 seeded games.
pub fn mean_plies<G: Game>(options: &G::Options) -> u64 {
    let mut total = 0;
    let mut buffer = Vec::new();
    for seed in 0..64 {
        let Ok(mut game) = G::new(options.clone(), seed) else {
            return 1;
        };
        let mut rng = GameRng::from_seed(seed);
        total += cards::random_playout(&mut game, &mut rng, &mut buffer)
            .map(|s| s.plies)
            .unwrap_or(0);
    }
    (total / 64).max(1)
}

/// Registers the three benchmarks of a game under `name/...` (`name/legal_actions`,
/// `name/apply`, `name/playout`).
pub fn bench_game<G: Game>(c: &mut Criterion, name: &str, options: &G::Options) {
    let states = mid_game_states::<G>(options);
    let mut group = c.benchmark_group(name);

    group.throughput(Throughput::Elements(states.len() as u64));
    let mut buffer = Vec::with_capacity(256);
    group.bench_function("legal_actions", |b| {
        b.iter(|| {
            for (state, _) in &states {
                state.legal_actions(&mut buffer);
                black_box(buffer.len());
            }
        })
    });

    group.throughput(Throughput::Elements(1));
    let mut next = 0;
    group.bench_function("apply", |b| {
        b.iter_batched_ref(
            || {
                next = (next + 1) % states.len();
                states[next].clone()
            },
            |(state, action)| black_box(state.apply(*action).is_ok()),
            BatchSize::SmallInput,
        )
    });

    let plies = mean_plies::<G>(options);
    group.throughput(Throughput::Elements(plies));
    let mut seed = 0u64;
    let mut rng = GameRng::from_seed(1);
    group.bench_function("playout", |b| {
        b.iter_batched_ref(
            || {
                seed += 1;
                G::new(options.clone(), seed).ok()
            },
            |game| {
                if let Some(game) = game {
                    black_box(
                        cards::random_playout(game, &mut rng, &mut buffer)
                            .map(|s| s.plies)
                            .ok(),
                    );
                }
            },
            BatchSize::SmallInput,
        )
    });
    bench_search_loop(&mut group, &states);
    group.finish();
}

/// The determinisation benchmarks (see the crate docs), over the mid-game states.
fn bench_search_loop<G: Game>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    states: &[(G, G::Action)],
) {
    let Some((first, _)) = states.first() else {
        return;
    };
    let mut target = first.clone();
    let mut buffer = Vec::with_capacity(256);
    let mut rng = GameRng::from_seed(7);
    group.throughput(Throughput::Elements(1));
    let mut next = 0;
    group.bench_function("determinise", |b| {
        b.iter(|| {
            next = (next + 1) % states.len();
            let (state, _) = &states[next];
            let seat = state.to_act().unwrap_or(cards::Seat(0));
            state.resample_hidden_into(seat, &mut rng, &mut target);
            black_box(target.plies());
        })
    });
    group.bench_function("copy_playout", |b| {
        b.iter(|| {
            next = (next + 1) % states.len();
            target.clone_from(&states[next].0);
            black_box(cards::random_playout(&mut target, &mut rng, &mut buffer).is_ok());
        })
    });
    group.bench_function("determinise_playout", |b| {
        b.iter(|| {
            next = (next + 1) % states.len();
            let (state, _) = &states[next];
            let seat = state.to_act().unwrap_or(cards::Seat(0));
            state.resample_hidden_into(seat, &mut rng, &mut target);
            black_box(cards::random_playout(&mut target, &mut rng, &mut buffer).is_ok());
        })
    });
}
