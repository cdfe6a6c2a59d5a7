//! High Jinks: legal actions, apply and whole random playouts, for 2 and 4 players.
#![allow(missing_docs)] // criterion_group! defines an undocumented public function.

use criterion::{criterion_group, criterion_main, Criterion};

fn high_jinks(c: &mut Criterion) {
    benchmarks::bench_game::<highjinks::HighJinks>(c, "highjinks", &highjinks::Options::players(2));
    benchmarks::bench_game::<highjinks::HighJinks>(
        c,
        "highjinks-4players",
        &highjinks::Options::players(4),
    );
}

criterion_group!(benches, high_jinks);
criterion_main!(benches);
