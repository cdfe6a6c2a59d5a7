//! Arbitrary bytes to the High Jinks state, record and action deserialisers; a state that
//! loads is played to its end, the contract checked all the way.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    cards::fuzzing::deserialize_bytes::<highjinks::HighJinks>(data);
});
