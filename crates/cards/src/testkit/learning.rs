//! Properties of what a learning program reads ([`Learn`]): action indices, masks and tensors.
//!
//! A game crate runs them all with [`learning_contract_tests!`](crate::learning_contract_tests):
//!
//! ```ignore
//! cards::learning_contract_tests!(headtrip::HeadTrip, vec![headtrip::Options::default()]);
//! ```

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::cell::RefCell;
use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};

use super::{run, start, walk};
use crate::learning::{index_space, layout, Learn, LearnError, LearnExt, TensorKind};
use crate::{GameRng, Seat};

fn fail(e: LearnError) -> TestCaseError {
    TestCaseError::fail(e.to_string())
}

/// The index space is a bijection: for every set of options, every index below
/// `num_distinct_actions` names an action whose index is that index, and the next index names
/// none. And in random games every legal action has an index below `num_distinct_actions` that
/// names it back, and distinct legal actions have distinct indices.
pub fn action_indices_round_trip<G: Learn>(options: &[G::Options]) {
    for (k, chosen) in options.iter().enumerate() {
        let n = G::num_distinct_actions(chosen);
        assert!(n > 0, "options {k}: an empty action index space");
        for i in 0..n {
            let action = G::action_from_index(chosen, i)
                .unwrap_or_else(|| panic!("options {k}: index {i} of {n} names no action"));
            assert_eq!(
                G::action_index(chosen, action),
                Some(i),
                "options {k}: index {i} names `{action}`, whose index is another"
            );
        }
        assert!(
            G::action_from_index(chosen, n).is_none(),
            "options {k}: index {n} is beyond the space but names an action"
        );
    }
    run::<G>(options, |options, case| {
        let chosen = &options[case.options_index];
        let n = G::num_distinct_actions(chosen);
        let mut seen = HashSet::new();
        walk::<G>(options, case, |game, legal, _| {
            seen.clear();
            for &action in legal {
                let Some(i) = game.index_of(action) else {
                    return Err(TestCaseError::fail(format!(
                        "at ply {}, the legal action `{action}` has no index",
                        game.plies()
                    )));
                };
                prop_assert!(i < n, "`{}` has index {} of {}", action, i, n);
                prop_assert_eq!(
                    G::action_from_index(chosen, i),
                    Some(action),
                    "index {} does not name `{}` back",
                    i,
                    action
                );
                prop_assert!(
                    seen.insert(i),
                    "two legal actions share index {} (`{}`)",
                    i,
                    action
                );
            }
            Ok(())
        })?;
        Ok(())
    });
}

/// `action_space` tells the truth and is state-free: in every state of random games it lists
/// the index space in index order (every action that can be legal), followed by the same few
/// never-legal probes, the same list in every state.
pub fn action_space_is_the_index_space<G: Learn>(options: &[G::Options]) {
    run::<G>(options, |options, case| {
        let chosen = &options[case.options_index];
        let mut indexed = Vec::new();
        index_space::<G>(chosen, &mut indexed);
        let first: G = start(options, case)?;
        let mut at_start = Vec::new();
        first.action_space(&mut at_start);
        prop_assert!(
            at_start.starts_with(&indexed),
            "action_space does not begin with the index space in index order"
        );
        for &extra in &at_start[indexed.len()..] {
            prop_assert!(
                G::action_index(chosen, extra).is_none(),
                "`{}` is listed twice by action_space",
                extra
            );
        }
        let mut now = Vec::new();
        let (end, _) = walk::<G>(options, case, |game, _, _| {
            game.action_space(&mut now);
            prop_assert!(
                now == at_start,
                "at ply {}, action_space differs from the one at the start",
                game.plies()
            );
            Ok(())
        })?;
        end.action_space(&mut now);
        prop_assert!(
            now == at_start,
            "action_space differs once the game is over"
        );
        Ok(())
    });
}

/// The legal-action mask equals the legal list: at every ply (and after the end) it is `true`
/// exactly at the indices of the legal actions, and the count returned is their number. A
/// mask of another size is refused.
pub fn masks_match_legal_actions<G: Learn>(options: &[G::Options]) {
    run::<G>(options, |options, case| {
        let n = G::num_distinct_actions(&options[case.options_index]);
        let mut mask = vec![true; n];
        let mut scratch = Vec::new();
        let mut expected = vec![false; n];
        let mut check = |game: &G, legal: &[G::Action]| -> Result<(), TestCaseError> {
            let count = game
                .legal_action_mask(&mut scratch, &mut mask)
                .map_err(fail)?;
            prop_assert_eq!(count, legal.len());
            expected.fill(false);
            for &action in legal {
                if let Some(i) = game.index_of(action) {
                    expected[i] = true;
                }
            }
            prop_assert!(
                mask == expected,
                "at ply {}, the mask differs from the legal actions",
                game.plies()
            );
            let mut short = vec![false; n.saturating_sub(1)];
            prop_assert!(game.legal_action_mask(&mut scratch, &mut short).is_err());
            Ok(())
        };
        let (end, _) = walk::<G>(options, case, |game, legal, _| check(game, legal))?;
        check(&end, &[])?;
        Ok(())
    });
}

/// Checks one tensor: written without error, finite, each value within its segment's range.
fn well_formed<G: Learn>(
    game: &G,
    kind: TensorKind,
    seat: Seat,
    out: &mut [f32],
) -> Result<(), TestCaseError> {
    game.tensor(kind, seat, out).map_err(fail)?;
    let mut at = 0;
    for segment in layout::<G>(game.options(), kind) {
        for (i, &v) in out[at..at + segment.len()].iter().enumerate() {
            prop_assert!(
                v.is_finite() && segment.min <= v && v <= segment.max,
                "at ply {}, seat {}'s {} tensor holds {} at {}[{}], outside {}..={}",
                game.plies(),
                seat,
                kind,
                v,
                segment.name,
                i,
                segment.min,
                segment.max
            );
        }
        at += segment.len();
    }
    Ok(())
}

/// Tensors have the stated shape and values: for every set of options, each tensor's layout
/// adds up to its size and names each segment once; at every ply of random games (and after the
/// end), each seat's tensors (and a spectator's) are written whole, finite, each value within
/// the range its segment states. A buffer of another size is refused.
pub fn tensors_are_well_formed<G: Learn>(options: &[G::Options]) {
    for (k, chosen) in options.iter().enumerate() {
        for kind in TensorKind::ALL {
            let segments = layout::<G>(chosen, kind);
            let total: usize = segments.iter().map(|s| s.len()).sum();
            assert_eq!(
                total,
                G::tensor_size(chosen, kind),
                "options {k}: the {kind} layout adds up to another size than tensor_size"
            );
            let names: HashSet<_> = segments.iter().map(|s| s.name).collect();
            assert_eq!(
                names.len(),
                segments.len(),
                "options {k}: a {kind} segment name twice"
            );
            assert!(segments
                .iter()
                .all(|s| s.min <= s.max && s.min.is_finite() && s.max.is_finite()));
        }
    }
    run::<G>(options, |options, case| {
        let chosen = &options[case.options_index];
        let mut buffers = TensorKind::ALL.map(|kind| vec![f32::NAN; G::tensor_size(chosen, kind)]);
        let mut check = |game: &G| -> Result<(), TestCaseError> {
            for i in 0..=game.seat_count() {
                for (kind, out) in TensorKind::ALL.iter().zip(buffers.iter_mut()) {
                    well_formed(game, *kind, Seat(i as u8), out)?;
                }
            }
            for kind in TensorKind::ALL {
                let mut long = vec![0.0; G::tensor_size(chosen, kind) + 1];
                prop_assert!(game.tensor(kind, Seat(0), &mut long).is_err());
            }
            Ok(())
        };
        let (end, _) = walk::<G>(options, case, |game, _, _| check(game))?;
        check(&end)?;
        Ok(())
    });
}

/// Tensors depend only on the view: at every ply, for every seat (and a spectator), a
/// determinisation drawn for that seat (any state it cannot tell from the real one) gives the
/// same information-state and observation tensors as the real state.
pub fn tensors_follow_the_view<G: Learn>(options: &[G::Options]) {
    run::<G>(options, |options, case| {
        let chosen = &options[case.options_index];
        let mut rng = GameRng::from_seed(case.chooser_seed ^ 0x7e45);
        let mut other: G = start(options, case)?;
        let mut real = TensorKind::ALL.map(|kind| vec![0.0; G::tensor_size(chosen, kind)]);
        let mut drawn = real.clone();
        walk::<G>(options, case, |game, _, _| {
            for i in 0..=game.seat_count() {
                let seat = Seat(i as u8);
                game.resample_hidden_into(seat, &mut rng, &mut other);
                for (k, kind) in TensorKind::ALL.into_iter().enumerate() {
                    game.tensor(kind, seat, &mut real[k]).map_err(fail)?;
                    other.tensor(kind, seat, &mut drawn[k]).map_err(fail)?;
                    if real[k] != drawn[k] {
                        let at = real[k].iter().zip(&drawn[k]).position(|(a, b)| a != b);
                        return Err(TestCaseError::fail(format!(
                            "at ply {}, seat {seat}'s {kind} tensor shows what is hidden from \
                             it: a determinisation differs at value {at:?}",
                            game.plies()
                        )));
                    }
                }
            }
            Ok(())
        })?;
        Ok(())
    });
}

/// The information-state tensor tells views apart: over every state of the random games of the
/// run (all of them, so that two games reaching the same decision by different histories meet)
/// and every state one action away from them, and every seat (and a spectator), two different views of games with the same options never
/// give the same tensor. Tensors are compared by a 128-bit digest of their bits. With
/// [`tensors_follow_the_view`], the tensor is the view, exactly: a learner that reads it knows
/// what the seat knows.
pub fn information_states_tell_views_apart<G: Learn>(options: &[G::Options]) {
    let seen: RefCell<HashMap<(usize, u64, u64), G::View>> = RefCell::new(HashMap::new());
    run::<G>(options, |options, case| {
        let chosen = &options[case.options_index];
        let kind = TensorKind::InformationState;
        let mut out = vec![0.0; G::tensor_size(chosen, kind)];
        let mut seen = seen.borrow_mut();
        let mut check = |game: &G| -> Result<(), TestCaseError> {
            for i in 0..=game.seat_count() {
                let seat = Seat(i as u8);
                game.tensor(kind, seat, &mut out).map_err(fail)?;
                let key = (case.options_index, digest(&out, 0), digest(&out, 1));
                let view = game.view(seat);
                match seen.get(&key) {
                    Some(earlier) => prop_assert!(
                        *earlier == view,
                        "at ply {}, seat {}'s information-state tensor is the one of another \
                         view:\n{:?}\nand\n{:?}",
                        game.plies(),
                        seat,
                        earlier,
                        view
                    ),
                    None => {
                        seen.insert(key, view);
                    }
                }
            }
            Ok(())
        };
        let mut child: G = start(options, case)?;
        let (end, _) = walk::<G>(options, case, |game, legal, _| {
            check(game)?;
            // The states one action away too: they differ from this one, and from each other,
            // by as little as one decision can.
            for &action in legal {
                child.clone_from(game);
                child
                    .apply(action)
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
                check(&child)?;
            }
            Ok(())
        })?;
        check(&end)?;
        Ok(())
    });
}

/// A 64-bit digest of a tensor's bits, one of two independent ones (`which`).
fn digest(values: &[f32], which: u64) -> u64 {
    let mut hasher = DefaultHasher::new();
    which.hash(&mut hasher);
    for v in values {
        v.to_bits().hash(&mut hasher);
    }
    hasher.finish()
}

/// No allocation in a learner's calls (feature `testkit-alloc`): at every ply of random games,
/// the mask (its scratch buffer grown to the action space), both tensors of every seat, and the
/// index of every legal action and back allocate nothing.
#[cfg(feature = "testkit-alloc")]
pub fn learning_allocates_nothing<G: Learn>(options: &[G::Options]) {
    for (k, chosen) in options.iter().enumerate() {
        for seed in 0..4 {
            let mut game =
                G::new(chosen.clone(), seed).unwrap_or_else(|e| panic!("options {k} refused: {e}"));
            let mut space = Vec::new();
            game.action_space(&mut space);
            let mut scratch: Vec<G::Action> = Vec::with_capacity(space.len());
            let mut legal: Vec<G::Action> = Vec::with_capacity(space.len());
            let mut mask = vec![false; game.action_count()];
            let mut tensors = TensorKind::ALL.map(|kind| vec![0.0; game.tensor_len(kind)]);
            let mut rng = GameRng::from_seed(seed);
            loop {
                game.legal_actions(&mut legal);
                let mut sum = 0usize;
                let counted = allocation_counter::measure(|| {
                    sum += game.legal_action_mask(&mut scratch, &mut mask).unwrap_or(0);
                    for i in 0..=game.seat_count() {
                        for (kind, out) in TensorKind::ALL.iter().zip(tensors.iter_mut()) {
                            sum += usize::from(game.tensor(*kind, Seat(i as u8), out).is_ok());
                        }
                    }
                    for &action in &legal {
                        if let Some(i) = game.index_of(action) {
                            sum += usize::from(game.action_at(i).is_some());
                        }
                    }
                });
                std::hint::black_box(sum);
                assert_eq!(
                    counted.count_total,
                    0,
                    "options {k}, seed {seed}, ply {}: {} allocations in the mask, tensors and \
                     indices",
                    game.plies(),
                    counted.count_total
                );
                let Some(&action) = legal.get(rng.index(legal.len())) else {
                    break;
                };
                game.apply(action)
                    .unwrap_or_else(|e| panic!("listed action `{action}` refused: {e}"));
            }
        }
    }
}

/// Defines a module (default name `learning_contract`) with one `#[test]` per property of
/// [`learning`](self) over a game implementing [`Learn`] and a list of options.
#[macro_export]
macro_rules! learning_contract_tests {
    ($module:ident : $game:ty, $options:expr $(,)?) => {
        mod $module {
            #[allow(unused_imports)]
            use super::*;
            #[test]
            fn action_indices_round_trip() {
                $crate::testkit::learning::action_indices_round_trip::<$game>(&$options);
            }
            #[test]
            fn action_space_is_the_index_space() {
                $crate::testkit::learning::action_space_is_the_index_space::<$game>(&$options);
            }
            #[test]
            fn masks_match_legal_actions() {
                $crate::testkit::learning::masks_match_legal_actions::<$game>(&$options);
            }
            #[test]
            fn tensors_are_well_formed() {
                $crate::testkit::learning::tensors_are_well_formed::<$game>(&$options);
            }
            #[test]
            fn tensors_follow_the_view() {
                $crate::testkit::learning::tensors_follow_the_view::<$game>(&$options);
            }
            #[test]
            fn information_states_tell_views_apart() {
                $crate::testkit::learning::information_states_tell_views_apart::<$game>(
                    &$options,
                );
            }
            $crate::__learning_allocation_tests!($game, $options);
        }
    };
    ($game:ty, $options:expr $(,)?) => {
        $crate::learning_contract_tests!(learning_contract: $game, $options);
    };
}

/// The allocation property of [`learning_contract_tests!`](crate::learning_contract_tests),
/// present with the feature `testkit-alloc` (this build has it).
#[cfg(feature = "testkit-alloc")]
#[doc(hidden)]
#[macro_export]
macro_rules! __learning_allocation_tests {
    ($game:ty, $options:expr) => {
        #[test]
        fn learning_allocates_nothing() {
            $crate::testkit::learning::learning_allocates_nothing::<$game>(&$options);
        }
    };
}

/// The allocation property of [`learning_contract_tests!`](crate::learning_contract_tests),
/// absent without the feature `testkit-alloc`.
#[cfg(not(feature = "testkit-alloc"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __learning_allocation_tests {
    ($game:ty, $options:expr) => {};
}
