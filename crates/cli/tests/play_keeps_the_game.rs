//! `cards play` keeps a person's game: the record path is checked before the first move, the
//! record is kept up to date after every move (so quitting, the end of input and Ctrl-C keep the
//! game so far), and input that is not text gets another prompt.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use cards::Game;
use common::{cards, run, run_bytes, temp};
use std::io::{Read, Write};
use std::process::Stdio;

/// The record at `path`, replayed by the program: its JSON report.
fn replayed(path: &std::path::Path) -> serde_json::Value {
    let (ok, out, err) = run(&["replay", path.to_str().unwrap(), "--json"], "");
    assert!(ok, "{err}");
    serde_json::from_str(out.trim()).unwrap()
}

/// The reproduction: three thousand moves, then the record could not be written.
#[test]
fn play_refuses_a_record_path_it_cannot_write_before_the_first_move() {
    let (ok, out, err) = run(
        &[
            "play",
            "roundtrip",
            "--seed",
            "9",
            "--bots",
            "random",
            "--record",
            "/nonexistent/x.json",
        ],
        &"1\n".repeat(3000),
    );
    assert!(!ok);
    assert!(err.contains("/nonexistent/x.json"), "{err}");
    assert!(!out.contains("> "), "no move was asked for: {out}");
    // A directory is no record file either.
    let dir = temp("a-directory");
    std::fs::create_dir_all(&dir).unwrap();
    let (ok, out, _) = run(
        &["play", "headtrip", "--record", dir.to_str().unwrap()],
        "1\n",
    );
    assert!(!ok);
    assert!(!out.contains("> "), "{out}");
}

#[test]
fn play_keeps_the_record_of_a_game_left_by_quit_or_the_end_of_input() {
    for (name, input) in [("quit", "1\n1\n1\nquit\n1\n"), ("end", "1\n1\n1\n")] {
        let path = temp(&format!("left-{name}.json"));
        let (ok, out, err) = run(
            &[
                "play",
                "headtrip",
                "--seat",
                "3",
                "--seed",
                "5",
                "--bots",
                "random",
                "--record",
                path.to_str().unwrap(),
            ],
            input,
        );
        assert!(ok, "{err}");
        assert!(
            out.contains("unfinished") && out.contains("Record written to"),
            "{out}"
        );
        let report = replayed(&path);
        assert_eq!(report["over"], false);
        // The bots' moves before the person's fourth decision and the person's three.
        assert!(report["plies"].as_u64().unwrap() >= 3, "{report}");
    }
}

/// Ctrl-C while the program waits for a move: the record holds every move made so far.
#[test]
fn play_keeps_the_record_when_interrupted() {
    let path = temp("interrupted.json");
    let mut child = cards()
        .args([
            "play",
            "headtrip",
            "--seat",
            "3",
            "--seed",
            "5",
            "--bots",
            "random",
            "--record",
            path.to_str().unwrap(),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"1\n1\n1\n").unwrap();
    stdin.flush().unwrap();
    // Wait for the fourth prompt: three moves made, the program waiting for the next.
    let mut stdout = child.stdout.take().unwrap();
    let mut seen = Vec::new();
    let mut byte = [0; 1];
    while String::from_utf8_lossy(&seen).matches("> ").count() < 4 {
        assert_eq!(stdout.read(&mut byte).unwrap(), 1, "output ended early");
        seen.push(byte[0]);
    }
    let interrupted = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupted.success());
    let status = child.wait().unwrap();
    assert!(!status.success(), "the program was interrupted");
    drop(stdin);
    let report = replayed(&path);
    assert_eq!(report["over"], false);
    let plies = report["plies"].as_u64().unwrap();
    assert!(plies >= 3, "{report}");
    // The record holds the three moves the person made, and the bots' moves around them.
    let record: cards::Record =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(record.actions.len() as u64, plies);
    let mut game: headtrip::HeadTrip = record.start().unwrap();
    let mut by_the_person = 0;
    for text in &record.actions {
        by_the_person += usize::from(game.to_act() == Some(cards::Seat(3)));
        game.apply(text.parse().unwrap()).unwrap();
    }
    assert_eq!(by_the_person, 3);
    assert_eq!(
        game.to_act(),
        Some(cards::Seat(3)),
        "the person was to move"
    );
}

/// The reproduction: a byte that is not UTF-8 ended the game with an error.
#[test]
fn play_answers_a_line_that_is_not_utf8_with_another_prompt() {
    let (ok, out, err) = run_bytes(&["play", "headtrip", "--bots", "random"], b"1\n\xff\n1\n");
    assert!(ok, "{err}");
    assert!(out.contains("not UTF-8 text"), "{out}");
    let prompts_after = out.split("not UTF-8 text").nth(1).unwrap();
    assert!(prompts_after.contains("> "), "another prompt: {out}");
    assert!(!err.contains("error"), "{err}");
}

/// A line of ten megabytes is skipped with a short message; a long text is not echoed whole, and
/// control characters are escaped.
#[test]
fn play_answers_long_lines_and_control_characters_briefly() {
    let mut input = "x".repeat(10_000_000).into_bytes();
    input.extend_from_slice(b"\n");
    input.extend_from_slice("y".repeat(1000).as_bytes());
    input.extend_from_slice(b"\nvote \x1b[2J\n99999999999999999999999999\n");
    let (ok, out, err) = run_bytes(&["play", "headtrip", "--bots", "random"], &input);
    assert!(ok, "{err}");
    assert!(
        out.contains("too long (over 4096 bytes)"),
        "{}",
        &out[..out.len().min(2000)]
    );
    assert!(out.contains("is too long to be an action"));
    assert!(out.len() < 20_000, "{} bytes of output", out.len());
    assert!(
        !out.contains('\u{1b}'),
        "a control character reached the terminal"
    );
    assert!(out.contains("\\u{1b}[2J"), "{out}");
    assert!(
        out.contains("There is no action 99999999999999999999999999"),
        "{out}"
    );
}
