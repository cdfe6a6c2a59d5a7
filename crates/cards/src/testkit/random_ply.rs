//! Random playouts through [`Game::random_ply`]: the same games, ply by ply, as
//! `legal_actions`, a draw of `rng.index(len)` and `apply`, and, whole, as a random agent's. A
//! game that overrides `random_ply` for speed must pass both.

use proptest::prelude::*;

use super::{run, start};
use crate::{play_out, random_playout, Draw, Game, GameRng, RandomAgent};

/// How often the whole state (its `Debug` form, derived fields included) is compared; the
/// saved form is compared at every ply either way.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Whole {
    EveryPly,
    AtTheEnd,
}

fn saved<G: Game>(game: &G) -> Result<String, String> {
    serde_json::to_string(game).map_err(|e| format!("state does not serialise: {e}"))
}

/// A chooser that breaks [`Draw`]'s contract: every number it gives is out of range (`Draw`
/// is a public trait, so a caller's own chooser may be wrong).
struct OutOfRange;

impl Draw for OutOfRange {
    fn below(&mut self, bound: u32) -> u32 {
        bound.saturating_add(1)
    }

    fn index(&mut self, len: usize) -> usize {
        len.saturating_add(1)
    }
}

/// A ply drawn from a chooser that breaks its contract never takes an action outside the legal
/// ones: it takes nothing (as the default `random_ply` does, its index finding no action in
/// the buffer), or one of the legal actions (as a game that clamps the index does), counted
/// right. `legal` holds the legal actions of `game`.
fn out_of_range_takes_a_legal_action_or_none<G: Game>(
    game: &G,
    ply: u64,
    legal: &[G::Action],
    buffer: &mut Vec<G::Action>,
) -> Result<(), String> {
    let mut tried = game.clone();
    let offered = tried.random_ply(&mut OutOfRange, buffer);
    let after = saved(&tried)?;
    if after == saved(game)? {
        return Ok(());
    }
    if matches!(offered, Ok(n) if n == legal.len()) {
        for &action in legal {
            let mut taken = game.clone();
            if taken.apply(action).is_ok() && saved(&taken)? == after {
                return Ok(());
            }
        }
    }
    Err(format!(
        "ply {ply}: random_ply, given an index out of range, left a state no legal action leads to"
    ))
}

/// Plays `game` to its end twice from the same chooser: by `random_ply`, and by
/// `legal_actions`, a draw and `apply`; the first difference, if any.
fn same_plies<G: Game>(game: &G, chooser_seed: u64, whole: Whole) -> Result<(), String> {
    let mut by_ply = game.clone();
    let mut by_hand = game.clone();
    let mut rng = GameRng::from_seed(chooser_seed);
    let mut rng_by_hand = rng.clone();
    let (mut buffer, mut legal) = (Vec::new(), Vec::new());
    while by_hand.to_act().is_some() {
        let ply = by_hand.plies();
        if ply >= by_hand.max_plies() {
            return Err("no end within the bound".into());
        }
        by_hand.legal_actions(&mut legal);
        out_of_range_takes_a_legal_action_or_none(&by_ply, ply, &legal, &mut buffer)?;
        let offered = by_ply
            .random_ply(&mut rng, &mut buffer)
            .map_err(|e| e.to_string())?;
        // The buffer is scratch space (`Game::random_ply`): only the count is promised.
        if offered != legal.len() {
            return Err(format!(
                "ply {ply}: random_ply counted {offered} legal actions, not {}",
                legal.len()
            ));
        }
        let action = legal[rng_by_hand.index(legal.len())];
        by_hand
            .apply(action)
            .map_err(|e| format!("ply {ply}: `{action}` refused: {e}"))?;
        if rng != rng_by_hand {
            return Err(format!("ply {ply}: random_ply drew otherwise"));
        }
        if saved(&by_ply)? != saved(&by_hand)?
            || (whole == Whole::EveryPly && format!("{by_ply:?}") != format!("{by_hand:?}"))
        {
            return Err(format!("ply {ply}: random_ply left another state"));
        }
    }
    // Once the game is over: nothing offered, taken or drawn.
    let offered = by_ply
        .random_ply(&mut rng, &mut buffer)
        .map_err(|e| e.to_string())?;
    if offered != 0 || rng != rng_by_hand {
        return Err("random_ply took or drew something after the end".into());
    }
    if format!("{by_ply:?}") != format!("{by_hand:?}") {
        return Err("random_ply left another state at the end".into());
    }
    Ok(())
}

/// Plays `game` to its end twice: by [`random_playout`] with a generator seeded from `seed`,
/// and by [`play_out`] with a [`RandomAgent`] of the same seed; the first difference, if any.
fn same_as_random_agent<G: Game>(game: &G, seed: u64) -> Result<(), String> {
    let (mut fast, mut slow) = (game.clone(), game.clone());
    let fast_stats = random_playout(&mut fast, &mut GameRng::from_seed(seed), &mut Vec::new())
        .map_err(|e| e.to_string())?;
    let slow_stats = play_out(&mut slow, &mut RandomAgent::new(seed), &mut Vec::new())
        .map_err(|e| e.to_string())?;
    if fast_stats != slow_stats || format!("{fast:?}") != format!("{slow:?}") {
        return Err("random_playout played another game than a random agent".into());
    }
    Ok(())
}

/// [`Game::random_ply`] is one ply of `legal_actions`, a draw of `rng.index(len)` and `apply`:
/// the same count of legal actions, the same draws, the same state after, ply by ply, and
/// nothing offered, taken or drawn once the game is over (a game that overrides it for speed
/// plays the same games). At every ply, a chooser that gives an index out of range (breaking
/// [`Draw`]'s contract) makes the ply take nothing or a legal action, never another.
pub fn random_ply_matches_legal_actions_and_apply<G: Game>(options: &[G::Options]) {
    run::<G>(options, |options, case| {
        let game: G = start(options, case)?;
        same_plies(&game, case.chooser_seed, Whole::AtTheEnd).map_err(TestCaseError::fail)
    });
}

/// [`random_playout`] with a generator of a seed plays the game a [`RandomAgent`] of that seed
/// plays through [`play_out`]: the same statistics and the same final state.
pub fn random_playout_matches_a_random_agent<G: Game>(options: &[G::Options]) {
    run::<G>(options, |options, case| {
        let game: G = start(options, case)?;
        same_as_random_agent(&game, case.chooser_seed).map_err(TestCaseError::fail)
    });
}

/// Both properties over every options given and every seed of `seeds`, with the whole state
/// compared at every ply: for a game's own tests of its `random_ply`, over chosen options and
/// more games than the kit plays. Panics with the options' index and the seed at the first
/// difference.
pub fn assert_random_plies_match<G: Game>(options: &[G::Options], seeds: std::ops::Range<u64>) {
    for (index, options) in options.iter().enumerate() {
        for seed in seeds.clone() {
            let game = G::new(options.clone(), seed)
                .unwrap_or_else(|e| panic!("{}: options {index} refused: {e}", G::NAME));
            if let Err(e) = same_plies(&game, seed ^ 0x5eed, Whole::EveryPly)
                .and_then(|()| same_as_random_agent(&game, seed))
            {
                panic!("{}: options {index}, seed {seed}: {e}", G::NAME);
            }
        }
    }
}
