//! The program reads its input strictly: unknown keys in records, options that are not a JSON
//! object and numbers out of range are refused, saying so; game names are read without regard
//! to case everywhere; and no message echoes more than a short, escaped piece of its input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::{run, temp};

/// Replays a record written from `json`: success, output, errors.
fn replay(name: &str, json: &str) -> (bool, String, String) {
    let path = temp(name);
    std::fs::write(&path, json).unwrap();
    run(&["replay", path.to_str().unwrap()], "")
}

/// The issue's reproduction: `"action"` for `"actions"` replayed no action and exited 0.
#[test]
fn replay_refuses_unknown_keys_in_a_record() {
    let (ok, out, err) = replay(
        "unknown-key.json",
        r#"{"game":"headtrip","seed":1,"action":["stay","no-recall"]}"#,
    );
    assert!(!ok, "{out}");
    assert!(
        err.contains("malformed record") && err.contains("unknown field `action`"),
        "{err}"
    );
}

/// The issue's reproduction: `[true,3]` was read by position as options.
#[test]
fn options_that_are_not_a_json_object_are_refused() {
    for command in [
        vec!["simulate", "headtrip", "--games", "3"],
        vec!["play", "headtrip"],
    ] {
        for options in ["[true,3]", "3", "\"games\"", "null"] {
            let mut args = command.clone();
            args.extend_from_slice(&["--options", options]);
            let (ok, _, err) = run(&args, "quit\n");
            assert!(!ok, "{args:?}");
            assert!(
                err.contains("options must be a JSON object"),
                "{args:?}: {err}"
            );
        }
    }
    let (ok, _, err) = replay(
        "array-options.json",
        r#"{"game":"headtrip","options":[true,3],"seed":1,"actions":[]}"#,
    );
    assert!(!ok);
    assert!(err.contains("options must be a JSON object"), "{err}");
}

/// The issue's reproduction: the program read `HeadTrip` but a record naming it did not replay.
#[test]
fn game_names_are_read_without_regard_to_case_in_records_too() {
    let (ok, out, err) = replay(
        "case.json",
        r#"{"game":"HeadTrip","seed":1,"actions":["stay","no-recall"]}"#,
    );
    assert!(ok, "{err}");
    assert!(out.contains("2 actions replayed"), "{out}");
    let (ok, _, err) = run(&["simulate", "HEADTRIP", "--games", "2"], "");
    assert!(ok, "{err}");
}

/// The issue's reproduction: a 10 MB action gave a 20 MB error, and control characters reached
/// the terminal.
#[test]
fn long_texts_are_cut_and_control_characters_escaped_in_messages() {
    let long = "x".repeat(10_000_000);
    let json = format!(r#"{{"game":"headtrip","seed":1,"actions":["{long}"]}}"#);
    let (ok, _, err) = replay("long-action.json", &json);
    assert!(!ok);
    assert!(
        err.contains("action 0") && err.contains('…'),
        "{}",
        &err[..err.len().min(500)]
    );
    assert!(err.len() < 2_000, "{} bytes of error", err.len());

    let (ok, _, err) = replay(
        "escape-action.json",
        r#"{"game":"headtrip","seed":1,"actions":["\u001b[2Jstay"]}"#,
    );
    assert!(!ok);
    assert!(
        !err.contains('\u{1b}'),
        "a control character reached the terminal: {err:?}"
    );
    assert!(err.contains("\\u{1b}[2Jstay"), "{err}");

    let json = format!(r#"{{"game":"{long}\u001b[31m","seed":1}}"#);
    let (ok, _, err) = replay("long-game.json", &json);
    assert!(!ok);
    assert!(
        err.contains("unknown game") && err.len() < 1_000,
        "{} bytes",
        err.len()
    );

    let key = format!(r#"{{"{}\u001b":1}}"#, "k".repeat(100_000));
    let json = format!(
        r#"{{"game":"headtrip","seed":1,"options":{key},"{}":1}}"#,
        "z".repeat(100_000)
    );
    let (ok, _, err) = replay("long-key.json", &json);
    assert!(!ok);
    assert!(
        err.len() < 1_000 && !err.contains('\u{1b}'),
        "{} bytes",
        err.len()
    );

    // Arguments on the command line, which the argument parser quotes back.
    let name = format!("{}\u{1b}[31m", "g".repeat(100_000));
    for args in [
        vec!["simulate", name.as_str()],
        vec!["simulate", "headtrip", "--games", name.as_str()],
        vec!["simulate", "headtrip", name.as_str()],
    ] {
        let (ok, _, err) = run(&args, "");
        assert!(!ok);
        assert!(err.len() < 2_000, "{} bytes of error", err.len());
        assert!(!err.contains('\u{1b}'), "{err:?}");
    }
}

/// The issue's reproduction: a seed of 2^64 was reported as a floating-point type error.
#[test]
fn numbers_out_of_range_are_reported_as_out_of_range() {
    for command in [vec!["simulate", "headtrip"], vec!["play", "headtrip"]] {
        for seed in ["18446744073709551616", "-1", "99999999999999999999999"] {
            let mut args = command.clone();
            args.extend_from_slice(&["--seed", seed]);
            let (ok, _, err) = run(&args, "quit\n");
            assert!(!ok, "{args:?}");
            assert!(
                err.contains("out of range for a 64-bit seed"),
                "{args:?}: {err}"
            );
        }
    }
    // The largest seed is a seed.
    let (ok, _, err) = run(
        &[
            "simulate",
            "headtrip",
            "--games",
            "2",
            "--seed",
            "18446744073709551615",
        ],
        "",
    );
    assert!(ok, "{err}");

    for seed in ["18446744073709551616", "-1", "1e30"] {
        let (ok, _, err) = replay(
            "big-seed.json",
            &format!(r#"{{"game":"headtrip","seed":{seed},"actions":[]}}"#),
        );
        assert!(!ok, "{seed}");
        assert!(
            err.contains("out of range for a 64-bit seed"),
            "{seed}: {err}"
        );
        assert!(!err.contains("floating point"), "{err}");
    }
    let (ok, _, err) = replay(
        "half-seed.json",
        r#"{"game":"headtrip","seed":1.5,"actions":[]}"#,
    );
    assert!(!ok);
    assert!(err.contains("not a whole number"), "{err}");

    // Options' numbers.
    let (ok, _, err) = run(
        &[
            "simulate",
            "headtrip",
            "--options",
            r#"{"games":18446744073709551616}"#,
        ],
        "",
    );
    assert!(!ok);
    assert!(
        err.contains("`games`: number out of range for a 64-bit integer"),
        "{err}"
    );
    let (ok, _, err) = replay(
        "big-option.json",
        r#"{"game":"roundtrip","seed":1,"options":{"players":1e40}}"#,
    );
    assert!(!ok);
    assert!(err.contains("`players`: number out of range"), "{err}");
    // The seat, too.
    let (ok, _, err) = run(&["play", "headtrip", "--seat", "256"], "");
    assert!(!ok);
    assert!(err.contains("out of range for a seat (0 to 255)"), "{err}");
}
