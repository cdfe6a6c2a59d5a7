//! The search agents: one ISMCTS iteration against one random playout from the same positions,
//! in every game.
#![allow(missing_docs)] // criterion_group! defines an undocumented public function.

use criterion::{criterion_group, criterion_main, Criterion};

fn search(c: &mut Criterion) {
    benchmarks::bench_search::<headtrip::HeadTrip>(c, "headtrip", &Default::default());
    benchmarks::bench_search::<brainshearts::BrainsHearts>(c, "brainshearts", &Default::default());
    benchmarks::bench_search::<roundtrip::RoundTrip>(c, "roundtrip", &Default::default());
}

criterion_group!(benches, search);
criterion_main!(benches);
