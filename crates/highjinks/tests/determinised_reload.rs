//! Every determinisation is a valid state: saved, it reloads (loading checks every invariant)
//! and offers the same legal actions as its reload. Each case is a random game that once drew
//! states loading refused, saved in `tests/determinised/` at the ply where it did: the kit case
//! (options, seed, chooser seed, ply) named beside each was played before a payment of several
//! Mana sources became one decision per source (2026-11-27), which changed the games' action
//! sequences, so the states are kept as saved rather than replayed.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use cards::{Game, GameRng, Seat};
use highjinks::HighJinks;

/// The saved state `name` of `tests/determinised/`.
fn saved(name: &str) -> HighJinks {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/determinised")
        .join(format!("{name}.json"));
    let text = std::fs::read_to_string(&path).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// `draws` determinisations for every seat and a spectator, each reloaded.
fn assert_draws_reload(game: &HighJinks, draws: usize) {
    let mut rng = GameRng::from_seed(0x4e10ad);
    let (mut mine, mut theirs) = (Vec::new(), Vec::new());
    for seat in 0..=game.seat_count() {
        for n in 0..draws {
            let drawn = game.resample_hidden(Seat(seat as u8), &mut rng);
            let saved = serde_json::to_vec(&drawn).unwrap();
            let loaded: HighJinks = serde_json::from_slice(&saved).unwrap_or_else(|e| {
                panic!("draw {n} for seat {seat} does not reload: {e}");
            });
            drawn.legal_actions(&mut mine);
            loaded.legal_actions(&mut theirs);
            assert_eq!(
                mine, theirs,
                "draw {n} for seat {seat}: other legal actions"
            );
        }
    }
}

/// HJ23: a card summoned this turn and recruited back carries its mark in the turn seat's
/// hand, in every view. Here HJ85 had all forget which copy of the marked identity left the
/// hand, but the mark stays: every determinisation keeps the marked card in that hand.
#[test]
fn hj23_a_marked_card_stays_in_the_turn_seats_hand_in_every_determinisation() {
    // Kit case: 4 players, seed 17798526093217659656, chooser 632809413909865377, ply 583.
    let game = saved("hj23");
    assert_draws_reload(&game, 300);
}

/// HJ80, HJ88: a seat holds a known card and a copy of it drawn from the Deck group, each of
/// which may lie only in the hand; no determinisation sets either face down.
#[test]
fn hj80_hj88_known_and_drawn_copies_lie_where_both_may_at_once() {
    // Kit case: 3 players, seed 2606326282465587645, chooser 1062712075103752800, ply 219.
    let game = saved("hj80_hj88");
    assert_draws_reload(&game, 300);
}

/// `draws` determinisations for `seat` into one reused game: each keeps the seat's view and
/// reloads.
fn assert_draws_keep_the_view(game: &HighJinks, seat: Seat, draws: usize) {
    let mut rng = GameRng::from_seed(0x4e10ad);
    let mut drawn = game.clone();
    let view = game.view(seat);
    for n in 0..draws {
        game.resample_hidden_into(seat, &mut rng, &mut drawn);
        assert_eq!(
            drawn.view(seat),
            view,
            "draw {n} for seat {seat}: another view"
        );
        let saved = serde_json::to_vec(&drawn).unwrap();
        if let Err(e) = serde_json::from_slice::<HighJinks>(&saved) {
            panic!("draw {n} for seat {seat} does not reload: {e}");
        }
    }
}

/// HJ85, HJ88, with a Deck group (HJ80): an Interception's proof shows a whole hand, every
/// card of it hand-only, while several seats hold cards drawn from the group. The grouped
/// draw by rejection can then reject every try. The branched draw after it pins each proof
/// card either pool could hold to one pool, each branch weighed by its placements, and draws
/// with every other check: the draw keeps every card seen in a hand in it (a draw without the
/// places set one face down: a state loading refuses), and keeps the group and so the view
/// (the draw without the group forgot it: another view).
#[test]
fn hj88_a_draw_the_grouped_draw_gives_up_keeps_seen_cards_in_the_hand() {
    // Kit case: 4 players, seed 12808074563482912020, chooser 12474177211663656951, ply 184.
    let game = saved("hj88");
    assert_draws_keep_the_view(&game, Seat(1), 40);
}

/// HJ80, HJ85: with two decks, a seat has seen a whole hand several of whose cards either pool
/// (the Deck group, the rest) could hold; the grouped draw by rejection keeps them all only
/// rarely and gives up on some draws here (the branched draw then draws them). Every draw, the
/// branched draw's included, keeps the observer's view (a kit case found the draw without the
/// group, which forgot it).
#[test]
fn hj80_hj85_a_proof_either_pool_could_hold_keeps_the_group_in_the_view() {
    // Kit case: 4 players, at most 40 turns and 5 Main actions, seed 9449458079445810629,
    // chooser 3359999852386382819, ply 216.
    let game = saved("hj80_hj85");
    assert_draws_keep_the_view(&game, Seat(3), 30);
}
