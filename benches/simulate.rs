//! `cards simulate` against the bare playout, per game, for every game:
//! - `simulate-<game>/bare_playout`: a new game from its seed and a random playout to its end,
//!   one chooser for all the games, of the kind the simulation gives each game (a
//!   `cards::PlayoutRng`): the least a game can cost;
//! - `simulate-<game>/simulate_1_thread`: the same number of games through the program's
//!   simulation on one thread (each game's own chooser seeded from its seed, its scores and
//!   winners folded into the summary, the thread pool set up once per batch);
//! - `simulate-<game>/simulate_2_threads`: the same on two threads (scaling).
//!
//! Each iteration plays a batch of games; the throughput is per game, so criterion reports the
//! time of one game and the overhead of the simulation is the difference.
#![allow(missing_docs)] // criterion_group! defines an undocumented public function.

use cards::{Game, PlayoutRng};
use cards_cli::simulate::{game_seed, run_summary, Simulation};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;

/// Benchmarks one game: `batch` games per iteration.
fn bench_simulate<G: Game>(c: &mut Criterion, batch: u64) {
    let entry = match cards_cli::registry::find(G::NAME) {
        Ok(entry) => entry,
        Err(e) => panic!("{} is not in the program: {e}", G::NAME),
    };
    let mut group = c.benchmark_group(format!("simulate-{}", G::NAME));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    group.throughput(Throughput::Elements(batch));

    let options = G::Options::default();
    let mut buffer = Vec::with_capacity(64);
    let mut rng = PlayoutRng::from_seed(1);
    let mut base = 0u64;
    group.bench_function("bare_playout", |b| {
        b.iter(|| {
            base += 1;
            let mut plies = 0;
            for index in 0..batch {
                let Ok(mut game) = G::new(options.clone(), game_seed(base, index)) else {
                    continue;
                };
                plies += cards::random_playout(&mut game, &mut rng, &mut buffer)
                    .map(|s| s.plies)
                    .unwrap_or(0);
            }
            black_box(plies)
        })
    });

    for (threads, name) in [(1, "simulate_1_thread"), (2, "simulate_2_threads")] {
        let mut sim = Simulation {
            games: batch,
            seed: 0,
            threads,
            options: serde_json::Value::Null,
            progress: false,
            agents: Vec::new(),
            rotate: false,
        };
        group.bench_function(name, |b| {
            b.iter(|| {
                sim.seed += 1;
                black_box(run_summary(&entry, &sim).map(|s| s.plies.0).ok())
            })
        });
    }
    group.finish();
}

/// Batches of about a tenth of a second or more, so that what a run costs once (its thread pool,
/// its first small chunks: about half a millisecond) weighs little against the games: the
/// figures are the cost of one more game.
fn simulate(c: &mut Criterion) {
    bench_simulate::<headtrip::HeadTrip>(c, 100_000);
    bench_simulate::<brainshearts::BrainsHearts>(c, 40_000);
    bench_simulate::<roundtrip::RoundTrip>(c, 4_000);
    bench_simulate::<highjinks::HighJinks>(c, 2_000);
}

criterion_group!(benches, simulate);
criterion_main!(benches);
