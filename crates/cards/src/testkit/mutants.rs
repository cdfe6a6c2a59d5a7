//! Mutated saved states: refused, or keeping the contract.

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use super::{cases, runner_of};
use crate::fuzzing::check_mutated_state;
use crate::Game;

/// Every mutant of a saved state is refused by the deserialiser or keeps the contract.
///
/// Valid states are saved from random games at random points (one in four after the end), and
/// their JSON documents mutated (numbers set to 0, ±1 off, huge, negative, `u64::MAX`,
/// `i64::MIN`, the bound of an integer type or one past it, another number of the game's
/// documents or one past it, or with one bit flipped: counters set past their bounds, records
/// of what seats know edited; names of variants swapped for others found in the game's
/// documents; cards changed; array elements removed, duplicated or swapped; booleans flipped;
/// keys removed; and the like), one to eight mutants per game, some stacked on others. A mutant
/// the deserialiser accepts is played on legally to its end with random actions, checked at
/// every ply: the seat to act has a legal action; every listed action applies and counts one
/// ply; unlisted actions are refused and change nothing; the game ends within `max_plies()`;
/// every state saved along the way loads and saves again to the same bytes (a state that loads
/// and is played on legally always saves and reloads); the census of cards never changes;
/// `score`, `winners`, every seat's `view` and its text, and `observe` do not panic; a
/// determinisation (`resample_hidden_into`) keeps the seat's view and the seat to act. The
/// state as saved must load. (Checks are complete at the
/// first 64 plies after loading, every fourth ply after and at the end; the state is saved and
/// loaded at every ply.) Games per property: eight times `PROPTEST_CASES`.
///
/// A failure names the options, the seed and the ply of the state saved, each mutation (the
/// JSON pointer of the node changed, its value before and after) and what broke. This is
/// [`check_mutated_state`] over proptest's bytes; the fuzz targets `<game>_state` run the same
/// driver.
pub fn mutated_states_keep_the_contract<G: Game>(options: &[G::Options]) {
    assert!(
        !options.is_empty(),
        "the kit needs at least one set of options"
    );
    // The first byte picks the options; it must not be `{` (a document given).
    let picks = u8::try_from(options.len()).unwrap_or(u8::MAX).min(b'{');
    let pause = prop_oneof![1 => Just(u8::MAX), 3 => any::<u8>()];
    let strategy = (0..picks, any::<u64>(), pause, vec(any::<u8>(), 4..=32));
    // A mutant costs less than a game of the other properties: eight times their cases.
    let result =
        runner_of(cases().saturating_mul(8)).run(&strategy, |(pick, seed, pause, script)| {
            let mut data = vec![pick];
            data.extend_from_slice(&seed.to_le_bytes());
            data.push(pause);
            data.extend_from_slice(&script);
            check_mutated_state::<G>(options, &data)
                .map_err(|breach| TestCaseError::fail(breach.to_string()))?;
            Ok(())
        });
    if let Err(e) = result {
        panic!("{} broke the contract on a mutated state: {e}", G::NAME);
    }
}
