//! One test per section of the rulebook and per ruling of the battle (part 1), named after it;
//! `docs/rules/highjinks.md` names each.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use cards::{Game, Seat};
use common::*;
use highjinks::{Action, Card, HighJinks, Options, OptionsError, Phase};

const S0: Seat = Seat(0);
const S1: Seat = Seat(1);
const S2: Seat = Seat(2);

fn agent_card(game: &HighJinks, seat: Seat, zone: usize) -> Option<String> {
    game.agents(seat)[zone].map(|a| format!("{:#}", a.card))
}

fn scars(game: &HighJinks, seat: Seat, zone: usize) -> Option<u8> {
    game.agents(seat)[zone].map(|a| a.scars)
}

fn counters(game: &HighJinks, seat: Seat) -> Vec<String> {
    game.counters(seat)
        .iter()
        .map(|c| format!("{:#}", c.card))
        .collect()
}

fn bench(game: &HighJinks) -> Vec<String> {
    game.bench().iter().map(|c| format!("{c:#}")).collect()
}

// ----- §1, §27, HJ1, HJ2, HJ13, HJ78, HJ79: the cards and the set-up -----

#[test]
fn hj1_two_players_one_deck_and_two_jokers_three_or_four_two_decks_and_four() {
    let count = |o: &Options| o.cards().len();
    assert_eq!(count(&Options::players(2)), 54);
    assert_eq!(count(&Options::players(3)), 108);
    assert_eq!(Options::players(4).cards().count(card("JK")), 4);
    let mut game = HighJinks::new(Options::players(4), 1).unwrap();
    let mut all = Vec::new();
    game.census(&mut all);
    assert_eq!(all.len(), 108);
    let custom = Options {
        decks: Some(1),
        jokers: Some(0),
        ..Options::players(3)
    };
    game = HighJinks::new(custom, 1).unwrap();
    game.census(&mut all);
    assert_eq!(all.len(), 52);
    assert_eq!(
        HighJinks::new(Options::players(1), 0).err(),
        Some(OptionsError::Players(1))
    );
}

#[test]
fn hj79_g2_deal_nine_one_at_a_time_from_a_stacked_deck_seat_0_first() {
    let options = Options::players(3);
    let deck = stacked(
        &options,
        &[
            (&["KS", "QS", "JS", "5S", "6S", "7S"], &R0),
            (&["KH", "QH", "JH", "5H", "6H", "7H"], &R1),
            (&["KD", "QD", "JD", "5D", "6D", "7D"], &R2),
        ],
        &["AS"],
    );
    // The stacked list is dealt round by round: seat 0 gets the 1st, 4th, 7th … card.
    assert_eq!(deck[0], card("KS"));
    assert_eq!(deck[1], card("KH"));
    let game = HighJinks::new(
        Options {
            deck: Some(deck),
            ..options
        },
        0,
    )
    .unwrap();
    assert_eq!(
        hand(&game, 0),
        ["3C", "3D", "3H", "5S", "6S", "7S", "JS", "QS", "KS"]
    );
    assert_eq!(game.deck().next(), Some(card("AS")));
    assert_eq!(game.to_act(), Some(S0));
    assert!(matches!(game.phase(), Phase::Setup { seat: S0 }));
}

#[test]
fn g2_a_stacked_deck_that_is_not_the_games_cards_is_refused() {
    let mut deck = Options::players(2).cards().iter().collect::<Vec<_>>();
    deck.pop();
    deck.push(card("AS"));
    let options = Options {
        deck: Some(deck),
        ..Options::players(2)
    };
    assert!(matches!(
        HighJinks::new(options, 0).err(),
        Some(OptionsError::StackedDeck { .. })
    ));
}

/// A two-player game at its set-up whose deal gives seat 0 the rejects 3C JC 3D and seat 1
/// KC 4C QC beside six cards each.
fn set_up_with_three_rejects_each() -> HighJinks {
    let options = Options::players(2);
    let deck = stacked(
        &options,
        &[
            (&["KS", "QS", "JS", "5S", "6S", "7S"], &["3C", "JC", "3D"]),
            (&["KH", "QH", "JH", "5H", "6H", "7H"], &["KC", "4C", "QC"]),
        ],
        &[],
    );
    HighJinks::new(
        Options {
            deck: Some(deck),
            ..options
        },
        0,
    )
    .unwrap()
}

#[test]
fn s27_hj78_hj13_rejects_stay_hidden_until_all_chose_then_go_to_boneyard_and_bench_in_seat_order() {
    let mut game = set_up_with_three_rejects_each();
    // One card per action; the reject is seen by the others only as "a card".
    let reject: Action = "reject 3C".parse().unwrap();
    assert_eq!(
        game.observe(reject, S1).to_string(),
        "seat 0 rejected a card"
    );
    assert_eq!(game.observe(reject, S0).to_string(), "reject 3C");
    play(&mut game, &["reject 3C", "reject JC", "reject 3D"]);
    let view = game.view(S1);
    assert_eq!(view.sides[0].rejects, None);
    assert_eq!(view.sides[0].rejects_len, 3);
    assert_eq!(view.sides[0].hand_len, 6);
    assert!(game.boneyard().is_empty() && game.bench().is_empty());
    assert_eq!(game.to_act(), Some(S1));
    play(&mut game, &["reject KC", "reject 4C", "reject QC"]);
    // Seat 0's Agents first, then seat 1's in canonical order (Q before K): KC on top.
    assert_eq!(bench(&game), ["JC", "QC", "KC"]);
    assert_eq!(list(game.boneyard()), ["3C", "3D", "4C"]);
    assert_eq!(game.to_act(), Some(S0));
    assert_eq!(*game.phase(), Phase::Main);
    assert_eq!(hand(&game, 0), ["5S", "6S", "7S", "JS", "QS", "KS"]);
}

/// §27, HJ78: the last reject of the set-up turns every reject face up at once, so every seat
/// sees which card it was (the observation tells all the action shows: the trait's contract,
/// checked by the kit's `observations_match_views`, which found two last rejects observed alike
/// leave different views); the rejects before it stay masked.
#[test]
fn hj78_the_last_reject_is_seen_by_everyone() {
    let mut game = set_up_with_three_rejects_each();
    play(
        &mut game,
        &["reject 3C", "reject JC", "reject 3D", "reject KC"],
    );
    let masked: Action = "reject 4C".parse().unwrap();
    assert_eq!(
        game.observe(masked, S0).to_string(),
        "seat 1 rejected a card"
    );
    play(&mut game, &["reject 4C"]);
    let last: Action = "reject QC".parse().unwrap();
    let other: Action = "reject 7H".parse().unwrap();
    for seat in 0..3 {
        assert_eq!(game.observe(last, Seat(seat)).to_string(), "reject QC");
        assert_ne!(
            game.observe(last, Seat(seat)),
            game.observe(other, Seat(seat))
        );
    }
    play(&mut game, &["reject QC"]);
    assert_eq!(bench(&game), ["JC", "QC", "KC"]);
}

#[test]
fn hj78_a_seat_rejects_only_cards_it_was_dealt() {
    let options = Options::players(2);
    let deck = stacked(
        &options,
        &[
            (&["KS", "QS", "JS", "5S", "6S", "7S"], &R0),
            (&["KH", "QH", "JH", "5H", "6H", "7H"], &R1),
        ],
        &[],
    );
    let mut game = HighJinks::new(
        Options {
            deck: Some(deck),
            ..options
        },
        0,
    )
    .unwrap();
    refuse(&mut game, "reject KH");
    refuse(&mut game, "end turn");
    assert_eq!(legal(&game).len(), 9);
}

// ----- §3, §27, HJ14, HJ15: turns -----

#[test]
fn hj14_every_seat_skips_its_first_draw_and_only_the_dealer_may_fight_on_its_first_turn() {
    let mut game = two(
        ["KS", "QS", "JS", "5S", "6S", "7S"],
        ["KH", "QH", "JH", "5H", "6H", "7H"],
        &["10C", "10D", "10H", "10S"],
    );
    play(&mut game, &["summon KS", "decline"]);
    assert_eq!(hand(&game, 0).len(), 5);
    assert!(
        !legal(&game).contains(&"combat".to_string()),
        "seat 0 is not the dealer"
    );
    refuse(&mut game, "combat");
    act(&mut game, "end turn");
    // The dealer (seat 1) does not draw either, but may go to combat.
    assert_eq!(game.turn_seat(), S1);
    assert_eq!(hand(&game, 1).len(), 6);
    play(&mut game, &["summon KH", "decline"]);
    assert!(legal(&game).contains(&"combat".to_string()));
    act(&mut game, "end turn");
    // Seat 0's second turn starts with a draw of 2.
    assert_eq!(game.turn_seat(), S0);
    assert_eq!(hand(&game, 0), ["5S", "6S", "7S", "10C", "10D", "JS", "QS"]);
}

#[test]
fn hj15_combat_is_offered_only_with_an_untapped_agent_and_ending_it_ends_the_turn() {
    let mut game = two(
        ["KS", "QS", "JS", "5S", "6S", "7S"],
        ["KH", "QH", "JH", "5H", "6H", "7H"],
        &[],
    );
    act(&mut game, "end turn");
    // Seat 1 (dealer) has no Agent yet: no combat.
    assert!(!legal(&game).contains(&"combat".to_string()));
    play(&mut game, &["special KH"]);
    assert!(
        !legal(&game).contains(&"combat".to_string()),
        "a special summon enters tapped"
    );
    play(&mut game, &["summon QH", "decline", "combat"]);
    assert_eq!(legal(&game), ["attack a1 p0", "end combat"]);
    act(&mut game, "end combat");
    assert_eq!(game.turn_seat(), S0);
    assert_eq!(*game.phase(), Phase::Main);
    // No return to the Main Phase once in combat.
    refuse(&mut game, "end combat");
}

#[test]
fn hj92_a_main_phase_with_nothing_to_do_on_public_information_ends_by_itself() {
    let game = two(
        ["KS", "QS", "JS", "5S", "6S", "7S"],
        ["KH", "QH", "JH", "5H", "6H", "7H"],
        &[],
    );
    // A hand of cards that cannot be played is still asked (the hand is hidden).
    let state = edit(&game, |s| {
        s["sides"][0]["hand"] = serde_json::json!(["2S", "AS"]);
        for c in ["5S", "6S", "7S", "JS", "QS", "KS"] {
            s["boneyard"]
                .as_array_mut()
                .unwrap()
                .push(serde_json::json!(c));
        }
        // Agents cannot lie in the Boneyard: put them back in the Deck instead.
        let boneyard: Vec<serde_json::Value> = s["boneyard"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| !["JS", "QS", "KS"].contains(&c.as_str().unwrap()))
            .cloned()
            .collect();
        s["boneyard"] = serde_json::json!(boneyard);
        for c in ["JS", "QS", "KS"] {
            s["deck"]
                .as_array_mut()
                .unwrap()
                .insert(0, serde_json::json!(c));
        }
        // 2S and AS came from the Deck.
        let deck: Vec<serde_json::Value> = s["deck"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| *c != "2S" && *c != "AS")
            .cloned()
            .collect();
        s["deck"] = serde_json::json!(deck);
    });
    // Asked although only *End turn* is legal: the reason is in the hidden hand (HJ17).
    assert_eq!(legal(&state), ["end turn"]);
    assert_eq!(state.turn_seat(), S0);
    // With only Aces in hand (never set, never paying), no Agent on its first turn and Mana
    // that makes no pair, straight or spell, nothing is left to decide on public information:
    // the turn ends by itself as the last card is set.
    let mut game = two(
        ["3S", "5S", "8S", "10S", "AS", "AC"],
        ["KH", "QH", "JH", "5H", "6H", "7H"],
        &[],
    );
    play(&mut game, &["set 3S", "set 5S", "set 8S"]);
    assert_eq!(game.turn_seat(), S0);
    act(&mut game, "set 10S");
    assert_eq!(game.turn_seat(), S1);
}

// ----- §2, §5, §6, HJ9, HJ19–HJ24: summons and Mana -----

#[test]
fn hj9_agents_and_mana_go_to_the_lowest_free_zone() {
    let mut game = two(
        ["KS", "QS", "JS", "5S", "6S", "7S"],
        ["KH", "QH", "JH", "5H", "6H", "7H"],
        &[],
    );
    play(
        &mut game,
        &[
            "summon KS",
            "decline",
            "special QS",
            "retire a0",
            "summon JS",
            "decline",
        ],
    );
    assert_eq!(agent_card(&game, S0, 0).as_deref(), Some("JS"));
    assert_eq!(agent_card(&game, S0, 1).as_deref(), Some("QS"));
    play(&mut game, &["set 7S", "set 5S"]);
    let mana = game.mana(S0);
    assert_eq!(mana[0].map(|m| m.card), Some(card("7S")));
    assert_eq!(mana[1].map(|m| m.card), Some(card("5S")));
    assert!(mana[0].is_some_and(|m| !m.face_up && !m.tapped));
}

#[test]
fn s5_hj20_one_free_normal_summon_and_one_more_for_each_retire() {
    let mut game = two(
        ["KS", "QS", "JS", "5S", "6S", "7S"],
        ["KH", "QH", "JH", "5H", "6H", "7H"],
        &[],
    );
    assert_eq!(game.summons_left(), 1);
    play(&mut game, &["summon KS", "decline"]);
    assert_eq!(game.summons_left(), 0);
    refuse(&mut game, "summon QS");
    assert!(!legal(&game).iter().any(|a| a.starts_with("summon")));
    // Retiring sends the Agent to the top of the Bench and earns a normal summon.
    act(&mut game, "retire a0");
    assert_eq!(bench(&game), ["KS"]);
    assert_eq!(game.summons_left(), 1);
    play(&mut game, &["summon QS", "decline"]);
    assert_eq!(agent_card(&game, S0, 0).as_deref(), Some("QS"));
}

#[test]
fn hj20_a_retired_agent_loses_its_scars_and_triggers_no_suit_ability() {
    let mut game = two(
        ["KH", "QS", "JS", "5S", "6S", "7S"],
        ["KC", "QH", "JH", "5H", "6H", "7H"],
        &[],
    );
    play(&mut game, &["summon KH", "decline"]);
    let mut game = edit(&game, |s| set_scars(s, 0, 0, 4));
    let hand_before = hand(&game, 0).len();
    act(&mut game, "retire a0");
    // No Abundance: the Heart was retired, not defeated.
    assert_eq!(hand(&game, 0).len(), hand_before);
    assert_eq!(bench(&game), ["KH"]);
}

#[test]
fn hj21_special_summons_enter_tapped_need_no_summon_and_untap_at_the_end_phase() {
    let mut game = two(
        ["KS", "QS", "JS", "5S", "6S", "7S"],
        ["KH", "QH", "JH", "5H", "6H", "7H"],
        &[],
    );
    play(&mut game, &["special KS", "special QS"]);
    assert_eq!(game.summons_left(), 1);
    assert!(game.agents(S0)[0].is_some_and(|a| a.tapped));
    assert!(game.agents(S0)[1].is_some_and(|a| a.tapped));
    // No draw choice after a special summon.
    assert_eq!(*game.phase(), Phase::Main);
    act(&mut game, "end turn");
    assert!(game.agents(S0).iter().flatten().all(|a| !a.tapped));
    // They may block on later turns.
    play(
        &mut game,
        &["summon KH", "decline", "combat", "attack a0 p0"],
    );
    assert_eq!(legal(&game), ["block a0", "block a1", "no block"]);
}

#[test]
fn hj19_hj22_a_normal_summon_offers_a_draw_or_decline_and_may_attack_at_once() {
    let mut game = two(
        ["KS", "QS", "JS", "5S", "6S", "7S"],
        ["KH", "QH", "JH", "5H", "6H", "7H"],
        &["10C"],
    );
    act(&mut game, "summon KS");
    assert!(matches!(game.phase(), Phase::Summoned { .. }));
    // Draw, the King's Fortune on each card of the Boneyard (the rejects), or decline.
    assert_eq!(
        legal(&game),
        [
            "draw",
            "fortune 3C",
            "fortune 3D",
            "fortune 3H",
            "fortune 4C",
            "fortune 4D",
            "fortune 4H",
            "decline"
        ]
    );
    refuse(&mut game, "set 5S");
    act(&mut game, "draw");
    assert!(hand(&game, 0).contains(&"10C".to_string()));
    act(&mut game, "end turn");
    // The dealer's normally summoned Agent attacks on the turn it is summoned.
    play(
        &mut game,
        &["summon KH", "decline", "combat", "attack a0 p0"],
    );
    assert!(matches!(game.phase(), Phase::Block(_)));
}

#[test]
fn s6_hj24_hj7_deuces_aces_and_agents_are_never_set() {
    let mut game = two(
        ["KS", "2S", "AS", "5S", "6S", "10S"],
        ["KH", "QH", "JH", "5H", "6H", "7H"],
        &[],
    );
    refuse(&mut game, "set 2S");
    refuse(&mut game, "set AS");
    refuse(&mut game, "set KS");
    let sets: Vec<String> = legal(&game)
        .into_iter()
        .filter(|a| a.starts_with("set"))
        .collect();
    assert_eq!(sets, ["set 5S", "set 6S", "set 10S"]);
}

#[test]
fn hj23_two_copies_of_an_identity_may_each_be_summoned_in_a_turn() {
    // Two copies of an identity: each may be summoned in the same turn.
    let options = Options::players(3);
    let mut game = table(
        options,
        &[
            (&["KS", "KS", "JS", "5S", "6S", "7S"], &R0),
            (&["KH", "QH", "JH", "5H", "6H", "7H"], &R1),
            (&["KD", "QD", "JD", "5D", "6D", "7D"], &R2),
        ],
        &[],
    );
    play(&mut game, &["summon KS", "decline", "special KS"]);
    assert_eq!(agent_card(&game, S0, 1).as_deref(), Some("KS"));
}

// ----- §7, §8, HJ4, HJ25–HJ27: combat -----

#[test]
fn s7_s8_hj27_an_attack_with_no_possible_blocker_deals_the_deck_top_as_a_face_up_counter() {
    let mut game = two(
        ["KS", "QS", "JS", "5S", "6S", "7S"],
        ["KH", "QH", "JH", "5H", "6H", "7H"],
        &["10C"],
    );
    play(
        &mut game,
        &["end turn", "summon KH", "decline", "combat", "attack a0 p0"],
    );
    // Seat 0 has no Agent: no block decision; the counter is dealt at once.
    assert_eq!(counters(&game, S0), ["10C"]);
    assert!(game.counters(S0)[0].face_up);
    // An unblocked attacker gains no scar.
    assert_eq!(scars(&game, S1, 0), Some(0));
    // The only attacker is tapped: combat ends and so does the turn.
    assert_eq!(game.turn_seat(), S0);
    assert_eq!(game.score(S0), 5);
}

#[test]
fn hj4_hj27_the_attacked_seat_may_block_or_not_and_blocking_does_not_tap() {
    let mut game = two(
        ["KS", "QS", "JS", "5S", "6S", "7S"],
        ["KH", "QH", "JH", "5H", "6H", "7H"],
        &["10C"],
    );
    play(
        &mut game,
        &[
            "summon KS",
            "decline",
            "end turn",
            "summon KH",
            "decline",
            "special QH",
            "combat",
        ],
    );
    act(&mut game, "attack a0 p0");
    assert_eq!(game.to_act(), Some(S0));
    assert_eq!(legal(&game), ["block a0", "no block"]);
    act(&mut game, "no block");
    assert_eq!(counters(&game, S0), ["10C"]);
    assert!(game.agents(S0)[0].is_some_and(|a| !a.tapped));
}

#[test]
fn hj26_an_attack_names_any_opponent_and_only_that_seat_blocks() {
    let mut game = table(
        Options::players(3),
        &[
            (&["KS", "QS", "JS", "5S", "6S", "7S"], &R0),
            (&["KH", "QH", "JH", "5H", "6H", "7H"], &R1),
            (&["KD", "QD", "JD", "5D", "6D", "7D"], &R2),
        ],
        &[],
    );
    play(
        &mut game,
        &[
            "summon KS",
            "decline",
            "end turn",
            "summon KH",
            "decline",
            "end turn",
        ],
    );
    play(&mut game, &["summon KD", "decline", "combat"]);
    assert_eq!(legal(&game), ["attack a0 p0", "attack a0 p1", "end combat"]);
    act(&mut game, "attack a0 p1");
    assert_eq!(game.to_act(), Some(S1));
    refuse(&mut game, "attack a0 p2");
}

// ----- §9–§13, HJ30–HJ33: duels -----

#[test]
fn s9_hj30_the_attacker_empowers_first_and_two_passes_in_a_row_end_the_duel() {
    let mut game = duel(
        ["KS", "5S", "6S", "7S", "5C", "6C"],
        ["QH", "5H", "6H", "7H", "5D", "6D"],
        &[],
    );
    assert_eq!(game.to_act(), Some(S1));
    act(&mut game, "pass");
    assert!(
        matches!(game.phase(), Phase::Duel(_)),
        "a first pass does not end a duel"
    );
    assert_eq!(game.to_act(), Some(S0));
    act(&mut game, "empower 5S");
    assert_eq!(
        game.to_act(),
        Some(S0),
        "a duel turn goes on until its seat passes"
    );
    act(&mut game, "pass");
    assert_eq!(game.to_act(), Some(S1));
    act(&mut game, "empower 6H");
    act(&mut game, "pass");
    assert_eq!(game.to_act(), Some(S0));
    act(&mut game, "pass");
    // Attacker 6 + 1 (suit) = 7 beats 5 + 1 = 6: the King is defeated.
    assert!(game.agents(S0)[0].is_none());
    assert_eq!(scars(&game, S1, 0), Some(1));
}

#[test]
fn s9_thirteen_rule_refuses_an_empowerment_past_13_and_s13_deuces_go_beyond() {
    let mut game = duel(
        ["KS", "5S", "6S", "7S", "5C", "6C"],
        ["QH", "10H", "5H", "2H", "2D", "6D"],
        &[],
    );
    act(&mut game, "empower 10H");
    refuse(&mut game, "empower 5H");
    let listed = legal(&game);
    assert!(!listed.contains(&"empower 5H".to_string()));
    assert!(!listed.contains(&"empower 6D".to_string()));
    assert!(listed.contains(&"empower 2H".to_string()));
    play(&mut game, &["empower 2H", "empower 2D"]);
    let Phase::Duel(d) = *game.phase() else {
        panic!("a duel")
    };
    assert_eq!(d.sides[0].counted, 10);
    assert_eq!(d.sides[0].mana, 14);
    // 10♥ and 2♥ each gave a Suit Bonus.
    assert_eq!(d.sides[0].suit_bonus, 2);
}

#[test]
fn s10_hj35_each_card_of_the_agents_suit_gives_a_bonus_outside_the_13_rule() {
    let mut game = duel(
        ["KS", "5S", "6S", "7S", "5C", "6C"],
        ["QH", "8H", "5H", "2H", "2D", "6D"],
        &[],
    );
    play(&mut game, &["empower 8H", "empower 5H", "pass"]);
    let Phase::Duel(d) = *game.phase() else {
        panic!("a duel")
    };
    assert_eq!((d.sides[0].counted, d.sides[0].suit_bonus), (13, 2));
    // Seat 0: 7 + 6 = 13 with two Suit Bonuses: 15 against 15, and the King beats the Queen.
    play(&mut game, &["empower 7S", "empower 6S", "pass", "pass"]);
    assert!(game.agents(S1)[0].is_none());
    assert_eq!(scars(&game, S0, 0), Some(1));
}

#[test]
fn s11_tiebreakers_kings_beat_queens_queens_beat_jacks_jacks_beat_kings() {
    for (blocker, attacker, blocker_wins) in [
        ("KS", "QH", true),
        ("QS", "JH", true),
        ("JS", "KH", true),
        ("QS", "KH", false),
        ("JS", "QH", false),
        ("KS", "JH", false),
    ] {
        let mut game = duel(
            [blocker, "5S", "6S", "7S", "5C", "6C"],
            [attacker, "5H", "6H", "7H", "5D", "6D"],
            &[],
        );
        play(&mut game, &["pass", "pass"]);
        assert_eq!(
            game.agents(S0)[0].is_some(),
            blocker_wins,
            "{blocker} blocks {attacker}"
        );
        assert_eq!(
            game.agents(S1)[0].is_some(),
            !blocker_wins,
            "{blocker} blocks {attacker}"
        );
    }
}

#[test]
fn s11_a_tie_of_one_type_or_with_a_joker_defeats_neither_and_both_gain_a_scar() {
    for (blocker, attacker) in [("QS", "QH"), ("JK", "KH"), ("KS", "JK")] {
        let mut game = duel(
            [blocker, "5S", "6S", "7S", "5C", "6C"],
            [attacker, "5H", "6H", "7H", "5D", "6D"],
            &[],
        );
        play(&mut game, &["pass", "pass"]);
        assert_eq!(scars(&game, S0, 0), Some(1), "{blocker} blocks {attacker}");
        assert_eq!(scars(&game, S1, 0), Some(1), "{blocker} blocks {attacker}");
    }
}

#[test]
fn hj17_a_duel_turn_is_asked_even_when_only_pass_is_legal() {
    let mut game = duel(
        ["KS", "JS", "QS", "AC", "JC", "QC"],
        ["QH", "5H", "6H", "7H", "5D", "6D"],
        &[],
    );
    act(&mut game, "pass");
    assert_eq!(game.to_act(), Some(S0));
    assert_eq!(legal(&game), ["pass"]);
}

#[test]
fn hj31_field_mana_taps_and_turns_face_up_hand_mana_goes_to_the_boneyard() {
    let mut game = two(
        ["KS", "5S", "6S", "7S", "5C", "6C"],
        ["QH", "5H", "6H", "7H", "5D", "6D"],
        &[],
    );
    play(
        &mut game,
        &[
            "summon KS",
            "decline",
            "set 7S",
            "end turn",
            "summon QH",
            "decline",
            "combat",
            "attack a0 p0",
            "block a0",
            "pass",
        ],
    );
    assert!(legal(&game).contains(&"empower m0".to_string()));
    act(&mut game, "empower m0");
    let m = game.mana(S0)[0].unwrap();
    assert!(m.face_up && m.tapped);
    refuse(&mut game, "empower m0");
    act(&mut game, "empower 5C");
    assert!(game.boneyard().contains(card("5C")));
    play(&mut game, &["pass", "pass"]);
    // HJ34: every tapped card untaps at the End Phase, the defender's too.
    assert_eq!(game.turn_seat(), S0);
    let m = game.mana(S0)[0].unwrap();
    assert!(m.face_up && !m.tapped);
}

#[test]
fn hj33_power_adds_mana_suit_guild_and_glory_of_the_scars_held_before_the_duel() {
    let game = duel(
        ["KS", "5S", "6S", "7S", "5C", "6C"],
        ["QH", "5H", "6H", "7H", "5D", "6D"],
        &[],
    );
    // The Queen holds 2 scars: +1 Glory; with 6♦ (no bonus) her Power is 7.
    let mut game = edit(&game, |s| {
        s["sides"][1]["agents"][0]["scars"] = serde_json::json!(2);
        s["phase"]["Duel"]["scars"] = serde_json::json!([2, 0]);
    });
    play(
        &mut game,
        &["empower 6D", "pass", "empower 6C", "pass", "pass"],
    );
    // 7 against 6: the King is defeated; the Queen now has 3 scars.
    assert!(game.agents(S0)[0].is_none());
    assert_eq!(scars(&game, S1, 0), Some(3));
}

#[test]
fn s17_the_guild_bonus_counts_in_a_duel() {
    let mut game = two(
        ["KS", "QD", "JC", "5S", "6S", "7S"],
        ["QH", "5H", "6H", "7H", "5D", "6D"],
        &[],
    );
    play(
        &mut game,
        &[
            "summon KS",
            "decline",
            "special QD",
            "special JC",
            "end turn",
            "summon QH",
            "decline",
            "combat",
            "attack a0 p0",
            "block a0",
        ],
    );
    // 6♥ + 1 = 7 for the Queen; 5♠ + 1 + Guild 1 = 7 for the King, who wins the tie.
    play(
        &mut game,
        &["empower 6H", "pass", "empower 5S", "pass", "pass"],
    );
    assert!(game.agents(S1)[0].is_none());
}

// ----- §16, HJ43–HJ46: Aces -----

#[test]
fn s16_hj45_hj46_an_ace_chain_alternates_and_the_last_ace_names_the_defeated_agent() {
    let mut game = duel(
        ["KS", "AH", "AC", "7S", "5C", "6C"],
        ["QH", "AS", "6H", "7H", "5D", "6D"],
        &[],
    );
    // An Ace of either dueling Agent's suit: the attacker's A♠ names the King.
    assert!(legal(&game).contains(&"ace AS".to_string()));
    act(&mut game, "ace AS");
    assert_eq!(game.to_act(), Some(S0));
    // Retaliation: only an Ace of a dueling Agent's suit (♠ or ♥), or decline.
    assert_eq!(legal(&game), ["retaliate AH", "decline"]);
    refuse(&mut game, "retaliate AC");
    refuse(&mut game, "pass");
    act(&mut game, "retaliate AH");
    assert_eq!(game.to_act(), Some(S1));
    assert_eq!(
        legal(&game),
        ["decline"],
        "hj17: the Ace window is asked even with no Ace"
    );
    act(&mut game, "decline");
    // The Queen is defeated regardless of Power; both Aces are in the Void.
    assert!(game.agents(S1)[0].is_none());
    assert_eq!(list(game.void()), ["AH", "AS"]);
    // HJ46: the survivor gains its scar.
    assert_eq!(scars(&game, S0, 0), Some(1));
}

#[test]
fn hj44_an_ace_must_match_a_dueling_agents_suit() {
    let mut game = duel(
        ["KS", "AD", "7C", "7S", "5C", "6C"],
        ["QH", "AC", "6H", "7H", "5D", "6D"],
        &[],
    );
    refuse(&mut game, "ace AC");
    assert!(!legal(&game).iter().any(|a| a.starts_with("ace")));
}

#[test]
fn hj43_aces_are_not_played_outside_duels() {
    let mut game = two(
        ["KS", "AS", "7S", "5S", "5C", "6C"],
        ["QH", "AH", "6H", "7H", "5D", "6D"],
        &[],
    );
    refuse(&mut game, "ace AS");
    refuse(&mut game, "empower 5S");
}

// ----- §19, HJ52–HJ57: suit abilities -----

#[test]
fn hj55_abundance_returns_the_bottom_of_the_bench_or_the_heart_itself() {
    // The Queen of Hearts is defeated (the King wins the tie); the Bench was empty.
    let mut game = duel(
        ["KS", "5S", "6S", "7S", "5C", "6C"],
        ["QH", "5H", "6H", "7H", "5D", "6D"],
        &[],
    );
    play(&mut game, &["pass", "pass"]);
    assert!(game.bench().is_empty());
    assert!(hand(&game, 1).contains(&"QH".to_string()));
    // HJ85: every seat knows the Queen is in seat 1's hand.
    assert!(game.view(S0).sides[1].known.contains(card("QH")));
}

#[test]
fn s19_abundance_recruits_the_bottom_card_of_the_bench() {
    let mut game = duo(
        [
            (&["KS", "5S", "6S", "7S", "5C", "6C"], &["JC", "3C", "3D"]),
            (&["QH", "5H", "6H", "7H", "5D", "6D"], &["KC", "4C", "4D"]),
        ],
        &[],
    );
    assert_eq!(bench(&game), ["JC", "KC"]);
    play(
        &mut game,
        &[
            "summon KS",
            "decline",
            "end turn",
            "summon QH",
            "decline",
            "combat",
            "attack a0 p0",
            "block a0",
            "pass",
            "pass",
        ],
    );
    assert!(hand(&game, 1).contains(&"JC".to_string()));
    assert_eq!(bench(&game), ["KC", "QH"]);
}

#[test]
fn s19_hj56_wealth_draws_then_discards_the_deck_top() {
    // The Jack of Clubs beats the King of Diamonds on the tie.
    let mut game = duel(
        ["KD", "5S", "6S", "7S", "5C", "6C"],
        ["JC", "5H", "6H", "7H", "5D", "6D"],
        &["10S", "QS"],
    );
    let before = hand(&game, 0).len();
    play(&mut game, &["pass", "pass"]);
    // Seat 0 drew 10♠; Q♠ was discarded to the Bench, on top of the King.
    assert_eq!(hand(&game, 0).len(), before + 1);
    assert!(hand(&game, 0).contains(&"10S".to_string()));
    assert_eq!(bench(&game), ["KD", "QS"]);
    // Then Valor (the Club won): a decision of the victor's controller.
    assert!(matches!(game.phase(), Phase::Valor(_)));
    assert_eq!(game.to_act(), Some(S1));
}

#[test]
fn s19_hj54_valor_draws_salvages_or_declines() {
    let mut game = duel(
        ["KD", "5S", "6S", "7S", "5C", "6C"],
        ["JC", "5H", "6H", "7H", "5D", "6D"],
        &["10S", "QS", "9S"],
    );
    play(&mut game, &["empower 5H", "pass", "pass"]);
    // JC (5) beats KD (0).
    let listed = legal(&game);
    assert_eq!(listed[0], "draw");
    assert!(listed.contains(&"salvage 5H".to_string()));
    assert_eq!(listed.last().map(String::as_str), Some("decline"));
    act(&mut game, "salvage 5H");
    assert!(hand(&game, 1).contains(&"5H".to_string()));
    assert!(game.view(S0).sides[1].known.contains(card("5H")));
    assert_eq!(scars(&game, S1, 0), Some(1));
}

#[test]
fn s19_hj57_ruin_an_attacking_spade_that_defeats_deals_a_counter() {
    let mut game = duel(
        ["QH", "5S", "6S", "7S", "5C", "6C"],
        ["KS", "5H", "6H", "7H", "5D", "6D"],
        &["10C"],
    );
    play(&mut game, &["pass", "pass"]);
    // The Queen of Hearts is defeated (Abundance: back to hand); Ruin deals seat 0 a counter.
    assert_eq!(counters(&game, S0), ["10C"]);
    assert_eq!(scars(&game, S1, 0), Some(1));
}

#[test]
fn hj57_a_defending_spade_has_no_ruin() {
    let mut game = duel(
        ["KS", "5S", "6S", "7S", "5C", "6C"],
        ["QH", "5H", "6H", "7H", "5D", "6D"],
        &["10C"],
    );
    play(&mut game, &["pass", "pass"]);
    assert!(game.counters(S1).is_empty());
}

#[test]
fn s19_hj52_kinship_agents_of_one_suit_trigger_no_ability_of_that_suit() {
    let mut game = duel(
        ["QS", "5S", "6S", "7S", "5C", "6C"],
        ["KS", "5H", "6H", "7H", "5D", "6D"],
        &["10C"],
    );
    play(&mut game, &["pass", "pass"]);
    assert!(game.agents(S0)[0].is_none());
    assert!(game.counters(S0).is_empty(), "no Ruin between two Spades");
}

#[test]
fn hj53_the_defeated_agents_ability_resolves_before_the_victors() {
    // K♦ defeated by J♣: Wealth (draw 10♠, discard Q♠) before Valor's draw (9♠).
    let mut game = duel(
        ["KD", "5S", "6S", "7S", "5C", "6C"],
        ["JC", "5H", "6H", "7H", "5D", "6D"],
        &["10S", "QS", "9S"],
    );
    play(&mut game, &["pass", "pass", "draw"]);
    assert!(hand(&game, 0).contains(&"10S".to_string()));
    assert!(hand(&game, 1).contains(&"9S".to_string()));
}

// ----- §20, HJ58: Jokers -----

#[test]
fn s20_hj58_a_joker_takes_the_suit_of_its_first_mana_and_later_cards_of_it_give_bonuses() {
    let mut game = duel(
        ["KS", "5S", "6S", "7S", "5C", "6C"],
        ["JK", "5H", "6H", "7H", "5D", "AH"],
        &[],
    );
    act(&mut game, "empower 5H");
    let Phase::Duel(d) = *game.phase() else {
        panic!("a duel")
    };
    assert_eq!(d.sides[0].joker_suit, Some(cards::Suit::Hearts));
    assert_eq!(
        d.sides[0].suit_bonus, 0,
        "the first card gives the suit, not a bonus"
    );
    act(&mut game, "empower 6H");
    let Phase::Duel(d) = *game.phase() else {
        panic!("a duel")
    };
    assert_eq!(d.sides[0].suit_bonus, 1);
    // HJ44: the acquired suit qualifies the Ace of Hearts.
    assert!(legal(&game).contains(&"ace AH".to_string()));
}

// ----- §25, HJ70–HJ73: Battle Scars -----

#[test]
fn s25_hj71_a_juggernaut_has_valor_and_ruin_and_counts_as_clubs_and_spades_for_kinship() {
    let game = duel(
        ["KS", "5S", "6S", "7S", "5C", "6C"],
        ["QH", "5H", "6H", "7H", "5D", "6D"],
        &["10C"],
    );
    // The attacking Queen of Hearts holds 3 scars when the duel begins.
    let mut game = edit(&game, |s| {
        s["sides"][1]["agents"][0]["scars"] = serde_json::json!(3);
        s["phase"]["Duel"]["scars"] = serde_json::json!([3, 0]);
    });
    play(&mut game, &["empower 6H", "pass", "pass"]);
    // Glory 1 + 6 + 1 beats 0: Valor (a decision), then Ruin — but the King is a Spade:
    // Kinship cancels Ruin; Valor stays.
    assert!(matches!(game.phase(), Phase::Valor(_)));
    act(&mut game, "decline");
    assert!(game.counters(S0).is_empty());
    assert_eq!(scars(&game, S1, 0), Some(4));
}

#[test]
fn s25_hj71_a_juggernauts_ruin_deals_a_counter() {
    let game = duel(
        ["KH", "5S", "6S", "7S", "5C", "6C"],
        ["QD", "5H", "6H", "7H", "5D", "6D"],
        &["10C", "9C"],
    );
    let mut game = edit(&game, |s| {
        s["sides"][1]["agents"][0]["scars"] = serde_json::json!(3);
        s["phase"]["Duel"]["scars"] = serde_json::json!([3, 0]);
    });
    play(&mut game, &["empower 5D", "pass", "pass"]);
    // K♥ defeated: Abundance (itself back to hand). Then Valor, then Ruin.
    act(&mut game, "decline");
    assert_eq!(counters(&game, S0), ["10C"]);
}

#[test]
fn hj73_the_seventh_scar_wins_the_game() {
    let game = duel(
        ["KS", "5S", "6S", "7S", "5C", "6C"],
        ["QH", "5H", "6H", "7H", "5D", "6D"],
        &[],
    );
    let mut game = edit(&game, |s| {
        s["sides"][0]["agents"][0]["scars"] = serde_json::json!(6);
        s["phase"]["Duel"]["scars"] = serde_json::json!([0, 6]);
    });
    // The King (Glory 3) beats the Queen; as a Juggernaut it has Valor, decided first.
    play(&mut game, &["pass", "pass", "decline"]);
    // Then its 7th scar wins.
    assert!(game.is_over());
    assert_eq!(game.winners(), [S0].into_iter().collect());
    assert_eq!(game.score(S1), 0);
}

#[test]
fn hj73_g5_both_agents_reaching_seven_scars_share_the_win() {
    let game = duel(
        ["QS", "5S", "6S", "7S", "5C", "6C"],
        ["QH", "5H", "6H", "7H", "5D", "6D"],
        &[],
    );
    let mut game = edit(&game, |s| {
        s["sides"][0]["agents"][0]["scars"] = serde_json::json!(6);
        s["sides"][1]["agents"][0]["scars"] = serde_json::json!(6);
        s["phase"]["Duel"]["scars"] = serde_json::json!([6, 6]);
    });
    play(&mut game, &["pass", "pass"]);
    assert!(game.is_over());
    assert_eq!(game.winners(), [S0, S1].into_iter().collect());
}

// ----- §8, §26, HJ28, HJ29, HJ74–HJ77, HJ94, HJ95: losing -----

/// Three players: seat 2 (the dealer) attacks seat 1, which holds five counters and no Agent.
fn three_with_five_counters(next_counter: &str) -> HighJinks {
    let game = table(
        Options::players(3),
        &[
            (&["KS", "QS", "JS", "5S", "6S", "7S"], &R0),
            (&["KH", "QH", "JH", "5H", "6H", "7H"], &R1),
            (&["KD", "QD", "JD", "5D", "6D", "7D"], &R2),
        ],
        &[],
    );
    let mut game = edit(&game, |s| {
        give_counters(s, 1, 5);
        to_deck_top(s, next_counter);
    });
    play(
        &mut game,
        &[
            "end turn",
            "special KH",
            "set 7H",
            "end turn",
            "summon KD",
            "decline",
            "combat",
        ],
    );
    game
}

#[test]
fn s26_hj74_hj94_an_eliminated_seats_hand_goes_to_the_attacker_field_to_the_piles_counters_to_the_void(
) {
    let mut game = three_with_five_counters("10C");
    let counters_before = counters(&game, S1);
    let hand_before = hand(&game, 2).len();
    let loser_hand = hand(&game, 1);
    play(&mut game, &["attack a0 p1", "no block"]);
    // Its sixth counter eliminates seat 1.
    assert!(game.is_eliminated(S1));
    assert_eq!(hand(&game, 2).len(), hand_before + loser_hand.len());
    assert!(hand(&game, 1).is_empty());
    assert_eq!(bench(&game).last().map(String::as_str), Some("KH"));
    assert!(game.boneyard().contains(card("7H")));
    for c in counters_before.iter().chain(["10C".to_string()].iter()) {
        assert!(game.void().contains(card(c)), "{c} in the Void");
    }
    assert!(!game.is_over());
    // HJ77: the receiver knows what it received; the others know only what was known.
    assert!(game.view(S0).sides[2].known.is_empty());
    // HJ37: seat 1 takes no more turns (seat 2's combat ended with its only attacker tapped).
    assert_eq!(game.turn_seat(), S0);
    act(&mut game, "end turn");
    assert_eq!(game.turn_seat(), S2);
}

#[test]
fn s26_hj76_an_ace_as_sixth_counter_goes_to_the_hand_redemption() {
    let mut game = three_with_five_counters("AC");
    play(&mut game, &["attack a0 p1", "no block"]);
    assert!(!game.is_eliminated(S1));
    assert_eq!(game.counters(S1).len(), 5);
    assert!(hand(&game, 1).contains(&"AC".to_string()));
    assert!(game.view(S0).sides[1].known.contains(card("AC")));
}

#[test]
fn hj29_hj95_the_last_losers_hand_is_discarded_and_the_last_seat_wins() {
    let game = two(
        ["KS", "QS", "JS", "5S", "6S", "7S"],
        ["KH", "QH", "JH", "5H", "6H", "7H"],
        &[],
    );
    let mut game = edit(&game, |s| {
        give_counters(s, 0, 5);
        to_deck_top(s, "10C");
    });
    play(
        &mut game,
        &["end turn", "summon KH", "decline", "combat", "attack a0 p0"],
    );
    assert!(game.is_over());
    assert_eq!(game.winners(), [S1].into_iter().collect());
    assert!(
        game.boneyard().contains(card("5S")),
        "the loser's hand is discarded"
    );
    assert!(game.bench().contains(&card("KS")));
    assert_eq!(hand(&game, 1).len(), 5);
    assert_eq!(game.score(S0), 0);
    assert_eq!(game.score(S1), 6);
}

#[test]
fn s24_hj69_a_face_up_mana_counter_empowers_and_flips_face_down_still_counting() {
    let game = duel(
        ["KS", "5S", "6S", "7S", "5C", "6C"],
        ["QH", "5H", "6H", "7H", "5D", "6D"],
        &[],
    );
    let mut game = edit(&game, |s| {
        to_deck_top(s, "9H");
        give_counters(s, 1, 1);
        to_deck_top(s, "AD");
        give_counters(s, 1, 1);
    });
    let listed = legal(&game);
    assert!(listed.contains(&"empower dc 9H".to_string()));
    assert!(
        !listed.contains(&"empower dc AD".to_string()),
        "Ace counters are never used"
    );
    act(&mut game, "empower dc 9H");
    assert!(!game.counters(S1)[0].face_up);
    assert_eq!(game.counters(S1).len(), 2);
    refuse(&mut game, "empower dc 9H");
}

// ----- §28, HJ80–HJ82, HJ89, HJ90: decking out -----

/// Moves all but `keep` cards of the Deck to the Void.
fn thin_deck(s: &mut serde_json::Value, keep: usize) {
    let deck = s["deck"].as_array_mut().unwrap();
    let moved: Vec<serde_json::Value> = deck.drain(..deck.len() - keep).collect();
    let void = s["void"].as_array_mut().unwrap();
    void.extend(moved);
}

#[test]
fn s28_hj80_the_deck_is_rebuilt_from_void_and_bench_as_soon_as_it_empties() {
    let game = two(
        ["KS", "QS", "JS", "5S", "6S", "7S"],
        ["KH", "QH", "JH", "5H", "6H", "7H"],
        &["10C"],
    );
    let mut game = edit(&game, |s| thin_deck(s, 1));
    let void_and_bench = game.void().len() + game.bench().len();
    play(&mut game, &["summon KS", "draw"]);
    // The Deck's last card was drawn: the Void and the Bench make the new Deck.
    assert_eq!(game.deck().count(), void_and_bench);
    assert!(game.void().is_empty() && game.bench().is_empty());
    assert!(hand(&game, 0).contains(&"10C".to_string()));
}

#[test]
fn hj82_hj90_later_shuffles_follow_the_stacked_orders_and_a_misfit_is_flagged() {
    let base = two(
        ["KS", "QS", "JS", "5S", "6S", "7S"],
        ["KH", "QH", "JH", "5H", "6H", "7H"],
        &["10C"],
    );
    let thinned = edit(&base, |s| thin_deck(s, 1));
    // The rebuilt Deck holds the Void's cards: stack them in reverse canonical order.
    let mut rebuilt: Vec<Card> = thinned.void().iter().collect();
    rebuilt.reverse();
    let with_order = |order: Vec<Card>| {
        edit(&thinned, |s| {
            s["options"]["shuffles"] = serde_json::json!([order]);
        })
    };
    let mut game = with_order(rebuilt.clone());
    play(&mut game, &["summon KS", "draw"]);
    assert_eq!(game.deck().collect::<Vec<_>>(), rebuilt);
    assert!(!game.stack_diverged());
    let mut game = with_order(rebuilt[1..].to_vec());
    play(&mut game, &["summon KS", "draw"]);
    assert!(game.stack_diverged());
    assert_eq!(game.deck().count(), rebuilt.len());
}

#[test]
fn hj81_with_deck_void_and_bench_empty_there_is_nothing_to_draw() {
    let game = two(
        ["KS", "QS", "JS", "5S", "6S", "7S"],
        ["KH", "QH", "JH", "5H", "6H", "7H"],
        &[],
    );
    let mut game = edit(&game, |s| {
        let deck: Vec<serde_json::Value> = s["deck"].as_array_mut().unwrap().drain(..).collect();
        for c in deck {
            let text = c.as_str().unwrap().to_string();
            let parsed: Card = text.parse().unwrap();
            if parsed.kind() == highjinks::Kind::Agent {
                s["sides"][1]["hand"].as_array_mut().unwrap().push(c);
            } else {
                s["boneyard"].as_array_mut().unwrap().push(c);
            }
        }
    });
    // No draw is offered after a summon, only Fortune on the Boneyard's cards, or decline.
    act(&mut game, "summon KS");
    assert!(!legal(&game).contains(&"draw".to_string()));
    assert!(legal(&game).contains(&"fortune 5C".to_string()));
    act(&mut game, "decline");
    assert_eq!(*game.phase(), Phase::Main);
    act(&mut game, "end turn");
    play(
        &mut game,
        &[
            "summon KH",
            "decline",
            "combat",
            "attack a0 p0",
            "block a0",
            "pass",
            "pass",
        ],
    );
    // The King of Hearts and the King of Spades tie: neither is defeated; no counter anywhere.
    assert!(game.counters(S0).is_empty());
}

// ----- §29, HJ5, HJ83, HJ93: playing under time -----

#[test]
fn s29_hj83_the_clock_input_deals_a_counter_to_any_seat_at_any_time_in_a_timed_game() {
    let untimed = two(
        ["KS", "QS", "JS", "5S", "6S", "7S"],
        ["KH", "QH", "JH", "5H", "6H", "7H"],
        &["10C"],
    );
    let mut game = untimed.clone();
    refuse(&mut game, "clock p1");
    let mut game = edit(&untimed, |s| {
        s["options"]["timed"] = serde_json::json!(true)
    });
    // A host input, not a seat's decision (HJ5): never listed, taken at any time.
    assert!(!legal(&game).iter().any(|a| a.starts_with("clock")));
    act(&mut game, "clock p1");
    assert_eq!(counters(&game, S1), ["10C"]);
    assert_eq!(game.to_act(), Some(S0), "the seat to act is unchanged");
}

#[test]
fn hj93_no_clock_during_set_up() {
    let mut game = HighJinks::new(
        Options {
            timed: true,
            ..Options::players(2)
        },
        3,
    )
    .unwrap();
    assert!(!legal(&game).iter().any(|a| a.starts_with("clock")));
    refuse(&mut game, "clock p0");
}

#[test]
fn hj29_hj75_hj93_a_seat_lost_on_time_discards_its_hand_and_its_turn_ends() {
    let game = table(
        Options {
            timed: true,
            ..Options::players(3)
        },
        &[
            (&["KS", "QS", "JS", "5S", "6S", "7S"], &R0),
            (&["KH", "QH", "JH", "5H", "6H", "7H"], &R1),
            (&["KD", "QD", "JD", "5D", "6D", "7D"], &R2),
        ],
        &[],
    );
    let mut game = edit(&game, |s| give_counters(s, 0, 5));
    act(&mut game, "clock p0");
    assert!(game.is_eliminated(S0));
    assert!(
        game.boneyard().contains(card("5S")),
        "the hand is discarded, not given"
    );
    assert_eq!(game.turn_seat(), S1, "the next seat's turn begins");
    assert_eq!(*game.phase(), Phase::Main);
}

#[test]
fn hj93_a_duel_stops_when_a_dueling_seat_loses_on_time() {
    let game = duel(
        ["KS", "5S", "6S", "7S", "5C", "6C"],
        ["QH", "5H", "6H", "7H", "5D", "6D"],
        &[],
    );
    let mut game = edit(&game, |s| {
        s["options"]["timed"] = serde_json::json!(true);
        give_counters(s, 0, 5);
    });
    let options = game.options().clone();
    assert!(options.timed);
    let mut three = game.clone();
    act(&mut three, "clock p0");
    // Two players: the game is over, the other seat wins.
    assert!(three.is_over());
    assert_eq!(three.winners(), [S1].into_iter().collect());
    let _ = &mut game;
}

// ----- §12, HJ18, HJ36–HJ38: bounds and turn order -----

#[test]
fn hj18_hj99_the_main_phase_bound_leaves_only_combat_or_end_turn() {
    let mut game = table(
        Options {
            max_main_actions: 2,
            ..Options::players(2)
        },
        &[
            (&["KS", "QS", "JS", "5S", "6S", "7S"], &R0),
            (&["KH", "QH", "JH", "5H", "6H", "7H"], &R1),
        ],
        &[],
    );
    // Seat 0 cannot fight on its first turn: with its two actions taken, only *End turn*
    // is left, which public information settles (HJ92).
    play(&mut game, &["set 5S", "set 6S"]);
    assert_eq!(game.turn_seat(), S1);
    play(&mut game, &["summon KH", "decline", "set 5H"]);
    assert_eq!(legal(&game), ["combat", "end turn"]);
    refuse(&mut game, "set 7H");
}

#[test]
fn hj38_at_the_turn_bound_the_fewest_counters_win() {
    let game = table(
        Options {
            max_turns: 2,
            ..Options::players(2)
        },
        &[
            (&["KS", "QS", "JS", "5S", "6S", "7S"], &R0),
            (&["KH", "QH", "JH", "5H", "6H", "7H"], &R1),
        ],
        &[],
    );
    let mut game = edit(&game, |s| give_counters(s, 0, 1));
    play(&mut game, &["end turn"]);
    assert!(!game.is_over());
    act(&mut game, "end turn");
    assert!(game.is_over());
    assert_eq!(game.winners(), [S1].into_iter().collect());
}

#[test]
fn hj37_turns_pass_clockwise_by_seat_number() {
    let mut game = table(
        Options::players(4),
        &[
            (&["KS", "QS", "JS", "5S", "6S", "7S"], &R0),
            (&["KH", "QH", "JH", "5H", "6H", "7H"], &R1),
            (&["KD", "QD", "JD", "5D", "6D", "7D"], &R2),
            (&["KC", "QC", "JC", "5C", "6C", "7C"], &R3),
        ],
        &[],
    );
    let mut order = Vec::new();
    for _ in 0..5 {
        order.push(game.turn_seat().0);
        act(&mut game, "end turn");
    }
    assert_eq!(order, [0, 1, 2, 3, 0]);
    let _ = S2;
}

// ----- §30, HJ84, HJ85, HJ88: what each seat sees -----

#[test]
fn hj84_a_view_shows_the_own_hand_and_face_down_mana_only() {
    let mut game = two(
        ["KS", "QS", "JS", "5S", "6S", "7S"],
        ["KH", "QH", "JH", "5H", "6H", "7H"],
        &[],
    );
    act(&mut game, "set 5S");
    let mine = game.view(S0);
    let theirs = game.view(S1);
    assert_eq!(mine.sides[0].mana[0].and_then(|m| m.card), Some(card("5S")));
    assert_eq!(theirs.sides[0].mana[0].and_then(|m| m.card), None);
    assert!(mine.sides[0].hand.is_some());
    assert_eq!(theirs.sides[0].hand, None);
    assert_eq!(theirs.sides[0].hand_len, 5);
    let set: Action = "set 6S".parse().unwrap();
    assert_eq!(
        game.observe(set, S1).to_string(),
        "seat 0 set a Mana card face down"
    );
}

#[test]
fn hj88_a_known_card_stays_known_through_a_face_down_set_until_revealed() {
    let mut game = duel(
        ["KD", "5S", "6S", "7S", "5C", "6C"],
        ["JC", "5H", "6H", "7H", "5D", "6D"],
        &[],
    );
    play(&mut game, &["empower 5H", "pass", "pass", "salvage 5H"]);
    assert!(game.view(S0).sides[1].known.contains(card("5H")));
    // Seat 1 sets a card face down on a later turn: 5♥ is still "known" to seat 0.
    act(&mut game, "end turn");
    while game.turn_seat() != S1 {
        act(&mut game, "end turn");
    }
    act(&mut game, "set 5H");
    assert!(game.view(S0).sides[1].known.contains(card("5H")));
}

/// Every card of the Deck moved out of reach: Agents to seat 1's hand, the rest to the
/// Boneyard (neither is ever shuffled back).
fn empty_deck(s: &mut serde_json::Value) {
    let deck: Vec<serde_json::Value> = s["deck"].as_array_mut().unwrap().drain(..).collect();
    for c in deck {
        let parsed: Card = c.as_str().unwrap().parse().unwrap();
        if parsed.kind() == highjinks::Kind::Agent {
            s["sides"][1]["hand"].as_array_mut().unwrap().push(c);
        } else {
            s["boneyard"].as_array_mut().unwrap().push(c);
        }
    }
}

#[test]
fn hj81_hj93_a_clock_input_with_no_card_to_deal_is_refused() {
    let game = two(
        ["KS", "QS", "JS", "5S", "6S", "7S"],
        ["KH", "QH", "JH", "5H", "6H", "7H"],
        &[],
    );
    let mut game = edit(&game, |s| {
        s["options"]["timed"] = serde_json::json!(true);
        empty_deck(s);
    });
    refuse(&mut game, "clock p1");
}

#[test]
fn hj82_a_rebuild_with_nothing_to_shuffle_uses_no_stacked_order() {
    let game = two(
        ["KS", "QS", "JS", "5S", "6S", "7S"],
        ["KH", "QH", "JH", "5H", "6H", "7H"],
        &["10C"],
    );
    // The Deck holds only 10♣; the Void and the Bench are empty.
    let mut game = edit(&game, |s| {
        let top = pop_deck(s);
        empty_deck(s);
        s["deck"].as_array_mut().unwrap().push(top);
        s["options"]["shuffles"] = serde_json::json!([["10C"]]);
    });
    assert_eq!(game.deck().count(), 1);
    play(&mut game, &["summon KS", "draw"]);
    assert_eq!(game.deck().count(), 0);
    assert_eq!(game.view(S0).shuffles_used, 0);
    assert!(!game.stack_diverged());
}

#[test]
fn hj98_valor_offers_a_draw_only_while_a_card_can_be_had() {
    let game = duel(
        ["KD", "5S", "6S", "7S", "5C", "6C"],
        ["JC", "5H", "6H", "7H", "5D", "6D"],
        &[],
    );
    let mut game = edit(&game, empty_deck);
    play(&mut game, &["pass", "pass"]);
    // Wealth took the defeated King itself (the Bench rebuilt the Deck): nothing is drawable.
    assert!(hand(&game, 0).contains(&"KD".to_string()));
    let listed = legal(&game);
    assert!(!listed.contains(&"draw".to_string()));
    assert_eq!(listed.last().map(String::as_str), Some("decline"));
    assert!(listed.iter().any(|a| a.starts_with("salvage")));
}

#[test]
fn s24_of_two_identical_face_up_counters_the_older_is_flipped() {
    let mut game = table(
        Options::players(3),
        &[
            (&["KS", "5S", "6S", "7S", "5C", "6C"], &R0),
            (&["KH", "QS", "JH", "5D", "6H", "7H"], &R1),
            (&["QH", "QD", "JD", "6D", "7D", "9D"], &R2),
        ],
        &[],
    );
    play(
        &mut game,
        &[
            "summon KS",
            "decline",
            "end turn",
            "end turn",
            "summon QH",
            "decline",
            "combat",
            "attack a0 p0",
            "block a0",
        ],
    );
    let mut game = edit(&game, |s| {
        to_deck_top(s, "5H");
        give_counters(s, 2, 1);
        to_deck_top(s, "5H");
        give_counters(s, 2, 1);
    });
    // One option for the two copies (HJ8), and the first counter is the one flipped.
    assert_eq!(
        legal(&game)
            .iter()
            .filter(|a| *a == "empower dc 5H")
            .count(),
        1
    );
    act(&mut game, "empower dc 5H");
    let faces: Vec<bool> = game.counters(S2).iter().map(|c| c.face_up).collect();
    assert_eq!(faces, [false, true]);
    act(&mut game, "empower dc 5H");
    assert!(game.counters(S2).iter().all(|c| !c.face_up));
}

#[test]
fn s19_hj80_a_wealth_discard_of_the_decks_last_card_rebuilds_the_deck_first() {
    let game = duel(
        ["KD", "5S", "6S", "7S", "5C", "6C"],
        ["JC", "5H", "6H", "7H", "5D", "6D"],
        &["10S", "QS"],
    );
    // The Deck is 10♠ then Q♠; the Void is empty.
    let mut game = edit(&game, |s| {
        let top = pop_deck(s);
        let second = pop_deck(s);
        empty_deck(s);
        let deck = s["deck"].as_array_mut().unwrap();
        deck.push(second);
        deck.push(top);
    });
    play(&mut game, &["pass", "pass"]);
    // Wealth: seat 0 draws 10♠; taking Q♠ empties the Deck, which is rebuilt at once from the
    // Bench (the defeated K♦); then Q♠ is discarded to the new, empty Bench.
    assert!(hand(&game, 0).contains(&"10S".to_string()));
    assert_eq!(game.deck().collect::<Vec<_>>(), [card("KD")]);
    assert_eq!(bench(&game), ["QS"]);
}

// ----- HJ23 with part 2's recruiting -----

#[test]
fn hj23_a_card_summoned_retired_and_recruited_is_not_summoned_again_this_turn() {
    let mut game = two(
        ["QS", "QH", "5S", "6S", "7S", "8S"],
        ["KH", "JH", "5H", "6H", "7H", "9H"],
        &[],
    );
    play(
        &mut game,
        &["summon QS", "decline", "retire a0", "summon QH", "lust QS"],
    );
    assert!(hand(&game, 0).contains(&"QS".to_string()));
    let listed = legal(&game);
    assert!(
        !listed.iter().any(|a| a == "special QS" || a == "summon QS"),
        "{listed:?}"
    );
    refuse(&mut game, "special QS");
    // The mark lasts for the turn only.
    act(&mut game, "end turn");
    act(&mut game, "end turn");
    assert!(legal(&game).contains(&"special QS".to_string()));
}

#[test]
fn hj93_an_interception_whose_target_is_eliminated_by_the_clock_lapses() {
    let game = table(
        Options {
            timed: true,
            ..Options::players(3)
        },
        &[
            (&["7C", "KS", "QS", "5S", "6S", "8S"], &R0),
            (&["KH", "QH", "JH", "5H", "6H", "9H"], &R1),
            (&["KD", "QD", "JD", "5D", "6D", "9D"], &R2),
        ],
        &[],
    );
    let mut game = edit(&game, |s| give_counters(s, 1, 5));
    play(&mut game, &["intercept 7C", "target p1"]);
    act(&mut game, "clock p1");
    assert!(game.is_eliminated(Seat(1)));
    assert_eq!(*game.phase(), Phase::Main);
    // The saved game reloads: nothing is left pending on the eliminated seat.
    let text = serde_json::to_string(&game).unwrap();
    let _: HighJinks = serde_json::from_str(&text).unwrap();
}
