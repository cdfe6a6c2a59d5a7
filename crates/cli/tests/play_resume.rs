//! `cards play` never loses a saved game: a record that exists is not written over unless asked
//! (`--overwrite`), and `--resume RECORD` continues a game from its record, which is saved after
//! every action, so that even a killed program (SIGKILL: no chance to save anything more)
//! resumes where it stopped.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use cards::{Game, Record, Seat};
use common::{cards, run, temp};
use std::io::{Read, Write};
use std::process::{Child, Stdio};

/// The record at `path`.
fn record(path: &std::path::Path) -> Record {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Reads the child's output until it has shown `prompts` prompts; returns what it showed.
fn until_prompts(child: &mut Child, prompts: usize) -> String {
    let stdout = child.stdout.as_mut().unwrap();
    let mut seen = Vec::new();
    let mut byte = [0; 1];
    while String::from_utf8_lossy(&seen).matches("\n> ").count() < prompts {
        assert_eq!(
            stdout.read(&mut byte).unwrap(),
            1,
            "output ended early: {}",
            String::from_utf8_lossy(&seen)
        );
        seen.push(byte[0]);
    }
    String::from_utf8(seen).unwrap()
}

/// Whether `view` is the last thing a transcript shows before its last prompt, but for the
/// numbered legal actions.
fn shows_last(transcript: &str, view: &str) -> bool {
    let before_prompt = &transcript[..transcript.rfind("\n> ").unwrap() + 1];
    let Some(at) = before_prompt.rfind(view) else {
        return false;
    };
    before_prompt[at + view.len()..].lines().all(|l| {
        let l = l.trim_start();
        l.is_empty()
            || l.split_once(") ")
                .is_some_and(|(n, _)| n.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// The issue's reproduction: quit after some actions, then the same command again; the second
/// run replaced the record with a new one. Now it is refused before any move, the record kept
/// byte for byte; `--overwrite` starts a new game in its place.
#[test]
fn play_never_writes_over_a_record_unless_told_to() {
    let path = temp("kept.json");
    let args = [
        "play",
        "headtrip",
        "--seat",
        "2",
        "--bots",
        "random",
        "--record",
        path.to_str().unwrap(),
    ];
    let (ok, out, err) = run(&args, &"1\n".repeat(12));
    assert!(ok, "{err}");
    assert!(
        out.contains(&format!(
            "Resume it with: cards play --resume {} --seat 2 --bots random\n",
            path.display()
        )),
        "{out}"
    );
    let saved = std::fs::read(&path).unwrap();
    assert!(record(&path).actions.len() >= 12);

    let (ok, out, err) = run(&args, "1\n1\n");
    assert!(!ok, "a second run over the record is refused");
    assert!(
        err.contains("exists already") && err.contains("--resume") && err.contains("--overwrite"),
        "{err}"
    );
    assert!(!out.contains("> "), "no move was asked for: {out}");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        saved,
        "the record is unchanged"
    );

    let mut overwriting = args.to_vec();
    overwriting.push("--overwrite");
    let (ok, _, err) = run(&overwriting, "1\nquit\n");
    assert!(ok, "{err}");
    assert_ne!(
        std::fs::read(&path).unwrap(),
        saved,
        "a new game in its place"
    );
    assert!(record(&path).actions.len() < 12);
}

/// A game is played, the program killed with SIGKILL while it waits for a move, and the game
/// resumed from its record: it goes on from the same state (the same view, the same legal
/// actions) to its end, and the record then holds every action, the ones before the kill first.
#[test]
fn a_killed_game_resumes_from_the_same_state_and_its_record_holds_every_action() {
    for (game, seat, options) in [
        ("headtrip", 3u8, "{}"),
        ("roundtrip", 1, r#"{"players":3,"max_hands":2}"#),
        ("highjinks", 0, r#"{"players":3}"#),
    ] {
        let path = temp(&format!("killed-{game}.json"));
        let seat_text = seat.to_string();
        let mut child = cards()
            .args([
                "play",
                game,
                "--seat",
                &seat_text,
                "--seed",
                "11",
                "--options",
                options,
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
        stdin.write_all(&b"1\n".repeat(6)).unwrap();
        stdin.flush().unwrap();
        // Six moves made, the program waiting for the seventh: killed outright.
        let before = until_prompts(&mut child, 7);
        child.kill().unwrap();
        let status = child.wait().unwrap();
        assert!(!status.success(), "{game}: the program was killed");
        drop(stdin);

        // The record holds the game up to the kill: replayed, the person is to move, and sees
        // what the killed program showed last.
        let killed = record(&path);
        let view = match game {
            "headtrip" => state_at::<headtrip::HeadTrip>(&killed, seat),
            "roundtrip" => state_at::<roundtrip::RoundTrip>(&killed, seat),
            _ => state_at::<highjinks::HighJinks>(&killed, seat),
        };
        assert!(
            shows_last(&before, &view),
            "{game}: the record is the game so far: {view}\n---\n{before}"
        );

        // Resumed, with the seat played; the game goes on from there to its end.
        let (ok, after, err) = run(
            &[
                "play",
                "--resume",
                path.to_str().unwrap(),
                "--seat",
                &seat_text,
                "--bots",
                "random",
            ],
            &"1\n".repeat(20_000),
        );
        assert!(ok, "{game}: {err}");
        assert!(
            after.contains(&format!("Resumed after {} actions.", killed.actions.len())),
            "{game}: {after}"
        );
        let first_prompt = &after[..after.find("\n> ").unwrap() + 3];
        assert!(
            shows_last(first_prompt, &view),
            "{game}: the resumed game goes on from the same state: {view}\n---\n{first_prompt}"
        );
        assert!(after.contains("Game over."), "{game}");

        let whole = record(&path);
        assert_eq!(whole.seed, 11);
        assert_eq!(whole.options, killed.options);
        assert!(whole.actions.len() > killed.actions.len(), "{game}");
        assert_eq!(
            whole.actions[..killed.actions.len()],
            killed.actions[..],
            "{game}: the actions before the kill come first"
        );
        let (ok, out, err) = run(&["replay", path.to_str().unwrap(), "--json"], "");
        assert!(ok, "{game}: {err}");
        let report: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(report["over"], true, "{game}: {report}");
        assert_eq!(report["plies"], whole.actions.len() as u64, "{game}");
    }
}

/// The view of `seat` after the record's actions, as `play` shows it; the seat must be to act.
fn state_at<G: Game + std::fmt::Display>(record: &Record, seat: u8) -> String
where
    G::View: std::fmt::Display,
{
    let game: G = record.replay().unwrap();
    assert_eq!(game.to_act(), Some(Seat(seat)), "the person was to move");
    game.view(Seat(seat)).to_string()
}

/// A record that does not replay, or is of another game than the one named, is refused before
/// any move; --resume takes its game, options and seed from the record, so giving them again is
/// an error of the command line.
#[test]
fn resume_refuses_a_record_that_does_not_fit() {
    let path = temp("broken.json");
    std::fs::write(
        &path,
        r#"{"game":"headtrip","options":{},"seed":3,"actions":["step-down","fly away"]}"#,
    )
    .unwrap();
    let (ok, out, err) = run(&["play", "--resume", path.to_str().unwrap()], "1\n");
    assert!(!ok);
    assert!(err.contains("action 1 `fly away`"), "{err}");
    assert!(!out.contains("> "), "{out}");

    std::fs::write(
        &path,
        r#"{"game":"headtrip","options":{},"seed":3,"actions":["stay"]}"#,
    )
    .unwrap();
    let (ok, _, err) = run(
        &["play", "roundtrip", "--resume", path.to_str().unwrap()],
        "1\n",
    );
    assert!(!ok);
    assert!(err.contains("headtrip"), "{err}");
    for extra in [["--seed", "4"], ["--options", "{}"], ["--record", "x.json"]] {
        let mut args = vec!["play", "--resume", path.to_str().unwrap()];
        args.extend_from_slice(&extra);
        let out = cards().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("cannot be used with"));
    }
    // The record is left as it was by the refusals.
    assert_eq!(record(&path).actions, vec!["stay".to_string()]);
}
