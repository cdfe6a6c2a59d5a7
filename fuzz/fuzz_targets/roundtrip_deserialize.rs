//! Arbitrary bytes to the Round Trip Ticket state, record and action deserialisers; whatever is
//! accepted is played on.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    cards::fuzzing::deserialize_bytes::<roundtrip::RoundTrip>(data);
});
