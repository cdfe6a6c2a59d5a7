//! `cards simulate` streams its JSON lines as the games end, any game of a simulation can be
//! recorded and replayed, and the counts it is given are checked.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::{run, temp};
use std::io::{BufRead, BufReader};
use std::process::Stdio;

/// The JSON lines of a simulation.
fn lines(args: &[&str]) -> Vec<serde_json::Value> {
    let (ok, out, err) = run(args, "");
    assert!(ok, "{err}");
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The program with `args`, in a process allowed 1 GB of address space (so that a simulation
/// that kept its games would fail within seconds instead of filling the machine).
fn limited(args: &[&str]) -> std::process::Command {
    let mut command = std::process::Command::new("sh");
    command
        .args(["-c", r#"ulimit -v 1048576 && exec "$0" "$@""#])
        .arg(env!("CARGO_BIN_EXE_cards"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// A hundred million games in a process allowed 1 GB of address space: kept in memory, their
/// results would need 16 GB, and the first line would come only after the last game. Streamed,
/// the lines come at once, in game order, each with its index and seed.
#[test]
fn simulate_json_lines_come_as_games_end_in_bounded_memory() {
    let mut child = limited(&[
        "simulate",
        "headtrip",
        "--games",
        "100000000",
        "--json",
        "--threads",
        "2",
        "--seed",
        "5",
    ])
    .spawn()
    .unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut seen = Vec::new();
    for _ in 0..1000 {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap() == 0 {
            break;
        }
        seen.push(serde_json::from_str::<serde_json::Value>(&line).unwrap());
    }
    // Stop the simulation: this test started it.
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        seen.len(),
        1000,
        "the output ended early: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    for (i, line) in seen.iter().enumerate() {
        assert_eq!(line["index"], i as u64, "{line}");
        assert_eq!(
            line["seed"],
            cards_cli::simulate::game_seed(5, i as u64),
            "{line}"
        );
    }
}

/// Any game of a simulation, named by the index of its JSON line, is played again and recorded;
/// `cards replay` ends it with the same plies, scores and winners.
#[test]
fn any_game_of_a_simulation_is_recorded_and_replays_the_same() {
    let cases: [(&[&str], u64); 3] = [
        (&["headtrip", "--games", "40", "--seed", "8"], 37),
        (
            &["roundtrip", "--games", "5", "--options", r#"{"players":3}"#],
            2,
        ),
        (
            &[
                "brainshearts",
                "--games",
                "6",
                "--agents",
                "ismcts:30,random",
                "--rotate",
                "--seed",
                "2",
            ],
            5,
        ),
    ];
    for (args, index) in cases {
        let mut simulate = vec!["simulate"];
        simulate.extend_from_slice(args);
        simulate.extend_from_slice(&["--json", "--threads", "2"]);
        let games = lines(&simulate);
        let game = &games[index as usize];
        let path = temp(&format!("{}-{index}.json", args[0]));
        let index_text = index.to_string();
        let mut record = simulate.clone();
        record.extend_from_slice(&[
            "--record-game",
            &index_text,
            "--record",
            path.to_str().unwrap(),
        ]);
        let (ok, out, err) = run(&record, "");
        assert!(ok, "{err}");
        // The game's own line, as in the simulation.
        let first: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
        assert_eq!(&first, game, "{args:?}");
        let (ok, out, err) = run(&["replay", path.to_str().unwrap(), "--json"], "");
        assert!(ok, "{args:?}: {err}");
        let replayed: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(replayed["over"], true);
        for key in ["plies", "scores", "winners"] {
            assert_eq!(replayed[key], game[key], "{args:?}: {key}");
        }
    }
}

#[test]
fn record_game_refuses_a_game_not_in_the_simulation_and_time_budgets() {
    let path = temp("beyond.json");
    let path = path.to_str().unwrap();
    let (ok, _, err) = run(
        &[
            "simulate",
            "headtrip",
            "--games",
            "10",
            "--record-game",
            "10",
            "--record",
            path,
        ],
        "",
    );
    assert!(!ok);
    assert!(
        err.contains("there is no game 10 in a simulation of 10 games"),
        "{err}"
    );
    let (ok, _, err) = run(
        &[
            "simulate",
            "headtrip",
            "--agents",
            "flat:5ms",
            "--record-game",
            "0",
            "--record",
            path,
        ],
        "",
    );
    assert!(!ok);
    assert!(err.contains("time budget"), "{err}");
    // Each flag needs the other.
    let (ok, _, err) = run(&["simulate", "headtrip", "--record-game", "0"], "");
    assert!(!ok);
    assert!(err.contains("--record"), "{err}");
}

#[test]
fn simulate_refuses_zero_games() {
    let (ok, out, err) = run(&["simulate", "headtrip", "--games", "0"], "");
    assert!(!ok, "{out}");
    assert!(err.contains("--games must be at least 1"), "{err}");
    assert!(!out.contains("win rate"), "no empty table: {out}");
}

#[test]
fn simulate_refuses_more_threads_than_its_maximum_and_runs_with_the_maximum() {
    let (ok, _, err) = run(
        &[
            "simulate",
            "headtrip",
            "--games",
            "1000",
            "--threads",
            "10000",
        ],
        "",
    );
    assert!(!ok);
    assert!(
        err.contains("out of range for a number of threads (0 to 256)"),
        "{err}"
    );
    let (ok, out, err) = run(
        &[
            "simulate",
            "headtrip",
            "--games",
            "1000",
            "--threads",
            "256",
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("1000 games"), "{out}");
}

/// The library refuses them too, with the reason.
#[test]
fn a_simulation_of_no_games_or_too_many_threads_is_refused_by_the_library() {
    use cards_cli::simulate::{Simulation, MAX_THREADS};
    let sim = Simulation {
        games: 0,
        seed: 0,
        threads: 0,
        options: serde_json::json!({}),
        progress: false,
        agents: Vec::new(),
        rotate: false,
    };
    assert!(sim.check().unwrap_err().to_string().contains("at least 1"));
    let sim = Simulation {
        games: 5,
        threads: MAX_THREADS + 1,
        ..sim
    };
    let entry = cards_cli::registry::find("headtrip").unwrap();
    let refused = cards_cli::simulate::run(&entry, &sim, &mut |_| Ok(()));
    assert!(refused.unwrap_err().to_string().contains("too many"));
}

/// A reader that goes away stops the simulation quietly (the lines are written as they come, so
/// this happens at once).
#[test]
fn a_closed_output_pipe_stops_a_long_simulation() {
    let mut child = limited(&[
        "simulate",
        "headtrip",
        "--games",
        "100000000",
        "--json",
        "--threads",
        "2",
    ])
    .spawn()
    .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(first.starts_with("{\"index\":0,"), "{first}");
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}
