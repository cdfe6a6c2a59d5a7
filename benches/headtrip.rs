//! Head Trip: legal actions, apply and whole random playouts.
#![allow(missing_docs)] // criterion_group! defines an undocumented public function.

use criterion::{criterion_group, criterion_main, Criterion};

fn head_trip(c: &mut Criterion) {
    benchmarks::bench_game::<headtrip::HeadTrip>(c, "headtrip", &headtrip::Options::default());
    let affinities = headtrip::Options {
        aspect_affinities: true,
        ..headtrip::Options::default()
    };
    benchmarks::bench_game::<headtrip::HeadTrip>(c, "headtrip-affinities", &affinities);
}

criterion_group!(benches, head_trip);
criterion_main!(benches);
