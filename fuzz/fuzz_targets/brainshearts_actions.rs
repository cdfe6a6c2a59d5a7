//! Arbitrary bytes as Brains and Hearts options, seed and action sequence: refusals are fine,
//! panics (and refusals that change the state) are not.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    cards::fuzzing::drive_with_bytes::<brainshearts::BrainsHearts>(
        &[brainshearts::Options::default()],
        data,
    );
});
