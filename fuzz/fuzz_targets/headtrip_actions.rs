//! Arbitrary bytes as Head Trip options, seed and action sequence: refusals are fine, panics
//! (and refusals that change the state) are not.
#![no_main]

use headtrip::{HeadTrip, Options};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let options = [
        Options::default(),
        Options { aspect_affinities: true, ..Options::default() },
        Options { aspect_affinities: true, games: 3, ..Options::default() },
    ];
    cards::fuzzing::drive_with_bytes::<HeadTrip>(&options, data);
});
