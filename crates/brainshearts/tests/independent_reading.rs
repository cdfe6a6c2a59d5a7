#![allow(clippy::unwrap_used, clippy::expect_used)]
//! An independent reading of the rules of *Brains and Hearts*.
//!
//! Written from the *Brains and Hearts* rulebook, the rulings G1–G5 and BH1–BH9 (stated in
//! `docs/rules/README.md` and `docs/rules/brainshearts.md`) and the engine's public interface
//! only. Each test is named after the rule it checks (`rulebook_…` for the rulebook, `g…`/`bh…`
//! for the rulings). Scenarios are set up with stacked decks and die results (ruling G2); a
//! seat's stacked deck is written as the cards it will play, in order: the first two cards are
//! its starting hand, the rest is filled in with its remaining cards.

use brainshearts::{
    seat_cards, Action, ActionError, BoardCard, BrainsHearts, Direction, Options, Phase, Pos,
};
use cards::{Card, Game, Seat};

const BRAIN: Seat = Seat(0);
const HEART: Seat = Seat(1);

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

/// A seat's deck: `first` in order, then the seat's other cards.
fn deck(seat: usize, first: &[&str]) -> Vec<Card> {
    let mut cards: Vec<Card> = first.iter().map(|t| card(t)).collect();
    for c in seat_cards(seat) {
        if !cards.contains(&c) {
            cards.push(c);
        }
    }
    cards
}

fn game(brain: &[&str], heart: &[&str], dice: &[u8]) -> BrainsHearts {
    let options = Options {
        brain_deck: Some(deck(0, brain)),
        heart_deck: Some(deck(1, heart)),
        die_results: Some(dice.to_vec()),
    };
    BrainsHearts::new(options, 1).unwrap()
}

fn act(g: &mut BrainsHearts, text: &str) {
    let action: Action = text.parse().unwrap();
    if let Err(e) = g.apply(action) {
        panic!("`{text}` refused: {e}\n{g}");
    }
}

/// Applies an action that must be refused, and checks that the state did not change.
fn refuse(g: &mut BrainsHearts, action: Action) -> ActionError {
    let before = serde_json::to_vec(g).unwrap();
    let err = match g.apply(action) {
        Ok(()) => panic!("`{action}` was accepted\n{g}"),
        Err(e) => e,
    };
    assert_eq!(
        serde_json::to_vec(g).unwrap(),
        before,
        "refused `{action}` changed the state"
    );
    err
}

fn refuse_text(g: &mut BrainsHearts, text: &str) -> ActionError {
    refuse(g, text.parse().unwrap())
}

fn phase(g: &BrainsHearts) -> Phase {
    g.view(BRAIN).phase
}

fn legal(g: &BrainsHearts) -> Vec<String> {
    let mut out = Vec::new();
    g.legal_actions(&mut out);
    out.iter().map(ToString::to_string).collect()
}

/// The seat to act draws (if its deck holds a card) and plays `card` into its slot 1–3.
fn play(g: &mut BrainsHearts, card: &str, slot: u8, locked: bool) {
    let seat = g.to_act().expect("game over");
    let view = g.view(seat);
    assert_eq!(view.phase, Phase::Action, "not at an action phase\n{g}");
    if view.sides[seat.index()].deck_size > 0 {
        act(g, "draw");
    }
    let lock = if locked { " locked" } else { "" };
    act(g, &format!("play {card} slot{slot}{lock}"));
}

/// Ends the scoring phase if the engine stopped there (claims are optional, BH6).
fn end_scoring(g: &mut BrainsHearts) {
    if phase(g) == Phase::Scoring {
        act(g, "end");
    }
}

/// A whole turn of setting up: draw, play, decline every claim.
fn turn(g: &mut BrainsHearts, card: &str, slot: u8) {
    play(g, card, slot, false);
    end_scoring(g);
}

fn turn_locked(g: &mut BrainsHearts, card: &str, slot: u8) {
    play(g, card, slot, true);
    end_scoring(g);
}

fn pos(text: &str) -> Pos {
    text.parse().unwrap()
}

fn slot_cards(g: &BrainsHearts, at: &str) -> Vec<BoardCard> {
    let p = pos(at);
    g.view(BRAIN).sides[p.seat().index()].slots[p.slot()]
        .cards
        .clone()
}

fn top(g: &BrainsHearts, at: &str) -> Option<BoardCard> {
    slot_cards(g, at).last().copied()
}

fn top_card(g: &BrainsHearts, at: &str) -> Option<Card> {
    top(g, at).map(|b| b.card)
}

fn top_value(g: &BrainsHearts, at: &str) -> Option<u8> {
    top(g, at).map(|b| b.value)
}

fn is_locked(g: &BrainsHearts, at: &str) -> bool {
    let p = pos(at);
    g.view(BRAIN).sides[p.seat().index()].slots[p.slot()].locked
}

fn discard(g: &BrainsHearts) -> Vec<Card> {
    g.view(BRAIN).discard
}

fn discarded(g: &BrainsHearts, text: &str) -> bool {
    discard(g).contains(&card(text))
}

/// Cards of a seat on the board, covered ones included.
fn cards_on_board(g: &BrainsHearts, seat: Seat) -> usize {
    g.view(BRAIN).sides[seat.index()]
        .slots
        .iter()
        .map(|s| s.cards.len())
        .sum()
}

/// A tiny deterministic generator for playing out whole games.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Plays a game out. `claims`: whether claims may be chosen (otherwise every scoring phase is
/// ended at once). Returns the number of turns each seat took.
fn play_out(g: &mut BrainsHearts, rng: &mut Lcg, claims: bool) -> [u32; 2] {
    let mut turns = [0u32; 2];
    let mut out = Vec::new();
    let limit = g.max_plies();
    while let Some(seat) = g.to_act() {
        assert!(g.plies() < limit, "game longer than max_plies");
        g.legal_actions(&mut out);
        assert!(!out.is_empty(), "no legal action for {seat}\n{g}");
        let p = phase(g);
        if p == Phase::Action {
            turns[seat.index()] += 1;
            let side = &g.view(seat).sides[seat.index()];
            if side.deck_size == 0 && side.hand_size == 0 {
                // BH2: a seat with no card to play must roll.
                assert_eq!(out, vec![Action::Roll], "{g}");
            }
        }
        let action = if !claims && out.contains(&Action::End) {
            Action::End
        } else if !claims && out.contains(&Action::Stop) {
            Action::Stop
        } else {
            out[rng.below(out.len())]
        };
        g.apply(action).unwrap();
    }
    turns
}

// ---------------------------------------------------------------------------------------------
// Preparation and seats (rulebook "Preparation", BH1, G2)
// ---------------------------------------------------------------------------------------------

#[test]
fn bh1_brain_is_seat_0_with_black_cards_heart_seat_1_with_red() {
    let g = BrainsHearts::new(Options::default(), 42).unwrap();
    assert_eq!(g.seat_count(), 2);
    let mut census = Vec::new();
    g.census(&mut census);
    assert_eq!(census.len(), 28, "only Ace through 7, four suits");
    for c in &census {
        let text = format!("{c:#}");
        assert!(
            ["A", "2", "3", "4", "5", "6", "7"].contains(&&text[..text.len() - 1]),
            "{text} is not A-7"
        );
    }
    for c in g.view(BRAIN).hand {
        let text = format!("{c:#}");
        assert!(text.ends_with('S') || text.ends_with('C'), "{text}");
    }
    for c in g.view(HEART).hand {
        let text = format!("{c:#}");
        assert!(text.ends_with('H') || text.ends_with('D'), "{text}");
    }
}

#[test]
fn rulebook_the_brain_begins() {
    for seed in 0..5 {
        let g = BrainsHearts::new(Options::default(), seed).unwrap();
        assert_eq!(g.to_act(), Some(BRAIN));
        assert_eq!(phase(&g), Phase::Action);
    }
}

#[test]
fn rulebook_each_player_draws_two_cards_and_gets_two_roll_coins() {
    let g = game(&["4S", "5S"], &["2H", "3D"], &[]);
    let view = g.view(BRAIN);
    for side in &view.sides {
        assert_eq!(side.hand_size, 2);
        assert_eq!(side.deck_size, 12);
        assert_eq!(side.coins, 2);
        assert!(
            side.slots.iter().all(|s| s.cards.is_empty()),
            "slots start empty"
        );
        assert_eq!(side.score, 0);
    }
    let mut hand = view.hand.clone();
    hand.sort();
    assert_eq!(hand, vec![card("4S"), card("5S")]);
    let mut hand = g.view(HEART).hand;
    hand.sort();
    let mut expected = vec![card("2H"), card("3D")];
    expected.sort();
    assert_eq!(hand, expected);
}

#[test]
fn g2_stacked_decks_are_drawn_in_order_and_bad_stacks_refused() {
    let mut g = game(&["4S", "5S", "6S", "7C"], &["2H", "3D", "AH"], &[]);
    act(&mut g, "draw");
    let mut hand = g.view(BRAIN).hand;
    hand.sort();
    assert_eq!(hand, vec![card("4S"), card("5S"), card("6S")]);
    act(&mut g, "play 6S slot1");
    end_scoring(&mut g);
    act(&mut g, "draw");
    assert!(g.view(HEART).hand.contains(&card("AH")));

    let foreign = Options {
        brain_deck: Some(deck(1, &[])),
        ..Options::default()
    };
    assert!(BrainsHearts::new(foreign, 0).is_err());
    let short = Options {
        heart_deck: Some(deck(1, &[])[..13].to_vec()),
        ..Options::default()
    };
    assert!(BrainsHearts::new(short, 0).is_err());
    let bad_die = Options {
        die_results: Some(vec![7]),
        ..Options::default()
    };
    assert!(BrainsHearts::new(bad_die, 0).is_err());
    let zero_die = Options {
        die_results: Some(vec![0]),
        ..Options::default()
    };
    assert!(BrainsHearts::new(zero_die, 0).is_err());
}

#[test]
fn g2_stacked_die_results_are_rolled_in_order() {
    // 4 adds one to an opponent card, then 3 subtracts one from the roller's own card.
    let mut g = game(&["4S"], &["4H"], &[4, 3]);
    turn(&mut g, "4S", 1);
    act(&mut g, "roll");
    assert_eq!(g.view(HEART).last_roll, Some(4));
    if phase(&g) == (Phase::DieTarget { result: 4 }) {
        act(&mut g, "change B1");
    }
    end_scoring(&mut g);
    assert_eq!(top_value(&g, "B1"), Some(5));
    turn(&mut g, "AS", 2);
    play(&mut g, "4H", 1, false);
    end_scoring(&mut g);
    act(&mut g, "roll");
    assert_eq!(g.view(BRAIN).last_roll, Some(3));
}

#[test]
fn g1_same_seed_same_options_same_actions_same_game() {
    for seed in [0, 1, 99, u64::MAX] {
        let mut a = BrainsHearts::new(Options::default(), seed).unwrap();
        let mut b = BrainsHearts::new(Options::default(), seed).unwrap();
        play_out(&mut a, &mut Lcg(seed), true);
        play_out(&mut b, &mut Lcg(seed), true);
        assert_eq!(
            serde_json::to_vec(&a).unwrap(),
            serde_json::to_vec(&b).unwrap()
        );
    }
    // Different seeds deal differently (with overwhelming probability for these two).
    let a = BrainsHearts::new(Options::default(), 1).unwrap();
    let b = BrainsHearts::new(Options::default(), 2).unwrap();
    assert_ne!(
        serde_json::to_vec(&a).unwrap(),
        serde_json::to_vec(&b).unwrap()
    );
}

#[test]
fn g3_seat_to_act_known_and_view_hides_opponent_hand() {
    let mut g = game(&["4S", "5S"], &["2H", "3D"], &[]);
    assert_eq!(g.view(BRAIN).to_act, Some(BRAIN));
    assert_eq!(g.view(HEART).to_act, Some(BRAIN));
    turn(&mut g, "4S", 1);
    assert_eq!(g.to_act(), Some(HEART));
    let brain_view = g.view(BRAIN);
    assert!(!brain_view.hand.contains(&card("2H")));
    assert_eq!(brain_view.sides[1].hand_size, 2);
    let text = serde_json::to_string(&brain_view).unwrap();
    assert!(!text.contains("2H") && !text.contains("3D"), "{text}");
}

// ---------------------------------------------------------------------------------------------
// Action phase: playing a card (rulebook "Playing a Card", BH2, BH3)
// ---------------------------------------------------------------------------------------------

#[test]
fn bh2_a_play_turn_draws_first_then_plays_from_the_hand() {
    let mut g = game(&["4S", "5S", "6S"], &[], &[]);
    let err = refuse_text(&mut g, "play 4S slot1");
    assert_eq!(err, ActionError::MustDrawFirst);
    act(&mut g, "draw");
    assert_eq!(g.view(BRAIN).sides[0].deck_size, 11);
    assert_eq!(g.view(BRAIN).sides[0].hand_size, 3);
    // Having drawn, the player is committed to playing: no roll, no second draw.
    refuse_text(&mut g, "roll");
    refuse_text(&mut g, "draw");
    // Only a card in the hand can be played.
    assert_eq!(
        refuse_text(&mut g, "play 7S slot1"),
        ActionError::NotInHand(card("7S"))
    );
    // The drawn card may itself be played.
    act(&mut g, "play 6S slot1");
    assert_eq!(top_card(&g, "B1"), Some(card("6S")));
    assert_eq!(g.view(BRAIN).sides[0].hand_size, 2);
}

#[test]
fn bh3_card_must_go_into_an_empty_slot_while_there_is_one() {
    let mut g = game(&["4S", "5S", "6S"], &["2H", "3H", "4H"], &[]);
    turn(&mut g, "4S", 1);
    turn(&mut g, "2H", 2);
    act(&mut g, "draw");
    assert!(matches!(
        refuse_text(&mut g, "play 5S slot1"),
        ActionError::MustFillEmptySlot(_)
    ));
    // Either empty slot will do.
    act(&mut g, "play 5S slot3");
    assert_eq!(top_card(&g, "B3"), Some(card("5S")));
    assert_eq!(slot_cards(&g, "B1").len(), 1);
}

#[test]
fn rulebook_with_three_slots_filled_a_card_may_go_on_top_of_any_slot() {
    let mut g = game(
        &["AS", "2C", "4S", "6C", "7S"],
        &["2H", "4H", "6H", "AD", "7H"],
        &[],
    );
    turn(&mut g, "AS", 1);
    turn(&mut g, "2H", 1);
    turn(&mut g, "2C", 2);
    turn(&mut g, "4H", 2);
    turn(&mut g, "4S", 3);
    turn(&mut g, "6H", 3);
    // All three filled: the card may go on top of slot 2 (a middle one, not forced to any).
    turn(&mut g, "6C", 2);
    assert_eq!(
        slot_cards(&g, "B2")
            .iter()
            .map(|b| b.card)
            .collect::<Vec<_>>(),
        vec![card("2C"), card("6C")]
    );
    turn(&mut g, "AD", 1);
    turn(&mut g, "7S", 2);
    assert_eq!(slot_cards(&g, "B2").len(), 3);
}

#[test]
fn rulebook_a_card_is_played_locked_only_into_an_empty_slot() {
    let mut g = game(&["AS", "2C", "4S", "6C"], &["2H", "4H", "6H", "AD"], &[]);
    // Into an empty slot it may be locked.
    turn_locked(&mut g, "AS", 1);
    assert!(is_locked(&g, "B1"));
    turn(&mut g, "2H", 1);
    turn(&mut g, "2C", 2);
    turn(&mut g, "4H", 2);
    turn(&mut g, "4S", 3);
    turn(&mut g, "6H", 3);
    act(&mut g, "draw");
    assert_eq!(
        refuse_text(&mut g, "play 6C slot1 locked"),
        ActionError::LockOnlyIntoEmptySlot
    );
    act(&mut g, "play 6C slot1");
    assert!(!is_locked(&g, "B1"));
}

#[test]
fn rulebook_locked_card_unlocks_at_the_beginning_of_its_owners_next_turn() {
    let mut g = game(&["4S", "6S", "AS"], &["5H", "2H"], &[]);
    turn(&mut g, "4S", 1);
    turn_locked(&mut g, "5H", 1);
    // Locked through The Brain's whole turn.
    act(&mut g, "draw");
    assert!(is_locked(&g, "H1"), "unlocked during the opponent's turn");
    act(&mut g, "play 6S slot2");
    end_scoring(&mut g);
    // The Heart's next turn has begun: twisted back to normal.
    assert_eq!(g.to_act(), Some(HEART));
    assert_eq!(phase(&g), Phase::Action);
    assert!(
        !is_locked(&g, "H1"),
        "still locked at its owner's next turn"
    );
    turn(&mut g, "2H", 2);
    assert!(!is_locked(&g, "H1"));
}

// ---------------------------------------------------------------------------------------------
// Action phase: rolling the God Die (rulebook "Rolling the God Die", BH5)
// ---------------------------------------------------------------------------------------------

#[test]
fn rulebook_rolling_spends_a_coin_instead_of_drawing_and_playing() {
    let mut g = game(&["4S"], &["4H"], &[2, 2, 2]);
    turn(&mut g, "4S", 1);
    turn(&mut g, "4H", 1);
    let before = g.view(BRAIN).sides[0].clone();
    act(&mut g, "roll");
    if phase(&g) == (Phase::DieTarget { result: 2 }) {
        act(&mut g, "change B1");
    }
    end_scoring(&mut g);
    let after = g.view(BRAIN).sides[0].clone();
    assert_eq!(after.coins, before.coins - 1);
    assert_eq!(after.deck_size, before.deck_size, "no card drawn");
    assert_eq!(after.hand_size, before.hand_size, "no card played");
    assert_eq!(cards_on_board(&g, BRAIN), 1);
    turn(&mut g, "2H", 2);
    act(&mut g, "roll");
    if phase(&g) == (Phase::DieTarget { result: 2 }) {
        act(&mut g, "change B1");
    }
    end_scoring(&mut g);
    turn(&mut g, "3H", 3);
    assert_eq!(g.view(BRAIN).sides[0].coins, 0);
    assert_eq!(refuse_text(&mut g, "roll"), ActionError::NoCoin);
}

#[test]
fn rulebook_die_result_1_ends_the_turn_and_skips_scoring() {
    // The Brain holds 4 and 6 against the Heart's 5 but declines to claim; next turn it rolls
    // a 1: its turn ends at once and the 5 stays.
    let mut g = game(&["4S", "6S"], &["5H", "2H"], &[1]);
    turn(&mut g, "4S", 1);
    turn(&mut g, "5H", 1);
    play(&mut g, "6S", 2, false);
    assert_eq!(phase(&g), Phase::Scoring, "4-5-6 can be claimed");
    act(&mut g, "end");
    turn(&mut g, "2H", 2);
    act(&mut g, "roll");
    assert_eq!(g.view(BRAIN).last_roll, Some(1));
    assert_eq!(g.to_act(), Some(HEART));
    assert_eq!(phase(&g), Phase::Action);
    assert_eq!(top_card(&g, "H1"), Some(card("5H")));
    assert_eq!(g.view(BRAIN).sides[0].coins, 1);
}

#[test]
fn rulebook_a_roll_other_than_1_is_followed_by_the_scoring_phase() {
    let mut g = game(&["4S", "6S"], &["5H", "2H"], &[4]);
    turn(&mut g, "4S", 1);
    turn(&mut g, "5H", 1);
    play(&mut g, "6S", 2, false);
    act(&mut g, "end");
    turn(&mut g, "2H", 2);
    act(&mut g, "roll");
    // 4: add one to an opponent card; put it on the 2.
    act(&mut g, "change H2");
    assert_eq!(top_value(&g, "H2"), Some(3));
    assert_eq!(g.to_act(), Some(BRAIN));
    assert_eq!(phase(&g), Phase::Scoring);
    act(&mut g, "run B1");
    act(&mut g, "extend H1");
    act(&mut g, "extend B2");
    assert!(discarded(&g, "5H"));
}

#[test]
fn rulebook_die_result_6_lets_the_roller_choose_results_1_to_5() {
    let mut g = game(&["4S", "6S"], &["5H", "2H"], &[6, 6]);
    turn(&mut g, "4S", 1);
    turn(&mut g, "5H", 1);
    play(&mut g, "6S", 2, false);
    act(&mut g, "end");
    turn(&mut g, "2H", 2);
    act(&mut g, "roll");
    assert_eq!(phase(&g), Phase::DieChoice);
    assert_eq!(
        legal(&g),
        vec!["choose 1", "choose 2", "choose 3", "choose 4", "choose 5"]
    );
    assert!(matches!(
        refuse(&mut g, Action::Choose(6)),
        ActionError::BadChoice(6)
    ));
    refuse(&mut g, Action::Choose(0));
    refuse_text(&mut g, "change H1");
    refuse_text(&mut g, "end");
    act(&mut g, "choose 5");
    assert_eq!(phase(&g), Phase::DieTarget { result: 5 });
    assert_eq!(legal(&g), vec!["change H1", "change H2"]);
    act(&mut g, "change H2");
    assert_eq!(top_value(&g, "H2"), Some(1));
    // Then scoring as for any result but 1.
    assert_eq!(phase(&g), Phase::Scoring);
    act(&mut g, "end");
    turn(&mut g, "AH", 3);
    // A 6 chosen as 1 ends the turn without scoring.
    act(&mut g, "roll");
    act(&mut g, "choose 1");
    assert_eq!(g.to_act(), Some(HEART));
    assert_eq!(top_card(&g, "H1"), Some(card("5H")));
}

#[test]
fn rulebook_die_results_2_to_5_change_a_card_of_the_named_side() {
    let mut g = game(&["4S", "AS"], &["4H", "AH"], &[2, 4, 3, 5]);
    turn(&mut g, "4S", 1);
    turn(&mut g, "4H", 1);
    // 2: add one to the roller's own card.
    act(&mut g, "roll");
    assert_eq!(phase(&g), Phase::DieTarget { result: 2 });
    assert_eq!(legal(&g), vec!["change B1"]);
    refuse_text(&mut g, "change H1");
    act(&mut g, "change B1");
    end_scoring(&mut g);
    assert_eq!(top_value(&g, "B1"), Some(5));
    assert_eq!(top_value(&g, "H1"), Some(4));
    // 4 (The Heart rolling): add one to an opponent card.
    act(&mut g, "roll");
    assert_eq!(legal(&g), vec!["change B1"]);
    refuse_text(&mut g, "change H1");
    act(&mut g, "change B1");
    end_scoring(&mut g);
    assert_eq!(top_value(&g, "B1"), Some(6));
    // 3: subtract one from the roller's own card.
    act(&mut g, "roll");
    assert_eq!(legal(&g), vec!["change B1"]);
    act(&mut g, "change B1");
    end_scoring(&mut g);
    assert_eq!(top_value(&g, "B1"), Some(5));
    // 5 (The Heart): subtract one from an opponent card.
    act(&mut g, "roll");
    assert_eq!(legal(&g), vec!["change B1"]);
    act(&mut g, "change B1");
    end_scoring(&mut g);
    assert_eq!(top_value(&g, "B1"), Some(4));
    assert_eq!(top_value(&g, "H1"), Some(4));
}

#[test]
fn rulebook_if_more_than_one_card_can_be_changed_the_roller_chooses() {
    let mut g = game(&["4S", "AS", "7C"], &["4H", "AH"], &[2]);
    turn(&mut g, "4S", 1);
    turn(&mut g, "4H", 1);
    turn(&mut g, "AS", 2);
    turn(&mut g, "AH", 2);
    turn(&mut g, "7C", 3);
    turn(&mut g, "2H", 3);
    act(&mut g, "roll");
    assert_eq!(legal(&g), vec!["change B1", "change B2", "change B3"]);
    act(&mut g, "change B2");
    assert_eq!(top_value(&g, "B1"), Some(4));
    assert_eq!(top_value(&g, "B2"), Some(2));
    assert_eq!(top_value(&g, "B3"), Some(7));
}

#[test]
fn bh5_a_result_with_no_qualifying_card_has_no_effect() {
    // The Brain's first action: a roll of 2 with no card of its own on the board.
    let mut g = game(&[], &[], &[2]);
    act(&mut g, "roll");
    end_scoring(&mut g);
    assert_eq!(g.to_act(), Some(HEART));
    assert_eq!(phase(&g), Phase::Action);
    assert_eq!(g.view(BRAIN).sides[0].coins, 1);
    assert_eq!(cards_on_board(&g, BRAIN) + cards_on_board(&g, HEART), 0);
}

#[test]
fn bh5_a_six_chosen_as_a_result_with_no_qualifying_card_has_no_effect() {
    let mut g = game(&[], &[], &[6]);
    act(&mut g, "roll");
    act(&mut g, "choose 2");
    end_scoring(&mut g);
    assert_eq!(g.to_act(), Some(HEART));
    assert_eq!(cards_on_board(&g, BRAIN), 0);
}

#[test]
fn bh5_the_die_changes_a_top_card_not_a_covered_one() {
    let mut g = game(&["AS", "2C", "4S", "6C"], &["2H", "4H", "6H", "AD"], &[2]);
    turn(&mut g, "AS", 1);
    turn(&mut g, "2H", 1);
    turn(&mut g, "2C", 2);
    turn(&mut g, "4H", 2);
    turn(&mut g, "4S", 3);
    turn(&mut g, "6H", 3);
    turn(&mut g, "6C", 2);
    turn(&mut g, "AD", 1);
    act(&mut g, "roll");
    act(&mut g, "change B2");
    let b2 = slot_cards(&g, "B2");
    assert_eq!(b2[0].value, 2, "the covered 2 is untouched");
    assert!(!b2[0].is_modified());
    assert_eq!(b2[1].value, 7);
}

#[test]
fn bh5_values_wrap_seven_plus_one_is_ace_and_ace_minus_one_is_seven() {
    let mut g = game(&["7S"], &["AH"], &[2, 5, 5]);
    turn(&mut g, "7S", 1);
    turn(&mut g, "AH", 1);
    act(&mut g, "roll");
    act(&mut g, "change B1");
    end_scoring(&mut g);
    assert_eq!(top_value(&g, "B1"), Some(1), "7 + 1 is an Ace");
    act(&mut g, "roll");
    act(&mut g, "change B1");
    end_scoring(&mut g);
    assert_eq!(top_value(&g, "B1"), Some(7), "Ace - 1 is a 7");
    act(&mut g, "roll");
    act(&mut g, "change H1");
    end_scoring(&mut g);
    assert_eq!(top_value(&g, "H1"), Some(7), "printed Ace - 1 is a 7");
    assert!(top(&g, "H1").unwrap().is_modified());
}

#[test]
fn bh5_a_modifier_is_permanent_and_stays_when_covered() {
    let mut g = game(&["4S", "AS", "AC", "7S"], &["2H", "2D", "6H", "6D"], &[2]);
    turn(&mut g, "4S", 1);
    turn(&mut g, "2H", 1);
    act(&mut g, "roll");
    act(&mut g, "change B1");
    end_scoring(&mut g);
    assert_eq!(top_value(&g, "B1"), Some(5));
    turn(&mut g, "2D", 2);
    turn(&mut g, "AS", 2);
    turn(&mut g, "6H", 3);
    assert_eq!(top_value(&g, "B1"), Some(5), "still modified turns later");
    turn(&mut g, "AC", 3);
    turn(&mut g, "6D", 1);
    turn(&mut g, "7S", 1);
    let b1 = slot_cards(&g, "B1");
    assert_eq!(b1.len(), 2);
    assert_eq!(b1[0].card, card("4S"));
    assert_eq!(b1[0].value, 5, "a covered card keeps its modifier");
    assert!(b1[0].is_modified());
    assert_eq!(b1[1].value, 7);
}

#[test]
fn bh5_a_covered_modified_card_uncovered_by_a_capture_runs_with_its_modified_value() {
    // The Heart's 4 is made a 3 by a die roll, then covered by the Heart's Ace. The Brain's
    // 7-A-2 captures the Ace, uncovering the 4 which now counts as 3 and extends the run.
    let mut g = game(&["7S", "AS", "AC", "2S"], &["4H", "5H", "6H", "AH"], &[5]);
    turn(&mut g, "7S", 1);
    turn(&mut g, "4H", 1);
    act(&mut g, "roll");
    if phase(&g) == (Phase::DieTarget { result: 5 }) {
        act(&mut g, "change H1");
    }
    end_scoring(&mut g);
    assert_eq!(top_value(&g, "H1"), Some(3));
    turn(&mut g, "5H", 2);
    turn(&mut g, "AS", 2);
    turn(&mut g, "6H", 3);
    turn(&mut g, "AC", 3);
    turn(&mut g, "AH", 1);
    play(&mut g, "2S", 2, false);
    act(&mut g, "run B1");
    act(&mut g, "extend H1");
    act(&mut g, "extend B2");
    assert!(discarded(&g, "AH"));
    assert_eq!(top_card(&g, "H1"), Some(card("4H")));
    act(&mut g, "extend H1");
    assert!(discarded(&g, "4H"), "the uncovered 4 counted as 3");
    assert!(slot_cards(&g, "H1").is_empty());
}

#[test]
fn rulebook_die_result_naming_a_card_cannot_target_the_other_side() {
    let mut g = game(&["4S"], &["4H"], &[4]);
    turn(&mut g, "4S", 1);
    turn(&mut g, "4H", 1);
    act(&mut g, "roll");
    // 4 adds one to an *opponent's* card: The Brain's own B1 is not a target.
    assert!(matches!(
        refuse_text(&mut g, "change B1"),
        ActionError::NotATarget(_)
    ));
    act(&mut g, "change H1");
    assert_eq!(top_value(&g, "H1"), Some(5));
}

// ---------------------------------------------------------------------------------------------
// Scoring: runs (rulebook "Runs", "Wrapping", "The Wormhole", BH6, BH7)
// ---------------------------------------------------------------------------------------------

/// The Brain plays `brain` in order into slots 1, 2, 3 and The Heart `heart` into its slots
/// 1, 2, 3, alternating (The Brain first). Returns at The Brain's last play, before scoring.
fn alternate(brain: &[&str], heart: &[&str]) -> BrainsHearts {
    assert_eq!(brain.len(), heart.len() + 1);
    let mut g = game(brain, heart, &[]);
    for (i, b) in brain.iter().enumerate() {
        let slot = i as u8 + 1;
        if i + 1 == brain.len() {
            play(&mut g, b, slot, false);
        } else {
            turn(&mut g, b, slot);
            turn(&mut g, heart[i], slot);
        }
    }
    g
}

#[test]
fn rulebook_run_example_a_4_and_6_capture_the_opponents_5() {
    let mut g = alternate(&["4S", "6S"], &["5H"]);
    assert_eq!(phase(&g), Phase::Scoring);
    act(&mut g, "run B1");
    act(&mut g, "extend H1");
    act(&mut g, "extend B2");
    assert!(discarded(&g, "5H"), "the 5 is captured and discarded");
    assert!(slot_cards(&g, "H1").is_empty(), "removed from the board");
    assert_eq!(g.score(HEART), 0);
    assert_eq!(g.score(BRAIN), 2);
    if matches!(phase(&g), Phase::Running(_)) {
        act(&mut g, "stop");
    }
    end_scoring(&mut g);
    assert_eq!(g.to_act(), Some(HEART));
}

#[test]
fn rulebook_runs_are_counted_upwards() {
    // 6, 5, 4 downwards is no run: with 6 and 4 against a 5 the run must start at the 4.
    let mut g = alternate(&["4S", "6S"], &["5H"]);
    let refused = match g.apply("run B2".parse().unwrap()) {
        Err(_) => true,
        Ok(()) => {
            let before = serde_json::to_vec(&g).unwrap();
            let r = g.apply("extend H1".parse().unwrap()).is_err();
            assert_eq!(serde_json::to_vec(&g).unwrap(), before);
            r
        }
    };
    assert!(refused, "a run counted downwards from a 6");
    assert!(!discarded(&g, "5H"));
}

#[test]
fn rulebook_a_player_must_have_the_starting_card_of_a_run() {
    // The Heart's 4, The Brain's 5 and 6: 4-5-6 starts with the opponent's card, so The Brain
    // cannot score it, and with no other claim its turn passes.
    let mut g = game(&["5S", "6S"], &["4H", "2H"], &[]);
    turn(&mut g, "5S", 1);
    turn(&mut g, "4H", 1);
    play(&mut g, "6S", 2, false);
    if phase(&g) == Phase::Scoring {
        refuse_text(&mut g, "run H1");
        refuse_text(&mut g, "run B1");
        act(&mut g, "end");
    }
    assert_eq!(g.to_act(), Some(HEART));
    assert_eq!(top_card(&g, "H1"), Some(card("4H")));
    // The opponent's card can only start a run for its owner: The Heart scores 4-5-6.
    play(&mut g, "2H", 2, false);
    assert_eq!(phase(&g), Phase::Scoring);
    act(&mut g, "run H1");
    act(&mut g, "extend B1");
    act(&mut g, "extend B2");
    assert!(discarded(&g, "5S") && discarded(&g, "6S"));
}

#[test]
fn rulebook_runs_must_be_at_least_three_cards_long() {
    let mut g = game(&["4S", "6S", "AS"], &["5H", "7H"], &[]);
    turn(&mut g, "4S", 1);
    turn(&mut g, "5H", 1);
    // Two cards, 4-5, are no run: nothing to claim, the turn passes.
    turn(&mut g, "AS", 2);
    assert_eq!(top_card(&g, "H1"), Some(card("5H")));
    turn(&mut g, "7H", 2);
    play(&mut g, "6S", 3, false);
    act(&mut g, "run B1");
    act(&mut g, "extend H1");
    // Two cards in: the run cannot stop yet, nothing is captured.
    assert_eq!(refuse_text(&mut g, "stop"), ActionError::RunNotScored);
    assert!(!discarded(&g, "5H"));
    act(&mut g, "extend B3");
    assert!(discarded(&g, "5H"));
}

#[test]
fn bh7_a_run_of_only_your_own_cards_captures_nothing() {
    let mut g = game(&["3S", "4S", "5S"], &["AH", "AD"], &[]);
    turn(&mut g, "3S", 1);
    turn(&mut g, "AH", 1);
    turn(&mut g, "4S", 2);
    turn(&mut g, "AD", 2);
    play(&mut g, "5S", 3, false);
    if phase(&g) == Phase::Scoring {
        // If the engine lets the run start at all, it can never capture.
        if g.apply("run B1".parse().unwrap()).is_ok() {
            act(&mut g, "extend B2");
            act(&mut g, "extend B3");
            assert!(discard(&g).is_empty());
        }
    }
    assert!(discard(&g).is_empty());
    assert_eq!(g.score(BRAIN), 3);
    assert_eq!(g.score(HEART), 2);
}

#[test]
fn rulebook_wrapping_6_7_ace_is_a_run() {
    let mut g = alternate(&["6S", "AS"], &["7H"]);
    act(&mut g, "run B1");
    act(&mut g, "extend H1");
    act(&mut g, "extend B2");
    assert!(discarded(&g, "7H"));
}

#[test]
fn rulebook_wrapping_7_ace_2_3_is_a_run() {
    let mut g = alternate(&["7S", "4S", "2S"], &["AH", "3H"]);
    act(&mut g, "run B1");
    act(&mut g, "extend H1");
    act(&mut g, "extend B3");
    assert!(
        discarded(&g, "AH"),
        "captured when the run reached three cards"
    );
    assert!(!discarded(&g, "3H"));
    act(&mut g, "extend H2");
    assert!(
        discarded(&g, "3H"),
        "an opponent card added later is captured at once"
    );
    assert_eq!(g.score(HEART), 0);
}

#[test]
fn rulebook_wormhole_an_ace_starting_a_run_may_count_backwards_a_7_6() {
    let mut g = game(&["AS", "3S", "4S"], &["7H", "6H"], &[]);
    turn(&mut g, "AS", 1);
    turn(&mut g, "7H", 1);
    turn(&mut g, "3S", 2);
    turn(&mut g, "6H", 2);
    play(&mut g, "4S", 3, false);
    act(&mut g, "run B1");
    act(&mut g, "extend H1");
    act(&mut g, "extend H2");
    assert!(discarded(&g, "7H") && discarded(&g, "6H"));
}

#[test]
fn rulebook_wormhole_a_modified_ace_cannot_count_backwards() {
    // The Brain's 7 becomes an Ace by a die roll (7 + 1). A-7-6 with the Heart's 7 and 6 would
    // capture both from a printed Ace, but not from this one.
    let mut g = game(&["7S", "3S"], &["7H", "6H"], &[2]);
    turn(&mut g, "7S", 1);
    turn(&mut g, "7H", 1);
    turn(&mut g, "3S", 2);
    turn(&mut g, "6H", 2);
    act(&mut g, "roll");
    act(&mut g, "change B1");
    assert_eq!(top_value(&g, "B1"), Some(1));
    assert!(!top(&g, "B1").unwrap().is_wormhole());
    if phase(&g) == Phase::Scoring {
        let started = g.apply("run B1".parse().unwrap()).is_ok();
        if started {
            act(&mut g, "extend H1");
            refuse_text(&mut g, "extend H2");
        }
    }
    assert!(!discarded(&g, "7H") && !discarded(&g, "6H"));
    assert_eq!(g.score(HEART), 2);
}

#[test]
fn rulebook_wormhole_a_modified_ace_still_counts_upwards() {
    // The same modified Ace (a 7 made Ace) runs A-2-3 upwards.
    let mut g = game(&["7S", "3S"], &["2H", "6H"], &[2]);
    turn(&mut g, "7S", 1);
    turn(&mut g, "2H", 1);
    turn(&mut g, "3S", 2);
    turn(&mut g, "6H", 2);
    act(&mut g, "roll");
    act(&mut g, "change B1");
    assert_eq!(phase(&g), Phase::Scoring);
    act(&mut g, "run B1");
    act(&mut g, "extend H1");
    act(&mut g, "extend B2");
    assert!(discarded(&g, "2H"));
}

#[test]
fn rulebook_an_uncovered_card_may_extend_the_run() {
    // The Heart's 4 lies on its 6. The Brain's 3-4-5 captures the 4, uncovering the 6, which
    // extends the run (and is captured at once).
    let mut g = game(
        &["3S", "AS", "AC", "7S", "5S"],
        &["6H", "2H", "2D", "4H"],
        &[],
    );
    turn(&mut g, "3S", 1);
    turn(&mut g, "6H", 1);
    turn(&mut g, "AS", 2);
    turn(&mut g, "2H", 2);
    turn(&mut g, "AC", 3);
    turn(&mut g, "2D", 3);
    turn(&mut g, "7S", 3);
    turn(&mut g, "4H", 1);
    play(&mut g, "5S", 2, false);
    assert_eq!(top_card(&g, "H1"), Some(card("4H")));
    act(&mut g, "run B1");
    act(&mut g, "extend H1");
    act(&mut g, "extend B2");
    assert!(discarded(&g, "4H"));
    assert_eq!(top_card(&g, "H1"), Some(card("6H")), "the 6 is uncovered");
    act(&mut g, "extend H1");
    assert!(discarded(&g, "6H"));
    // And on: 7 is the Brain's own.
    act(&mut g, "extend B3");
    assert_eq!(g.score(HEART), 2);
    assert_eq!(g.score(BRAIN), 5);
}

#[test]
fn rulebook_the_first_three_cards_of_a_run_must_be_on_top_from_its_start() {
    // The Heart's 5 lies under its 3: The Brain's 4 and 6 cannot use it.
    let mut g = game(
        &["4S", "AS", "AC", "7S", "6S"],
        &["5H", "AH", "2D", "3H"],
        &[],
    );
    turn(&mut g, "4S", 1);
    turn(&mut g, "5H", 1);
    turn(&mut g, "AS", 2);
    turn(&mut g, "AH", 2);
    turn(&mut g, "AC", 3);
    turn(&mut g, "2D", 3);
    turn(&mut g, "7S", 3);
    turn(&mut g, "3H", 1);
    play(&mut g, "6S", 2, false);
    // 6-7-A is claimable, so the scoring phase is open.
    assert_eq!(phase(&g), Phase::Scoring);
    if g.apply("run B1".parse().unwrap()).is_ok() {
        refuse_text(&mut g, "extend H1");
        return;
    }
    assert!(!discarded(&g, "5H"));
    // Once uncovered by a capture, the 5 may extend a run past its third card:
    // 6-7-A-2-3 captures A, 2 and 3, uncovering the 5; then 4 (own) and the 5.
    act(&mut g, "run B2");
    act(&mut g, "extend B3");
    act(&mut g, "extend H2");
    act(&mut g, "extend H3");
    act(&mut g, "extend H1");
    assert_eq!(top_card(&g, "H1"), Some(card("5H")));
    act(&mut g, "extend B1");
    act(&mut g, "extend H1");
    assert!(discarded(&g, "5H"));
    assert_eq!(g.score(HEART), 0);
}

#[test]
fn bh7_a_downward_run_from_an_ace_continues_downwards() {
    // A-7-6 captures the 7; the Heart's 5 added after it is captured at once.
    let mut g = alternate(&["AS", "6S", "2C"], &["7H", "5H"]);
    act(&mut g, "run B1");
    act(&mut g, "extend H1");
    act(&mut g, "extend B2");
    assert!(discarded(&g, "7H"));
    act(&mut g, "extend H2");
    assert!(discarded(&g, "5H"));
}

#[test]
fn bh7_an_ace_run_keeps_the_direction_its_second_card_gives_it() {
    let mut g = alternate(&["AS", "3S", "6S"], &["7H", "2H"]);
    act(&mut g, "run B1");
    match phase(&g) {
        Phase::Running(run) => assert_eq!(run.direction, Direction::Either),
        other => panic!("{other:?}"),
    }
    act(&mut g, "extend H1");
    match phase(&g) {
        Phase::Running(run) => assert_eq!(run.direction, Direction::Down),
        other => panic!("{other:?}"),
    }
    // Having gone A-7, the run cannot turn round to 2.
    assert!(matches!(
        refuse_text(&mut g, "extend H2"),
        ActionError::CannotExtend(_)
    ));
    act(&mut g, "extend B3");
    assert!(discarded(&g, "7H"));
    assert!(!discarded(&g, "2H"));
}

#[test]
fn bh7_a_card_is_counted_once_in_a_run() {
    // 4-5-6-7-A-2-3 goes all the way round (the 3 uncovered by capturing the 2); the next 4
    // would be the run's own starting card again.
    let mut g = game(&["2S", "6S", "AS", "4S"], &["5H", "7H", "3H", "2H"], &[1]);
    turn(&mut g, "2S", 1);
    turn(&mut g, "5H", 1);
    turn(&mut g, "6S", 2);
    turn(&mut g, "7H", 2);
    turn(&mut g, "AS", 3);
    turn(&mut g, "3H", 3);
    act(&mut g, "roll");
    assert_eq!(g.to_act(), Some(HEART));
    turn(&mut g, "2H", 3);
    play(&mut g, "4S", 1, false);
    for step in [
        "run B1",
        "extend H1",
        "extend B2",
        "extend H2",
        "extend B3",
        "extend H3",
    ] {
        act(&mut g, step);
    }
    assert_eq!(top_card(&g, "H3"), Some(card("3H")));
    act(&mut g, "extend H3");
    assert_eq!(g.score(HEART), 0);
    // The Brain's 4 cannot come round again: nothing can extend the run, which the engine
    // ends by itself (no claim is left either, so the turn passes).
    assert!(!legal(&g).contains(&"extend B1".to_string()));
    if g.to_act() == Some(BRAIN) {
        refuse_text(&mut g, "extend B1");
    }
}

#[test]
fn bh7_a_run_of_three_own_cards_captures_the_opponent_card_added_next() {
    // 4-5-6 are The Brain's own (nothing captured at three cards); the Heart's 7 added fourth
    // is captured at once.
    let mut g = alternate(&["4S", "5C", "6S"], &["7H", "2H"]);
    act(&mut g, "run B1");
    act(&mut g, "extend B2");
    act(&mut g, "extend B3");
    assert!(discard(&g).is_empty());
    assert_eq!(refuse_text(&mut g, "stop"), ActionError::RunNotScored);
    act(&mut g, "extend H1");
    assert!(discarded(&g, "7H"));
}

#[test]
fn bh6_claims_are_optional_and_the_player_ends_scoring_at_will() {
    let mut g = alternate(&["4S", "6S"], &["5H"]);
    assert_eq!(phase(&g), Phase::Scoring);
    assert!(legal(&g).contains(&"end".to_string()));
    act(&mut g, "end");
    assert_eq!(g.to_act(), Some(HEART));
    assert_eq!(top_card(&g, "H1"), Some(card("5H")));
}

#[test]
fn bh6_a_run_may_stop_once_it_has_captured() {
    // 7-A-2 has captured the Ace; The Brain stops before the 3.
    let mut g = alternate(&["7S", "4S", "2S"], &["AH", "3H"]);
    act(&mut g, "run B1");
    act(&mut g, "extend H1");
    act(&mut g, "extend B3");
    act(&mut g, "stop");
    assert!(discarded(&g, "AH"));
    assert!(!discarded(&g, "3H"));
}

#[test]
fn rulebook_multiple_scores_in_one_scoring_phase() {
    // 4 and 6 against two 5s: two runs, one after the other.
    let mut g = alternate(&["4S", "2S", "6S"], &["5H", "5D"]);
    act(&mut g, "run B1");
    act(&mut g, "extend H1");
    act(&mut g, "extend B3");
    if matches!(phase(&g), Phase::Running(_)) {
        act(&mut g, "stop");
    }
    assert_eq!(g.to_act(), Some(BRAIN), "a second claim is open");
    act(&mut g, "run B1");
    act(&mut g, "extend H2");
    act(&mut g, "extend B3");
    assert!(discarded(&g, "5H") && discarded(&g, "5D"));
    if matches!(phase(&g), Phase::Running(_)) {
        act(&mut g, "stop");
    }
    end_scoring(&mut g);
    assert_eq!(g.to_act(), Some(HEART));
}

#[test]
fn rulebook_multiple_scores_a_card_uncovered_by_one_run_may_start_the_next() {
    // The Heart's 5 lies on its other 5. The first 4-5-6 captures the top 5 and uncovers the
    // other, which is on top from the start of a second 4-5-6.
    let mut g = game(
        &["4S", "6S", "AS", "AC", "3C"],
        &["5D", "2H", "2D", "5H"],
        &[],
    );
    turn(&mut g, "4S", 1);
    turn(&mut g, "5D", 1);
    turn(&mut g, "6S", 2);
    turn(&mut g, "2H", 2);
    turn(&mut g, "AS", 3);
    turn(&mut g, "2D", 3);
    turn(&mut g, "AC", 3);
    turn(&mut g, "5H", 1);
    play(&mut g, "3C", 3, false);
    act(&mut g, "run B1");
    act(&mut g, "extend H1");
    act(&mut g, "extend B2");
    assert!(discarded(&g, "5H"));
    if matches!(phase(&g), Phase::Running(_)) {
        act(&mut g, "stop");
    }
    assert_eq!(phase(&g), Phase::Scoring);
    act(&mut g, "run B1");
    act(&mut g, "extend H1");
    act(&mut g, "extend B2");
    assert!(discarded(&g, "5D"));
    assert!(slot_cards(&g, "H1").is_empty());
}

// ---------------------------------------------------------------------------------------------
// Scoring: three of a kind (rulebook "Three of a Kind", BH8)
// ---------------------------------------------------------------------------------------------

#[test]
fn rulebook_three_of_a_kind_one_4_captures_the_opponents_two_4s() {
    let mut g = alternate(&["AS", "2S", "4S"], &["4H", "4D"]);
    assert_eq!(phase(&g), Phase::Scoring);
    act(&mut g, "three 4");
    assert!(discarded(&g, "4H") && discarded(&g, "4D"));
    assert_eq!(g.score(HEART), 0);
    assert_eq!(g.score(BRAIN), 3, "the player's own 4 stays");
}

#[test]
fn bh8_three_of_a_kind_captures_only_the_opponents_cards() {
    let mut g = alternate(&["4S", "4C"], &["4H"]);
    act(&mut g, "three 4");
    assert!(discarded(&g, "4H"));
    assert_eq!(top_card(&g, "B1"), Some(card("4S")));
    assert_eq!(top_card(&g, "B2"), Some(card("4C")));
}

#[test]
fn bh8_four_of_a_kind_captures_both_opponent_cards() {
    let mut g = alternate(&["4S", "AS", "4C"], &["4H", "4D"]);
    act(&mut g, "three 4");
    assert!(discarded(&g, "4H") && discarded(&g, "4D"));
    assert_eq!(g.score(BRAIN), 3);
}

#[test]
fn bh8_three_of_a_kind_needs_a_card_of_the_claimant() {
    // Three 4s, none of them The Brain's (the Heart's 3 made a 4 by The Brain's roll).
    let mut g = game(&["AS", "2S", "6S"], &["4H", "4D", "3H"], &[4]);
    turn(&mut g, "AS", 1);
    turn(&mut g, "4H", 1);
    turn(&mut g, "2S", 2);
    turn(&mut g, "4D", 2);
    turn(&mut g, "6S", 3);
    turn(&mut g, "3H", 3);
    act(&mut g, "roll");
    act(&mut g, "change H3");
    if phase(&g) == Phase::Scoring {
        assert!(matches!(
            refuse_text(&mut g, "three 4"),
            ActionError::NoThreeOfAKind(4)
        ));
    }
    assert!(discard(&g).is_empty());
}

#[test]
fn bh8_three_of_a_kind_counts_modified_values() {
    // The Brain's 3 made a 4 makes three 4s with the Heart's two.
    let mut g = game(&["3S", "AS"], &["4H", "4D"], &[2]);
    turn(&mut g, "3S", 1);
    turn(&mut g, "4H", 1);
    turn(&mut g, "AS", 2);
    turn(&mut g, "4D", 2);
    act(&mut g, "roll");
    act(&mut g, "change B1");
    assert_eq!(phase(&g), Phase::Scoring);
    act(&mut g, "three 4");
    assert!(discarded(&g, "4H") && discarded(&g, "4D"));
}

// ---------------------------------------------------------------------------------------------
// Locked cards (rulebook "Playing a Card", BH3, BH4)
// ---------------------------------------------------------------------------------------------

#[test]
fn bh4_locked_card_cannot_be_captured_or_join_a_run() {
    let mut g = game(&["4S", "6S", "AS"], &["5H", "2H"], &[]);
    turn(&mut g, "4S", 1);
    turn_locked(&mut g, "5H", 1);
    play(&mut g, "6S", 2, false);
    // 4-5-6 would capture an unlocked 5; the locked one is protected.
    if phase(&g) == Phase::Scoring {
        if g.apply("run B1".parse().unwrap()).is_ok() {
            refuse_text(&mut g, "extend H1");
            return;
        }
        act(&mut g, "end");
    }
    assert_eq!(g.to_act(), Some(HEART));
    assert_eq!(top_card(&g, "H1"), Some(card("5H")));
    // Unlocked at The Heart's next turn, it can be captured on The Brain's following turn.
    turn(&mut g, "2H", 2);
    play(&mut g, "AS", 3, false);
    act(&mut g, "run B1");
    act(&mut g, "extend H1");
    act(&mut g, "extend B2");
    assert!(discarded(&g, "5H"));
}

#[test]
fn bh4_locked_card_cannot_start_a_run() {
    // The Brain plays its 4 locked: it cannot start 4-5-6 on this turn.
    let mut g = game(&["6S", "4S"], &["5H", "2H"], &[]);
    turn(&mut g, "6S", 1);
    turn(&mut g, "5H", 1);
    play(&mut g, "4S", 2, true);
    if phase(&g) == Phase::Scoring {
        refuse_text(&mut g, "run B2");
        act(&mut g, "end");
    }
    assert_eq!(g.to_act(), Some(HEART));
    assert_eq!(top_card(&g, "H1"), Some(card("5H")));
}

#[test]
fn bh4_locked_card_cannot_join_three_of_a_kind() {
    let mut g = game(&["AS", "2S", "4S"], &["4H", "4D"], &[]);
    turn(&mut g, "AS", 1);
    turn(&mut g, "4H", 1);
    turn(&mut g, "2S", 2);
    turn_locked(&mut g, "4D", 2);
    play(&mut g, "4S", 3, false);
    if phase(&g) == Phase::Scoring {
        assert!(matches!(
            refuse_text(&mut g, "three 4"),
            ActionError::NoThreeOfAKind(4)
        ));
        act(&mut g, "end");
    }
    assert!(discard(&g).is_empty());
    assert_eq!(g.score(HEART), 2);
}

#[test]
fn bh4_locked_card_cannot_be_modified() {
    let mut g = game(&["3S", "4S"], &["2H"], &[5]);
    turn(&mut g, "3S", 1);
    turn(&mut g, "2H", 1);
    turn_locked(&mut g, "4S", 2);
    assert!(is_locked(&g, "B2"));
    act(&mut g, "roll");
    assert_eq!(phase(&g), Phase::DieTarget { result: 5 });
    assert_eq!(legal(&g), vec!["change B1"]);
    assert!(matches!(
        refuse_text(&mut g, "change B2"),
        ActionError::NotATarget(_)
    ));
    act(&mut g, "change B1");
    assert_eq!(top_value(&g, "B1"), Some(2));
    assert_eq!(top_value(&g, "B2"), Some(4));
}

#[test]
fn bh4_a_roll_whose_only_candidate_is_locked_has_no_effect() {
    let mut g = game(&["4S"], &["2H"], &[5]);
    turn_locked(&mut g, "4S", 1);
    act(&mut g, "roll");
    end_scoring(&mut g);
    assert_eq!(g.to_act(), Some(BRAIN));
    assert_eq!(top_value(&g, "B1"), Some(4));
    assert!(!top(&g, "B1").unwrap().is_modified());
    assert_eq!(g.view(BRAIN).sides[1].coins, 1);
}

// ---------------------------------------------------------------------------------------------
// End of the game and the final score (rulebook "End of the Game", BH2, BH9, G4, G5)
// ---------------------------------------------------------------------------------------------

#[test]
fn rulebook_the_game_ends_after_16_turns_each() {
    for seed in 0..12u64 {
        let mut g = BrainsHearts::new(Options::default(), seed).unwrap();
        let turns = play_out(&mut g, &mut Lcg(seed.wrapping_mul(7) + 3), seed % 2 == 0);
        assert_eq!(turns, [16, 16], "seed {seed}");
        assert!(g.is_over());
        assert_eq!(phase(&g), Phase::Over);
        assert!(legal(&g).is_empty());
        for side in &g.view(BRAIN).sides {
            assert_eq!(side.deck_size, 0);
            assert_eq!(side.hand_size, 0, "all cards played");
            assert_eq!(side.coins, 0, "all roll coins spent");
        }
        assert_eq!(refuse_text(&mut g, "roll"), ActionError::GameOver);
        assert_eq!(refuse_text(&mut g, "end"), ActionError::GameOver);
    }
}

#[test]
fn bh2_with_an_empty_deck_the_card_is_played_straight_from_the_hand() {
    let mut g = BrainsHearts::new(Options::default(), 5).unwrap();
    // Every turn plays (never rolls) until The Brain's deck is empty.
    let mut out = Vec::new();
    while g.view(BRAIN).sides[0].deck_size > 0
        || g.to_act() != Some(BRAIN)
        || phase(&g) != Phase::Action
    {
        g.legal_actions(&mut out);
        let a = if out.contains(&Action::End) {
            Action::End
        } else if out.contains(&Action::Stop) {
            Action::Stop
        } else {
            *out.iter().find(|a| **a != Action::Roll).unwrap()
        };
        g.apply(a).unwrap();
    }
    assert_eq!(phase(&g), Phase::Action);
    assert_eq!(g.view(BRAIN).sides[0].hand_size, 2);
    assert_eq!(refuse_text(&mut g, "draw"), ActionError::DeckEmpty);
    let first = g.view(BRAIN).hand[0];
    let l = legal(&g);
    assert!(l.contains(&"roll".to_string()));
    assert!(l.iter().any(|a| a.starts_with("play")), "{l:?}");
    let slot = (0..3)
        .find(|&s| !g.view(BRAIN).sides[0].slots[s].locked)
        .unwrap();
    act(&mut g, &format!("play {first:#} slot{}", slot + 1));
    assert_eq!(g.view(BRAIN).sides[0].hand_size, 1);
}

#[test]
fn bh9_the_score_counts_every_card_on_the_board_covered_ones_included() {
    let mut g = game(
        &["AS", "2C", "4S", "6C", "7S"],
        &["2H", "4H", "6H", "AD", "7H"],
        &[],
    );
    turn(&mut g, "AS", 1);
    turn(&mut g, "2H", 1);
    turn(&mut g, "2C", 2);
    turn(&mut g, "4H", 2);
    turn(&mut g, "4S", 3);
    turn(&mut g, "6H", 3);
    turn(&mut g, "6C", 2);
    assert_eq!(g.score(BRAIN), 4, "three slots, one card covered");
    assert_eq!(g.view(HEART).sides[0].score, 4);
    turn(&mut g, "AD", 1);
    turn(&mut g, "7S", 2);
    assert_eq!(g.score(BRAIN), 5);
    assert_eq!(g.score(HEART), 4);
}

#[test]
fn bh9_final_score_is_the_cards_left_on_the_board() {
    for seed in 0..12u64 {
        let mut g = BrainsHearts::new(Options::default(), seed).unwrap();
        play_out(&mut g, &mut Lcg(seed + 100), true);
        let view = g.view(BRAIN);
        for seat in [BRAIN, HEART] {
            let on_board = cards_on_board(&g, seat);
            assert_eq!(g.score(seat), on_board as i64, "seed {seed}");
            // Every card was played; those not on the board were captured.
            let captured = view
                .discard
                .iter()
                .filter(|c| {
                    let t = format!("{c:#}");
                    let black = t.ends_with('S') || t.ends_with('C');
                    black == (seat == BRAIN)
                })
                .count();
            assert_eq!(on_board + captured, 14, "seed {seed}");
        }
        let best = g.score(BRAIN).max(g.score(HEART));
        for seat in [BRAIN, HEART] {
            assert_eq!(g.winners().contains(seat), g.score(seat) == best);
        }
    }
}

#[test]
fn g5_ties_are_shared() {
    // Nobody ever claims: 14 cards each on the board, both win.
    let mut g = BrainsHearts::new(Options::default(), 11).unwrap();
    play_out(&mut g, &mut Lcg(1), false);
    assert!(g.is_over());
    assert_eq!(g.score(BRAIN), 14);
    assert_eq!(g.score(HEART), 14);
    let winners = g.winners();
    assert!(winners.contains(BRAIN) && winners.contains(HEART));
    assert_eq!(winners.len(), 2);
}

#[test]
fn rulebook_whoever_has_the_most_cards_remaining_wins() {
    // One capture early (the run example), no claims after: The Brain 14, The Heart 13.
    let mut g = alternate(&["4S", "6S"], &["5H"]);
    act(&mut g, "run B1");
    act(&mut g, "extend H1");
    act(&mut g, "extend B2");
    if matches!(phase(&g), Phase::Running(_)) {
        act(&mut g, "stop");
    }
    end_scoring(&mut g);
    play_out(&mut g, &mut Lcg(5), false);
    assert!(g.is_over());
    assert_eq!(g.score(BRAIN), 14);
    assert_eq!(g.score(HEART), 13);
    let winners = g.winners();
    assert!(winners.contains(BRAIN));
    assert!(!winners.contains(HEART));
}

#[test]
fn g4_every_refused_action_leaves_the_state_exactly_as_it_was() {
    let mut space = Vec::new();
    let mut out = Vec::new();
    for seed in 0..3u64 {
        let mut g = BrainsHearts::new(Options::default(), seed).unwrap();
        g.action_space(&mut space);
        let mut rng = Lcg(seed + 7);
        loop {
            g.legal_actions(&mut out);
            let before = serde_json::to_vec(&g).unwrap();
            for &a in &space {
                let mut probe = g.clone();
                let result = probe.apply(a);
                assert_eq!(result.is_ok(), out.contains(&a), "{a} at\n{g}");
                if let Err(e) = result {
                    assert!(!e.to_string().is_empty());
                    assert_eq!(serde_json::to_vec(&probe).unwrap(), before, "{a}");
                }
            }
            if out.is_empty() {
                break;
            }
            g.apply(out[rng.below(out.len())]).unwrap();
        }
    }
}

#[test]
fn g4_out_of_range_actions_are_refused_without_panic() {
    let odd = [
        Action::Three(0),
        Action::Three(8),
        Action::Three(255),
        Action::Choose(0),
        Action::Choose(6),
        Action::Choose(255),
        Action::Play {
            card: Card::BLACK_JOKER,
            slot: 0,
            locked: false,
        },
        Action::Play {
            card: card("4S"),
            slot: 3,
            locked: false,
        },
        Action::Play {
            card: card("4S"),
            slot: 255,
            locked: true,
        },
        Action::Play {
            card: card("KS"),
            slot: 0,
            locked: false,
        },
        Action::Play {
            card: card("4H"),
            slot: 0,
            locked: false,
        },
    ];
    let mut g = game(&["4S", "6S"], &["5H", "2H"], &[6]);
    let check = |g: &mut BrainsHearts| {
        for a in odd {
            refuse(g, a);
        }
    };
    check(&mut g);
    act(&mut g, "draw");
    check(&mut g);
    act(&mut g, "play 4S slot1");
    check(&mut g);
    turn(&mut g, "5H", 1);
    play(&mut g, "6S", 2, false);
    check(&mut g);
    act(&mut g, "run B1");
    check(&mut g);
    act(&mut g, "extend H1");
    act(&mut g, "extend B2");
    end_scoring(&mut g);
    turn(&mut g, "2H", 2);
    act(&mut g, "roll");
    check(&mut g);
    for text in [
        "",
        "play",
        "play 4S slot0",
        "three 0",
        "choose 6",
        "run B4",
        "extend",
    ] {
        assert!(text.parse::<Action>().is_err(), "{text}");
    }
}

#[test]
fn bh6_a_player_is_never_stuck_in_a_run_of_own_cards() {
    // 4-5-6 of The Brain's own cards captures nothing and cannot go on (no 7): the player
    // must still be able to finish its scoring phase.
    let mut g = game(&["4S", "5C", "6S"], &["5H", "2H"], &[]);
    turn(&mut g, "4S", 1);
    turn(&mut g, "5H", 1);
    turn(&mut g, "5C", 2);
    turn(&mut g, "2H", 2);
    play(&mut g, "6S", 3, false);
    assert_eq!(phase(&g), Phase::Scoring);
    act(&mut g, "run B1");
    let stuck = match g.apply("extend B2".parse().unwrap()) {
        Err(_) => false,
        Ok(()) => {
            let mut g2 = g.clone();
            if g2.apply("extend B3".parse().unwrap()).is_ok() {
                legal(&g2).is_empty() && g2.to_act().is_some()
            } else {
                legal(&g).is_empty()
            }
        }
    };
    assert!(!stuck, "no legal action left\n{g}");
}

#[test]
fn bh2_a_seat_with_no_card_left_must_roll_and_the_game_ends_when_coins_are_spent() {
    let mut g = BrainsHearts::new(Options::default(), 3).unwrap();
    let mut out = Vec::new();
    // Play every card first, never rolling, never claiming.
    loop {
        let seat = g.to_act().unwrap();
        let side = g.view(seat).sides[seat.index()].clone();
        if phase(&g) == Phase::Action && side.deck_size == 0 && side.hand_size == 0 {
            break;
        }
        g.legal_actions(&mut out);
        let a = [Action::End, Action::Stop]
            .into_iter()
            .find(|a| out.contains(a))
            .unwrap_or_else(|| *out.iter().find(|a| **a != Action::Roll).unwrap());
        g.apply(a).unwrap();
    }
    assert_eq!(g.to_act(), Some(BRAIN), "The Brain runs out first");
    for _ in 0..4 {
        let seat = g.to_act().unwrap();
        assert_eq!(legal(&g), vec!["roll"], "{seat} has no card: it must roll");
        refuse_text(&mut g, "draw");
        act(&mut g, "roll");
        // Play out the die (any target), decline every claim.
        while g.to_act() == Some(seat) {
            g.legal_actions(&mut out);
            let a = if out.contains(&Action::End) {
                Action::End
            } else if out.contains(&Action::Stop) {
                Action::Stop
            } else {
                out[0]
            };
            g.apply(a).unwrap();
        }
    }
    assert!(g.is_over());
    assert_eq!(g.to_act(), None);
}

#[test]
fn bh4_a_locked_card_unlocks_at_its_owners_turn_even_after_a_skipped_opponent_turn() {
    let mut g = game(&["4S", "6S"], &["5H", "2H"], &[1]);
    turn(&mut g, "4S", 1);
    turn_locked(&mut g, "5H", 1);
    act(&mut g, "roll");
    assert_eq!(g.to_act(), Some(HEART));
    assert!(!is_locked(&g, "H1"));
}

#[test]
fn bh3_a_slot_emptied_by_a_capture_must_be_filled_first_and_may_take_a_locked_card() {
    let mut g = game(&["4S", "6S", "AS", "AC"], &["5H", "2H", "2D", "3H"], &[]);
    turn(&mut g, "4S", 1);
    turn(&mut g, "5H", 1);
    turn(&mut g, "6S", 2);
    turn(&mut g, "2H", 2);
    turn(&mut g, "AS", 3);
    turn(&mut g, "2D", 3);
    play(&mut g, "AC", 3, false);
    act(&mut g, "run B1");
    act(&mut g, "extend H1");
    act(&mut g, "extend B2");
    end_scoring(&mut g);
    assert!(slot_cards(&g, "H1").is_empty());
    assert_eq!(g.to_act(), Some(HEART));
    act(&mut g, "draw");
    assert!(matches!(
        refuse_text(&mut g, "play 3H slot2"),
        ActionError::MustFillEmptySlot(_)
    ));
    act(&mut g, "play 3H slot1 locked");
    assert!(is_locked(&g, "H1"));
}
