//! The property-test kit: checks that any [`Game`] keeps the contract.
//!
//! Each check plays many random games (seeds and choices drawn by proptest) and asserts one
//! property along the way. A game crate runs them all with one macro,
//! [`game_contract_tests!`](crate::game_contract_tests):
//!
//! ```ignore
//! // In a game crate's `tests/contract.rs`, over the options to check:
//! cards::game_contract_tests!(headtrip::HeadTrip, vec![headtrip::Options::default()]);
//! ```
//!
//! which defines a module `game_contract` holding one `#[test]` per property, named after it,
//! over the given list of options. To run the kit several times in one module (over different
//! lists of options, say), name each module:
//!
//! ```ignore
//! use headtrip::{HeadTrip, Options};
//! cards::game_contract_tests!(basic: HeadTrip, vec![Options::default()]);
//! cards::game_contract_tests!(sessions: HeadTrip, vec![Options { games: 3, ..Options::default() }]);
//! ```
//!
//! The number of games per property is `PROPTEST_CASES` (default 32).
//!
//! # Features
//!
//! - `testkit`: every property but the allocation ones. It adds no global allocator, so a
//!   package with a `#[global_allocator]` of its own (mimalloc, say) can use it.
//! - `testkit-alloc` (implies `testkit`): also the properties that count heap allocations,
//!   `no_allocation_per_ply` (which the macro then includes) and
//!   `agent_allocates_nothing_once_warm`. They count with the `allocation-counter` crate, which
//!   installs its own global allocator in every binary linking the kit. The game crates and the
//!   agents of this workspace enable both:
//!
//! ```toml
//! [dev-dependencies]
//! cards = { workspace = true, features = ["testkit", "testkit-alloc"] }
//! ```
//!
//! # Properties
//!
//! Determinism and records ([`determinism`]); a game started in another's storage
//! ([`new_into_matches_new`]); saving and loading at every ply and after the end
//! ([`save_load`]); mutated saved states refused or keeping the contract
//! ([`mutated_states_keep_the_contract`], driven by [`crate::fuzzing::check_mutated_state`]);
//! legal actions ([`legal_actions_are_sound`], [`refusals_change_nothing`],
//! [`action_space_is_state_free`], [`action_text_round_trips`]); cards ([`cards_are_conserved`]); the end
//! ([`terminates_within_bound`]); hidden information ([`views_leak_nothing`],
//! [`legal_actions_follow_the_view`], [`determinisations_follow_the_view`],
//! [`observations_match_views`]); agents ([`agent_does_not_cheat`]); and, with
//! `testkit-alloc`, allocations. Helpers for games' own tests: [`assert_uniform`],
//! [`permutations`], [`subsets`], golden playthroughs ([`make_golden`], [`check_golden_file`]).

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use std::collections::HashSet;

use crate::{Game, GameRng, Record, Seat};

mod agents;
#[cfg(feature = "testkit-alloc")]
mod alloc;
mod golden;
mod hidden;
mod mutants;
mod random_ply;
mod worlds;
pub use agents::agent_does_not_cheat;
#[cfg(feature = "testkit-alloc")]
pub use alloc::{agent_allocates_nothing_once_warm, no_allocation_per_ply};
pub use golden::{check_golden_file, make_golden, Golden};
pub use hidden::{
    determinisations_follow_the_view, legal_actions_follow_the_view, observations_match_views,
    views_leak_nothing,
};
pub use mutants::mutated_states_keep_the_contract;
pub use random_ply::{
    assert_random_plies_match, random_playout_matches_a_random_agent,
    random_ply_matches_legal_actions_and_apply,
};
pub use worlds::{assert_uniform, permutations, subsets};

/// The inputs of one checked game: which options, the game's seed, the chooser's seed, and
/// where to pause for a save/load check (a fraction of the game in 1/255ths: 255 is after the
/// end).
#[derive(Clone, Debug)]
pub struct Case {
    /// Index into the options list.
    pub options_index: usize,
    /// The game's seed.
    pub seed: u64,
    /// The seed of the random choices.
    pub chooser_seed: u64,
    /// Where to save and load, in 255ths of the game (255: the finished game).
    pub pause: u8,
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(32)
}

fn runner() -> TestRunner {
    runner_of(cases())
}

fn runner_of(cases: u32) -> TestRunner {
    TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    })
}

fn run<G: Game>(
    options: &[G::Options],
    check: impl Fn(&[G::Options], &Case) -> Result<(), TestCaseError>,
) {
    assert!(
        !options.is_empty(),
        "the kit needs at least one set of options"
    );
    let mut runner = runner();
    // One game in eight pauses after its end.
    let pause = prop_oneof![1 => Just(u8::MAX), 7 => any::<u8>()];
    let strategy = (0..options.len(), any::<u64>(), any::<u64>(), pause).prop_map(
        |(options_index, seed, chooser_seed, pause)| Case {
            options_index,
            seed,
            chooser_seed,
            pause,
        },
    );
    let result = runner.run(&strategy, |case| check(options, &case));
    if let Err(e) = result {
        panic!("{} broke the contract: {e}", G::NAME);
    }
}

fn start<G: Game>(options: &[G::Options], case: &Case) -> Result<G, TestCaseError> {
    G::new(options[case.options_index].clone(), case.seed)
        .map_err(|e| TestCaseError::fail(format!("options {} refused: {e}", case.options_index)))
}

/// Plays a random game, calling `at_each_ply` before every action with the game, the legal
/// actions and the action about to be taken. Returns the final game and the actions.
fn walk<G: Game>(
    options: &[G::Options],
    case: &Case,
    mut at_each_ply: impl FnMut(&mut G, &[G::Action], G::Action) -> Result<(), TestCaseError>,
) -> Result<(G, Vec<G::Action>), TestCaseError> {
    let mut game: G = start(options, case)?;
    let mut chooser = GameRng::from_seed(case.chooser_seed);
    let mut legal = Vec::new();
    let mut actions = Vec::new();
    let bound = game.max_plies();
    while game.to_act().is_some() {
        prop_assert!(
            game.plies() < bound,
            "{}: no end within the stated bound of {bound} plies",
            G::NAME
        );
        game.legal_actions(&mut legal);
        prop_assert!(!legal.is_empty(), "a seat is to act but no action is legal");
        let action = legal[chooser.index(legal.len())];
        at_each_ply(&mut game, &legal, action)?;
        game.apply(action)
            .map_err(|e| TestCaseError::fail(format!("listed action `{action}` refused: {e}")))?;
        actions.push(action);
    }
    Ok((game, actions))
}

fn bytes<G: Game>(game: &G) -> Result<Vec<u8>, TestCaseError> {
    serde_json::to_vec(game)
        .map_err(|e| TestCaseError::fail(format!("state does not serialise: {e}")))
}

/// Same options, same seed, same actions: the same game, bit for bit (serialised states
/// compared).
pub fn determinism<G: Game>(options: &[G::Options]) {
    run::<G>(options, |options, case| {
        let (first, actions) = walk::<G>(options, case, |_, _, _| Ok(()))?;
        let mut second: G = start(options, case)?;
        for &action in &actions {
            second
                .apply(action)
                .map_err(|e| TestCaseError::fail(format!("replay refused `{action}`: {e}")))?;
        }
        prop_assert_eq!(bytes(&first)?, bytes(&second)?);
        // A record of the game replays to the same state too.
        let record = Record::new::<G>(&options[case.options_index], case.seed, &actions);
        let replayed: G = record
            .replay()
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(bytes(&first)?, bytes(&replayed)?);
        Ok(())
    });
}

/// A game started with `new_into` in a game that was played (to its end or part-way) is the
/// game `new` starts, bit for bit (serialised states compared), and plays on the same: at
/// every ply the same seat to act, legal actions and scores (nothing derived left over from
/// the game played before).
pub fn new_into_matches_new<G: Game>(options: &[G::Options]) {
    run::<G>(options, |options, case| {
        let (mut reused, actions) = walk::<G>(options, case, |_, _, _| Ok(()))?;
        // Part-way or at the end, with the options of another case half the time.
        let pause = actions.len() * usize::from(case.pause) / usize::from(u8::MAX);
        if pause < actions.len() {
            reused = start(options, case)?;
            for &action in &actions[..pause] {
                reused
                    .apply(action)
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
        }
        let chosen = &options[(case.options_index + usize::from(case.pause % 2)) % options.len()];
        let seed = case.seed.wrapping_add(1);
        G::new_into(chosen, seed, &mut reused)
            .map_err(|e| TestCaseError::fail(format!("new_into refused the options: {e}")))?;
        let mut fresh = G::new(chosen.clone(), seed)
            .map_err(|e| TestCaseError::fail(format!("new refused the options: {e}")))?;
        prop_assert_eq!(bytes(&fresh)?, bytes(&reused)?);
        let mut legal = Vec::new();
        let mut rng = GameRng::from_seed(case.chooser_seed);
        while !fresh.is_over() {
            same_offer(&fresh, &reused, "the game started with new_into")?;
            fresh.legal_actions(&mut legal);
            let action = legal[rng.index(legal.len())];
            fresh
                .apply(action)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            reused.apply(action).map_err(|e| {
                TestCaseError::fail(format!("the reused game refused `{action}`: {e}"))
            })?;
        }
        prop_assert_eq!(bytes(&fresh)?, bytes(&reused)?);
        Ok(())
    });
}

/// A game saved at any point loads as the same game: at every ply and after the end, the bytes
/// saved load and save again to the same bytes, and the loaded game offers the same seat to act,
/// legal actions and scores (nothing the game derives for speed left stale). And a game saved at a
/// pause (anywhere from the start to after the end) and loaded continues exactly as the original:
/// the loaded copy equals
/// the original, and both, given the same further actions, end identical.
pub fn save_load<G: Game>(options: &[G::Options]) {
    run::<G>(options, |options, case| {
        let (end, actions) = walk::<G>(options, case, |game, _, _| reloads(game))?;
        reloads(&end)?;
        let pause = actions.len() * usize::from(case.pause) / usize::from(u8::MAX);
        let mut original: G = start(options, case)?;
        for &action in &actions[..pause] {
            original
                .apply(action)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
        let saved = bytes(&original)?;
        let mut loaded: G = serde_json::from_slice(&saved).map_err(|e| {
            TestCaseError::fail(format!(
                "load at ply {pause} of {} failed: {e}",
                actions.len()
            ))
        })?;
        prop_assert_eq!(&saved, &bytes(&loaded)?);
        for &action in &actions[pause..] {
            original
                .apply(action)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            loaded
                .apply(action)
                .map_err(|e| TestCaseError::fail(format!("loaded game refused `{action}`: {e}")))?;
        }
        prop_assert!(
            loaded.is_over(),
            "the loaded game did not end with the original"
        );
        prop_assert_eq!(bytes(&original)?, bytes(&loaded)?);
        Ok(())
    });
}

/// Many random games played to their end (more than the property tests can afford: a rare
/// ending, such as a High Jinks win on the 7th Battle Scar, shows up once in a few thousand
/// games), each saved at its end and reloaded to the same bytes. `games` games for each option
/// set, seeds `0..games`.
pub fn finished_games_reload<G: Game>(options: &[G::Options], games: u64) {
    for (i, options) in options.iter().enumerate() {
        for seed in 0..games {
            let mut game = match G::new(options.clone(), seed) {
                Ok(game) => game,
                Err(e) => panic!("options {i} refused: {e}"),
            };
            let mut rng = GameRng::from_seed(seed ^ 0xf1_7e);
            if let Err(e) = crate::random_playout(&mut game, &mut rng, &mut Vec::new()) {
                panic!(
                    "{} broke the contract: options {i}, seed {seed}: {e}",
                    G::NAME
                );
            }
            if let Err(e) = reloads(&game) {
                panic!(
                    "{} broke the contract: options {i}, seed {seed}: {e}",
                    G::NAME
                );
            }
        }
    }
}

/// The bytes saved from `game` load, save again to the same bytes, and the loaded game offers
/// what `game` offers (see [`offers_as_reloaded`]).
fn reloads<G: Game>(game: &G) -> Result<(), TestCaseError> {
    let saved = bytes(game)?;
    let over = if game.is_over() { " (over)" } else { "" };
    let loaded: G = serde_json::from_slice(&saved).map_err(|e| {
        TestCaseError::fail(format!(
            "at ply {}{over}, the state saved does not load: {e}",
            game.plies()
        ))
    })?;
    prop_assert_eq!(
        &saved,
        &bytes(&loaded)?,
        "at ply {}{}, the state saved loads and saves again differently",
        game.plies(),
        over
    );
    same_offer(game, &loaded, "its reload")
}

/// `game` offers what the same state loaded from its saved bytes offers: the same seat to act,
/// the same legal actions in the same order, the same scores. A game may keep fields derived
/// from its state for speed (never saved, rebuilt on loading); one left stale by a move, a
/// copy or a determinisation drawn into a reused game shows here, where the saved bytes
/// (which leave it out) cannot show it.
pub(crate) fn offers_as_reloaded<G: Game>(game: &G, what: &str) -> Result<(), TestCaseError> {
    let loaded: G = serde_json::from_slice(&bytes(game)?).map_err(|e| {
        TestCaseError::fail(format!(
            "at ply {}, {what} saved does not load: {e}",
            game.plies()
        ))
    })?;
    same_offer(game, &loaded, &format!("{what}'s reload"))
}

/// The first difference between what `game` and `other` offer, if any (see
/// [`offers_as_reloaded`]).
fn same_offer<G: Game>(game: &G, other: &G, what: &str) -> Result<(), TestCaseError> {
    let ply = game.plies();
    prop_assert_eq!(
        game.to_act(),
        other.to_act(),
        "at ply {}, another seat acts in {}",
        ply,
        what
    );
    let (mut mine, mut theirs) = (Vec::new(), Vec::new());
    game.legal_actions(&mut mine);
    other.legal_actions(&mut theirs);
    prop_assert_eq!(
        mine,
        theirs,
        "at ply {}, {} lists other legal actions",
        ply,
        what
    );
    for i in 0..game.seat_count() {
        let seat = Seat(i as u8);
        prop_assert_eq!(
            game.score(seat),
            other.score(seat),
            "at ply {}, {} scores seat {} otherwise",
            ply,
            what,
            seat
        );
    }
    Ok(())
}

/// Every listed action applies; legal actions come in a fixed order with no duplicates and
/// distinct texts; a game over lists no action and refuses every action.
pub fn legal_actions_are_sound<G: Game>(options: &[G::Options]) {
    run::<G>(options, |options, case| {
        let mut again = Vec::new();
        let mut seen = HashSet::new();
        let mut texts = HashSet::new();
        let (end, _) = walk::<G>(options, case, |game, legal, _| {
            game.legal_actions(&mut again);
            prop_assert_eq!(legal, &again[..], "legal actions changed between two calls");
            seen.clear();
            texts.clear();
            for &action in legal {
                prop_assert!(seen.insert(action), "duplicate legal action `{action}`");
                prop_assert!(
                    texts.insert(action.to_string()),
                    "two legal actions share the text `{action}`"
                );
                let mut copy = game.clone();
                copy.apply(action)
                    .map_err(|e| TestCaseError::fail(format!("listed `{action}` refused: {e}")))?;
                prop_assert_eq!(copy.plies(), game.plies() + 1);
            }
            Ok(())
        })?;
        prop_assert!(end.is_over());
        end.legal_actions(&mut again);
        prop_assert!(again.is_empty(), "a game over lists actions");
        let mut space = Vec::new();
        end.action_space(&mut space);
        let before = bytes(&end)?;
        let mut end = end;
        for &action in &space {
            prop_assert!(
                end.apply(action).is_err(),
                "a game over accepted `{action}`"
            );
        }
        prop_assert_eq!(before, bytes(&end)?);
        Ok(())
    });
}

/// Every action of the action space that is not listed is refused, and the refusal leaves the
/// state exactly as it was (serialised bytes compared).
pub fn refusals_change_nothing<G: Game>(options: &[G::Options]) {
    run::<G>(options, |options, case| {
        let mut space = Vec::new();
        let mut ply = 0u64;
        walk::<G>(options, case, |game, legal, _| {
            ply += 1;
            // Probing the whole space at every ply is costly; every third ply is plenty.
            if ply % 3 != 1 {
                return Ok(());
            }
            game.action_space(&mut space);
            for &action in legal {
                prop_assert!(
                    space.contains(&action),
                    "legal `{action}` is missing from the action space"
                );
            }
            let before = bytes(game)?;
            for &action in &space {
                if legal.contains(&action) {
                    continue;
                }
                prop_assert!(
                    game.apply(action).is_err(),
                    "unlisted `{action}` was accepted"
                );
                prop_assert_eq!(
                    &before,
                    &bytes(game)?,
                    "refusing `{}` changed the state",
                    action
                );
            }
            Ok(())
        })?;
        Ok(())
    });
}

/// The action space depends on the options only, as [`Game::action_space`] promises: the space
/// taken at the start holds every action legal at any ply of the game, and the space taken at
/// any ply is the same as at the start.
pub fn action_space_is_state_free<G: Game>(options: &[G::Options]) {
    run::<G>(options, |options, case| {
        let first: G = start(options, case)?;
        let mut space = Vec::new();
        first.action_space(&mut space);
        let mut now = Vec::new();
        walk::<G>(options, case, |game, legal, _| {
            for &action in legal {
                prop_assert!(
                    space.contains(&action),
                    "legal `{action}` is missing from the action space taken at the start"
                );
            }
            game.action_space(&mut now);
            prop_assert!(now == space, "the action space changed during the game");
            Ok(())
        })?;
        Ok(())
    });
}

/// Every action's text parses back to the same action, for every action of the action space.
pub fn action_text_round_trips<G: Game>(options: &[G::Options]) {
    run::<G>(options, |options, case| {
        let game: G = start(options, case)?;
        let mut space = Vec::new();
        game.action_space(&mut space);
        for &action in &space {
            let text = action.to_string();
            let parsed: G::Action = text
                .parse()
                .map_err(|e| TestCaseError::fail(format!("`{text}` does not parse back: {e}")))?;
            prop_assert_eq!(parsed, action);
        }
        walk::<G>(options, case, |_, legal, _| {
            for &action in legal {
                let parsed = action.to_string().parse::<G::Action>().ok();
                prop_assert_eq!(parsed, Some(action));
            }
            Ok(())
        })?;
        Ok(())
    });
}

/// No card is created or lost: the census of the game never changes.
pub fn cards_are_conserved<G: Game>(options: &[G::Options]) {
    run::<G>(options, |options, case| {
        let first: G = start(options, case)?;
        let mut initial = Vec::new();
        first.census(&mut initial);
        initial.sort();
        let mut now = Vec::new();
        let (end, _) = walk::<G>(options, case, |game, _, _| {
            game.census(&mut now);
            now.sort();
            prop_assert_eq!(&initial, &now, "cards changed at ply {}", game.plies());
            Ok(())
        })?;
        end.census(&mut now);
        now.sort();
        prop_assert_eq!(&initial, &now);
        Ok(())
    });
}

/// The game ends within its stated ply bound, and scores and winners can be read at every ply;
/// [`Game::standings`] agrees with them.
pub fn terminates_within_bound<G: Game>(options: &[G::Options]) {
    run::<G>(options, |options, case| {
        let (end, actions) = walk::<G>(options, case, |game, _, _| {
            for i in 0..game.seat_count() {
                let _ = game.score(Seat(i as u8));
            }
            let winners = game.winners();
            prop_assert!(winners.iter().all(|s| s.index() < game.seat_count()));
            // The standings read together are the scores and the winners read apart.
            let standings = game.standings();
            prop_assert_eq!(standings.winners(), winners);
            prop_assert_eq!(standings.scores().len(), game.seat_count().min(8));
            for seat in game.seats().take(8) {
                prop_assert_eq!(standings.score(seat), game.score(seat));
            }
            Ok(())
        })?;
        prop_assert!(actions.len() as u64 <= end.max_plies());
        prop_assert_eq!(end.plies(), actions.len() as u64);
        prop_assert!(!end.winners().is_empty(), "a finished game has no winner");
        Ok(())
    });
}

/// Defines a module of tests, one `#[test]` per property of the contract, for a game over a list
/// of options (an expression giving a `Vec` or an array of the game's options, evaluated in
/// each test).
///
/// Two forms: without a name the module is `game_contract`; with a name first (`name: Game,
/// options`) the module has that name, so that the macro can be used several times in one
/// module.
///
/// ```ignore
/// cards::game_contract_tests!(headtrip::HeadTrip, vec![headtrip::Options::default()]);
/// cards::game_contract_tests!(
///     sessions: headtrip::HeadTrip,
///     vec![headtrip::Options { games: 3, ..Default::default() }]
/// );
/// ```
///
/// The allocation property, `no_allocation_per_ply`, is included when `cards` has the feature
/// `testkit-alloc`.
#[macro_export]
macro_rules! game_contract_tests {
    ($module:ident : $game:ty, $options:expr $(,)?) => {
        mod $module {
            #[allow(unused_imports)]
            use super::*;
            #[test]
            fn determinism() {
                $crate::testkit::determinism::<$game>(&$options);
            }
            #[test]
            fn save_load() {
                $crate::testkit::save_load::<$game>(&$options);
            }
            #[test]
            fn new_into_matches_new() {
                $crate::testkit::new_into_matches_new::<$game>(&$options);
            }
            #[test]
            fn mutated_states_keep_the_contract() {
                $crate::testkit::mutated_states_keep_the_contract::<$game>(&$options);
            }
            #[test]
            fn legal_actions_are_sound() {
                $crate::testkit::legal_actions_are_sound::<$game>(&$options);
            }
            #[test]
            fn refusals_change_nothing() {
                $crate::testkit::refusals_change_nothing::<$game>(&$options);
            }
            #[test]
            fn action_space_is_state_free() {
                $crate::testkit::action_space_is_state_free::<$game>(&$options);
            }
            #[test]
            fn action_text_round_trips() {
                $crate::testkit::action_text_round_trips::<$game>(&$options);
            }
            #[test]
            fn views_leak_nothing() {
                $crate::testkit::views_leak_nothing::<$game>(&$options);
            }
            #[test]
            fn legal_actions_follow_the_view() {
                $crate::testkit::legal_actions_follow_the_view::<$game>(&$options);
            }
            #[test]
            fn determinisations_follow_the_view() {
                $crate::testkit::determinisations_follow_the_view::<$game>(&$options);
            }
            #[test]
            fn observations_match_views() {
                $crate::testkit::observations_match_views::<$game>(&$options);
            }
            #[test]
            fn cards_are_conserved() {
                $crate::testkit::cards_are_conserved::<$game>(&$options);
            }
            #[test]
            fn terminates_within_bound() {
                $crate::testkit::terminates_within_bound::<$game>(&$options);
            }
            #[test]
            fn random_ply_matches_legal_actions_and_apply() {
                $crate::testkit::random_ply_matches_legal_actions_and_apply::<$game>(&$options);
            }
            #[test]
            fn random_playout_matches_a_random_agent() {
                $crate::testkit::random_playout_matches_a_random_agent::<$game>(&$options);
            }
            $crate::__game_contract_allocation_tests!($game, $options);
        }
    };
    ($game:ty, $options:expr $(,)?) => {
        $crate::game_contract_tests!(game_contract: $game, $options);
    };
}

/// The allocation properties of [`game_contract_tests!`](crate::game_contract_tests), present
/// with the feature `testkit-alloc` (this build has it).
#[cfg(feature = "testkit-alloc")]
#[doc(hidden)]
#[macro_export]
macro_rules! __game_contract_allocation_tests {
    ($game:ty, $options:expr) => {
        #[test]
        fn no_allocation_per_ply() {
            $crate::testkit::no_allocation_per_ply::<$game>(&$options);
        }
    };
}

/// The allocation properties of [`game_contract_tests!`](crate::game_contract_tests), present
/// with the feature `testkit-alloc` (this build has not: none).
#[cfg(not(feature = "testkit-alloc"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __game_contract_allocation_tests {
    ($game:ty, $options:expr) => {};
}
