//! Arbitrary bytes as High Jinks options, seed and action sequence, then a random playout to the
//! end: refusals are fine; panics, refusals that change the state and any break of the
//! contract on the way to the end are not.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    cards::fuzzing::drive_with_bytes::<highjinks::HighJinks>(
        &cards_fuzz::highjinks_options(),
        data,
    );
});
