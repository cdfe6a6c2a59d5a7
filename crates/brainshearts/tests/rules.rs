//! One test per rule of the rulebook and per ruling (G1–G5, BH1–BH10), and per decision the
//! engine takes where they are silent. Each sets up its scene with stacked decks and die
//! results and plays it through the public API. `docs/rules/brainshearts.md` names them.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use brainshearts::{
    seat_cards, Action, ActionError, BoardCard, BrainsHearts, Options, OptionsError, Phase, View,
};
use cards::{Card, Game, Seat};

const BRAIN: Seat = Seat(0);
const HEART: Seat = Seat(1);

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

/// A seat's deck in draw order: `prefix` first (the first two are the opening hand), then the
/// seat's other cards in their plain order.
fn deck(seat: usize, prefix: &[&str]) -> Vec<Card> {
    let mut cards: Vec<Card> = prefix.iter().map(|t| card(t)).collect();
    let rest: Vec<Card> = seat_cards(seat)
        .into_iter()
        .filter(|c| !cards.contains(c))
        .collect();
    cards.extend(rest);
    cards
}

fn options(brain: &[&str], heart: &[&str], dice: &[u8]) -> Options {
    Options {
        brain_deck: Some(deck(0, brain)),
        heart_deck: Some(deck(1, heart)),
        die_results: (!dice.is_empty()).then(|| dice.to_vec()),
    }
}

fn game(brain: &[&str], heart: &[&str], dice: &[u8]) -> BrainsHearts {
    BrainsHearts::new(options(brain, heart, dice), 1).unwrap()
}

fn act(game: &mut BrainsHearts, text: &str) {
    let action: Action = text.parse().unwrap();
    if let Err(e) = game.apply(action) {
        panic!("`{text}` refused: {e}\n{game}");
    }
}

/// Draws if the deck holds cards, then plays the card into the slot (1–3).
fn play(game: &mut BrainsHearts, card: &str, slot: u8) {
    if legal(game).contains(&"draw".to_string()) {
        act(game, "draw");
    }
    act(game, &format!("play {card} slot{slot}"));
}

/// Applies an action that must be refused; checks that the state did not change.
fn refuse(game: &mut BrainsHearts, text: &str) -> ActionError {
    let before = serde_json::to_string(game).unwrap();
    let error = game.apply(text.parse().unwrap()).expect_err(text);
    assert_eq!(
        serde_json::to_string(game).unwrap(),
        before,
        "refusing `{text}` changed the state"
    );
    error
}

/// Ends the scoring phase if the player to act is in one.
fn decline(game: &mut BrainsHearts) {
    if phase(game) == Phase::Scoring {
        act(game, "end");
    }
}

fn legal(game: &BrainsHearts) -> Vec<String> {
    let mut out = Vec::new();
    game.legal_actions(&mut out);
    out.iter().map(ToString::to_string).collect()
}

fn view(game: &BrainsHearts) -> View {
    game.view(BRAIN)
}

/// The top card at a position such as `B1` or `H3`.
fn top(game: &BrainsHearts, pos: &str) -> Option<BoardCard> {
    let pos: brainshearts::Pos = pos.parse().unwrap();
    view(game).sides[pos.seat().index()].slots[pos.slot()]
        .cards
        .last()
        .copied()
}

fn discarded(game: &BrainsHearts, text: &str) -> bool {
    view(game).discard.contains(&card(text))
}

// ---------------------------------------------------------------------------------------------
// The general rulings G1–G5

#[test]
fn g1_same_seed_same_game() {
    let play_some = |seed| {
        let mut game = BrainsHearts::new(Options::default(), seed).unwrap();
        let mut rng = cards::GameRng::from_seed(3);
        let mut buffer = Vec::new();
        cards::random_playout(&mut game, &mut rng, &mut buffer).unwrap();
        serde_json::to_string(&game).unwrap()
    };
    assert_eq!(play_some(11), play_some(11));
    assert_ne!(play_some(11), play_some(12));
}

#[test]
fn g2_stacked_decks_and_die_results_are_used_in_order() {
    let mut game = game(&["4S", "5C", "7S"], &["AH", "2D", "3H"], &[4, 6]);
    assert_eq!(view(&game).hand, vec![card("5C"), card("4S")]);
    assert_eq!(game.view(HEART).hand, vec![card("2D"), card("AH")]);
    act(&mut game, "draw");
    assert!(view(&game).hand.contains(&card("7S")));
    act(&mut game, "play 7S slot1");
    // The Heart rolls the first stacked result, 4: +1 to an opponent card, The Brain's 7♠.
    act(&mut game, "roll");
    assert_eq!(view(&game).last_roll, Some(4));
    assert_eq!(legal(&game), vec!["change B1"]);
    act(&mut game, "change B1");
    assert_eq!(top(&game, "B1").unwrap().value, 1);
    act(&mut game, "draw");
    act(&mut game, "play 4S slot2");
    act(&mut game, "roll");
    assert_eq!(view(&game).last_roll, Some(6));
    assert_eq!(
        (game.to_act(), phase(&game)),
        (Some(HEART), Phase::DieChoice)
    );
}

#[test]
fn g2_rolls_beyond_the_stacked_list_come_from_the_generator() {
    let run = |seed| {
        let mut game = BrainsHearts::new(
            Options {
                die_results: Some(vec![1]),
                ..Options::default()
            },
            seed,
        )
        .unwrap();
        act(&mut game, "roll");
        assert_eq!(view(&game).last_roll, Some(1));
        act(&mut game, "roll");
        view(&game).last_roll.unwrap()
    };
    let results: Vec<u8> = (0..40).map(run).collect();
    assert!(results.iter().all(|r| (1..=6).contains(r)));
    assert!(
        results.iter().any(|&r| r != results[0]),
        "the generator gives varied results"
    );
    assert_eq!(run(5), run(5));
}

#[test]
fn g2_malformed_options_are_refused_with_a_typed_error() {
    let mut bad = options(&[], &[], &[]);
    bad.brain_deck = Some(deck(1, &[]));
    assert!(matches!(
        BrainsHearts::new(bad, 0),
        Err(OptionsError::ForeignCard { seat: 0, .. })
    ));
    let mut short = options(&[], &[], &[]);
    short.heart_deck.as_mut().unwrap().pop();
    assert!(matches!(
        BrainsHearts::new(short, 0),
        Err(OptionsError::WrongDeckSize { seat: 1, len: 13 })
    ));
    let mut twice = options(&[], &[], &[]);
    twice.heart_deck.as_mut().unwrap()[0] = card("2H");
    twice.heart_deck.as_mut().unwrap()[1] = card("2H");
    assert!(matches!(
        BrainsHearts::new(twice, 0),
        Err(OptionsError::DuplicateCard { seat: 1, .. })
    ));
    assert_eq!(
        BrainsHearts::new(options(&[], &[], &[0]), 0).err(),
        Some(OptionsError::BadDieResult(0))
    );
    assert_eq!(
        BrainsHearts::new(options(&[], &[], &[1; 5]), 0).err(),
        Some(OptionsError::TooManyDieResults(5))
    );
    // Partial JSON takes defaults; unknown fields are refused.
    assert_eq!(
        serde_json::from_str::<Options>("{}").unwrap(),
        Options::default()
    );
    assert!(serde_json::from_str::<Options>(r#"{"decks":[]}"#).is_err());
}

#[test]
fn g3_the_seat_to_act_is_always_known() {
    let mut game = game(&[], &[], &[]);
    let mut rng = cards::GameRng::from_seed(9);
    let mut buffer = Vec::new();
    while let Some(seat) = game.to_act() {
        assert!(seat.index() < 2);
        assert_eq!(view(&game).to_act, Some(seat));
        game.legal_actions(&mut buffer);
        let action = buffer[rng.index(buffer.len())];
        game.apply(action).unwrap();
    }
    assert_eq!(view(&game).to_act, None);
    assert!(legal(&game).is_empty());
}

#[test]
fn g4_illegal_actions_are_refused_with_a_reason_and_change_nothing() {
    let mut game = game(&["4S", "5S", "6S"], &[], &[]);
    assert_eq!(
        refuse(&mut game, "play 4S slot1"),
        ActionError::MustDrawFirst
    );
    assert!(matches!(
        refuse(&mut game, "end"),
        ActionError::WrongStep { .. }
    ));
    act(&mut game, "draw");
    assert_eq!(
        refuse(&mut game, "play 7C slot1"),
        ActionError::NotInHand(card("7C"))
    );
    assert_eq!(
        refuse(&mut game, "play AH slot1"),
        ActionError::NotInHand(card("AH"))
    );
    assert!(matches!(
        refuse(&mut game, "roll"),
        ActionError::WrongStep { .. }
    ));
    assert!(matches!(
        refuse(&mut game, "draw"),
        ActionError::WrongStep { .. }
    ));
    // Loaded states are checked too: a card twice is refused.
    let json = serde_json::to_string(&game)
        .unwrap()
        .replacen("\"5S\"", "\"6S\"", 1);
    assert!(serde_json::from_str::<BrainsHearts>(&json).is_err());
}

#[test]
fn g5_ties_are_shared() {
    // Nobody ever claims: both seats end with their 14 cards on the board.
    let mut game = game(&[], &[], &[]);
    let mut buffer = Vec::new();
    while game.to_act().is_some() {
        game.legal_actions(&mut buffer);
        let action = if buffer.contains(&Action::End) {
            Action::End
        } else {
            buffer[0]
        };
        game.apply(action).unwrap();
    }
    assert_eq!((game.score(BRAIN), game.score(HEART)), (14, 14));
    assert_eq!(
        game.winners().iter().collect::<Vec<_>>(),
        vec![BRAIN, HEART]
    );
}

// ---------------------------------------------------------------------------------------------
// BH1–BH4: seats, turns, slots, locks

#[test]
fn bh1_each_seat_has_its_own_deck_and_the_brain_begins() {
    let game = BrainsHearts::new(Options::default(), 4).unwrap();
    let mut census = Vec::new();
    game.census(&mut census);
    assert_eq!(census.len(), 28);
    let brain = view(&game);
    assert_eq!(game.to_act(), Some(BRAIN));
    for seat in [BRAIN, HEART] {
        let v = game.view(seat);
        // Rulebook: each player draws two cards; two roll coins each.
        assert_eq!(v.hand.len(), 2);
        assert_eq!(v.sides[seat.index()].deck_size, 12);
        assert_eq!(v.sides[seat.index()].coins, 2);
        let own = brainshearts::seat_card_set(seat.index());
        assert!(v.hand.iter().all(|c| own.contains(*c)));
    }
    assert!(brain.hand.iter().all(|c| !c.suit().unwrap().is_red()));
    assert!(game
        .view(HEART)
        .hand
        .iter()
        .all(|c| c.suit().unwrap().is_red()));
}

#[test]
fn bh2_a_turn_is_draw_then_play_or_roll() {
    let mut game = game(&["4S", "5S", "6S"], &[], &[1]);
    assert_eq!(legal(&game), vec!["draw", "roll"]);
    act(&mut game, "draw");
    // Having drawn, the player must play; the drawn card may be the one played.
    assert!(legal(&game).iter().all(|a| a.starts_with("play ")));
    assert!(legal(&game).contains(&"play 6S slot1".to_string()));
    act(&mut game, "play 6S slot1");
    assert_eq!(game.to_act(), Some(HEART));
    act(&mut game, "roll");
    assert_eq!(view(&game).sides[1].coins, 1);
    assert_eq!(view(&game).sides[1].deck_size, 12, "rolling draws no card");
}

#[test]
fn bh2_with_an_empty_deck_the_card_is_played_straight_from_the_hand() {
    let mut game = game(&[], &[], &[1, 1, 1, 1]);
    for _ in 0..12 {
        for _ in 0..2 {
            let hand = view_of_actor(&game).hand;
            let slot = if empty_slot(&game).is_some() {
                empty_slot(&game).unwrap()
            } else {
                1
            };
            play(&mut game, &format!("{:#}", hand[0]), slot);
            while game.to_act().is_some() && phase(&game) != Phase::Action {
                act(&mut game, "end");
            }
        }
    }
    assert_eq!(view(&game).sides[0].deck_size, 0);
    assert_eq!(view(&game).hand.len(), 2);
    assert_eq!(refuse(&mut game, "draw"), ActionError::DeckEmpty);
    let hand = view(&game).hand;
    let first = format!("play {:#} slot1", hand[0]);
    assert!(legal(&game).contains(&first));
    assert!(legal(&game).contains(&"roll".to_string()));
}

fn view_of_actor(game: &BrainsHearts) -> View {
    game.view(game.to_act().unwrap())
}

fn empty_slot(game: &BrainsHearts) -> Option<u8> {
    let v = view_of_actor(game);
    let me = v.seat.index();
    v.sides[me]
        .slots
        .iter()
        .position(|s| s.cards.is_empty())
        .map(|i| i as u8 + 1)
}

fn phase(game: &BrainsHearts) -> Phase {
    view(game).phase
}

#[test]
fn bh2_a_seat_with_no_card_must_roll_and_the_game_ends_after_16_turns_each() {
    let mut game = BrainsHearts::new(Options::default(), 21).unwrap();
    let mut turns = [0u32; 2];
    let mut buffer = Vec::new();
    while let Some(seat) = game.to_act() {
        game.legal_actions(&mut buffer);
        let v = game.view(seat);
        if v.phase == Phase::Action {
            turns[seat.index()] += 1;
            if v.hand.is_empty() && v.sides[seat.index()].deck_size == 0 {
                assert_eq!(
                    buffer,
                    vec![Action::Roll],
                    "no card left: the seat must roll"
                );
            }
        }
        // Play cards while possible, then roll; decline every claim.
        let action = buffer
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Draw | Action::Play { .. } | Action::End))
            .unwrap_or(buffer[0]);
        game.apply(action).unwrap();
    }
    assert_eq!(turns, [16, 16]);
    let end = view(&game);
    for side in &end.sides {
        assert_eq!((side.deck_size, side.hand_size, side.coins), (0, 0, 0));
    }
}

#[test]
fn bh3_while_a_slot_is_empty_the_card_goes_there_locked_or_not() {
    let mut game = game(&["4S", "5S", "6S"], &["4H", "5H", "6H"], &[]);
    play(&mut game, "4S", 2);
    play(&mut game, "4H", 1);
    act(&mut game, "draw");
    assert_eq!(
        refuse(&mut game, "play 5S slot2"),
        ActionError::MustFillEmptySlot(2)
    );
    let plays = legal(&game);
    for text in [
        "play 5S slot1",
        "play 5S slot1 locked",
        "play 5S slot3",
        "play 5S slot3 locked",
    ] {
        assert!(plays.contains(&text.to_string()), "{text}");
    }
    assert!(!plays.iter().any(|p| p.contains("slot2")));
    act(&mut game, "play 5S slot3 locked");
    assert!(view(&game).sides[0].slots[2].locked);
}

#[test]
fn bh3_with_no_empty_slot_the_card_goes_on_an_unlocked_top() {
    let mut game = game(&["AS", "2S", "3S", "AC"], &["5H", "5D", "6H", "6D"], &[]);
    for (b, h, slot) in [("AS", "5H", 1), ("2S", "5D", 2), ("3S", "6H", 3)] {
        play(&mut game, b, slot);
        play(&mut game, h, slot);
    }
    act(&mut game, "draw");
    assert_eq!(
        refuse(&mut game, "play AC slot1 locked"),
        ActionError::LockOnlyIntoEmptySlot
    );
    let plays = legal(&game);
    assert!(plays.contains(&"play AC slot1".to_string()));
    assert!(!plays.iter().any(|p| p.ends_with("locked")));
    act(&mut game, "play AC slot1");
    assert_eq!(view(&game).sides[0].slots[0].cards.len(), 2);
    assert_eq!(top(&game, "B1").unwrap().card, card("AC"));
}

#[test]
fn bh4_a_locked_card_unlocks_at_the_start_of_its_owners_next_turn() {
    let mut game = game(&["4S", "5S", "6S"], &["AH", "2H", "3H"], &[]);
    act(&mut game, "draw");
    act(&mut game, "play 4S slot1 locked");
    assert!(
        view(&game).sides[0].slots[0].locked,
        "locked during the opponent's turn"
    );
    play(&mut game, "AH", 1);
    assert_eq!(game.to_act(), Some(BRAIN));
    assert!(
        !view(&game).sides[0].slots[0].locked,
        "unlocked when its owner's turn begins"
    );
}

#[test]
fn bh4_a_locked_card_cannot_be_modified() {
    // The Brain locks its 4♠; The Heart rolls a 5 (−1 to an opponent card): no card qualifies.
    let mut game = game(&["4S", "5S", "6S"], &["AH", "2H", "3H"], &[5]);
    act(&mut game, "draw");
    act(&mut game, "play 4S slot1 locked");
    act(&mut game, "roll");
    assert_eq!(view(&game).last_roll, Some(5));
    assert_eq!(
        game.to_act(),
        Some(BRAIN),
        "no effect, no claim: the turn is over"
    );
    assert_eq!(top(&game, "B1").unwrap().value, 4);
}

#[test]
fn bh4_a_locked_card_neither_joins_a_run_nor_is_captured() {
    // The Heart's 5♥ lies locked between The Brain's 4♠ and 6♠: no run.
    let mut game = game(&["4S", "6S", "AC"], &["5H", "AH", "2H"], &[]);
    play(&mut game, "4S", 1);
    act(&mut game, "draw");
    act(&mut game, "play 5H slot1 locked");
    play(&mut game, "6S", 2);
    assert_eq!(
        game.to_act(),
        Some(HEART),
        "no claim: the scoring phase is skipped"
    );
    assert_eq!(top(&game, "H1").unwrap().card, card("5H"));
    // The Heart's turn unlocks the 5♥; now The Brain locks its own 6♠... it cannot join a run.
    let mut game = self::game(&["4S", "6S", "AC"], &["5H", "AH", "2H"], &[]);
    play(&mut game, "4S", 1);
    play(&mut game, "5H", 1);
    act(&mut game, "draw");
    act(&mut game, "play 6S slot2 locked");
    assert_eq!(
        game.to_act(),
        Some(HEART),
        "the locked 6♠ cannot join 4-5-6"
    );
    assert!(!discarded(&game, "5H"));
}

// ---------------------------------------------------------------------------------------------
// BH5: the God Die

#[test]
fn bh5_die_result_1_ends_the_turn_and_skips_scoring() {
    // The Brain has 4♠ and 6♠ around the Heart's 5♥, but rolls a 1: no scoring phase.
    let mut game = game(&["4S", "6S", "AC"], &["5H", "AH", "2H"], &[1]);
    play(&mut game, "4S", 1);
    play(&mut game, "5H", 1);
    play(&mut game, "6S", 2);
    assert_eq!(
        phase(&game),
        Phase::Scoring,
        "the run 4-5-6 is there to claim"
    );
    act(&mut game, "end");
    play(&mut game, "AH", 2);
    act(&mut game, "roll");
    assert_eq!(view(&game).last_roll, Some(1));
    assert_eq!(game.to_act(), Some(HEART));
    assert_eq!(phase(&game), Phase::Action);
    assert!(!discarded(&game, "5H"));
}

#[test]
fn bh5_die_result_6_lets_the_roller_choose_1_to_5() {
    let mut game = game(&["4S", "6S", "AC"], &["5H", "AH", "2H"], &[6]);
    play(&mut game, "4S", 1);
    play(&mut game, "5H", 1);
    act(&mut game, "roll");
    assert_eq!(phase(&game), Phase::DieChoice);
    assert_eq!(
        legal(&game),
        vec!["choose 1", "choose 2", "choose 3", "choose 4", "choose 5"]
    );
    assert!(matches!(
        refuse(&mut game, "change H1"),
        ActionError::WrongStep { .. }
    ));
    act(&mut game, "choose 5");
    assert_eq!(legal(&game), vec!["change H1"]);
    act(&mut game, "change H1");
    assert_eq!(top(&game, "H1").unwrap().value, 4);
}

#[test]
fn bh5_results_2_and_3_change_the_rollers_card_4_and_5_the_opponents() {
    for (result, expected, changed, value) in [
        (2, vec!["change B1", "change B2"], "B2", 7),
        (3, vec!["change B1", "change B2"], "B1", 3),
    ]
    .into_iter()
    .chain([
        (4, vec!["change H1", "change H2"], "H1", 6),
        (5, vec!["change H1", "change H2"], "H1", 4),
    ]) {
        let mut game = game(&["4S", "6S", "AC"], &["5H", "AH", "2H"], &[result]);
        play(&mut game, "4S", 1);
        play(&mut game, "5H", 1);
        play(&mut game, "6S", 2);
        act(&mut game, "end");
        play(&mut game, "AH", 2);
        act(&mut game, "roll");
        assert_eq!(legal(&game), expected, "result {result}");
        act(&mut game, &format!("change {changed}"));
        let changed_card = top(&game, changed).unwrap();
        assert_eq!(changed_card.value, value, "result {result}");
        assert!(changed_card.is_modified());
    }
}

#[test]
fn bh5_a_result_with_no_qualifying_card_has_no_effect() {
    let mut game = game(&[], &[], &[4]);
    act(&mut game, "roll");
    assert_eq!(view(&game).last_roll, Some(4));
    assert_eq!(game.to_act(), Some(HEART));
    assert_eq!(view(&game).sides[0].coins, 1);
}

#[test]
fn bh5_values_wrap_and_modifiers_stay_on_covered_cards() {
    // The Brain raises its own 7♠ to an Ace, then lowers the Heart's A♥ to a 7.
    let mut game = game(
        &["7S", "2S", "3S", "4S"],
        &["AH", "2H", "3H", "4H"],
        &[2, 5],
    );
    play(&mut game, "7S", 1);
    play(&mut game, "AH", 1);
    act(&mut game, "roll");
    act(&mut game, "change B1");
    assert_eq!(top(&game, "B1").unwrap().value, 1);
    play(&mut game, "2H", 2);
    act(&mut game, "roll");
    act(&mut game, "change H1");
    assert_eq!(top(&game, "H1").unwrap().value, 7);
    // Cover the modified cards: they keep their values.
    play(&mut game, "3H", 3);
    decline(&mut game);
    play(&mut game, "2S", 2);
    decline(&mut game);
    play(&mut game, "4H", 1);
    let under = view(&game).sides[1].slots[0].cards[0];
    assert_eq!((under.card, under.value), (card("AH"), 7));
    assert_eq!(view(&game).sides[0].slots[0].cards[0].value, 1);
}

// ---------------------------------------------------------------------------------------------
// BH6–BH8: scoring

#[test]
fn bh6_claims_are_optional_and_the_player_ends_the_scoring_phase() {
    let mut game = game(&["4S", "6S", "AC"], &["5H", "AH", "2H"], &[]);
    play(&mut game, "4S", 1);
    play(&mut game, "5H", 1);
    play(&mut game, "6S", 2);
    assert_eq!(legal(&game), vec!["run B1", "end"]);
    act(&mut game, "end");
    assert_eq!(game.to_act(), Some(HEART));
    assert!(!discarded(&game, "5H"));
}

#[test]
fn bh6_without_a_possible_claim_the_turn_passes_at_once() {
    let mut game = game(&["4S", "6S", "AC"], &["5H", "AH", "2H"], &[]);
    play(&mut game, "4S", 1);
    assert_eq!(game.to_act(), Some(HEART));
    assert_eq!(phase(&game), Phase::Action);
}

#[test]
fn bh7_rulebook_example_4_and_6_capture_the_5() {
    let mut game = game(&["4S", "6S", "AC"], &["5H", "AH", "2H"], &[]);
    play(&mut game, "4S", 1);
    play(&mut game, "5H", 1);
    play(&mut game, "6S", 2);
    act(&mut game, "run B1");
    assert_eq!(legal(&game), vec!["extend H1"]);
    act(&mut game, "extend H1");
    assert!(
        !discarded(&game, "5H"),
        "nothing is captured before the third card"
    );
    act(&mut game, "extend B2");
    assert!(discarded(&game, "5H"));
    assert_eq!(game.score(HEART), 0);
    assert_eq!(game.score(BRAIN), 2);
    assert_eq!(
        game.to_act(),
        Some(HEART),
        "nothing more to claim: the turn is over"
    );
}

#[test]
fn bh7_run_wraps_from_seven_to_ace() {
    // 6-7-A: The Brain's 6♠, the Heart's 7♥, The Brain's A♠.
    let mut game = game(&["6S", "AS", "2C"], &["7H", "3H", "4H"], &[]);
    play(&mut game, "6S", 1);
    play(&mut game, "7H", 1);
    play(&mut game, "AS", 2);
    act(&mut game, "run B1");
    act(&mut game, "extend H1");
    act(&mut game, "extend B2");
    assert!(discarded(&game, "7H"));
}

#[test]
fn bh7_run_7_a_2_3_wraps_and_keeps_capturing() {
    let mut game = game(&["7S", "5C", "2S"], &["AH", "3H", "6D"], &[]);
    play(&mut game, "7S", 1);
    play(&mut game, "AH", 1);
    play(&mut game, "5C", 2);
    play(&mut game, "3H", 2);
    play(&mut game, "2S", 3);
    act(&mut game, "run B1");
    act(&mut game, "extend H1");
    act(&mut game, "extend B3");
    assert!(discarded(&game, "AH"));
    // From the third card on, an opponent card added is captured at once.
    assert_eq!(legal(&game), vec!["extend H2", "stop"]);
    act(&mut game, "extend H2");
    assert!(discarded(&game, "3H"));
    assert_eq!(game.score(HEART), 0);
}

#[test]
fn bh7_a_scored_run_may_stop_before_its_end() {
    let mut game = game(&["7S", "5C", "2S"], &["AH", "3H", "6D"], &[]);
    play(&mut game, "7S", 1);
    play(&mut game, "AH", 1);
    play(&mut game, "5C", 2);
    play(&mut game, "3H", 2);
    play(&mut game, "2S", 3);
    act(&mut game, "run B1");
    assert_eq!(refuse(&mut game, "stop"), ActionError::RunNotScored);
    act(&mut game, "extend H1");
    act(&mut game, "extend B3");
    act(&mut game, "stop");
    assert!(discarded(&game, "AH"));
    assert!(!discarded(&game, "3H"), "the run stopped before the 3♥");
    assert_eq!(game.to_act(), Some(HEART));
}

#[test]
fn bh7_an_unmodified_ace_starts_a_run_downwards() {
    // A-7-6 with The Brain's A♠ and The Heart's 7♥ and 6♥.
    let mut game = game(&["AS", "3S", "2C"], &["7H", "6H", "4H"], &[]);
    play(&mut game, "AS", 1);
    play(&mut game, "7H", 1);
    play(&mut game, "3S", 2);
    play(&mut game, "6H", 2);
    act(&mut game, "end"); // The Heart could capture the A♠ with 6-7-A; it declines.
    play(&mut game, "2C", 3);
    assert!(legal(&game).contains(&"run B1".to_string()));
    act(&mut game, "run B1");
    act(&mut game, "extend H1");
    act(&mut game, "extend H2");
    assert!(discarded(&game, "7H") && discarded(&game, "6H"));
}

#[test]
fn bh7_a_modified_ace_cannot_run_downwards() {
    // The Brain's 2♠ becomes an Ace by a die roll (3: −1 to one's own card).
    let mut game = game(&["2S", "5S", "3S"], &["7H", "6H", "4H"], &[3]);
    play(&mut game, "2S", 1);
    play(&mut game, "7H", 1);
    act(&mut game, "roll");
    act(&mut game, "change B1");
    assert_eq!(top(&game, "B1").unwrap().value, 1);
    assert!(!top(&game, "B1").unwrap().is_wormhole());
    play(&mut game, "6H", 2);
    act(&mut game, "end"); // The Heart declines 6-7-A.
                           // The Brain plays 5♠: 5-6-7 is a run, but A-7-6 from the modified Ace is not.
    play(&mut game, "5S", 2);
    assert_eq!(legal(&game), vec!["run B2", "end"]);
    assert_eq!(
        refuse(&mut game, "run B1"),
        ActionError::CannotStartRun("B1".parse().unwrap())
    );
}

#[test]
fn bh7_an_uncovered_card_may_extend_the_run() {
    // The Heart's 7♥ lies under its 5♥; capturing the 5♥ with 4-5-6 uncovers the 7♥.
    let mut game = game(&["4S", "6S", "4C"], &["7H", "2H", "2D", "5H"], &[1, 1]);
    play(&mut game, "4S", 1);
    play(&mut game, "7H", 1);
    play(&mut game, "6S", 2);
    play(&mut game, "2H", 2);
    act(&mut game, "roll");
    play(&mut game, "2D", 3);
    act(&mut game, "roll");
    play(&mut game, "5H", 1);
    play(&mut game, "4C", 3);
    act(&mut game, "run B1");
    act(&mut game, "extend H1");
    act(&mut game, "extend B2");
    assert!(discarded(&game, "5H"));
    assert_eq!(top(&game, "H1").unwrap().card, card("7H"));
    assert_eq!(legal(&game), vec!["extend H1", "stop"]);
    act(&mut game, "extend H1");
    assert!(discarded(&game, "7H"));
    assert!(view(&game).sides[1].slots[0].cards.is_empty());
}

#[test]
fn bh7_a_run_needs_its_first_three_cards_on_top_from_the_start() {
    // The Heart's 5♥ lies under its 7♥: 4-5-6 cannot be claimed until the 7♥ is captured.
    let mut game = game(&["6S", "AS", "4S"], &["5H", "3H", "3D", "7H"], &[1, 1]);
    play(&mut game, "6S", 1);
    play(&mut game, "5H", 1);
    play(&mut game, "AS", 2);
    play(&mut game, "3H", 2);
    act(&mut game, "roll");
    play(&mut game, "3D", 3);
    act(&mut game, "roll");
    play(&mut game, "7H", 1);
    play(&mut game, "4S", 3);
    assert_eq!(legal(&game), vec!["run B1", "run B2", "end"]);
    assert_eq!(
        refuse(&mut game, "run B3"),
        ActionError::CannotStartRun("B3".parse().unwrap())
    );
    // 6-7-A captures the 7♥ and uncovers the 5♥; 4-5-6 is then a new claim, all on top.
    act(&mut game, "run B1");
    act(&mut game, "extend H1");
    act(&mut game, "extend B2");
    assert!(discarded(&game, "7H"));
    assert_eq!(phase(&game), Phase::Scoring);
    assert!(legal(&game).contains(&"run B3".to_string()));
    act(&mut game, "run B3");
    act(&mut game, "extend H1");
    act(&mut game, "extend B1");
    assert!(discarded(&game, "5H"));
}

#[test]
fn bh7_a_run_of_own_cards_captures_nothing_and_cannot_stop_there() {
    let mut game = game(&["4S", "5S", "6S"], &["7H", "2H", "3D"], &[]);
    play(&mut game, "4S", 1);
    play(&mut game, "7H", 1);
    play(&mut game, "5S", 2);
    play(&mut game, "2H", 2);
    play(&mut game, "6S", 3);
    act(&mut game, "run B1");
    act(&mut game, "extend B2");
    act(&mut game, "extend B3");
    assert_eq!(game.score(HEART), 2, "three own cards capture nothing");
    assert_eq!(refuse(&mut game, "stop"), ActionError::RunNotScored);
    assert_eq!(legal(&game), vec!["extend H1"]);
    act(&mut game, "extend H1");
    assert!(discarded(&game, "7H"));
}

#[test]
fn bh7_only_runs_that_can_capture_start_and_extend() {
    // 4-5-6 all The Brain's own and no opponent card to follow: no claim at all.
    let mut game = game(&["4S", "5S", "6S"], &["2H", "2D", "AH"], &[]);
    play(&mut game, "4S", 1);
    play(&mut game, "2H", 1);
    play(&mut game, "5S", 2);
    play(&mut game, "2D", 2);
    play(&mut game, "6S", 3);
    assert_eq!(
        game.to_act(),
        Some(HEART),
        "a run of own cards only is no claim"
    );
    // In the rulebook example, extending with a card that leads nowhere is refused.
    let mut game = self::game(&["4S", "6S", "5C"], &["5H", "AH", "2H"], &[]);
    play(&mut game, "4S", 1);
    play(&mut game, "5H", 1);
    play(&mut game, "6S", 2);
    act(&mut game, "run B1");
    assert_eq!(
        refuse(&mut game, "extend B2"),
        ActionError::CannotExtend("B2".parse().unwrap())
    );
}

// ---------------------------------------------------------------------------------------------
// BH10: a card once changed by the die stays modified

#[test]
fn bh10_an_ace_changed_back_stays_modified() {
    // +1 then −1: the A♠ shows an Ace again, but its tokens stay on it.
    let mut game = game(&["AS", "5S", "6S"], &["2H", "3H", "4H"], &[2, 3]);
    play(&mut game, "AS", 1);
    play(&mut game, "2H", 1);
    act(&mut game, "roll");
    act(&mut game, "change B1");
    assert!(top(&game, "B1").unwrap().is_modified());
    play(&mut game, "3H", 2);
    act(&mut game, "roll");
    act(&mut game, "change B1");
    let ace = top(&game, "B1").unwrap();
    assert_eq!(ace.value, 1);
    assert!(ace.is_modified());
    assert!(!ace.is_wormhole());
    // The mark is saved with the card, and a saved game reloads with it.
    let saved = serde_json::to_string(&game).unwrap();
    assert!(saved.contains("\"AS=A\""), "{saved}");
    let loaded: BrainsHearts = serde_json::from_str(&saved).unwrap();
    assert!(top(&loaded, "B1").unwrap().is_modified());
    assert_eq!(serde_json::to_string(&loaded).unwrap(), saved);
    // Views show the tokens too.
    assert!(view(&game).to_string().contains("A♠=A"));
}

#[test]
fn bh10_an_ace_raised_and_lowered_cannot_start_a_downward_run() {
    let cards = |texts: &[&str]| texts.iter().map(|t| card(t)).collect::<Vec<_>>();
    let options = Options {
        brain_deck: Some(cards(&[
            "AS", "2S", "4S", "4C", "3C", "3S", "5S", "6S", "7S", "AC", "2C", "5C", "6C", "7C",
        ])),
        heart_deck: Some(cards(&[
            "7H", "6H", "4H", "4D", "3D", "AH", "2H", "3H", "5H", "AD", "2D", "5D", "6D", "7D",
        ])),
        die_results: Some(vec![2, 5]),
    };
    let mut game = BrainsHearts::new(options, 1).unwrap();
    for text in [
        "draw",
        "play AS slot1",
        "draw",
        "play 7H slot1",
        "roll",
        "change B1", // The Brain's A♠ becomes a 2 …
        "draw",
        "play 6H slot2",
        "draw",
        "play 2S slot2",
        "roll",
        "change B1", // … and The Heart lowers it to an Ace again.
        "end",
        "draw",
    ] {
        act(&mut game, text);
    }
    let ace = top(&game, "B1").unwrap();
    assert_eq!(
        (ace.card, ace.value, ace.is_modified()),
        (card("AS"), 1, true)
    );
    act(&mut game, "play 4S slot3");
    // A-7-6 would need an unmodified Ace: no claim, so the turn passes at once.
    assert_eq!(game.to_act(), Some(HEART));
    assert_eq!(phase(&game), Phase::Action);
    assert!(!discarded(&game, "7H") && !discarded(&game, "6H"));
}

#[test]
fn bh8_three_of_a_kind_captures_the_opponent_cards_among_them() {
    let mut game = game(&["AS", "AC", "4S"], &["4H", "4D", "6H"], &[]);
    play(&mut game, "AS", 1);
    play(&mut game, "4H", 1);
    play(&mut game, "AC", 2);
    play(&mut game, "4D", 2);
    play(&mut game, "4S", 3);
    assert_eq!(legal(&game), vec!["three 4", "end"]);
    assert_eq!(refuse(&mut game, "three A"), ActionError::NoThreeOfAKind(1));
    act(&mut game, "three 4");
    assert!(discarded(&game, "4H") && discarded(&game, "4D"));
    assert_eq!(top(&game, "B3").unwrap().card, card("4S"), "own cards stay");
    assert_eq!(game.score(HEART), 0);
}

#[test]
fn bh8_a_locked_card_does_not_count_for_three_of_a_kind() {
    let mut game = game(&["AS", "AC", "4S"], &["4H", "4D", "6H"], &[]);
    play(&mut game, "AS", 1);
    play(&mut game, "4H", 1);
    play(&mut game, "AC", 2);
    act(&mut game, "draw");
    act(&mut game, "play 4D slot2 locked");
    play(&mut game, "4S", 3);
    assert_eq!(
        game.to_act(),
        Some(HEART),
        "4♠, 4♥ and a locked 4♦ are no three of a kind"
    );
}

#[test]
fn bh9_the_score_counts_own_cards_on_the_board_covered_ones_included() {
    let mut game = game(&["AS", "2S", "3S", "AC"], &["5H", "5D", "6H", "6D"], &[]);
    for (b, h, slot) in [("AS", "5H", 1), ("2S", "5D", 2), ("3S", "6H", 3)] {
        play(&mut game, b, slot);
        play(&mut game, h, slot);
    }
    play(&mut game, "AC", 1);
    assert_eq!(game.score(BRAIN), 4);
    assert_eq!(game.score(HEART), 3);
    assert_eq!(view(&game).sides[0].score, 4);
    assert_eq!(game.winners().iter().collect::<Vec<_>>(), vec![BRAIN]);
}

// ---------------------------------------------------------------------------------------------
// Views

#[test]
fn views_show_the_own_hand_but_never_the_opponents_hand_nor_any_deck_order() {
    let game = BrainsHearts::new(Options::default(), 8).unwrap();
    let text = serde_json::to_string(&view(&game)).unwrap();
    let heart_hand = game.view(HEART).hand;
    for card in &heart_hand {
        assert!(
            !text.contains(&format!("\"{card:#}\"")),
            "the Brain sees the Heart's {card}"
        );
    }
    for card in view(&game).hand {
        assert!(text.contains(&format!("\"{card:#}\"")));
    }
    // Nothing of either deck appears: only 2 cards (the own hand) are named at the start.
    let named = cards::deck::standard_52()
        .iter()
        .filter(|c| text.contains(&format!("\"{c:#}\"")))
        .count();
    assert_eq!(named, 2);
    // The terminal rendering shows the own hand and counts the opponent's.
    let shown = view(&game).to_string();
    assert!(shown.contains("hand 2 card(s)"));
    assert!(game.to_string().contains("deck (next first)"));
}
