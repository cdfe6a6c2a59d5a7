//! What the end-to-end tests of the program share.
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

use cards::Record;
use cards_cli::guide::Guide;
use cards_cli::play::{play, PlaySettings};
use std::fmt::Display;
use std::io::Write;
use std::process::{Command, Stdio};

/// The `cards` program built for these tests.
pub fn cards() -> Command {
    Command::new(env!("CARGO_BIN_EXE_cards"))
}

/// Runs the program with `args` and `stdin`: whether it succeeded, its output and its errors.
pub fn run(args: &[&str], stdin: &str) -> (bool, String, String) {
    run_bytes(args, stdin.as_bytes())
}

/// A file path in a directory of this test process's own.
pub fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cards-cli-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Runs the program with `args` and `stdin` given as bytes (which need not be text).
pub fn run_bytes(args: &[&str], stdin: &[u8]) -> (bool, String, String) {
    let mut child = cards()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Input is written from a thread of its own, so that a program writing much before it reads
    // everything cannot block on a full pipe; a program that stops reading early is no error.
    let mut pipe = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || match pipe.write_all(&stdin) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("stdin: {e}"),
        _ => {}
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// Plays a whole game of `cards play` at `seat` against random bots (the scripted games of the
/// tests were found with them), the person answering with `answers` repeated; returns the
/// transcript and the game's record. `tag` names the record's file, so that tests running at the
/// same time never share one.
pub fn play_transcript<G>(
    tag: &str,
    options: serde_json::Value,
    seat: u8,
    seed: u64,
    answers: &str,
) -> (String, Record)
where
    G: Guide + Display,
    G::View: Display,
{
    let path = temp(&format!("{tag}-{}-{seat}-{seed}.json", G::NAME));
    let settings = PlaySettings {
        seat,
        seed,
        options,
        record: Some(path.clone()),
        overwrite: true,
        history: Vec::new(),
        bots: agents::AgentSpec::Random,
    };
    let input = answers.repeat(20_000);
    let mut out = Vec::new();
    play::<G>(&settings, &mut input.as_bytes(), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("Game over."), "{text}");
    let record: Record = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    (text, record)
}
