//! What a learning program reads, per state over the mid-game states of each game: the legal
//! actions (the baseline, the list read as a learner would read it), the legal-action mask, the information-state tensor and the
//! observation tensor of the seat to act (`<game>-learning/legal_actions`, `…/mask`,
//! `…/information_state`, `…/observation`). The goal: a mask at most 1.2 × the legal actions.
#![allow(missing_docs)] // criterion_group! defines an undocumented public function.

use cards::learning::{Learn, LearnExt};
use cards::{Seat, TensorKind};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

fn bench_learning<G: Learn>(c: &mut Criterion, name: &str, options: &G::Options) {
    let states: Vec<G> = benchmarks::mid_game_states::<G>(options)
        .into_iter()
        .map(|(state, _)| state)
        .collect();
    let Some(first) = states.first() else {
        return;
    };
    let mut group = c.benchmark_group(format!("{name}-learning"));
    group.throughput(Throughput::Elements(states.len() as u64));
    let mut buffer = Vec::with_capacity(512);
    group.bench_function("legal_actions", |b| {
        b.iter(|| {
            for state in &states {
                state.legal_actions(&mut buffer);
                // The actions are read, as a learner reads them (and as the mask does).
                std::hint::black_box(buffer.as_slice());
            }
        })
    });
    let mut mask = vec![false; first.action_count()];
    group.bench_function("mask", |b| {
        b.iter(|| {
            for state in &states {
                black_box(state.legal_action_mask(&mut buffer, &mut mask).ok());
            }
        })
    });
    for kind in TensorKind::ALL {
        let mut out = vec![0.0f32; first.tensor_len(kind)];
        group.bench_function(kind.name(), |b| {
            b.iter(|| {
                for state in &states {
                    let seat = state.to_act().unwrap_or(Seat(0));
                    black_box(state.tensor(kind, seat, &mut out).is_ok());
                }
            })
        });
    }
    group.finish();
}

fn learning(c: &mut Criterion) {
    bench_learning::<headtrip::HeadTrip>(c, "headtrip", &headtrip::Options::default());
    bench_learning::<brainshearts::BrainsHearts>(
        c,
        "brainshearts",
        &brainshearts::Options::default(),
    );
    bench_learning::<roundtrip::RoundTrip>(c, "roundtrip", &roundtrip::Options::default());
}

criterion_group!(benches, learning);
criterion_main!(benches);
