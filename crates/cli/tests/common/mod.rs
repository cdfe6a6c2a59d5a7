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
    let mut child = cards()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}
