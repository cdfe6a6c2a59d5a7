//! Valid saved High Jinks states (from random games at random points, the end included, or a
//! saved state given in the input) mutated in their JSON: each mutant is refused by the
//! deserialiser or keeps the contract to the end of its game.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    cards::fuzzing::drive_mutated_state::<highjinks::HighJinks>(
        &cards_fuzz::highjinks_options(),
        data,
    );
});
