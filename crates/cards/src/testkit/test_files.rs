//! The check that a crate's one integration-test binary compiles every file of its `tests/`.
//!
//! The workspace's crates build their integration tests as one binary each (`autotests = false`
//! and a `[[test]]` target at `tests/main.rs` declaring one module per file): one link instead of
//! one per file. The price is that a new file of `tests/` runs only once `main.rs` declares it;
//! this check makes a forgotten file fail the tests instead of being skipped in silence.

use std::path::Path;

/// Panics unless `main_rs` (the text of `<crate>/tests/main.rs`) declares `mod NAME;` for every
/// `NAME.rs` file and every `NAME/mod.rs` folder of `<crate>/tests`, where `manifest_dir` is the
/// crate's folder (`env!("CARGO_MANIFEST_DIR")`). A file that the crate's `Cargo.toml` makes a
/// test binary of its own (`path = "tests/NAME.rs"`: a test that must have its process to itself,
/// such as one that reads the process's peak memory) is not declared, and passes too.
///
/// # Panics
///
/// If a file or folder of `tests/` is not declared, or `tests/` cannot be read.
pub fn assert_every_test_file_is_a_module(manifest_dir: &Path, main_rs: &str) {
    let dir = manifest_dir.join("tests");
    let entries = match std::fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(e) => panic!("cannot read {}: {e}", dir.display()),
    };
    let manifest = std::fs::read_to_string(manifest_dir.join("Cargo.toml")).unwrap_or_default();
    let mut missing = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        let name = if path.is_dir() && path.join("mod.rs").is_file() {
            path.file_name().and_then(|n| n.to_str()).map(str::to_owned)
        } else if path.extension().is_some_and(|e| e == "rs") {
            path.file_stem().and_then(|n| n.to_str()).map(str::to_owned)
        } else {
            None
        };
        let Some(name) = name else { continue };
        if name == "main" || manifest.contains(&format!("path = \"tests/{name}.rs\"")) {
            continue;
        }
        let declared = main_rs
            .lines()
            .any(|line| line.trim() == format!("mod {name};"));
        if !declared {
            missing.push(name);
        }
    }
    missing.sort();
    assert!(
        missing.is_empty(),
        "tests/main.rs of {} does not declare {:?}: add `mod NAME;` for each, or they never run",
        manifest_dir.display(),
        missing
    );
}
