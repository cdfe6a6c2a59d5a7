//! Round Trip Ticket: legal actions, apply and whole random playouts.
#![allow(missing_docs)] // criterion_group! defines an undocumented public function.

use criterion::{criterion_group, criterion_main, Criterion};

fn round_trip(c: &mut Criterion) {
    benchmarks::bench_game::<roundtrip::RoundTrip>(c, "roundtrip", &roundtrip::Options::default());
    let advanced = roundtrip::Options {
        advanced: true,
        ..roundtrip::Options::default()
    };
    benchmarks::bench_game::<roundtrip::RoundTrip>(c, "roundtrip-advanced", &advanced);
}

criterion_group!(benches, round_trip);
criterion_main!(benches);
