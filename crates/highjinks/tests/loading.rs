//! Loading refuses inconsistent states with a typed reason, and reloads every state it saved.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod composite;

use cards::Game;

use common::*;
use highjinks::HighJinks;
use serde_json::{json, Value};

fn position() -> HighJinks {
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
        ],
    );
    game
}

fn refused(game: &HighJinks, f: impl FnOnce(&mut Value)) -> String {
    let mut state = serde_json::to_value(game).unwrap();
    f(&mut state);
    match serde_json::from_value::<HighJinks>(state) {
        Ok(_) => panic!("the edited state was accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_saved_state_reloads_as_it_was() {
    let game = position();
    let text = serde_json::to_string(&game).unwrap();
    let back: HighJinks = serde_json::from_str(&text).unwrap();
    assert_eq!(back, game);
}

#[test]
fn a_card_created_or_lost_is_refused() {
    let why = refused(&position(), |s| {
        s["deck"].as_array_mut().unwrap().pop();
    });
    assert!(why.contains("cards created or lost"), "{why}");
    let why = refused(&position(), |s| {
        s["boneyard"].as_array_mut().unwrap().push(json!("5S"));
    });
    assert!(why.contains("cards created or lost"), "{why}");
}

#[test]
fn cards_where_the_rules_never_put_them_are_refused() {
    let why = refused(&position(), |s| {
        // An Agent in a Mana zone, swapped with the King on the field.
        s["sides"][0]["mana"][0]["card"] = json!("KS");
        s["sides"][0]["agents"][0]["card"] = json!("7S");
    });
    assert!(why.contains("Agent"), "{why}");
    let why = refused(&position(), |s| {
        // An Agent into the Boneyard, taken from the Deck.
        let deck = s["deck"].as_array_mut().unwrap();
        let at = deck.iter().position(|c| c == "JD").unwrap();
        let c = deck.remove(at);
        s["boneyard"].as_array_mut().unwrap().push(c);
    });
    assert!(why.contains("Boneyard"), "{why}");
}

#[test]
fn six_counters_are_refused_they_eliminate() {
    let why = refused(&position(), |s| give_counters(s, 1, 6));
    assert!(why.contains("six Damage Counters"), "{why}");
}

#[test]
fn known_cards_must_be_in_the_hand_or_face_down() {
    let why = refused(&position(), |s| {
        s["sides"][1]["known"] = json!(["AS"]);
    });
    assert!(why.contains("known"), "{why}");
}

#[test]
fn a_duel_naming_an_empty_or_impossible_zone_is_refused() {
    let why = refused(&position(), |s| {
        s["phase"]["Duel"]["blocker"] = json!(2);
    });
    assert!(why.contains("blocking Agent"), "{why}");
    let why = refused(&position(), |s| {
        s["phase"]["Duel"]["blocker"] = json!(200);
    });
    assert!(why.contains("blocking Agent"), "{why}");
    let why = refused(&position(), |s| {
        s["phase"]["Duel"]["turn"] = json!(2);
    });
    assert!(why.contains("two sides"), "{why}");
}

#[test]
fn empowerments_that_do_not_add_up_are_refused() {
    let mut game = position();
    act(&mut game, "empower 5H");
    let why = refused(&game, |s| {
        s["phase"]["Duel"]["sides"][0]["mana"] = json!(40);
    });
    assert!(why.contains("add up"), "{why}");
}

#[test]
fn plies_and_turns_beyond_the_bounds_are_refused() {
    let why = refused(&position(), |s| s["plies"] = json!(u64::MAX));
    assert!(why.contains("plies"), "{why}");
    let why = refused(&position(), |s| s["turns"] = json!(500));
    assert!(why.contains("turn bound"), "{why}");
}

#[test]
fn a_turn_seat_out_of_the_game_or_off_the_table_is_refused() {
    let why = refused(&position(), |s| s["turn_seat"] = json!(7));
    assert!(why.contains("not at the table"), "{why}");
}

#[test]
fn regression_a_game_won_on_the_seventh_scar_reloads() {
    // Found by fuzzing: the winning Agent keeps its 7 scars in the finished game.
    let game = position();
    let mut game = edit(&game, |s| {
        s["sides"][0]["agents"][0]["scars"] = json!(6);
        s["phase"]["Duel"]["scars"] = json!([0, 6]);
    });
    play(&mut game, &["pass", "pass", "decline"]);
    assert!(game.is_over());
    let text = serde_json::to_string(&game).unwrap();
    let back: HighJinks = serde_json::from_str(&text).unwrap();
    assert_eq!(back, game);
    // Before the end, 7 scars cannot be.
    let why = refused(&position(), |s| {
        s["sides"][0]["agents"][0]["scars"] = json!(7)
    });
    assert!(why.contains("7 scars"), "{why}");
}

#[test]
fn regression_winners_during_set_up_are_refused() {
    // Found by fuzzing: a set-up state with winners loaded, and its later saves did not.
    let game = HighJinks::new(highjinks::Options::players(2), 1).unwrap();
    let why = refused(&game, |s| s["winners"] = json!(1));
    assert!(why.contains("winners before the end"), "{why}");
}

#[test]
fn deck_knowers_beyond_the_seats_and_spectators_are_refused() {
    let why = refused(&position(), |s| s["deck_knowers"] = json!(255));
    assert!(why.contains("knowers"), "{why}");
}

#[test]
fn regression_knowledge_of_a_hand_during_set_up_is_refused() {
    // Found by fuzzing: an evoked suit known at set-up outlived the card rejected from the hand.
    let start = highjinks::HighJinks::new(highjinks::Options::players(3), 1).unwrap();
    // A suit the hand holds, so that the hand alone does not refute the knowledge.
    let held = start.hand(cards::Seat(2)).find_map(|c| c.suit()).unwrap();
    let mut suits = [0u8; 4];
    suits[held.index()] = 1;
    let why = refused(&start, |s| s["sides"][2]["suits"] = json!(suits));
    assert!(why.contains("nothing is known"), "{why}");
    // An identity the hand does not hold.
    let absent = (0..53u64)
        .find(|&i| !start.hand(cards::Seat(0)).any(|c| c.index() as u64 == i))
        .unwrap();
    let why = refused(&start, |s| s["sides"][0]["lacks"] = json!(1u64 << absent));
    assert!(why.contains("nothing is known"), "{why}");
}

#[test]
fn cards_drawn_from_a_deck_group_that_are_not_in_the_hand_are_refused() {
    let game = position();
    // No group: nothing can have been drawn from one.
    let why = refused(&game, |s| s["sides"][0]["drawn"] = json!(["5C"]));
    assert!(why.contains("nobody knows"), "{why}");
    // A group, and a drawn card the hand does not hold.
    let why = refused(&game, |s| {
        s["group_knowers"] = json!(31);
        s["sides"][1]["drawn"] = json!(["KS"]);
    });
    assert!(why.contains("not in the hand"), "{why}");
    let why = refused(&game, |s| s["group_knowers"] = json!(64));
    assert!(why.contains("knowers"), "{why}");
}

/// HJ88: a known copy lies in the hand or a face-down zone its places allow; its places name
/// face-down zones only. Seat 0 set 7♠ face down in zone 0.
#[test]
fn known_cards_must_be_where_their_places_allow() {
    let game = position();
    assert!(game.mana(cards::Seat(0))[0].is_some_and(|m| !m.face_up && m.card == card("7S")));
    // Known, but only in the hand: it is face down.
    let why = refused(&game, |s| s["sides"][0]["known"] = json!(["7S"]));
    assert!(why.contains("where it can be"), "{why}");
    // Known, and may lie in zone 0: accepted.
    let mut state = serde_json::to_value(&game).unwrap();
    state["sides"][0]["known"] = json!(["7S"]);
    state["sides"][0]["known_at"] = json!([["7S", 1, 0]]);
    let loaded: HighJinks = serde_json::from_value(state.clone()).unwrap();
    assert_eq!(
        loaded.view(cards::Seat(1)).sides[0]
            .known_at
            .zones(card("7S"), 0),
        1
    );
    // Places naming zone 1, which is empty, are refused.
    state["sides"][0]["known_at"] = json!([["7S", 3, 0]]);
    let why = serde_json::from_value::<HighJinks>(state.clone())
        .err()
        .unwrap()
        .to_string();
    assert!(why.contains("where it can be"), "{why}");
    // Places of a card that cannot lie face down are refused.
    state["sides"][0]["known_at"] = json!([["AS", 1, 0]]);
    let why = serde_json::from_value::<HighJinks>(state.clone())
        .err()
        .unwrap()
        .to_string();
    assert!(why.contains("cannot lie face down"), "{why}");
    // A state saved before the places were kept: any face-down zone.
    state["sides"][0]
        .as_object_mut()
        .unwrap()
        .remove("known_at");
    let loaded: HighJinks = serde_json::from_value(state).unwrap();
    assert_eq!(
        loaded.view(cards::Seat(1)).sides[0]
            .known_at
            .zones(card("7S"), 0),
        1
    );
}

/// HJ42, HJ88: what an Interception's proof showed is the caster's own knowledge: a seat is
/// never shown its own hand, and what it knows is there. A proof saved the older way (cards
/// beyond what all know) is read into it.
#[test]
fn a_proof_is_the_casters_own_knowledge_and_holds() {
    let game = position();
    let why = refused(&game, |s| s["sides"][0]["seers"] = json!(1));
    assert!(why.contains("own hand"), "{why}");
    let why = refused(&game, |s| s["sides"][0]["seers"] = json!(4));
    assert!(why.contains("beyond the table"), "{why}");
    let why = refused(&game, |s| {
        s["sides"][0]["seers"] = json!(2);
        s["sides"][0]["seen"][1] = json!(["KH"]);
    });
    assert!(why.contains("saw in a hand"), "{why}");
    let mut state = serde_json::to_value(&game).unwrap();
    state["sides"][0]["proof"] = json!([[], ["5S"], [], []]);
    let loaded: HighJinks = serde_json::from_value(state).unwrap();
    assert_eq!(list(&loaded.view(cards::Seat(1)).sides[0].known), ["5S"]);
    assert!(loaded.view(cards::Seat(1)).sides[0]
        .known
        .contains(card("5S")));
    let resaved = serde_json::to_value(&loaded).unwrap();
    assert!(resaved["sides"][0].get("proof").is_none());
    assert_eq!(resaved["sides"][0]["seers"], json!(2));
}

/// HJ66, HJ88: the places of evoked cards name face-down zones only, and no more cards than
/// were evoked. Seat 0 set 7♠ face down in zone 0.
#[test]
fn evoked_cards_must_be_placed_in_face_down_zones() {
    let mut state = serde_json::to_value(position()).unwrap();
    state["sides"][0]["suits"] = json!([0, 0, 0, 1]);
    state["sides"][0]["suits_at"] = json!([[3, 1, 1]]);
    let loaded: HighJinks = serde_json::from_value(state.clone()).unwrap();
    let view = loaded.view(cards::Seat(1));
    assert_eq!(
        view.sides[0].suits_at.of_suit(3).collect::<Vec<_>>(),
        [(1, 1)]
    );
    for (places, why) in [
        (json!([[3, 2, 1]]), "where they cannot be"),
        (json!([[3, 1, 2]]), "where they cannot be"),
        (json!([[4, 1, 1]]), "suit 4"),
    ] {
        let mut edited = state.clone();
        edited["sides"][0]["suits_at"] = places;
        let refused = serde_json::from_value::<HighJinks>(edited)
            .err()
            .unwrap()
            .to_string();
        assert!(refused.contains(why), "{refused}");
    }
    // Saved before the places were kept: any face-down zone.
    state["sides"][0]
        .as_object_mut()
        .unwrap()
        .remove("suits_at");
    let loaded: HighJinks = serde_json::from_value(state).unwrap();
    let view = loaded.view(cards::Seat(1));
    assert_eq!(
        view.sides[0].suits_at.of_suit(3).collect::<Vec<_>>(),
        [(1, 1)]
    );
}

/// HJ80, HJ88: the places of cards drawn from the Deck group name face-down zones only, and no
/// more cards than were drawn. Seat 0 set 7♠ face down in zone 0 and holds 5♠.
#[test]
fn cards_drawn_from_a_group_must_be_placed_in_face_down_zones() {
    let mut state = serde_json::to_value(position()).unwrap();
    state["group_knowers"] = json!(31);
    state["sides"][0]["drawn"] = json!(["5S"]);
    state["sides"][0]["drawn_at"] = json!([[1, 1]]);
    let loaded: HighJinks = serde_json::from_value(state.clone()).unwrap();
    let view = loaded.view(cards::Seat(1));
    assert_eq!(view.group_drawn_at[0].pairs().collect::<Vec<_>>(), [(1, 1)]);
    for places in [json!([[2, 1]]), json!([[1, 2]]), json!([[0, 1]])] {
        let mut edited = state.clone();
        edited["sides"][0]["drawn_at"] = places;
        let refused = serde_json::from_value::<HighJinks>(edited)
            .err()
            .unwrap()
            .to_string();
        assert!(refused.contains("Deck group placed"), "{refused}");
    }
    // Saved before the places were kept: any face-down zone.
    state["sides"][0]
        .as_object_mut()
        .unwrap()
        .remove("drawn_at");
    let loaded: HighJinks = serde_json::from_value(state).unwrap();
    let view = loaded.view(cards::Seat(1));
    assert_eq!(view.group_drawn_at[0].pairs().collect::<Vec<_>>(), [(1, 1)]);
}

/// HJ66, HJ88: the evoked cards must be placeable jointly with the known cards, each where its
/// places allow. Seat 0 set 7♠ face down in zone 0 and holds 5♠ and 6♠: with both known, one
/// evoked spade said to be in the hand has no card to be (it could only be the 7♠ face down).
/// Accepting it let the engine, once the 7♠ was revealed, keep the evoked spade and save a
/// state it then refused to load.
#[test]
fn regression_evoked_cards_must_be_held_where_their_places_allow() {
    let mut state = serde_json::to_value(position()).unwrap();
    state["sides"][0]["known"] = json!(["5S", "6S"]);
    state["sides"][0]["suits"] = json!([0, 0, 0, 1]);
    state["sides"][0]["suits_at"] = json!([]);
    let why = serde_json::from_value::<HighJinks>(state.clone())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(why.contains("evoked"), "accepted, or refused for: {why}");
    // The evoked spade may be the one face down in zone 0: a state play can reach.
    state["sides"][0]["suits_at"] = json!([[3, 1, 1]]);
    let loaded: HighJinks = serde_json::from_value(state.clone()).unwrap();
    assert_eq!(serde_json::to_value(&loaded).unwrap(), state);
    cards::fuzzing::deserialize_bytes::<HighJinks>(&serde_json::to_vec(&state).unwrap());
}

/// HJ80, HJ88: the cards drawn from the Deck group must be placeable with the known ones, each
/// where its places allow. Seat 0 holds no 7♠ but has it face down in zone 0: a drawn 7♠ said
/// to be in the hand is refused; said to be possibly in zone 0, it loads. (Two decks would let
/// the engine, once the 7♠ was revealed, keep it as drawn and save a state it then refused.)
#[test]
fn regression_drawn_cards_must_be_held_where_their_places_allow() {
    let mut state = serde_json::to_value(position()).unwrap();
    state["group_knowers"] = json!(31);
    state["sides"][0]["drawn"] = json!(["7S"]);
    state["sides"][0]["drawn_at"] = json!([]);
    let why = serde_json::from_value::<HighJinks>(state.clone())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        why.contains("drawn from the Deck group"),
        "accepted, or refused for: {why}"
    );
    // Known as well, the 7♠ would be two copies where the seat holds one.
    let mut twice = state.clone();
    twice["sides"][0]["drawn_at"] = json!([[1, 1]]);
    twice["sides"][0]["known"] = json!(["7S"]);
    twice["sides"][0]["known_at"] = json!([["7S", 1, 0]]);
    assert!(serde_json::from_value::<HighJinks>(twice).is_err());
    state["sides"][0]["drawn_at"] = json!([[1, 1]]);
    let loaded: HighJinks = serde_json::from_value(state.clone()).unwrap();
    assert_eq!(serde_json::to_value(&loaded).unwrap(), state);
    cards::fuzzing::deserialize_bytes::<HighJinks>(&serde_json::to_vec(&state).unwrap());
}
