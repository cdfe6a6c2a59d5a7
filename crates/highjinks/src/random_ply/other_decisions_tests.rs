//! The decisions outside Main counted and picked (`other_decisions.rs`) against their listing, at
//! every such decision of many random games.

use cards::GameRng;

use crate::table::options::Options;
use crate::table::phase::Phase;
use crate::table::state::State;

#[test]
fn the_decisions_counted_outside_main_are_their_listing() {
    let options = Options::test_variety();
    // Decisions checked, by phase: after a summon, Conjuration, Interception, Transmutation,
    // Combat, Block.
    let mut seen = [0usize; 6];
    let mut listed = Vec::new();
    let mut rng = GameRng::from_seed(5);
    for options in &options {
        for seed in 0..100 {
            let mut state = State::new(options.clone(), seed);
            state.settle();
            loop {
                state.legal_actions(&mut listed);
                if let Some(count) = state.count_other() {
                    assert_eq!(count, listed.len(), "{:?}", state.phase);
                    for (index, &action) in listed.iter().enumerate() {
                        assert_eq!(state.other_action_at(index), Some(action), "{listed:?}");
                    }
                    let kind = match state.phase {
                        Phase::Summoned { .. } => 0,
                        Phase::Conjure { .. } => 1,
                        Phase::Intercept { .. } => 2,
                        Phase::Transmute { .. } => 3,
                        Phase::Combat => 4,
                        _ => 5,
                    };
                    seen[kind] += 1;
                }
                let Some(&action) = listed.get(rng.index(listed.len())) else {
                    break;
                };
                assert_eq!(state.apply(action), Ok(()), "{action}");
            }
        }
    }
    assert!(seen.iter().all(|&n| n > 1_000), "{seen:?}");
}
