//! Arbitrary bytes as Round Trip Ticket options, seed and action sequence: refusals are fine,
//! panics (and refusals that change the state) are not.
#![no_main]

use libfuzzer_sys::fuzz_target;
use roundtrip::{Options, RoundTrip};

fuzz_target!(|data: &[u8]| {
    let options = [
        Options {
            players: 2,
            ..Options::default()
        },
        Options::default(),
        Options {
            players: 3,
            advanced: true,
            ..Options::default()
        },
        Options {
            players: 6,
            round_the_world: true,
            ..Options::default()
        },
        Options {
            players: 4,
            advanced: true,
            specific_trip: true,
            aversion: 2,
            ..Options::default()
        },
    ];
    cards::fuzzing::drive_with_bytes::<RoundTrip>(&options, data);
});
