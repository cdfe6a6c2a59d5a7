//! The crate's integration tests, compiled into one test binary: one module per file of
//! `tests/` (one binary links once, where a binary per file linked each time).
//! `every_test_file_is_a_module` fails if a file of `tests/` is left out of this list.

mod agents;
mod cli;
mod common;
mod describe;
mod guides;
mod play_hides;
mod play_keeps_the_game;
mod play_log;
mod play_resume;
mod simulate_streams;
mod simulate_summary;
mod strict_input;

#[test]
fn every_test_file_is_a_module() {
    cards::testkit::assert_every_test_file_is_a_module(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        include_str!("main.rs"),
    );
}
