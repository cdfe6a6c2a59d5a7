//! Brains and Hearts: legal actions, apply and whole random playouts.
#![allow(missing_docs)] // criterion_group! defines an undocumented public function.

use criterion::{criterion_group, criterion_main, Criterion};

fn brains_hearts(c: &mut Criterion) {
    benchmarks::bench_game::<brainshearts::BrainsHearts>(
        c,
        "brainshearts",
        &brainshearts::Options::default(),
    );
}

criterion_group!(benches, brains_hearts);
criterion_main!(benches);
