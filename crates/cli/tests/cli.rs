//! The `cards` program end to end: help, simulate, play with bad input, replay and its errors.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::{cards, run, temp};
use std::process::Stdio;

#[test]
fn no_arguments_prints_help_listing_the_games() {
    let (_, out, err) = run(&[], "");
    let text = out + &err;
    assert!(
        text.contains("simulate") && text.contains("replay"),
        "{text}"
    );
    assert!(text.contains("headtrip"), "the games are listed: {text}");
}

#[test]
fn simulate_prints_a_summary_and_json_lines() {
    let (ok, out, _) = run(
        &["simulate", "headtrip", "--games", "50", "--seed", "3"],
        "",
    );
    assert!(ok);
    assert!(
        out.contains("50 games")
            && out.contains("win rate")
            && out.contains("legal actions per decision"),
        "{out}"
    );
    let (ok, out, err) = run(
        &[
            "simulate",
            "headtrip",
            "--games",
            "20",
            "--json",
            "--threads",
            "2",
        ],
        "",
    );
    assert!(ok);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 20);
    assert!(lines
        .iter()
        .all(|l| l["scores"].as_array().map(Vec::len) == Some(4) && l["plies"].as_u64() > Some(0)));
    assert!(err.contains("20 games"));
}

#[test]
fn simulate_results_do_not_depend_on_threads() {
    let one = run(
        &[
            "simulate",
            "headtrip",
            "--games",
            "200",
            "--json",
            "--threads",
            "1",
            "--seed",
            "9",
        ],
        "",
    )
    .1;
    let two = run(
        &[
            "simulate",
            "headtrip",
            "--games",
            "200",
            "--json",
            "--threads",
            "2",
            "--seed",
            "9",
        ],
        "",
    )
    .1;
    assert_eq!(one, two);
}

#[test]
fn simulate_refuses_unknown_games_and_bad_options() {
    let (ok, _, err) = run(&["simulate", "chess"], "");
    assert!(!ok);
    assert!(err.contains("unknown game"), "{err}");
    let (ok, _, err) = run(&["simulate", "headtrip", "--options", "{\"games\":0}"], "");
    assert!(!ok);
    assert!(err.contains("bad options"), "{err}");
    let (ok, _, err) = run(&["simulate", "headtrip", "--options", "not json"], "");
    assert!(!ok);
    assert!(err.contains("not JSON"), "{err}");
}

#[test]
fn play_survives_bad_input_and_writes_a_record_that_replays() {
    let record = temp("played.json");
    // Garbage, out-of-range numbers and illegal actions are answered with a message; then the
    // person always picks the first action until the game ends.
    let mut input = String::from("\nbanana\n0\n99\nplay 5C\nvote nobody\n");
    input.push_str(&"1\n".repeat(400));
    let (ok, out, err) = run(
        &[
            "play",
            "headtrip",
            "--seat",
            "3",
            "--seed",
            "5",
            "--record",
            record.to_str().unwrap(),
        ],
        &input,
    );
    assert!(ok, "{err}");
    assert!(out.contains("Not understood"), "{out}");
    assert!(out.contains("There is no action 0") && out.contains("There is no action 99"));
    // An illegal action is refused with the engine's reason.
    assert!(
        out.contains("Refused: ") && out.contains("the pilot must step down or stay"),
        "{out}"
    );
    assert!(
        out.contains("Game over") && out.contains("Winners"),
        "{out}"
    );
    let (ok, out, err) = run(&["replay", record.to_str().unwrap(), "--json"], "");
    assert!(ok, "{err}");
    let report: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(report["over"], true);
    assert_eq!(report["game"], "headtrip");
}

#[test]
fn play_ends_cleanly_when_input_ends() {
    let (ok, out, _) = run(&["play", "headtrip", "--seat", "3"], "stay\n");
    assert!(ok);
    assert!(out.contains("unfinished"), "{out}");
    let (ok, _, err) = run(&["play", "headtrip", "--seat", "9"], "");
    assert!(!ok);
    assert!(err.contains("seat 9"), "{err}");
}

#[test]
fn replay_reports_the_first_illegal_action() {
    let path = temp("illegal.json");
    std::fs::write(
        &path,
        r#"{"game":"headtrip","options":{},"seed":1,"actions":["stay","no-recall","vote animal"]}"#,
    )
    .unwrap();
    let (ok, _, err) = run(&["replay", path.to_str().unwrap()], "");
    assert!(!ok);
    assert!(
        err.contains("action 2") && err.contains("vote animal") && err.contains("illegal"),
        "{err}"
    );
    std::fs::write(
        &path,
        r#"{"game":"headtrip","seed":1,"actions":["fly away"]}"#,
    )
    .unwrap();
    let (ok, _, err) = run(&["replay", path.to_str().unwrap()], "");
    assert!(!ok);
    assert!(
        err.contains("action 0") && err.contains("cannot be read"),
        "{err}"
    );
    std::fs::write(&path, "{not json").unwrap();
    let (ok, _, err) = run(&["replay", path.to_str().unwrap()], "");
    assert!(!ok);
    assert!(err.contains("malformed record"), "{err}");
    let (ok, _, err) = run(&["replay", "/nonexistent/record.json"], "");
    assert!(!ok);
    assert!(err.contains("/nonexistent/record.json"), "{err}");
}

#[test]
fn replay_prints_the_final_state_scores_and_winners() {
    let path = temp("partial.json");
    std::fs::write(
        &path,
        r#"{"game":"headtrip","seed":1,"actions":["stay","no-recall","no-recall"]}"#,
    )
    .unwrap();
    let (ok, out, _) = run(&["replay", path.to_str().unwrap()], "");
    assert!(ok);
    assert!(
        out.contains("3 actions replayed")
            && out.contains("Scores by seat")
            && out.contains("Tableau"),
        "{out}"
    );
    assert!(out.contains("not over"), "{out}");
}

#[test]
fn a_closed_output_pipe_ends_quietly() {
    use std::io::{BufRead, BufReader};
    let mut child = cards()
        .args(["simulate", "headtrip", "--games", "20000", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The reader is gone now, as with `| head -1`.
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(first.starts_with('{'));
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.status.success());
}
