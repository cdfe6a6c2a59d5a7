//! `cards simulate` streams: ten million games of Head Trip in bounded memory.
//!
//! The only test of this file, so that its process holds nothing else: the peak resident memory
//! of the process (`VmHWM` in `/proc/self/status`) after the simulation is what the simulation
//! needed. Keeping every result, as the program used to, takes about 166 bytes a game: 1.66 GB
//! for these games; streamed, a few megabytes.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cards_cli::simulate::{run, Simulation};

/// Most the process may hold at its peak: under a thirtieth of what the games' results alone
/// would take if they were kept (1.66 GB), and several times what streaming needs (about 7 MB,
/// the test harness included).
const LIMIT_KIB: u64 = 48 * 1024;

const GAMES: u64 = 10_000_000;

/// The peak resident memory of this process, in KiB.
fn peak_resident_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .expect("VmHWM in /proc/self/status");
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn simulate_ten_million_games_in_bounded_memory() {
    let entry = cards_cli::registry::find("headtrip").unwrap();
    let sim = Simulation {
        games: GAMES,
        seed: 10,
        threads: 2,
        options: serde_json::json!({}),
        progress: false,
        agents: Vec::new(),
        rotate: false,
    };
    let mut next = 0;
    let summary = run(&entry, &sim, &mut |result| {
        // Every game comes, once, in game order.
        assert_eq!(result.index, next);
        next += 1;
        Ok(())
    })
    .unwrap();
    assert_eq!(next, GAMES);
    assert_eq!(summary.games, GAMES);
    assert_eq!(summary.seats.len(), 4);
    assert!(summary.seats.iter().all(|seat| seat.samples == GAMES));
    let peak = peak_resident_kib();
    eprintln!("{GAMES} games: peak resident memory {peak} KiB");
    assert!(
        peak < LIMIT_KIB,
        "the simulation of {GAMES} games peaked at {peak} KiB (limit {LIMIT_KIB} KiB)"
    );
}
