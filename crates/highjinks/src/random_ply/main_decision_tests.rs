//! The Main decision counted and picked (`main_decision.rs`) against its listing, at every Main
//! decision of many random games.

use cards::GameRng;

use super::{MagicKind, MAGIC_KINDS};
use crate::legal::mana_sources::ManaSources;
use crate::table::action::{Action, Source};
use crate::table::options::Options;
use crate::table::phase::{Cost, Phase};
use crate::table::state::State;

/// The kind of a spell or flip the Main decision lists (`None` for its other actions).
fn magic_kind(action: &Action) -> Option<MagicKind> {
    Some(match action {
        Action::Conjure(_) => MagicKind::Conjure,
        Action::Intercept(_) => MagicKind::Intercept,
        Action::Cast(_) => MagicKind::Pair,
        Action::Straight => MagicKind::Straight,
        Action::Quad => MagicKind::Quad,
        Action::Archlord { .. } => MagicKind::Archlord,
        Action::Flip { .. } => MagicKind::Flip,
        _ => return None,
    })
}

/// What the games reached, so that the test fails if they stop reaching the rare cases.
#[derive(Default)]
struct Seen {
    main_decisions: usize,
    kinds: [usize; MAGIC_KINDS],
    pairs_of_counters: usize,
    pairs_with_a_counter: usize,
    pairs_of_one_hand_card: usize,
    bound_reached: usize,
}

/// Counts the kind of pair a pair's second source completes (`first` was paid).
fn count_pair(first: Source, second: Source, seen: &mut Seen) {
    let counter = |s: Source| matches!(s, Source::Counter(_));
    match (counter(first), counter(second)) {
        (true, true) => seen.pairs_of_counters += 1,
        (false, true) | (true, false) => seen.pairs_with_a_counter += 1,
        _ if first == second => seen.pairs_of_one_hand_card += 1,
        _ => {}
    }
}

/// Checks the Main decision of `state`: the count, each kind's count and the action built at
/// every index are the listing's.
fn check_main(state: &State, listed: &mut Vec<Action>, seen: &mut Seen) {
    state.legal_actions(listed);
    let (count, _) = state.pick_main(|n| {
        assert_eq!(n, listed.len(), "count");
        0
    });
    assert_eq!(count, listed.len());
    for (index, &action) in listed.iter().enumerate() {
        let (_, picked) = state.pick_main(|_| index);
        assert_eq!(picked, Some(action), "index {index} of {listed:?}");
    }
    let side = state.side(state.turn_seat);
    let mut tally = [0u32; MAGIC_KINDS];
    if state.main_actions_left() {
        let sources = ManaSources::of(side);
        let suits = side.agent_sum.archlord_suits;
        state.count_main_magic(state.turn_seat, &sources, suits, &mut tally);
    } else {
        seen.bound_reached += 1;
    }
    let mut listed_kinds = [0u32; MAGIC_KINDS];
    for action in listed.iter() {
        if let Some(kind) = magic_kind(action) {
            listed_kinds[kind as usize] += 1;
        }
    }
    assert_eq!(tally, listed_kinds, "{listed:?}");
    seen.main_decisions += 1;
    for (seen, &n) in seen.kinds.iter_mut().zip(&listed_kinds) {
        *seen += n as usize;
    }
}

#[test]
fn the_main_decision_counted_and_picked_is_its_listing() {
    let options = Options::test_variety();
    let mut seen = Seen::default();
    let mut listed = Vec::new();
    let mut rng = GameRng::from_seed(11);
    for options in &options {
        for seed in 0..150 {
            let mut state = State::new(options.clone(), seed);
            state.settle();
            loop {
                if matches!(state.phase, Phase::Main) {
                    check_main(&state, &mut listed, &mut seen);
                }
                state.legal_actions(&mut listed);
                let Some(&action) = listed.get(rng.index(listed.len())) else {
                    break;
                };
                if let (Phase::Pay(paying), Action::Pay(_)) = (state.phase, action) {
                    if let (Cost::Pair(_), Some((first, _))) = (paying.cost, paying.paid[0]) {
                        for &pay in listed.iter() {
                            if let Action::Pay(other) = pay {
                                count_pair(first, other, &mut seen);
                            }
                        }
                    }
                }
                assert_eq!(state.apply(action), Ok(()));
            }
        }
    }
    assert!(seen.main_decisions > 150_000, "{}", seen.main_decisions);
    for (kind, &n) in MagicKind::ALL.iter().zip(&seen.kinds) {
        assert!(n > 0, "no {kind:?} listed");
    }
    assert!(seen.pairs_of_counters > 0);
    assert!(seen.pairs_with_a_counter > 0);
    assert!(seen.pairs_of_one_hand_card > 0);
    assert!(seen.bound_reached > 0);
}
