//! The property that observations and views agree: what a seat sees of an action tells all
//! the action shows it, and nothing hidden from it.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use super::{bytes, run, walk};
use crate::{Game, Seat};

/// What each seat sees of an action and what it may see after it, against the other actions of
/// the same state: the rules of [the trait's docs](crate::Game#hidden-information). For every
/// two legal actions `a` and `b` of a state (every second ply), every seat and a spectator (a
/// seat beyond the table):
///
/// - **An observation tells all the action shows**: a spectator that observes `a` and `b`
///   alike has the same view after either. (A view follows from the view before and the
///   observation: a search whose tree's edges are observations, or a learner fed observations,
///   loses nothing the view holds.) A seat's own view is not compared: what chance deals it
///   after the action may differ, the action having changed the odds (in High Jinks, an
///   Evocation takes a card from the Deck, which is then shuffled; when the turn ends with it,
///   the next seat draws from a Deck without that card). The spectator is dealt nothing.
/// - **A spectator sees what everyone sees**: if a spectator observes `a` and `b` differently,
///   so does every seat.
/// - **An observation shows nothing hidden**: a seat that observes `a` and `b` differently while
///   a spectator does not (a difference shown to the seat alone) has different views after
///   them, unless they leave the whole game the same. A public difference may be forgotten: a
///   view keeps only what still bears on what is hidden, and a public fact may stop bearing on
///   anything (in Round Trip Ticket, a draw or a pass that ends a hand, once the cards are dealt
///   again).
/// - The seat to act tells its own legal actions apart: distinct actions, distinct
///   observations.
pub fn observations_match_views<G: Game>(options: &[G::Options]) {
    run::<G>(options, |options, case| {
        let mut ply = 0u64;
        // After each legal action: the game's bytes, and every seat's view of it.
        let mut after: Vec<(Vec<u8>, Vec<G::View>)> = Vec::new();
        // What each seat (then the spectator) sees of each legal action, seat by seat.
        let mut seen: Vec<Vec<G::Observation>> = Vec::new();
        walk::<G>(options, case, |game, legal, _| {
            ply += 1;
            // Every action's every view is costly; every second ply is plenty.
            if ply % 2 != 1 {
                return Ok(());
            }
            let spectator = game.seat_count();
            let seats: Vec<Seat> = (0..=spectator).map(|i| Seat(i as u8)).collect();
            after.clear();
            for &action in legal {
                let mut copy = game.clone();
                copy.apply(action)
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
                after.push((bytes(&copy)?, seats.iter().map(|&s| copy.view(s)).collect()));
            }
            seen.clear();
            seen.extend(
                seats
                    .iter()
                    .map(|&s| legal.iter().map(|&a| game.observe(a, s)).collect()),
            );
            let actor = game.to_act();
            for x in 0..legal.len() {
                for y in x + 1..legal.len() {
                    check_pair(game, legal, &after, &seen, actor, (x, y))?;
                }
            }
            Ok(())
        })?;
        Ok(())
    });
}

/// The rules of [`observations_match_views`] for the legal actions `x` and `y`, for every seat
/// and the spectator (the last of `seen`).
fn check_pair<G: Game>(
    game: &G,
    legal: &[G::Action],
    after: &[(Vec<u8>, Vec<G::View>)],
    seen: &[Vec<G::Observation>],
    actor: Option<Seat>,
    (x, y): (usize, usize),
) -> Result<(), TestCaseError> {
    let (a, b) = (legal[x], legal[y]);
    let ((state_a, views_a), (state_b, views_b)) = (&after[x], &after[y]);
    let spectator = seen.len() - 1;
    let public_difference = seen[spectator][x] != seen[spectator][y];
    for (i, observations) in seen.iter().enumerate() {
        let seat = Seat(i as u8);
        let (seen_a, seen_b) = (observations[x], observations[y]);
        if actor == Some(seat) {
            prop_assert_ne!(
                seen_a,
                seen_b,
                "at ply {}, the seat to act cannot tell its own `{}` from `{}`",
                game.plies(),
                a,
                b
            );
            continue;
        }
        if seen_a == seen_b {
            prop_assert!(
                i != spectator || views_a[i] == views_b[i],
                "at ply {}, a spectator (seat {}) sees `{}` and `{}` alike (`{}`), but its view \
                 after them differs: the observation does not tell all the action shows",
                game.plies(),
                seat,
                a,
                b,
                seen_a
            );
            prop_assert!(
                !public_difference,
                "at ply {}, a spectator tells `{}` from `{}` (`{}`, `{}`) but seat {} does not",
                game.plies(),
                a,
                b,
                seen[spectator][x],
                seen[spectator][y],
                seat
            );
        } else if !public_difference && views_a[i] == views_b[i] && state_a != state_b {
            prop_assert!(
                false,
                "at ply {}, seat {} alone sees `{}` and `{}` differently (`{}`, `{}`), though \
                 its view after either is the same: the observation shows what is hidden",
                game.plies(),
                seat,
                a,
                b,
                seen_a,
                seen_b
            );
        }
    }
    Ok(())
}
