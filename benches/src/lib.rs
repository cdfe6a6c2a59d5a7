//! Shared criterion benchmarks over any [`Game`]: each game's bench file is a few lines.
//!
//! Three measurements, each per ply:
//! - `legal_actions`: filling the caller's buffer, over a fixed set of mid-game states;
//! - `apply`: one action on a mid-game state (the state copy is made outside the timing);
//! - `playout`: a whole random game (legal actions + a random choice + apply at every ply),
//!   reported with criterion's throughput in plies, the choices drawn from one
//!   [`cards::PlayoutRng`] (as `cards simulate` draws them);
//! - `playout_chacha`: the same with the choices drawn from one ChaCha8 [`GameRng`] (as every
//!   figure before the `PlayoutRng` was), so that earlier figures compare.
//!
//! And three of the loop of an information-set search, each per iteration, from the same
//! mid-game states in turn, into one game reused throughout (as a search does):
//! - `determinise`: `resample_hidden_into` for the seat to act;
//! - `copy_playout`: `clone_from` the state, then a random playout to the end (the baseline: a
//!   playout from the same position without determinising);
//! - `determinise_playout`: `resample_hidden_into`, then a random playout to the end.
//!
//! And, with [`bench_search`], the cost of a search against a bare playout from the same
//! positions (`<name>-search/playout` and `<name>-search/ismcts_iteration`, per iteration).

use agents::{Budget, Ismcts};
use cards::{Draw, Game, GameRng, PlayoutRng};
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

/// Mean plies of a random game with these options, over 64 seeded games (the choices drawn from
/// a `PlayoutRng`; with a `GameRng` the mean differs by less than the games vary).
pub fn mean_plies<G: Game>(options: &G::Options) -> u64 {
    let mut total = 0;
    let mut buffer = Vec::new();
    for seed in 0..64 {
        let Ok(mut game) = G::new(options.clone(), seed) else {
            return 1;
        };
        let mut rng = PlayoutRng::from_seed(seed);
        total += cards::random_playout(&mut game, &mut rng, &mut buffer)
            .map(|s| s.plies)
            .unwrap_or(0);
    }
    (total / 64).max(1)
}

/// Registers the three benchmarks of a game under `name/...` (`name/legal_actions`,
/// `name/apply`, `name/playout`, `name/playout_chacha`).
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
    bench_playout::<G, _>(
        &mut group,
        "playout",
        options,
        &mut PlayoutRng::from_seed(1),
    );
    bench_playout::<G, _>(
        &mut group,
        "playout_chacha",
        options,
        &mut GameRng::from_seed(1),
    );
    bench_search_loop(&mut group, &states);
    group.finish();
}

/// A random playout of a new game (dealt outside the timing) per iteration, the choices drawn
/// from `rng`.
fn bench_playout<G: Game, R: Draw>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    options: &G::Options,
    rng: &mut R,
) {
    let mut seed = 0u64;
    let mut buffer = Vec::with_capacity(256);
    group.bench_function(name, |b| {
        b.iter_batched_ref(
            || {
                seed += 1;
                G::new(options.clone(), seed).ok()
            },
            |game| {
                if let Some(game) = game {
                    black_box(
                        cards::random_playout(game, &mut *rng, &mut buffer)
                            .map(|s| s.plies)
                            .ok(),
                    );
                }
            },
            BatchSize::SmallInput,
        )
    });
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

/// Iterations of each search in [`bench_search`].
pub const SEARCH_ITERATIONS: u32 = 1000;

/// Positions the search benchmarks cycle through: every 16th of the mid-game states.
const SEARCH_POSITIONS: usize = STATES / 16;

/// The cost of one ISMCTS iteration against one random playout from the same positions:
/// `<name>-search/playout` clones a position into a reused game and plays it out at random;
/// `<name>-search/ismcts_iteration` runs a search of [`SEARCH_ITERATIONS`] iterations for the
/// seat to act there (each determinises, descends the tree, expands, plays out and backs up),
/// reported per iteration.
pub fn bench_search<G: Game>(c: &mut Criterion, name: &str, options: &G::Options) {
    let states: Vec<G> = mid_game_states::<G>(options)
        .into_iter()
        .step_by(STATES / SEARCH_POSITIONS)
        .map(|(state, _)| state)
        .filter(|state| state.to_act().is_some())
        .collect();
    let Some(first) = states.first() else {
        return;
    };
    let mut group = c.benchmark_group(format!("{name}-search"));
    let mut target = first.clone();
    let mut buffer = Vec::with_capacity(256);
    let mut rng = GameRng::from_seed(11);
    let mut next = 0;
    group.throughput(Throughput::Elements(1));
    group.bench_function("playout", |b| {
        b.iter(|| {
            next = (next + 1) % states.len();
            target.clone_from(&states[next]);
            black_box(cards::random_playout(&mut target, &mut rng, &mut buffer).is_ok());
        })
    });
    let mut search = Ismcts::new(3).with_budget(Budget::Iterations(SEARCH_ITERATIONS));
    group.throughput(Throughput::Elements(u64::from(SEARCH_ITERATIONS)));
    group.sample_size(20);
    group.bench_function("ismcts_iteration", |b| {
        b.iter(|| {
            next = (next + 1) % states.len();
            let state = &states[next];
            let seat = state.to_act().unwrap_or(cards::Seat(0));
            black_box(search.search(state, seat));
        })
    });
    group.finish();
}
