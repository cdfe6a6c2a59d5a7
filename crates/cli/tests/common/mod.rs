//! What the end-to-end tests of the program share.
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

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
