//! The crate's integration tests, compiled into one test binary: one module per file of
//! `tests/` (one binary links once, where a binary per file linked each time).
//! `every_test_file_is_a_module` fails if a file of `tests/` is left out of this list.

mod common;
mod contract;
mod example_of_play;
mod fuzz_twin;
mod golden;
mod hidden_information;
mod independent_reading;
mod learning;
mod loading;
mod random_ply;
mod rules;

#[test]
fn every_test_file_is_a_module() {
    cards::testkit::assert_every_test_file_is_a_module(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        include_str!("main.rs"),
    );
}
