//! An independent reading of the High Jinks rules (part 1): one test per rule point, written
//! from the rulebook and the project's rulings alone, against the public interface, without
//! reading the engine, as a cross-check of `rules.rs`. It found one disagreement, settled in
//! its favour: the host's clock input is not listed among a seat's legal actions
//! (`hj5_the_clock_is_a_host_input_and_not_among_a_seats_legal_actions`).

#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::collections::BTreeSet;

use cards::{Game, Seat};
use highjinks::{Action, Card, HighJinks, Options, Phase};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

#[track_caller]
fn card(s: &str) -> Card {
    s.parse()
        .unwrap_or_else(|e| panic!("bad card {s:?}: {e:?}"))
}

fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace().map(card).collect()
}

/// Every card of a game: `decks` standard decks and `jokers` Jokers.
fn full_set(decks: u8, jokers: u8) -> Vec<Card> {
    let ranks = [
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
    ];
    let suits = ["C", "D", "H", "S"];
    let mut out = Vec::new();
    for _ in 0..decks {
        for r in ranks {
            for s in suits {
                out.push(card(&format!("{r}{s}")));
            }
        }
    }
    for _ in 0..jokers {
        out.push(card("JK"));
    }
    out
}

/// A game on a stacked Deck. `deals[s]` is seat s's 9 dealt cards written `"r1 r2 r3 | k1 .. k6"`
/// (the three rejects first); `next` are the Deck's next cards after the deal, top first; the
/// rest of the game's cards follow in a fixed order.
#[track_caller]
fn stacked(mut opts: Options, deals: &[&str], next: &str) -> HighJinks {
    let n = opts.players;
    assert_eq!(deals.len(), n, "one deal per seat");
    let decks = opts.decks.unwrap_or(if n == 2 { 1 } else { 2 });
    let jokers = opts.jokers.unwrap_or(if n == 2 { 2 } else { 4 });
    let mut rest = full_set(decks, jokers);
    let hands: Vec<Vec<Card>> = deals.iter().map(|d| cards(&d.replace('|', " "))).collect();
    for h in &hands {
        assert_eq!(h.len(), 9, "9 cards per deal");
    }
    let mut deck = Vec::new();
    for r in 0..9 {
        for h in &hands {
            deck.push(h[r]);
        }
    }
    deck.extend(cards(next));
    for c in &deck {
        let i = rest
            .iter()
            .position(|x| x == c)
            .unwrap_or_else(|| panic!("card {c} used more often than the game has it"));
        rest.remove(i);
    }
    deck.extend(rest);
    opts.deck = Some(deck);
    HighJinks::new(opts, 7).unwrap_or_else(|e| panic!("options refused: {e}"))
}

/// `stacked`, then every seat's three rejects in seat order: the game is at seat 0's first Main
/// Phase.
#[track_caller]
fn setup(opts: Options, deals: &[&str], next: &str) -> HighJinks {
    let mut g = stacked(opts, deals, next);
    reject_all(&mut g, deals);
    g
}

/// Plays every seat's three rejects (the cards before `|`), in seat order.
#[track_caller]
fn reject_all(g: &mut HighJinks, deals: &[&str]) {
    for d in deals {
        let rejects = d.split('|').next().unwrap_or("");
        for r in rejects.split_whitespace() {
            act(g, &format!("reject {r}"));
        }
    }
    assert!(
        matches!(g.phase(), Phase::Main),
        "set-up over: {:?}",
        g.phase()
    );
}

fn two() -> Options {
    Options::players(2)
}

fn timed(players: usize) -> Options {
    Options {
        timed: true,
        ..Options::players(players)
    }
}

#[track_caller]
fn parse(s: &str) -> Action {
    s.parse()
        .unwrap_or_else(|e| panic!("bad action {s:?}: {e:?}"))
}

#[track_caller]
fn act(g: &mut HighJinks, s: &str) {
    let a = parse(s);
    if let Err(e) = g.apply(a) {
        panic!(
            "`{s}` refused: {e}; to act {:?}, phase {:?}, legal {:?}",
            g.to_act(),
            g.phase(),
            legal(g)
        );
    }
}

#[track_caller]
fn acts(g: &mut HighJinks, list: &[&str]) {
    for s in list {
        act(g, s);
    }
}

/// The legal actions of the seat to act, as text, host clock inputs left out.
fn legal(g: &HighJinks) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v.iter()
        .map(|a| a.to_string())
        .filter(|s| !s.starts_with("clock"))
        .collect()
}

fn legal_set(g: &HighJinks) -> BTreeSet<String> {
    legal(g).into_iter().collect()
}

/// A set of actions as the engine writes them.
fn set_of(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| parse(s).to_string()).collect()
}

fn is_legal(g: &HighJinks, s: &str) -> bool {
    legal(g).contains(&parse(s).to_string())
}

/// The action is refused and the state is left exactly as it was (G4).
#[track_caller]
fn refused(g: &mut HighJinks, s: &str) {
    let before = serde_json::to_string(&*g).expect("state serialises");
    let a = parse(s);
    assert!(g.apply(a).is_err(), "`{s}` should be refused");
    let after = serde_json::to_string(&*g).expect("state serialises");
    assert_eq!(before, after, "a refused `{s}` changed the state");
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn names<'a>(it: impl IntoIterator<Item = &'a Card>) -> Vec<String> {
    it.into_iter().map(|c| c.to_string()).collect()
}

/// Same multiset of cards.
#[track_caller]
fn assert_cards(actual: Vec<Card>, expected: &str) {
    let a = sorted(names(&actual));
    let e = sorted(names(&cards(expected)));
    assert_eq!(a, e);
}

fn hand(g: &HighJinks, s: u8) -> Vec<Card> {
    g.hand(Seat(s)).collect()
}

fn has_in_hand(g: &HighJinks, s: u8, c: &str) -> bool {
    g.hand(Seat(s)).filter(|x| *x == card(c)).count() > 0
}

fn hand_count(g: &HighJinks, s: u8, c: &str) -> usize {
    g.hand(Seat(s)).filter(|x| *x == card(c)).count()
}

fn bench(g: &HighJinks) -> Vec<String> {
    names(g.bench())
}

#[track_caller]
fn assert_bench(g: &HighJinks, bottom_first: &str) {
    assert_eq!(bench(g), names(&cards(bottom_first)), "Bench, bottom first");
}

fn boneyard_has(g: &HighJinks, c: &str) -> bool {
    g.boneyard().count(card(c)) > 0
}

fn deck(g: &HighJinks) -> Vec<Card> {
    g.deck().collect()
}

fn counters(g: &HighJinks, s: u8) -> Vec<(String, bool)> {
    g.counters(Seat(s))
        .iter()
        .map(|c| (c.card.to_string(), c.face_up))
        .collect()
}

/// The agent in a zone: (card, tapped, scars).
fn agent(g: &HighJinks, s: u8, zone: usize) -> Option<(String, bool, u8)> {
    g.agents(Seat(s))[zone]
        .as_ref()
        .map(|a| (a.card.to_string(), a.tapped, a.scars))
}

/// The Mana in a zone: (card, face_up, tapped).
fn mana(g: &HighJinks, s: u8, zone: usize) -> Option<(String, bool, bool)> {
    g.mana(Seat(s))[zone]
        .as_ref()
        .map(|m| (m.card.to_string(), m.face_up, m.tapped))
}

fn ag(c: &str, tapped: bool, scars: u8) -> Option<(String, bool, u8)> {
    Some((card(c).to_string(), tapped, scars))
}

fn mn(c: &str, face_up: bool, tapped: bool) -> Option<(String, bool, bool)> {
    Some((card(c).to_string(), face_up, tapped))
}

fn dc(c: &str, face_up: bool) -> (String, bool) {
    (card(c).to_string(), face_up)
}

fn view_json(g: &HighJinks, s: u8) -> serde_json::Value {
    serde_json::to_value(g.view(Seat(s))).expect("view serialises")
}

fn in_duel(g: &HighJinks) -> bool {
    matches!(g.phase(), Phase::Duel(_))
}

fn to_act(g: &HighJinks) -> Option<Seat> {
    g.to_act()
}

fn winners(g: &HighJinks) -> Vec<Seat> {
    g.winners().iter().collect()
}

/// A 2-player duel: seat 0 plays `p0_turn` on its first turn and ends it; seat 1 (the dealer,
/// who may attack on its first turn) plays `p1_turn`, goes to combat, attacks seat 0 with its
/// Agent in zone a0 and seat 0 answers `block`. Returns the game after the block.
#[track_caller]
fn duel(
    opts: Options,
    deals: [&str; 2],
    next: &str,
    p0_turn: &[&str],
    p1_turn: &[&str],
    block: &str,
) -> HighJinks {
    let mut g = setup(opts, &deals, next);
    acts(&mut g, p0_turn);
    act(&mut g, "end turn");
    acts(&mut g, p1_turn);
    acts(&mut g, &["combat", "attack a0 p0", block]);
    g
}

/// A 2-player duel: seat 0 summons `blocker` on its first turn, seat 1 (the dealer, who may
/// attack on its first turn) summons `attacker`, attacks seat 0 and is blocked. Returns the
/// game at the attacker's first duel turn. Seat 0 keeps `blocker` and five Clubs 4–8; seat 1
/// keeps `attacker` and five Diamonds 4–8; both reject three 3s/4s (the Bench starts empty).
#[track_caller]
fn quick_duel(opts: Options, attacker: &str, blocker: &str, next: &str) -> HighJinks {
    let p0 = format!("3C 3D 3H | {blocker} 4C 5C 6C 7C 8C");
    let p1 = format!("3S 4H 4S | {attacker} 4D 5D 6D 7D 8D");
    let g = duel(
        opts,
        [&p0, &p1],
        next,
        &[&format!("summon {blocker}"), "decline"],
        &[&format!("summon {attacker}"), "decline"],
        "block a0",
    );
    assert!(in_duel(&g));
    assert_eq!(
        to_act(&g),
        Some(Seat(1)),
        "the attacker has the first duel turn"
    );
    g
}

const NEXT: &str = "9C 9D 9H 9S 10C 10D 10H 10S";

const P0: &str = "3C 3D 3H | JH QC 4C 5C 6C 7C";
const P1: &str = "4D 4H 4S | KS QS 8C 8D 8H 8S";

// ---------------------------------------------------------------------------------------------
// §27 Game set-up, HJ1, HJ2, HJ13, HJ14, HJ78, HJ79
// ---------------------------------------------------------------------------------------------

#[test]
fn hj1_two_players_use_one_deck_and_two_jokers_three_or_four_use_two_decks_and_four() {
    for (n, total, jokers) in [(2usize, 54usize, 2usize), (3, 108, 4), (4, 108, 4)] {
        let g = HighJinks::new(Options::players(n), 1).expect("default options");
        let mut all = Vec::new();
        g.census(&mut all);
        assert_eq!(all.len(), total, "{n} players");
        assert_eq!(all.iter().filter(|c| **c == card("JK")).count(), jokers);
        assert_eq!(all.iter().filter(|c| **c == card("QS")).count(), total / 54);
    }
}

#[test]
fn hj79_a_stacked_deck_is_dealt_one_card_at_a_time_and_the_rest_is_the_deck() {
    let g = stacked(two(), &[P0, P1], "9C 9D");
    assert!(matches!(g.phase(), Phase::Setup { seat } if *seat == Seat(0)));
    assert_eq!(to_act(&g), Some(Seat(0)));
    assert_cards(hand(&g, 0), "3C 3D 3H JH QC 4C 5C 6C 7C");
    assert_cards(hand(&g, 1), "4D 4H 4S KS QS 8C 8D 8H 8S");
    let d = deck(&g);
    assert_eq!(d.len(), 54 - 18);
    assert_eq!(names(&d[..2]), names(&cards("9C 9D")));
}

#[test]
fn hj78_seats_reject_three_cards_one_per_action_in_seat_order_hj13_then_piled() {
    let deals = [
        "KH JC 5S | JH QC 4C 5C 6C 7C",
        "QD JS 4D | KS QS 8C 8D 8H 8S",
    ];
    let mut g = stacked(two(), &deals, NEXT);
    assert_eq!(
        legal_set(&g),
        set_of(&[
            "reject KH",
            "reject JC",
            "reject 5S",
            "reject JH",
            "reject QC",
            "reject 4C",
            "reject 5C",
            "reject 6C",
            "reject 7C"
        ])
    );
    act(&mut g, "reject KH");
    assert_eq!(to_act(&g), Some(Seat(0)));
    assert_eq!(legal(&g).len(), 8);
    assert!(!is_legal(&g, "reject KH"));
    acts(&mut g, &["reject JC", "reject 5S"]);
    assert!(matches!(g.phase(), Phase::Setup { seat } if *seat == Seat(1)));
    assert_eq!(to_act(&g), Some(Seat(1)));
    // Rejects are set aside until every seat has chosen.
    assert!(g.bench().is_empty());
    assert_eq!(g.boneyard().len(), 0);
    acts(&mut g, &["reject QD", "reject JS", "reject 4D"]);
    assert!(matches!(g.phase(), Phase::Main));
    assert_eq!(to_act(&g), Some(Seat(0)));
    assert_eq!(g.turn_seat(), Seat(0), "HJ2: seat 0 plays first");
    assert_cards(hand(&g, 0), "JH QC 4C 5C 6C 7C");
    assert_cards(hand(&g, 1), "KS QS 8C 8D 8H 8S");
    assert_eq!(g.boneyard().len(), 2);
    assert!(boneyard_has(&g, "5S") && boneyard_has(&g, "4D"));
    // HJ13: seat order from seat 0, each seat's Agents in canonical order, last placed on top.
    assert_bench(&g, "JC KH JS QD");
}

#[test]
fn hj78_a_seats_rejects_stay_hidden_from_the_others_until_every_seat_has_chosen() {
    let deals = [
        "KH JC 5S | JH QC 4C 5C 6C 7C",
        "QD JS 4D | KS QS 8C 8D 8H 8S",
    ];
    let mut g = stacked(two(), &deals, NEXT);
    let a = parse("reject KH");
    let seen = g.observe(a, Seat(1)).to_string();
    assert!(
        !seen.contains("KH") && !seen.contains("K♥"),
        "seat 1 saw {seen}"
    );
    acts(&mut g, &["reject KH", "reject JC", "reject 5S"]);
    let v1 = serde_json::to_string(&g.view(Seat(1))).expect("view");
    for c in ["\"KH\"", "\"JC\"", "\"5S\""] {
        assert!(
            !v1.contains(c),
            "seat 1's view shows {c} before it chose: {v1}"
        );
    }
    acts(&mut g, &["reject QD", "reject JS", "reject 4D"]);
    let v1 = serde_json::to_string(&g.view(Seat(1))).expect("view");
    for c in ["\"KH\"", "\"JC\"", "\"5S\""] {
        assert!(v1.contains(c), "revealed once all chose: {c}");
    }
}

#[test]
fn s27_the_first_seat_skips_its_draw_and_may_not_enter_combat_on_its_first_turn() {
    let mut g = setup(two(), &[P0, P1], NEXT);
    assert_eq!(g.turn_seat(), Seat(0));
    assert_cards(hand(&g, 0), "JH QC 4C 5C 6C 7C");
    assert_eq!(deck(&g)[0], card("9C"));
    acts(&mut g, &["summon JH", "decline"]);
    assert!(!is_legal(&g, "combat"));
    assert!(is_legal(&g, "end turn"));
    refused(&mut g, "combat");
}

#[test]
fn hj14_the_dealer_skips_its_first_draw_but_may_enter_combat_on_its_first_turn() {
    let mut g = setup(two(), &[P0, P1], NEXT);
    act(&mut g, "end turn");
    assert_eq!(g.turn_seat(), Seat(1));
    assert_eq!(to_act(&g), Some(Seat(1)));
    assert_cards(hand(&g, 1), "KS QS 8C 8D 8H 8S");
    assert_eq!(deck(&g)[0], card("9C"), "no card drawn");
    acts(&mut g, &["summon KS", "decline"]);
    assert!(is_legal(&g, "combat"));
}

#[test]
fn s3_from_its_second_turn_a_seat_draws_two_from_the_top_hj36_and_summons_reset() {
    let mut g = setup(two(), &[P0, P1], NEXT);
    acts(&mut g, &["summon JH", "decline"]);
    assert_eq!(g.summons_left(), 0);
    act(&mut g, "end turn");
    act(&mut g, "end turn");
    assert_eq!(g.turns(), 2);
    assert_eq!(g.turn_seat(), Seat(0));
    assert_cards(hand(&g, 0), "QC 4C 5C 6C 7C 9C 9D");
    assert_eq!(deck(&g)[0], card("9H"));
    assert_eq!(
        g.summons_left(),
        1,
        "HJ36: normal summons reset at End Phase"
    );
    act(&mut g, "end turn");
    assert_cards(hand(&g, 1), "KS QS 8C 8D 8H 8S 9H 9S");
}

#[test]
fn s27_with_three_players_only_the_dealer_may_attack_on_its_first_turn_hj26_hj37() {
    let deals = [
        "3C 3D 3H | JH 4C 5C 6C 7C 8C",
        "4D 4H 4S | QD 5D 6D 7D 8D 9D",
        "5H 5S 6H | KS 6S 7S 8S 9S 10S",
    ];
    let mut g = setup(Options::players(3), &deals, NEXT);
    acts(&mut g, &["summon JH", "decline"]);
    assert!(!is_legal(&g, "combat"));
    act(&mut g, "end turn");
    assert_eq!(
        g.turn_seat(),
        Seat(1),
        "HJ37: clockwise is increasing seat number"
    );
    acts(&mut g, &["summon QD", "decline"]);
    assert!(!is_legal(&g, "combat"), "seat 1 is not the dealer");
    act(&mut g, "end turn");
    assert_eq!(g.turn_seat(), Seat(2));
    assert_eq!(hand(&g, 2).len(), 6, "the dealer skips its first draw too");
    acts(&mut g, &["summon KS", "decline", "combat"]);
    assert_eq!(
        legal_set(&g),
        set_of(&["attack a0 p0", "attack a0 p1", "end combat"]),
        "HJ26: any opponent may be attacked"
    );
    act(&mut g, "attack a0 p1");
    assert_eq!(
        to_act(&g),
        Some(Seat(1)),
        "HJ26: only the attacked seat decides the block"
    );
    assert_eq!(legal_set(&g), set_of(&["block a0", "no block"]));
}

// ---------------------------------------------------------------------------------------------
// §5 Summoning, HJ9, HJ19–HJ23, HJ101
// ---------------------------------------------------------------------------------------------

#[test]
fn s5_a_normal_summon_enters_untapped_then_hj19_only_draw_or_decline() {
    let mut g = setup(two(), &[P0, P1], NEXT);
    act(&mut g, "summon QC");
    assert!(matches!(g.phase(), Phase::Summoned { .. }));
    assert_eq!(to_act(&g), Some(Seat(0)));
    assert_eq!(legal_set(&g), set_of(&["draw", "decline"]));
    refused(&mut g, "set 4C");
    act(&mut g, "draw");
    assert_cards(hand(&g, 0), "JH 4C 5C 6C 7C 9C");
    assert_eq!(agent(&g, 0, 0), ag("QC", false, 0));
    assert_eq!(g.summons_left(), 0);
    assert!(
        !is_legal(&g, "summon JH"),
        "one free normal summon per turn"
    );
    assert!(is_legal(&g, "special JH"));
    refused(&mut g, "summon JH");
}

#[test]
fn s5_declining_the_summon_draw_draws_nothing() {
    let mut g = setup(two(), &[P0, P1], NEXT);
    acts(&mut g, &["summon QC", "decline"]);
    assert!(matches!(g.phase(), Phase::Main));
    assert_cards(hand(&g, 0), "JH 4C 5C 6C 7C");
    assert_eq!(deck(&g)[0], card("9C"));
}

#[test]
fn hj20_retiring_benches_the_agent_without_its_ability_and_earns_a_normal_summon() {
    let mut g = setup(two(), &[P0, P1], NEXT);
    acts(&mut g, &["summon JH", "decline"]);
    assert_eq!(g.summons_left(), 0);
    act(&mut g, "retire a0");
    assert_eq!(agent(&g, 0, 0), None);
    // Retired, not defeated: no Abundance, although the Bench held only the Heart.
    assert_bench(&g, "JH");
    assert!(!has_in_hand(&g, 0, "JH"));
    assert_eq!(g.summons_left(), 1);
    acts(&mut g, &["summon QC", "decline"]);
    assert_eq!(agent(&g, 0, 0), ag("QC", false, 0), "HJ9: lowest free zone");
    assert_eq!(g.summons_left(), 0);
}

#[test]
fn hj101_a_special_summoned_agent_may_be_retired_for_an_extra_normal_summon() {
    let mut g = setup(two(), &["3C 3D 3H | JH QC KD 4C 5C 6C", P1], NEXT);
    act(&mut g, "special JH");
    assert_eq!(agent(&g, 0, 0), ag("JH", true, 0));
    act(&mut g, "retire a0");
    assert_eq!(g.summons_left(), 2);
    acts(&mut g, &["summon QC", "decline"]);
    assert_eq!(g.summons_left(), 1);
    acts(&mut g, &["summon KD", "decline"]);
    assert_eq!(g.summons_left(), 0);
    assert_eq!(agent(&g, 0, 0), ag("QC", false, 0));
    assert_eq!(agent(&g, 0, 1), ag("KD", false, 0));
}

#[test]
fn hj21_special_summons_enter_tapped_give_no_draw_and_cannot_attack_that_turn() {
    let mut g = setup(two(), &[P0, "4D 4H 4S | KS QS JS 8C 8D 8H"], NEXT);
    act(&mut g, "end turn");
    act(&mut g, "special KS");
    assert!(matches!(g.phase(), Phase::Main), "no draw decision");
    assert_eq!(agent(&g, 1, 0), ag("KS", true, 0));
    assert_eq!(g.summons_left(), 1);
    assert_eq!(deck(&g)[0], card("9C"));
    act(&mut g, "special QS");
    assert_eq!(agent(&g, 1, 1), ag("QS", true, 0));
    assert!(!is_legal(&g, "combat"), "HJ15: no untapped Agent");
    acts(&mut g, &["summon JS", "decline", "combat"]);
    assert_eq!(legal_set(&g), set_of(&["attack a2 p0", "end combat"]));
    act(&mut g, "end combat");
    assert_eq!(g.turn_seat(), Seat(0));
    // §12: every tapped card untaps at End Phase.
    assert_eq!(agent(&g, 1, 0), ag("KS", false, 0));
    assert_eq!(agent(&g, 1, 1), ag("QS", false, 0));
}

#[test]
fn s5_no_summon_is_offered_while_all_three_agent_zones_are_full() {
    let mut g = setup(two(), &["3C 3D 3H | JH QC KD JC 4C 5C", P1], NEXT);
    acts(&mut g, &["special JH", "special QC", "special KD"]);
    assert!(!legal(&g)
        .iter()
        .any(|a| a.starts_with("summon") || a.starts_with("special")));
    refused(&mut g, "summon JC");
    refused(&mut g, "special JC");
    act(&mut g, "retire a1");
    acts(&mut g, &["summon JC", "decline"]);
    assert_eq!(agent(&g, 0, 1), ag("JC", false, 0), "HJ9: lowest free zone");
}

#[test]
fn hj23_another_copy_of_a_summoned_card_may_be_summoned_the_same_turn() {
    let deals = [
        "3C 3D 3H | QS QS 4C 5C 6C 7C",
        "4D 4H 4S | 5D 6D 7D 8D 9D 10D",
        "5H 5S 6H | 6S 7S 8S 9S 10S 8H",
    ];
    let mut g = setup(Options::players(3), &deals, NEXT);
    assert_eq!(
        legal(&g).iter().filter(|a| *a == "summon QS").count(),
        1,
        "HJ8: merged"
    );
    acts(&mut g, &["summon QS", "decline", "retire a0"]);
    assert!(is_legal(&g, "summon QS"));
    acts(&mut g, &["summon QS", "decline"]);
    assert_eq!(agent(&g, 0, 0), ag("QS", false, 0));
    assert_bench(&g, "QS");
    assert_eq!(hand_count(&g, 0, "QS"), 0);
}

// ---------------------------------------------------------------------------------------------
// §6 Setting Mana, §13, HJ7, HJ24
// ---------------------------------------------------------------------------------------------

#[test]
fn s6_a_set_mana_card_goes_face_down_to_the_lowest_free_mana_zone() {
    let mut g = setup(two(), &[P0, P1], NEXT);
    let seen = g.observe(parse("set 6C"), Seat(1)).to_string();
    assert!(
        !seen.contains("6C") && !seen.contains("6♣"),
        "seat 1 saw {seen}"
    );
    acts(&mut g, &["set 6C", "set 4C"]);
    assert_eq!(mana(&g, 0, 0), mn("6C", false, false));
    assert_eq!(mana(&g, 0, 1), mn("4C", false, false));
    assert_cards(hand(&g, 0), "JH QC 5C 7C");
}

#[test]
fn s13_deuces_and_hj7_aces_can_never_be_set() {
    let mut g = setup(two(), &["3C 3D 3H | JH 2C AS 4C 5C 6C", P1], NEXT);
    assert!(!is_legal(&g, "set 2C"));
    assert!(!is_legal(&g, "set AS"));
    assert!(is_legal(&g, "set 4C"));
    refused(&mut g, "set 2C");
    refused(&mut g, "set AS");
}

#[test]
fn hj24_no_more_than_six_mana_cards_are_set() {
    let mut g = setup(
        two(),
        &[
            "3D 3H 3S | 3C 4C 5C 6C 7C 8C",
            "4D 4H 4S | KS QS 8D 8H 8S 9S",
        ],
        "9C 10C 9D 9H",
    );
    acts(
        &mut g,
        &["set 3C", "set 4C", "set 5C", "set 6C", "set 7C", "end turn"],
    );
    act(&mut g, "end turn");
    assert_cards(hand(&g, 0), "8C 9C 10C");
    act(&mut g, "set 8C");
    assert_eq!(mana(&g, 0, 5), mn("8C", false, false));
    assert!(!is_legal(&g, "set 9C"));
    refused(&mut g, "set 9C");
}

// ---------------------------------------------------------------------------------------------
// §7 Combat, §8 Damage, HJ15, HJ22, HJ25–HJ27
// ---------------------------------------------------------------------------------------------

#[test]
fn hj15_combat_is_offered_only_with_an_untapped_agent_and_there_is_no_return_to_main() {
    let mut g = setup(two(), &[P0, P1], NEXT);
    act(&mut g, "end turn");
    assert!(!is_legal(&g, "combat"));
    refused(&mut g, "combat");
    acts(&mut g, &["summon KS", "decline", "combat"]);
    assert!(matches!(g.phase(), Phase::Combat));
    assert_eq!(legal_set(&g), set_of(&["attack a0 p0", "end combat"]));
    refused(&mut g, "set 8C");
    refused(&mut g, "special QS");
    refused(&mut g, "end turn");
}

#[test]
fn s8_an_unblocked_attack_deals_the_top_card_as_a_face_up_damage_counter() {
    let mut g = setup(
        two(),
        &[
            "3C 3D 3H | 4C 5C 6C 7C 8C 9C",
            "4D 4H 4S | KS QS 8D 8H 8S 9D",
        ],
        "10D 10H 10S 10C",
    );
    act(&mut g, "end turn");
    acts(&mut g, &["summon KS", "decline", "combat"]);
    // HJ22: a normal summon may attack at once.
    assert_eq!(legal_set(&g), set_of(&["attack a0 p0", "end combat"]));
    act(&mut g, "attack a0 p0");
    // HJ27: no Agent to block with, no block decision.
    assert_eq!(counters(&g, 0), vec![dc("10D", true)]);
    assert_eq!(g.score(Seat(0)), 5);
    // The attacker was seat 1's only untapped Agent: combat and the turn end (HJ15).
    assert_eq!(g.turn_seat(), Seat(0));
    assert!(matches!(g.phase(), Phase::Main));
    // §7 iv: no scar for an unblocked attacker; §12: it untapped at End Phase.
    assert_eq!(agent(&g, 1, 0), ag("KS", false, 0));
    assert_cards(hand(&g, 0), "4C 5C 6C 7C 8C 9C 10H 10S");
}

#[test]
fn hj25_each_agent_attacks_once_and_end_combat_ends_the_turn() {
    let mut g = setup(
        two(),
        &[
            "3C 3D 3H | 4C 5C 6C 7C 8C 9C",
            "4D 4H 4S | KS QS 8D 8H 8S 9D",
        ],
        "10D 10H 10S 10C 2C 2D 2H",
    );
    act(&mut g, "end turn");
    acts(&mut g, &["summon KS", "decline", "special QS", "end turn"]);
    act(&mut g, "end turn");
    act(&mut g, "combat");
    assert_eq!(
        legal_set(&g),
        set_of(&["attack a0 p0", "attack a1 p0", "end combat"])
    );
    act(&mut g, "attack a1 p0");
    assert_eq!(counters(&g, 0), vec![dc("2C", true)]);
    assert_eq!(legal_set(&g), set_of(&["attack a0 p0", "end combat"]));
    refused(&mut g, "attack a1 p0");
    act(&mut g, "end combat");
    assert_eq!(g.turn_seat(), Seat(0));
    assert_eq!(counters(&g, 0).len(), 1);
    assert!(has_in_hand(&g, 0, "2D") && has_in_hand(&g, 0, "2H"));
}

/// Seat 0: KH in a0 and 5C set in m0. Seat 1: QC (a0) and QD (a1), both able to attack on
/// seat 1's second turn. Returns the game in seat 1's Combat Phase of turn 3.
fn two_attackers() -> HighJinks {
    let mut g = setup(
        two(),
        &[
            "3C 3D 3H | KH 5C 10H 10D 2H 4S",
            "4C 4D 4H | QC QD 6C 6D 7C 7D",
        ],
        "8C 8D 8H 8S 9C 9D 9H 9S",
    );
    acts(&mut g, &["summon KH", "decline", "set 5C", "end turn"]);
    acts(&mut g, &["summon QC", "decline", "special QD", "end turn"]);
    act(&mut g, "end turn");
    act(&mut g, "combat");
    g
}

#[test]
fn hj27_a_blocker_is_not_tapped_and_may_block_every_attack_of_the_turn() {
    let mut g = two_attackers();
    act(&mut g, "attack a0 p0");
    assert_eq!(to_act(&g), Some(Seat(0)));
    assert!(matches!(g.phase(), Phase::Block(_)));
    assert_eq!(legal_set(&g), set_of(&["block a0", "no block"]));
    act(&mut g, "block a0");
    assert!(in_duel(&g));
    assert_eq!(
        agent(&g, 0, 0),
        ag("KH", false, 0),
        "HJ4: blocking does not tap"
    );
    acts(&mut g, &["pass", "pass"]);
    assert_eq!(agent(&g, 1, 0), None, "§11: Kings defeat Queens");
    assert_bench(&g, "QC");
    assert_eq!(agent(&g, 0, 0), ag("KH", false, 1));
    act(&mut g, "attack a1 p0");
    assert_eq!(legal_set(&g), set_of(&["block a0", "no block"]));
}

// ---------------------------------------------------------------------------------------------
// §9 Duels, §10 Suit bonus, §13 Deuces, §24 Damage Counters, HJ17, HJ30–HJ35, HJ69
// ---------------------------------------------------------------------------------------------

#[test]
fn hj30_the_attacker_empowers_first_and_a_duel_ends_on_two_passes_in_a_row() {
    let mut g = quick_duel(two(), "QS", "KH", NEXT);
    act(&mut g, "pass");
    assert!(in_duel(&g), "a first pass does not end the duel");
    assert_eq!(to_act(&g), Some(Seat(0)));
    act(&mut g, "empower 4C");
    assert_eq!(
        to_act(&g),
        Some(Seat(0)),
        "a duel turn holds any number of empowerments"
    );
    act(&mut g, "empower 5C");
    act(&mut g, "pass");
    assert!(in_duel(&g));
    assert_eq!(to_act(&g), Some(Seat(1)));
    acts(&mut g, &["empower 8D", "empower 4D", "pass"]);
    assert!(in_duel(&g));
    assert_eq!(to_act(&g), Some(Seat(0)));
    act(&mut g, "pass");
    assert!(
        !in_duel(&g),
        "a pass right after the other seat's pass ends the duel"
    );
    // QS 12 against KH 9: the King is defeated; its Abundance takes it back (HJ55).
    assert_eq!(agent(&g, 0, 0), None);
    assert!(has_in_hand(&g, 0, "KH"));
    for c in ["4C", "5C", "8D", "4D"] {
        assert!(
            boneyard_has(&g, c),
            "HJ31: a hand card used is discarded: {c}"
        );
    }
    assert_eq!(agent(&g, 1, 0), ag("QS", false, 1));
}

#[test]
fn hj31_a_zone_mana_is_tapped_and_turned_face_up_hj24_even_when_set_this_turn() {
    let mut g = duel(
        two(),
        [
            "3C 3D 3H | KH 5C 9H 10C 4D 2C",
            "4H 4S 6D | QS 10S 3S 2S 8D 7C",
        ],
        "9S 10D 10H 8S 8C",
        &["summon KH", "decline", "set 5C"],
        &["summon QS", "decline", "set 7C"],
        "block a0",
    );
    act(&mut g, "empower m0");
    assert_eq!(mana(&g, 1, 0), mn("7C", true, true));
    act(&mut g, "pass");
    act(&mut g, "empower m0");
    assert_eq!(mana(&g, 0, 0), mn("5C", true, true));
    refused(&mut g, "empower 9H"); // 5 + 9 > 13
    act(&mut g, "empower 4D");
    assert!(boneyard_has(&g, "4D"));
    acts(&mut g, &["pass", "pass"]);
    // KH 9 against QS 7.
    assert_eq!(agent(&g, 1, 0), None);
    assert_bench(&g, "QS");
    // HJ34: both seats' Mana untapped at End Phase; a flipped Mana stays face-up on the field.
    assert_eq!(g.turn_seat(), Seat(0));
    assert_eq!(mana(&g, 0, 0), mn("5C", true, false));
    assert_eq!(mana(&g, 1, 0), mn("7C", true, false));
}

#[test]
fn hj31_a_mana_damage_counter_empowers_flips_face_down_and_hj32_counts_toward_13() {
    let mut g = duel(
        timed(2),
        [
            "3C 3D 3H | KH 4C 5C 6C 7C 8C",
            "3S 4H 4S | QS 4D 5D 6D 7D 8D",
        ],
        "9C AH KD 9H 9S 10C 10D",
        &["summon KH", "decline"],
        &["clock p0", "clock p0", "clock p0", "summon QS", "decline"],
        "block a0",
    );
    assert_eq!(
        counters(&g, 0),
        vec![dc("9C", true), dc("AH", true), dc("KD", true)]
    );
    act(&mut g, "pass");
    assert!(is_legal(&g, "empower dc 9C"));
    assert!(
        !is_legal(&g, "empower dc AH"),
        "HJ69: Ace counters are never usable"
    );
    assert!(
        !is_legal(&g, "empower dc KD"),
        "HJ31: Agent counters never empower"
    );
    refused(&mut g, "empower dc KD");
    act(&mut g, "empower dc 9C");
    assert_eq!(
        counters(&g, 0),
        vec![dc("9C", false), dc("AH", true), dc("KD", true)]
    );
    assert_eq!(g.score(Seat(0)), 3, "a flipped counter still counts");
    assert!(
        !is_legal(&g, "empower dc 9C"),
        "a face-down counter cannot empower"
    );
    assert!(is_legal(&g, "empower 4C"), "9 + 4 = 13");
    assert!(!is_legal(&g, "empower 5C"), "9 + 5 > 13");
    refused(&mut g, "empower 5C");
    acts(&mut g, &["empower 4C", "pass", "pass"]);
    assert_eq!(agent(&g, 1, 0), None, "KH 13 against QS 0");
}

#[test]
fn s9_thirteen_rule_refuses_an_empowerment_past_13_and_s13_deuces_are_exempt() {
    let mut g = duel(
        two(),
        [
            "3C 3D 3H | KH 5C 9H 10C 4D 2C",
            "4H 4S 6D | QS 10S 3S 2S 8D 7C",
        ],
        "9S 10D 10H 8S 8C",
        &["summon KH", "decline"],
        &["summon QS", "decline"],
        "block a0",
    );
    act(&mut g, "empower 10S");
    assert!(is_legal(&g, "empower 3S"));
    assert!(is_legal(&g, "empower 2S"));
    assert!(!is_legal(&g, "empower 8D"));
    assert!(!is_legal(&g, "empower 7C"));
    refused(&mut g, "empower 8D");
    act(&mut g, "empower 3S");
    // 13 reached (the suit bonuses do not count): only the deuce is left.
    assert_eq!(legal_set(&g), set_of(&["empower 2S", "pass"]));
    act(&mut g, "empower 2S");
    assert_eq!(legal_set(&g), set_of(&["pass"]));
}

#[test]
fn s10_suit_bonuses_add_one_per_same_suit_card_outside_the_13_rule() {
    let mut g = duel(
        two(),
        [
            "3C 3D 3H | KH 5C 2D 10C 4D 2C",
            "4H 4S 6D | QS 10S 3S 2S 8D 7C",
        ],
        "9S 10D 10H 8S 8C",
        &["summon KH", "decline"],
        &["summon QS", "decline"],
        "block a0",
    );
    // QS: 10 + 3 + 2 suit bonuses = 15. KH: 10 + 2 + 2 = 14, no bonus.
    acts(&mut g, &["empower 10S", "empower 3S", "pass"]);
    acts(&mut g, &["empower 10C", "empower 2C", "empower 2D", "pass"]);
    act(&mut g, "pass");
    assert_eq!(agent(&g, 0, 0), None, "KH 14 loses to QS 15");
    assert_eq!(agent(&g, 1, 0), ag("QS", false, 1));
}

#[test]
fn hj35_a_deuce_of_the_agents_suit_gives_a_suit_bonus() {
    let mut g = duel(
        two(),
        [
            "3C 3D 3H | KH 5C 2D 10C 4D 2C",
            "4H 4S 6D | QS 10S 3S 2S 8D 7C",
        ],
        "9S 10D 10H 8S 8C",
        &["summon KH", "decline"],
        &["summon QS", "decline"],
        "block a0",
    );
    acts(
        &mut g,
        &["empower 2S", "pass", "empower 2C", "pass", "pass"],
    );
    // QS 2 + 1 against KH 2: without the bonus the King would win the tie.
    assert_eq!(agent(&g, 0, 0), None);
    assert_eq!(agent(&g, 1, 0), ag("QS", false, 1));
}

#[test]
fn hj32_each_duel_starts_a_new_13_rule_total() {
    let mut g = two_attackers();
    acts(&mut g, &["attack a0 p0", "block a0", "pass"]);
    act(&mut g, "empower 10H");
    assert!(!is_legal(&g, "empower 4S"), "10 + 4 > 13");
    acts(&mut g, &["pass", "pass"]);
    assert_eq!(agent(&g, 1, 0), None);
    acts(&mut g, &["attack a1 p0", "block a0", "pass"]);
    assert!(is_legal(&g, "empower 10D"), "a new duel, a new total");
    act(&mut g, "empower 10D");
    refused(&mut g, "empower m0"); // 10 + 5 > 13
    assert!(!is_legal(&g, "empower 4S"));
    acts(&mut g, &["pass", "pass"]);
    assert_eq!(agent(&g, 1, 1), None);
}

#[test]
fn hj34_a_field_mana_empowers_once_per_turn_and_untaps_at_every_end_phase() {
    let mut g = two_attackers();
    acts(
        &mut g,
        &[
            "attack a0 p0",
            "block a0",
            "pass",
            "empower m0",
            "pass",
            "pass",
        ],
    );
    assert_eq!(agent(&g, 1, 0), None, "KH 5 against QC 0");
    assert_eq!(mana(&g, 0, 0), mn("5C", true, true));
    acts(&mut g, &["attack a1 p0", "block a0", "pass"]);
    assert!(!is_legal(&g, "empower m0"), "used this turn");
    refused(&mut g, "empower m0");
    act(&mut g, "pass");
    // KH beats QD on the tiebreak; seat 1 has no Agent left: the turn ends.
    assert_eq!(g.turn_seat(), Seat(0));
    assert_eq!(mana(&g, 0, 0), mn("5C", true, false));
}

#[test]
fn hj17_a_duel_turn_is_asked_even_when_pass_is_the_only_option() {
    let mut g = duel(
        two(),
        [
            "3C 3D 3H | KH JC JD QC QD AC",
            "4H 4S 3S | QS 4D 5D 6D 7D 8D",
        ],
        NEXT,
        &["summon KH", "decline"],
        &["summon QS", "decline"],
        "block a0",
    );
    act(&mut g, "pass");
    assert_eq!(to_act(&g), Some(Seat(0)));
    assert_eq!(legal_set(&g), set_of(&["pass"]));
    act(&mut g, "pass");
    assert_eq!(agent(&g, 1, 0), None);
}

// ---------------------------------------------------------------------------------------------
// §11 Tiebreakers, HJ3
// ---------------------------------------------------------------------------------------------

#[test]
fn s11_hj3_kings_defeat_queens_on_equal_power() {
    let mut g = quick_duel(two(), "QS", "KH", NEXT);
    acts(&mut g, &["pass", "pass"]);
    assert_eq!(agent(&g, 1, 0), None);
    assert_bench(&g, "QS");
    assert_eq!(agent(&g, 0, 0), ag("KH", false, 1));
}

#[test]
fn s11_queens_defeat_jacks_on_equal_power() {
    let mut g = quick_duel(two(), "QH", "JS", NEXT);
    acts(&mut g, &["pass", "pass"]);
    assert_eq!(agent(&g, 0, 0), None);
    assert_bench(&g, "JS");
    assert_eq!(agent(&g, 1, 0), ag("QH", false, 1));
}

#[test]
fn s11_jacks_defeat_kings_on_equal_power() {
    let mut g = quick_duel(two(), "JH", "KS", NEXT);
    acts(&mut g, &["pass", "pass"]);
    assert_eq!(agent(&g, 0, 0), None);
    assert_bench(&g, "KS");
    assert_eq!(agent(&g, 1, 0), ag("JH", false, 1));
}

#[test]
fn s11_a_tie_of_two_agents_of_the_same_type_defeats_neither_and_both_gain_a_scar() {
    let mut g = quick_duel(two(), "QH", "QS", NEXT);
    acts(&mut g, &["pass", "pass"]);
    assert_eq!(agent(&g, 0, 0), ag("QS", false, 1));
    assert_eq!(agent(&g, 1, 0), ag("QH", false, 1));
    assert!(g.bench().is_empty());
}

#[test]
fn s11_a_tie_involving_a_joker_defeats_neither() {
    let mut g = quick_duel(two(), "JK", "QS", NEXT);
    acts(&mut g, &["pass", "pass"]);
    assert_eq!(agent(&g, 0, 0), ag("QS", false, 1));
    assert_eq!(agent(&g, 1, 0), ag("JK", false, 1));
    assert!(g.bench().is_empty());
}

// ---------------------------------------------------------------------------------------------
// §16 Aces, HJ11, HJ43–HJ46
// ---------------------------------------------------------------------------------------------

fn ace_duel() -> HighJinks {
    let mut g = duel(
        two(),
        [
            "3C 3D 3H | KH AS AD 4D 5D 6D",
            "4H 4S 6C | QS 10S 3S AC 8D 7C",
        ],
        "9C 9D 9H 9S 2H 2D",
        &["summon KH", "decline"],
        &["summon QS", "decline"],
        "block a0",
    );
    acts(&mut g, &["empower 10S", "empower 3S", "pass"]);
    g
}

#[test]
fn s16_an_ace_of_a_dueling_agents_suit_defeats_the_opposing_agent_regardless_of_power() {
    let mut g = ace_duel();
    assert!(is_legal(&g, "ace AS"));
    assert!(!is_legal(&g, "ace AD"), "HJ44: AD matches neither Agent");
    assert!(!legal(&g).iter().any(|a| a.starts_with("empower A")), "HJ7");
    refused(&mut g, "ace AD");
    act(&mut g, "ace AS");
    // HJ45/HJ17: the Ace window is asked though seat 1's AC cannot answer.
    assert_eq!(to_act(&g), Some(Seat(1)));
    assert_eq!(legal_set(&g), set_of(&["decline"]));
    act(&mut g, "decline");
    // HJ46: the duel ends at once; QS (15) is defeated, KH scarred.
    assert_eq!(agent(&g, 1, 0), None);
    assert_bench(&g, "QS");
    assert_eq!(g.void().count(card("AS")), 1);
    assert!(!has_in_hand(&g, 0, "AS"));
    assert_eq!(agent(&g, 0, 0), ag("KH", false, 1));
}

#[test]
fn hj11_every_view_shows_the_voids_contents() {
    let mut g = ace_duel();
    acts(&mut g, &["ace AS", "decline"]);
    for s in 0..2 {
        let v = serde_json::to_string(&g.view(Seat(s))).expect("view");
        assert!(v.contains("\"AS\""), "seat {s} sees the banished Ace");
    }
}

#[test]
fn hj45_a_retaliation_turns_the_ace_around_and_the_last_ace_decides() {
    let mut g = duel(
        two(),
        [
            "3C 3D 3H | KH AS 4C 5C 6C 7C",
            "4H 4S 6D | QS AH AC 8D 7D 5D",
        ],
        NEXT,
        &["summon KH", "decline"],
        &["summon QS", "decline"],
        "block a0",
    );
    assert!(is_legal(&g, "ace AH"));
    assert!(!is_legal(&g, "ace AC"));
    act(&mut g, "ace AH");
    assert_eq!(to_act(&g), Some(Seat(0)));
    assert_eq!(legal_set(&g), set_of(&["retaliate AS", "decline"]));
    act(&mut g, "retaliate AS");
    assert_eq!(to_act(&g), Some(Seat(1)));
    assert_eq!(legal_set(&g), set_of(&["decline"]));
    act(&mut g, "decline");
    assert_eq!(agent(&g, 1, 0), None, "the last Ace named QS");
    assert_eq!(agent(&g, 0, 0), ag("KH", false, 1));
    assert_eq!(g.void().count(card("AH")), 1);
    assert_eq!(g.void().count(card("AS")), 1);
    assert_bench(&g, "QS");
}

#[test]
fn hj46_an_ace_chain_alternates_and_its_defeat_triggers_abilities_and_scars() {
    let deals = [
        "3C 3D 3H | KH AS 4C 5C 6C 7C",
        "4D 4H 4S | 8C 8D 8H 8S 9C 9D",
        "5D 5H 5S | QS AH AH 6D 7D 8D",
    ];
    let mut g = setup(Options::players(3), &deals, NEXT);
    acts(&mut g, &["summon KH", "decline", "end turn", "end turn"]);
    acts(
        &mut g,
        &["summon QS", "decline", "combat", "attack a0 p0", "block a0"],
    );
    act(&mut g, "ace AH");
    act(&mut g, "retaliate AS");
    assert_eq!(to_act(&g), Some(Seat(2)));
    assert_eq!(legal_set(&g), set_of(&["retaliate AH", "decline"]));
    act(&mut g, "retaliate AH");
    assert_eq!(to_act(&g), Some(Seat(0)));
    assert_eq!(legal_set(&g), set_of(&["decline"]));
    act(&mut g, "decline");
    // KH defeated in a duel: Abundance (the Bench held only KH) takes it back (HJ55).
    assert_eq!(agent(&g, 0, 0), None);
    assert!(has_in_hand(&g, 0, "KH"));
    assert!(g.bench().is_empty());
    assert_eq!(agent(&g, 2, 0), ag("QS", false, 1));
    assert_eq!(g.void().count(card("AH")), 2);
    assert_eq!(g.void().count(card("AS")), 1);
}

#[test]
fn hj46_an_attacking_spade_that_defeats_by_an_ace_still_has_ruin() {
    let mut g = duel(
        two(),
        [
            "3C 3D 3H | KH 4C 5C 6C 7C 8C",
            "3S 4H 4S | QS AH 4D 5D 6D 7D",
        ],
        NEXT,
        &["summon KH", "decline"],
        &["summon QS", "decline"],
        "block a0",
    );
    acts(&mut g, &["ace AH", "decline"]);
    assert_eq!(agent(&g, 0, 0), None);
    assert!(has_in_hand(&g, 0, "KH"), "Abundance");
    assert_eq!(counters(&g, 0), vec![dc("9C", true)], "Ruin");
    assert_eq!(agent(&g, 1, 0), ag("QS", false, 1));
}

#[test]
fn hj44_a_jokers_acquired_suit_makes_an_ace_of_that_suit_qualify() {
    let mut g = duel(
        two(),
        [
            "3C 3D 3H | KS 4C 5C 6C 7C 8C",
            "4H 4S 3S | JK 5D AD 7D 8D 9D",
        ],
        "9C 9H 9S 10C 10D",
        &["summon KS", "decline"],
        &["summon JK", "decline"],
        "block a0",
    );
    assert!(
        !is_legal(&g, "ace AD"),
        "an unsuited Joker makes no Ace qualify"
    );
    act(&mut g, "empower 5D");
    assert!(is_legal(&g, "ace AD"));
    act(&mut g, "ace AD");
    assert_eq!(legal_set(&g), set_of(&["decline"]));
    act(&mut g, "decline");
    assert_eq!(agent(&g, 0, 0), None);
    assert_bench(&g, "KS");
    assert_eq!(agent(&g, 1, 0), ag("JK", false, 1));
}

// ---------------------------------------------------------------------------------------------
// §17 Guild bonus, HJ47
// ---------------------------------------------------------------------------------------------

fn guild_bonus(g: &HighJinks, viewer: u8, seat: usize) -> i64 {
    view_json(g, viewer)["sides"][seat]["guild_bonus"]
        .as_i64()
        .unwrap_or(-1)
}

#[test]
fn s17_a_guild_of_mixed_suits_adds_one_to_its_members() {
    let mut g = duel(
        two(),
        [
            "3C 3D 3H | QH JC KD 4C 5C 6C",
            "4H 4S 3S | QS 4D 5D 6D 7D 8D",
        ],
        NEXT,
        &["summon QH", "decline", "special JC", "special KD"],
        &["summon QS", "decline"],
        "block a0",
    );
    assert_eq!(guild_bonus(&g, 1, 0), 1);
    acts(&mut g, &["pass", "pass"]);
    assert_eq!(agent(&g, 1, 0), None, "QH 1 against QS 0");
    assert_eq!(agent(&g, 0, 0), ag("QH", false, 1));
}

#[test]
fn s17_a_guild_of_one_suit_adds_two_to_its_members() {
    let mut g = duel(
        two(),
        [
            "3C 3D 3H | QS JS KS 4C 5C 6C",
            "4H 4D 6D | QH 2C 5D 7D 8D 9D",
        ],
        "9C 9H 9S 10C 10D",
        &["summon QS", "decline", "special JS", "special KS"],
        &["summon QH", "decline"],
        "block a0",
    );
    assert_eq!(guild_bonus(&g, 1, 0), 2);
    acts(&mut g, &["empower 2C", "pass", "pass"]);
    // QS 2 against QH 2: a tie of Queens, neither defeated.
    assert_eq!(agent(&g, 0, 0), ag("QS", false, 1));
    assert_eq!(agent(&g, 1, 0), ag("QH", false, 1));
}

#[test]
fn hj47_one_joker_stands_in_for_a_guild_member_but_two_make_no_guild() {
    let mut g = setup(
        two(),
        &[
            "3C 3D 3H | JK JK KS QS QH 4C",
            "4D 4H 4S | KD QD 8C 8D 8H 8S",
        ],
        NEXT,
    );
    acts(&mut g, &["special JK", "special JK", "special KS"]);
    assert_eq!(guild_bonus(&g, 1, 0), 0, "two Jokers");
    acts(&mut g, &["retire a1", "special QS"]);
    assert_eq!(
        guild_bonus(&g, 1, 0),
        2,
        "JK QS KS: the Joker matches the suit; tapped members count"
    );
    acts(&mut g, &["retire a1", "special QH"]);
    assert_eq!(guild_bonus(&g, 1, 0), 1, "JK QH KS");
}

// ---------------------------------------------------------------------------------------------
// §19 Suit abilities, HJ48, HJ52–HJ57
// ---------------------------------------------------------------------------------------------

#[test]
fn hj55_abundance_returns_the_heart_itself_when_the_bench_was_empty() {
    let mut g = quick_duel(two(), "KD", "QH", NEXT);
    acts(&mut g, &["pass", "pass"]);
    assert_eq!(agent(&g, 0, 0), None);
    assert!(has_in_hand(&g, 0, "QH"));
    assert!(g.bench().is_empty());
}

#[test]
fn s19_abundance_recruits_the_bottom_card_of_the_bench_hj48_to_hand() {
    let mut g = duel(
        two(),
        [
            "JC 3D 3H | QH 4C 5C 6C 7C 8C",
            "3S 4H 4S | KD 4D 5D 6D 7D 8D",
        ],
        NEXT,
        &["summon QH", "decline"],
        &["summon KD", "decline"],
        "block a0",
    );
    assert_bench(&g, "JC");
    acts(&mut g, &["pass", "pass"]);
    assert!(has_in_hand(&g, 0, "JC"));
    assert!(!has_in_hand(&g, 0, "QH"));
    assert_bench(&g, "QH");
}

#[test]
fn hj56_wealth_draws_one_then_mills_the_top_card_of_the_deck() {
    let mut g = quick_duel(two(), "QH", "JD", "9C KS 9H 9S 10C");
    acts(&mut g, &["pass", "pass"]);
    assert_eq!(agent(&g, 0, 0), None);
    // The defeated Jack, then the milled King on top of it.
    assert_bench(&g, "JD KS");
    // Seat 0 drew 9C; its next turn's draw takes 9H 9S.
    assert_eq!(g.turn_seat(), Seat(0));
    assert_cards(hand(&g, 0), "4C 5C 6C 7C 8C 9C 9H 9S");
}

#[test]
fn hj54_valor_lets_the_attacking_victors_controller_draw_salvage_or_decline() {
    let mut g = quick_duel(two(), "KC", "QH", NEXT);
    acts(&mut g, &["pass", "pass"]);
    assert!(matches!(g.phase(), Phase::Valor(_)));
    assert_eq!(to_act(&g), Some(Seat(1)));
    assert_eq!(
        legal_set(&g),
        set_of(&[
            "draw",
            "salvage 3C",
            "salvage 3D",
            "salvage 3H",
            "salvage 3S",
            "salvage 4H",
            "salvage 4S",
            "decline"
        ])
    );
    act(&mut g, "salvage 4H");
    assert!(has_in_hand(&g, 1, "4H"));
    assert!(!boneyard_has(&g, "4H"));
    assert_eq!(g.turn_seat(), Seat(0));
    assert_eq!(agent(&g, 1, 0), ag("KC", false, 1));
}

#[test]
fn hj54_a_defending_club_that_defeats_the_attacker_gives_valor_to_the_defender() {
    let mut g = quick_duel(two(), "QH", "KC", NEXT);
    acts(&mut g, &["pass", "pass"]);
    assert_eq!(agent(&g, 1, 0), None);
    assert!(
        has_in_hand(&g, 1, "QH"),
        "Abundance for the attacker's Heart"
    );
    assert!(matches!(g.phase(), Phase::Valor(_)));
    assert_eq!(to_act(&g), Some(Seat(0)));
    act(&mut g, "draw");
    assert!(has_in_hand(&g, 0, "9C"));
    assert_eq!(agent(&g, 0, 0), ag("KC", false, 1));
}

#[test]
fn hj53_the_defeated_agents_ability_resolves_before_the_victors() {
    let mut g = quick_duel(two(), "KC", "QD", "9C 9D 9H 9S 10C 10D");
    acts(&mut g, &["pass", "pass"]);
    // Wealth first: seat 0 drew 9C and 9D was milled; then KC's Valor.
    assert!(has_in_hand(&g, 0, "9C"));
    assert!(boneyard_has(&g, "9D"));
    assert_eq!(to_act(&g), Some(Seat(1)));
    act(&mut g, "draw");
    assert!(has_in_hand(&g, 1, "9H"));
}

#[test]
fn hj57_an_attacking_spade_that_defeats_its_blocker_deals_a_damage_counter() {
    let mut g = quick_duel(two(), "QS", "JH", NEXT);
    acts(&mut g, &["pass", "pass"]);
    assert_eq!(agent(&g, 0, 0), None);
    assert!(has_in_hand(&g, 0, "JH"));
    assert_eq!(counters(&g, 0), vec![dc("9C", true)]);
    assert_eq!(agent(&g, 1, 0), ag("QS", false, 1));
}

#[test]
fn hj57_a_defending_spade_that_defeats_the_attacker_deals_no_damage() {
    let mut g = quick_duel(two(), "JH", "QS", NEXT);
    acts(&mut g, &["pass", "pass"]);
    assert_eq!(agent(&g, 1, 0), None);
    assert!(has_in_hand(&g, 1, "JH"));
    assert!(counters(&g, 1).is_empty());
    assert!(counters(&g, 0).is_empty());
}

#[test]
fn s19_kinship_an_attacking_spade_that_defeats_a_spade_deals_no_damage() {
    let mut g = quick_duel(two(), "QS", "JS", NEXT);
    acts(&mut g, &["pass", "pass"]);
    assert_eq!(agent(&g, 0, 0), None);
    assert!(counters(&g, 0).is_empty());
    assert_bench(&g, "JS");
}

#[test]
fn s19_kinship_a_heart_defeated_by_a_heart_recruits_nothing() {
    let mut g = quick_duel(two(), "KH", "QH", NEXT);
    acts(&mut g, &["pass", "pass"]);
    assert_eq!(agent(&g, 0, 0), None);
    assert!(!has_in_hand(&g, 0, "QH"));
    assert_bench(&g, "QH");
}

#[test]
fn s19_kinship_a_club_defeating_a_club_gets_no_valor() {
    let mut g = quick_duel(two(), "KC", "QC", NEXT);
    acts(&mut g, &["pass", "pass"]);
    assert_eq!(agent(&g, 0, 0), None);
    assert!(matches!(g.phase(), Phase::Main));
    assert_eq!(g.turn_seat(), Seat(0));
}

#[test]
fn s19_kinship_a_diamond_defeated_by_a_diamond_draws_nothing() {
    let mut g = quick_duel(two(), "KD", "QD", NEXT);
    acts(&mut g, &["pass", "pass"]);
    assert_eq!(agent(&g, 0, 0), None);
    assert_bench(&g, "QD");
    assert_eq!(g.turn_seat(), Seat(0));
    assert_cards(hand(&g, 0), "4C 5C 6C 7C 8C 9C 9D");
}

// ---------------------------------------------------------------------------------------------
// §20 Jokers, HJ35, HJ58
// ---------------------------------------------------------------------------------------------

#[test]
fn s20_a_joker_takes_the_suit_of_its_first_mana_and_hj35_only_later_cards_give_a_bonus() {
    let mut g = duel(
        two(),
        [
            "3C 3D 3H | QD 9C 4C 5C 6C 7C",
            "4H 4S 4D | JK 5S 3S 8D 7D 6D",
        ],
        "9D 9H 9S 10C 10D",
        &["summon QD", "decline"],
        &["summon JK", "decline"],
        "block a0",
    );
    // JK: 5 + 3 + 1 (3S after 5S gave the Joker its suit) = 9; QD: 9.
    acts(
        &mut g,
        &[
            "empower 5S",
            "empower 3S",
            "pass",
            "empower 9C",
            "pass",
            "pass",
        ],
    );
    assert_eq!(
        agent(&g, 0, 0),
        ag("QD", false, 1),
        "a tie with a Joker defeats neither"
    );
    assert_eq!(agent(&g, 1, 0), ag("JK", false, 1));
}

#[test]
fn hj58_a_joker_that_took_a_spade_has_ruin() {
    let mut g = duel(
        two(),
        [
            "3C 3D 3H | QH 4C 5C 6C 7C 8C",
            "4H 4S 4D | JK 5S 3S 8D 7D 6D",
        ],
        NEXT,
        &["summon QH", "decline"],
        &["summon JK", "decline"],
        "block a0",
    );
    acts(&mut g, &["empower 5S", "pass", "pass"]);
    assert_eq!(agent(&g, 0, 0), None);
    assert!(has_in_hand(&g, 0, "QH"), "Abundance");
    assert_eq!(counters(&g, 0), vec![dc("9C", true)], "Ruin");
}

#[test]
fn hj58_kinship_applies_to_a_jokers_acquired_suit() {
    let mut g = duel(
        two(),
        [
            "3C 3D 3H | QH 4C 5C 6C 7C 8C",
            "4S 4D 3S | JK 5H 8D 7D 6D 5D",
        ],
        NEXT,
        &["summon QH", "decline"],
        &["summon JK", "decline"],
        "block a0",
    );
    acts(&mut g, &["empower 5H", "pass", "pass"]);
    assert_eq!(agent(&g, 0, 0), None);
    assert!(
        !has_in_hand(&g, 0, "QH"),
        "no Abundance: the Joker is a Heart in this duel"
    );
    assert_bench(&g, "QH");
}

// ---------------------------------------------------------------------------------------------
// §25 Battle Scars, HJ33, HJ52, HJ53, HJ70, HJ71, HJ73
// ---------------------------------------------------------------------------------------------

/// Four players. Seat 0's QH blocks and defeats seat 3's JS on turn 3 (1 scar). Seat 1 holds
/// JC, QC, QC and seat 2 JC, KC, KC (all Clubs, no Guild), all untapped from round 2 on. Returns the game at the
/// start of seat 0's second turn.
fn scar_farm() -> HighJinks {
    let deals = [
        "3C 3D 3H | QH 4C 4D 5C 5D AC",
        "3S 4H 4S | JC QC QC 7C 7D 7H",
        "5H 5S 6D | JC KC KC QD 8C 8D",
        "6H 6S 8H | JS 8S 9C 9D 9H 9S",
    ];
    let mut g = setup(
        Options::players(4),
        &deals,
        "10C 10D 10H 10S 2C 2D 2H 2S 10C 10D 9C KD 9D 8S",
    );
    acts(&mut g, &["summon QH", "decline", "end turn"]);
    acts(
        &mut g,
        &[
            "summon JC",
            "decline",
            "special QC",
            "special QC",
            "end turn",
        ],
    );
    acts(
        &mut g,
        &[
            "summon JC",
            "decline",
            "special KC",
            "special KC",
            "end turn",
        ],
    );
    acts(
        &mut g,
        &[
            "summon JS",
            "decline",
            "combat",
            "attack a0 p0",
            "block a0",
            "pass",
            "pass",
        ],
    );
    assert_eq!(agent(&g, 0, 0), ag("QH", false, 1));
    assert_eq!(g.turn_seat(), Seat(0));
    g
}

/// Seat `attacker` attacks seat 0 with zone `zone`; QH blocks; both pass.
#[track_caller]
fn farm_attack(g: &mut HighJinks, zone: u8) {
    acts(
        g,
        &[&format!("attack a{zone} p0"), "block a0", "pass", "pass"],
    );
}

#[test]
fn s25_glory_adds_half_the_scars_rounded_down_hj33() {
    let mut g = scar_farm();
    acts(&mut g, &["end turn", "combat"]);
    farm_attack(&mut g, 0); // QH (1 scar) v JC: Queens beat Jacks
    assert_eq!(agent(&g, 0, 0), ag("QH", false, 2));
    farm_attack(&mut g, 1); // QH (2 scars, Glory 1) v QC 0: no Queen tie
    assert_eq!(agent(&g, 1, 1), None);
    assert_eq!(agent(&g, 0, 0), ag("QH", false, 3));
}

#[test]
fn hj73_the_seventh_scar_wins_the_game_at_once() {
    let mut g = scar_farm();
    acts(&mut g, &["end turn", "combat"]);
    for z in 0..3 {
        farm_attack(&mut g, z);
    }
    assert_eq!(agent(&g, 0, 0), ag("QH", false, 4));
    assert_eq!(g.turn_seat(), Seat(2));
    act(&mut g, "combat");
    farm_attack(&mut g, 0);
    farm_attack(&mut g, 1);
    assert!(!g.is_over());
    assert_eq!(agent(&g, 0, 0).map(|a| a.2), Some(6));
    farm_attack(&mut g, 2);
    assert!(g.is_over());
    assert_eq!(to_act(&g), None);
    assert_eq!(winners(&g), vec![Seat(0)]);
    assert_eq!(g.score(Seat(0)), 6);
    for s in 1..4 {
        assert_eq!(g.score(Seat(s)), 0);
    }
}

#[test]
fn hj71_a_juggernaut_has_valor_and_ruin_and_hj53_they_resolve_after_wealth() {
    let mut g = scar_farm();
    acts(&mut g, &["end turn", "combat"]);
    for z in 0..3 {
        farm_attack(&mut g, z);
    }
    // Seat 2 swaps JC for QD; seat 3 passes its turn.
    acts(&mut g, &["retire a0", "special QD", "end turn"]);
    act(&mut g, "end turn");
    assert_eq!(g.turn_seat(), Seat(0));
    acts(&mut g, &["combat", "attack a0 p2"]);
    assert_eq!(
        legal_set(&g),
        set_of(&["block a0", "block a1", "block a2", "no block"])
    );
    act(&mut g, "block a0");
    // HJ44: the Juggernaut's granted Club does not make seat 0's AC qualify (QH v QD).
    assert!(!is_legal(&g, "ace AC"));
    acts(&mut g, &["pass", "pass"]);
    // QD defeated: Wealth (seat 2 draws 9C, mills KD), then QH's Valor.
    assert_eq!(agent(&g, 2, 0), None);
    assert!(has_in_hand(&g, 2, "9C"));
    assert_eq!(bench(&g).last().cloned(), Some(card("KD").to_string()));
    assert!(matches!(g.phase(), Phase::Valor(_)));
    assert_eq!(to_act(&g), Some(Seat(0)));
    act(&mut g, "draw");
    assert!(has_in_hand(&g, 0, "9D"));
    // Then Ruin: seat 2 receives 8S.
    assert_eq!(counters(&g, 2), vec![dc("8S", true)]);
    assert_eq!(agent(&g, 0, 0).map(|a| a.2), Some(5));
}

#[test]
fn hj35_a_juggernauts_granted_suits_give_no_suit_bonus() {
    let mut g = scar_farm();
    acts(&mut g, &["end turn", "combat"]);
    for z in 0..3 {
        farm_attack(&mut g, z);
    }
    acts(&mut g, &["retire a0", "special QD", "end turn"]);
    act(&mut g, "end turn");
    acts(&mut g, &["combat", "attack a0 p2", "block a0"]);
    // QH: 10 (10C, no bonus for a Heart) + Glory 2 = 12. QD: 8D + 2D + 2 suit bonuses = 12.
    acts(
        &mut g,
        &[
            "empower 10C",
            "pass",
            "empower 8D",
            "empower 2D",
            "pass",
            "pass",
        ],
    );
    assert_eq!(agent(&g, 2, 0), ag("QD", false, 1), "a tie of Queens");
    assert_eq!(agent(&g, 0, 0).map(|a| a.2), Some(5));
}

#[test]
fn hj52_kinship_cancels_each_shared_ability_separately() {
    let mut g = scar_farm();
    acts(&mut g, &["end turn", "combat"]);
    for z in 0..3 {
        farm_attack(&mut g, z);
    }
    act(&mut g, "end turn");
    act(&mut g, "end turn");
    acts(
        &mut g,
        &["combat", "attack a0 p2", "block a1", "pass", "pass"],
    );
    // KC defeated by the Juggernaut QH: Valor is cancelled (both count as Clubs), Ruin is not.
    assert_eq!(agent(&g, 2, 1), None);
    assert_eq!(counters(&g, 2), vec![dc("9C", true)]);
    assert_eq!(g.turn_seat(), Seat(1), "no Valor decision; the turn ended");
}

#[test]
fn hj70_scars_are_lost_when_the_agent_leaves_the_field() {
    let mut g = quick_duel(two(), "QS", "QH", NEXT);
    acts(&mut g, &["pass", "pass"]);
    assert_eq!(agent(&g, 0, 0), ag("QH", false, 1));
    act(&mut g, "end turn");
    acts(
        &mut g,
        &[
            "combat",
            "attack a0 p0",
            "block a0",
            "empower 4D",
            "pass",
            "pass",
        ],
    );
    // QS 4 defeats QH; Abundance takes QH back to hand.
    assert!(has_in_hand(&g, 0, "QH"));
    assert_eq!(g.turn_seat(), Seat(0));
    acts(&mut g, &["summon QH", "decline"]);
    assert_eq!(agent(&g, 0, 0), ag("QH", false, 0));
}

// ---------------------------------------------------------------------------------------------
// §8, §26 Losing the game, §29 time, HJ28, HJ29, HJ37, HJ74–HJ77, HJ83, HJ93–HJ95
// ---------------------------------------------------------------------------------------------

const E0: &str = "3C 3D 3H | KH JH 5C 6C JD QD";
const E1: &str = "4C 4D 4H | KD 8C 8D 8H 8S 7C";
const E2: &str = "5D 5H 5S | JS QS 7H 7S 6D 6H";
const ENEXT: &str = "9C 9H 9S 10C 10D 10H 2C 2D 2H 2S";

/// Three players, timed. Seat 0 has KH (a0), JH (a1, special) and 5C (m0) and keeps 6C JD QD;
/// seat 1 passed its first turn. Returns the game at the start of seat 2's (the dealer's) turn.
fn three_timed() -> HighJinks {
    let mut g = setup(timed(3), &[E0, E1, E2], ENEXT);
    acts(
        &mut g,
        &["summon KH", "decline", "special JH", "set 5C", "end turn"],
    );
    act(&mut g, "end turn");
    assert_eq!(g.turn_seat(), Seat(2));
    g
}

#[test]
fn s26_the_loser_s_hand_goes_to_the_seat_that_dealt_the_final_counter_hj74() {
    let mut g = three_timed();
    for _ in 0..5 {
        act(&mut g, "clock p0");
    }
    assert_eq!(counters(&g, 0).len(), 5);
    assert_eq!(g.score(Seat(0)), 1);
    acts(&mut g, &["summon JS", "decline", "combat", "attack a0 p0"]);
    assert_eq!(legal_set(&g), set_of(&["block a0", "block a1", "no block"]));
    act(&mut g, "no block");
    assert!(g.is_eliminated(Seat(0)));
    assert_eq!(g.score(Seat(0)), 0);
    assert!(!g.is_over());
    assert!(hand(&g, 0).is_empty());
    assert_cards(hand(&g, 2), "QS 7H 7S 6D 6H 6C JD QD");
    assert!(counters(&g, 0).is_empty());
    assert!(g.agents(Seat(0)).iter().all(|a| a.is_none()));
    assert!(g.mana(Seat(0)).iter().all(|m| m.is_none()));
    assert_bench(&g, "KH JH"); // field Agents by zone
    assert!(boneyard_has(&g, "5C"));
    assert_eq!(g.void().len(), 6);
    for c in ["9C", "9H", "9S", "10C", "10D", "10H"] {
        assert_eq!(g.void().count(card(c)), 1, "DCs are banished: {c}");
    }
    // HJ37: the next turn skips the eliminated seat; it is no longer a target.
    assert_eq!(g.turn_seat(), Seat(1));
    acts(&mut g, &["summon KD", "decline", "combat"]);
    assert_eq!(legal_set(&g), set_of(&["attack a0 p2", "end combat"]));
}

#[test]
fn hj28_a_lethal_ruin_eliminates_at_once_and_the_attacker_still_gains_its_scar() {
    let mut g = three_timed();
    for _ in 0..5 {
        act(&mut g, "clock p0");
    }
    acts(
        &mut g,
        &[
            "summon QS",
            "decline",
            "combat",
            "attack a0 p0",
            "block a1",
            "pass",
            "pass",
        ],
    );
    // JH defeated; Abundance returns it (the Bench held only JH); Ruin deals the 6th counter.
    assert!(g.is_eliminated(Seat(0)));
    assert_cards(hand(&g, 2), "JS 7H 7S 6D 6H 6C JD QD JH");
    assert_bench(&g, "KH");
    assert_eq!(agent(&g, 2, 0), ag("QS", false, 1));
    assert_eq!(g.turn_seat(), Seat(1));
}

#[test]
fn hj85_a_card_known_in_a_losers_hand_stays_known_in_the_receivers_hand() {
    let mut g = three_timed();
    for _ in 0..5 {
        act(&mut g, "clock p0");
    }
    acts(
        &mut g,
        &[
            "summon QS",
            "decline",
            "combat",
            "attack a0 p0",
            "block a1",
            "pass",
            "pass",
        ],
    );
    // JH entered seat 0's hand publicly (Abundance), then passed to seat 2.
    assert!(g.is_eliminated(Seat(0)));
    assert!(known(&g, 1, 2).contains(&card("JH").to_string()));
}

#[test]
fn hj93_a_clock_loss_while_the_block_is_pending_voids_the_attack() {
    let mut g = three_timed();
    for _ in 0..5 {
        act(&mut g, "clock p0");
    }
    acts(&mut g, &["summon JS", "decline", "combat", "attack a0 p0"]);
    assert!(matches!(g.phase(), Phase::Block(_)));
    act(&mut g, "clock p0");
    assert!(g.is_eliminated(Seat(0)));
    assert_eq!(g.void().len(), 6);
    assert_eq!(agent(&g, 2, 0), ag("JS", false, 0));
    // The attack dealt nothing: seat 1's draw takes the next two cards.
    assert_eq!(g.turn_seat(), Seat(1));
    assert!(has_in_hand(&g, 1, "2C") && has_in_hand(&g, 1, "2D"));
}

#[test]
fn hj29_a_loss_on_time_discards_the_hand_hj94_bench_order() {
    let mut g = three_timed();
    for _ in 0..6 {
        act(&mut g, "clock p0");
    }
    assert!(g.is_eliminated(Seat(0)));
    assert_cards(hand(&g, 2), "JS QS 7H 7S 6D 6H");
    // Field Agents by zone, then the hand's Agents in canonical order.
    assert_bench(&g, "KH JH JD QD");
    assert!(boneyard_has(&g, "5C") && boneyard_has(&g, "6C"));
    assert_eq!(g.turn_seat(), Seat(2));
    assert_eq!(to_act(&g), Some(Seat(2)));
}

#[test]
fn hj75_a_turn_seat_eliminated_during_its_turn_ends_it_and_the_next_seat_plays() {
    let mut g = setup(timed(3), &[E0, E1, E2], ENEXT);
    for _ in 0..6 {
        act(&mut g, "clock p0");
    }
    assert!(g.is_eliminated(Seat(0)));
    assert_eq!(g.turn_seat(), Seat(1));
    assert_eq!(to_act(&g), Some(Seat(1)));
    assert!(matches!(g.phase(), Phase::Main));
    assert_eq!(hand(&g, 1).len(), 6, "seat 1's first turn: no draw");
    assert_bench(&g, "JD JH QD KH");
}

#[test]
fn hj93_a_clock_loss_during_a_duel_stops_the_attack() {
    let mut g = three_timed();
    for _ in 0..5 {
        act(&mut g, "clock p0");
    }
    acts(
        &mut g,
        &[
            "summon JS",
            "decline",
            "combat",
            "attack a0 p0",
            "block a0",
            "empower 6D",
        ],
    );
    act(&mut g, "clock p0");
    assert!(g.is_eliminated(Seat(0)));
    // No defeat, no ability, no scar: KH left the field with seat 0's elimination.
    assert_bench(&g, "KH JH JD QD");
    assert_eq!(agent(&g, 2, 0), ag("JS", false, 0));
    assert!(boneyard_has(&g, "6D"));
    assert_eq!(g.turn_seat(), Seat(1));
}

#[test]
fn hj75_hj93_an_attacker_eliminated_mid_duel_loses_its_turn_and_nothing_resolves() {
    let mut g = three_timed();
    for _ in 0..5 {
        act(&mut g, "clock p2");
    }
    acts(
        &mut g,
        &[
            "summon JS",
            "decline",
            "combat",
            "attack a0 p0",
            "block a0",
            "empower 6D",
        ],
    );
    act(&mut g, "clock p2");
    assert!(g.is_eliminated(Seat(2)));
    // KH was neither defeated nor scarred; seat 2's field and hand went to the Bench/Boneyard.
    assert_eq!(agent(&g, 0, 0), ag("KH", false, 0));
    assert_bench(&g, "JS QS");
    assert!(boneyard_has(&g, "7H") && boneyard_has(&g, "6D"));
    // The next remaining seat after seat 2 is seat 0, which draws 2C 2D.
    assert_eq!(g.turn_seat(), Seat(0));
    assert!(has_in_hand(&g, 0, "2C") && has_in_hand(&g, 0, "2D"));
}

#[test]
fn hj5_the_clock_is_a_host_input_and_not_among_a_seats_legal_actions() {
    let mut g = setup(timed(2), &[P0, P1], NEXT);
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    let clocks: Vec<String> = v
        .iter()
        .map(|a| a.to_string())
        .filter(|a| a.starts_with("clock"))
        .collect();
    assert!(clocks.is_empty(), "seat 0 is offered {clocks:?}");
    // The host input itself is still accepted.
    act(&mut g, "clock p1");
    assert_eq!(counters(&g, 1).len(), 1);
}

#[test]
fn hj83_the_clock_is_refused_during_setup_and_hits_any_remaining_seat() {
    let mut g = stacked(timed(2), &[P0, P1], NEXT);
    refused(&mut g, "clock p0");
    reject_all(&mut g, &[P0, P1]);
    act(&mut g, "clock p1");
    assert_eq!(counters(&g, 1), vec![dc("9C", true)]);
    assert_eq!(to_act(&g), Some(Seat(0)));
    assert!(matches!(g.phase(), Phase::Main));
}

#[test]
fn hj95_when_the_last_opponent_falls_the_losers_hand_is_discarded_and_the_game_ends() {
    let mut g = setup(
        timed(2),
        &[
            "3C 3D 3H | QH 4C 5C 6C 7C 8C",
            "4D 4H 4S | KS 5D 6D 7D 8D 9D",
        ],
        "9C 9H 9S 10C 10D 10H 10S",
    );
    acts(&mut g, &["set 4C", "end turn"]);
    for _ in 0..5 {
        act(&mut g, "clock p0");
    }
    act(&mut g, "clock p1");
    acts(&mut g, &["summon KS", "decline", "combat", "attack a0 p0"]);
    assert!(g.is_eliminated(Seat(0)));
    assert!(g.is_over());
    assert!(matches!(g.phase(), Phase::Over));
    assert_eq!(to_act(&g), None);
    assert!(legal(&g).is_empty());
    assert_eq!(winners(&g), vec![Seat(1)]);
    assert_eq!(g.score(Seat(1)), 5, "the winner keeps 6 - counters");
    assert_eq!(g.score(Seat(0)), 0);
    assert_cards(hand(&g, 1), "5D 6D 7D 8D 9D");
    for c in ["4C", "5C", "6C", "7C", "8C"] {
        assert!(boneyard_has(&g, c), "{c}");
    }
    assert_bench(&g, "QH");
}

#[test]
fn s26_redemption_an_ace_as_sixth_counter_goes_to_hand_hj76_any_number_of_times() {
    let mut g = setup(timed(2), &[P0, P1], "9C 9D 9H 9S 10C AS AH 10D");
    for _ in 0..5 {
        act(&mut g, "clock p0");
    }
    act(&mut g, "clock p0");
    assert!(!g.is_eliminated(Seat(0)));
    assert_eq!(counters(&g, 0).len(), 5);
    assert!(has_in_hand(&g, 0, "AS"));
    assert!(
        known(&g, 1, 0).contains(&card("AS").to_string()),
        "HJ85: public"
    );
    act(&mut g, "clock p0");
    assert!(!g.is_eliminated(Seat(0)));
    assert_eq!(counters(&g, 0).len(), 5);
    assert!(has_in_hand(&g, 0, "AH"));
    act(&mut g, "clock p0");
    assert!(g.is_eliminated(Seat(0)));
    assert_eq!(winners(&g), vec![Seat(1)]);
}

// ---------------------------------------------------------------------------------------------
// Bounds: HJ18, HJ38, HJ92, HJ99
// ---------------------------------------------------------------------------------------------

#[test]
fn hj38_at_max_turns_the_seats_with_fewest_counters_win() {
    let mut g = setup(
        Options {
            max_turns: 2,
            ..timed(2)
        },
        &[P0, P1],
        NEXT,
    );
    acts(&mut g, &["clock p0", "end turn"]);
    assert!(!g.is_over());
    act(&mut g, "end turn");
    assert!(g.is_over());
    assert_eq!(winners(&g), vec![Seat(1)]);
    assert_eq!(g.score(Seat(1)), 6);
    assert_eq!(g.score(Seat(0)), 0);
}

#[test]
fn hj38_an_eliminated_seat_loses_at_max_turns_whatever_its_counters() {
    let mut g = setup(
        Options {
            max_turns: 3,
            ..timed(3)
        },
        &[E0, E1, E2],
        ENEXT,
    );
    for _ in 0..6 {
        act(&mut g, "clock p0");
    }
    assert!(g.is_eliminated(Seat(0)));
    assert!(counters(&g, 0).is_empty());
    acts(&mut g, &["clock p1", "clock p2", "clock p2"]);
    let mut guard = 0;
    while !g.is_over() && guard < 10 {
        act(&mut g, "end turn");
        guard += 1;
    }
    assert!(g.is_over());
    assert_eq!(winners(&g), vec![Seat(1)]);
    assert_eq!(g.score(Seat(1)), 5);
    assert_eq!(g.score(Seat(0)), 0);
    assert_eq!(g.score(Seat(2)), 0);
}

#[test]
fn hj38_a_tie_at_max_turns_is_shared() {
    let mut g = setup(
        Options {
            max_turns: 2,
            ..two()
        },
        &[P0, P1],
        NEXT,
    );
    acts(&mut g, &["end turn", "end turn"]);
    assert!(g.is_over());
    assert_eq!(winners(&g), vec![Seat(0), Seat(1)]);
    assert_eq!(g.score(Seat(0)), 6);
    assert_eq!(g.score(Seat(1)), 6);
}

#[test]
fn hj18_after_max_main_actions_only_combat_or_end_turn_remain_hj92_end_turn_is_automatic() {
    let mut g = setup(
        Options {
            max_main_actions: 2,
            ..two()
        },
        &[P0, P1],
        NEXT,
    );
    acts(&mut g, &["set 4C", "set 5C"]);
    // Seat 0 may not attack on its first turn: End turn is its only option, taken for it.
    assert_eq!(g.turn_seat(), Seat(1));
    assert_eq!(to_act(&g), Some(Seat(1)));
    acts(&mut g, &["summon KS", "decline", "set 8C"]);
    assert_eq!(legal_set(&g), set_of(&["combat", "end turn"]));
    refused(&mut g, "set 8D");
}

#[test]
fn hj92_a_publicly_forced_end_turn_is_automatic_in_a_timed_game_too() {
    let mut g = setup(
        Options {
            max_main_actions: 2,
            ..timed(2)
        },
        &[P0, P1],
        NEXT,
    );
    acts(&mut g, &["set 4C", "set 5C"]);
    assert_eq!(g.turn_seat(), Seat(1));
}

#[test]
fn hj99_a_retire_counts_toward_max_main_actions() {
    let mut g = setup(
        Options {
            max_main_actions: 2,
            ..two()
        },
        &[P0, P1],
        NEXT,
    );
    act(&mut g, "end turn");
    acts(&mut g, &["special KS", "retire a0"]);
    // Two Main actions and no Agent to attack with: only End turn, taken for the seat (HJ92).
    assert_eq!(g.turn_seat(), Seat(0));
    assert_eq!(g.turns(), 2);
}

// ---------------------------------------------------------------------------------------------
// §28 Decking out, HJ80, HJ81, HJ89, HJ90
// ---------------------------------------------------------------------------------------------

fn one_deck_four(shuffles: &[&str]) -> Options {
    Options {
        decks: Some(1),
        jokers: Some(0),
        timed: true,
        shuffles: shuffles.iter().map(|s| cards(s)).collect(),
        ..Options::players(4)
    }
}

const D4: [&str; 4] = [
    "JC QC KC | 2C 3C 4C 5C 6C 7C",
    "8C 9C 10C | 2D 3D 4D 5D 6D 7D",
    "8D 9D 10D | 2H 3H 4H 5H 6H 7H",
    "8H 9H 10H | 2S 3S 4S 5S 6S 7S",
];

#[track_caller]
fn clocks(g: &mut HighJinks, seat: u8, n: usize) {
    for _ in 0..n {
        act(g, &format!("clock p{seat}"));
    }
}

#[test]
fn hj80_when_the_last_card_leaves_the_deck_void_and_bench_become_the_new_deck() {
    let order = "KD JC 8S QC 9S KC 10S QD JD";
    let mut g = setup(
        one_deck_four(&[order]),
        &D4,
        "8S 9S 10S JD QD KD AC AD JH QH KH AH JS QS KS AS",
    );
    assert_eq!(deck(&g).len(), 16);
    assert_bench(&g, "JC QC KC");
    clocks(&mut g, 0, 6);
    assert!(g.is_eliminated(Seat(0)));
    assert_eq!(g.void().len(), 6);
    clocks(&mut g, 1, 5);
    clocks(&mut g, 2, 4);
    assert_eq!(deck(&g).len(), 1);
    act(&mut g, "clock p2");
    assert_eq!(names(&deck(&g)), names(&cards(order)));
    assert!(g.bench().is_empty());
    assert_eq!(g.void().len(), 0);
    assert!(!g.stack_diverged());
    assert_eq!(counters(&g, 2).len(), 5);
}

#[test]
fn hj89_the_rebuild_runs_before_the_counter_is_placed_and_the_loss_checked() {
    let mut g = setup(
        one_deck_four(&["QC KC JC"]),
        &D4,
        "AC AD JH QH KH AH JS QS KS AS 8S 9S 10S JD QD KD",
    );
    clocks(&mut g, 1, 5);
    clocks(&mut g, 2, 5);
    clocks(&mut g, 0, 6);
    assert!(g.is_eliminated(Seat(0)));
    // The rebuild took only the Bench; the loser's counters reached the Void afterwards.
    assert_eq!(names(&deck(&g)), names(&cards("QC KC JC")));
    assert!(!g.stack_diverged());
    assert_eq!(g.void().len(), 6);
    assert_eq!(g.void().count(card("KD")), 1);
}

#[test]
fn hj90_a_stacked_shuffle_that_does_not_fit_is_drawn_from_the_generator_and_flagged() {
    let mut g = setup(
        one_deck_four(&["JC QC"]),
        &D4,
        "8S 9S 10S JD QD KD AC AD JH QH KH AH JS QS KS AS",
    );
    clocks(&mut g, 0, 6);
    clocks(&mut g, 1, 5);
    clocks(&mut g, 2, 5); // not refused
    assert!(g.stack_diverged());
    assert_eq!(deck(&g).len(), 9);
    assert!(g.bench().is_empty());
}

#[test]
fn hj81_with_deck_void_and_bench_empty_no_card_is_dealt_hj92_and_the_summon_draw_lapses() {
    let deals = [
        "8C 9C 10C | JC QC KC 2C 3C 4C",
        "8D 9D 10D | 2D 3D 4D 5D 6D 7D",
        "8H 9H 10H | 2H 3H 4H 5H 6H 7H",
        "8S 9S 10S | 2S 3S 4S 5S 6S 7S",
    ];
    let mut g = setup(
        one_deck_four(&[]),
        &deals,
        "5C 6C 7C JD QD KD AC AD JH QH KH AH JS QS KS AS",
    );
    clocks(&mut g, 1, 5);
    clocks(&mut g, 2, 5);
    clocks(&mut g, 3, 5);
    clocks(&mut g, 0, 1);
    assert!(deck(&g).is_empty());
    assert!(g.bench().is_empty() && g.void().is_empty());
    let _ = g.apply(parse("clock p1"));
    assert_eq!(counters(&g, 1).len(), 5, "no card, no counter");
    assert!(!g.is_eliminated(Seat(1)));
    act(&mut g, "summon JC");
    assert!(
        matches!(g.phase(), Phase::Main),
        "nothing drawable: Decline is taken for the seat"
    );
    assert_eq!(to_act(&g), Some(Seat(0)));
    assert_eq!(agent(&g, 0, 0), ag("JC", false, 0));
}

#[test]
fn hj80_a_draw_from_an_empty_deck_rebuilds_first_hj86_and_the_drawn_card_lost_its_summon_mark() {
    let deals = [
        "8C 9C 10C | JC QC KC 2C 3C 4C",
        "8D 9D 10D | 2D 3D 4D 5D 6D 7D",
        "8H 9H 10H | 2H 3H 4H 5H 6H 7H",
        "8S 9S 10S | 2S 3S 4S 5S 6S 7S",
    ];
    let mut g = setup(
        one_deck_four(&[]),
        &deals,
        "5C 6C 7C JD QD KD AC AD JH QH KH AH JS QS KS AS",
    );
    clocks(&mut g, 1, 5);
    clocks(&mut g, 2, 5);
    clocks(&mut g, 3, 5);
    clocks(&mut g, 0, 1);
    assert!(deck(&g).is_empty());
    act(&mut g, "summon JC"); // nothing drawable: Decline is automatic
    act(&mut g, "retire a0");
    assert_bench(&g, "JC");
    act(&mut g, "summon QC");
    // Part 2: the Queen's Lust could recruit JC instead of the draw.
    assert_eq!(legal_set(&g), set_of(&["draw", "lust JC", "decline"]));
    act(&mut g, "draw");
    assert!(has_in_hand(&g, 0, "JC"));
    assert!(g.bench().is_empty());
    act(&mut g, "retire a0");
    assert!(
        is_legal(&g, "summon JC"),
        "shuffled into the Deck, JC lost its summon mark"
    );
}

#[test]
fn hj80_a_two_card_draw_rebuilds_the_deck_between_the_cards() {
    let mut g = setup(
        one_deck_four(&["QC JC KC"]),
        &D4,
        "AC AD JH QH KH AH JS QS KS AS 8S 9S 10S JD QD KD",
    );
    clocks(&mut g, 1, 5);
    clocks(&mut g, 2, 5);
    clocks(&mut g, 3, 5);
    assert_eq!(names(&deck(&g)), names(&cards("KD")));
    for _ in 0..4 {
        act(&mut g, "end turn");
    }
    // Seat 0's second turn draws KD, the Deck is rebuilt from the Bench, then QC is drawn.
    assert_eq!(g.turn_seat(), Seat(0));
    assert!(has_in_hand(&g, 0, "KD") && has_in_hand(&g, 0, "QC"));
    assert_eq!(names(&deck(&g)), names(&cards("JC KC")));
    assert!(g.bench().is_empty());
}

#[test]
fn hj7_a_rejected_ace_goes_to_the_boneyard() {
    let g = setup(two(), &["AS 3D 3H | JH QC 4C 5C 6C 7C", P1], NEXT);
    assert!(boneyard_has(&g, "AS"));
    assert!(g.bench().is_empty());
}

// ---------------------------------------------------------------------------------------------
// §30 Views, HJ8, HJ84, HJ85, HJ87
// ---------------------------------------------------------------------------------------------

/// The identities seat `viewer` knows in seat `seat`'s hand, as its view shows them.
fn known(g: &HighJinks, viewer: u8, seat: usize) -> Vec<String> {
    let v = view_json(g, viewer);
    let k = &v["sides"][seat]["known"];
    let list: Vec<serde_json::Value> = k.as_array().cloned().unwrap_or_default();
    list.iter()
        .map(|x| {
            x.as_str()
                .map(|s| s.to_string())
                .unwrap_or_else(|| x.to_string())
        })
        .map(|s| s.parse::<Card>().map(|c| c.to_string()).unwrap_or(s))
        .collect()
}

#[test]
fn hj84_a_seat_sees_its_own_hand_and_face_down_mana_but_not_the_others() {
    let mut g = setup(two(), &[P0, P1], NEXT);
    act(&mut g, "set 4C");
    let v1 = serde_json::to_string(&g.view(Seat(1))).expect("view");
    for c in ["\"4C\"", "\"JH\"", "\"QC\"", "\"5C\"", "\"9C\""] {
        assert!(!v1.contains(c), "seat 1 sees {c}: {v1}");
    }
    assert!(
        !serde_json::to_string(&g.view(Seat(0)))
            .expect("view")
            .contains("\"9C\""),
        "Deck order"
    );
    assert!(v1.contains("\"KS\""), "seat 1 sees its own hand");
    let v0 = serde_json::to_string(&g.view(Seat(0))).expect("view");
    assert!(v0.contains("\"4C\""), "seat 0 sees its own face-down Mana");
    assert!(v0.contains("\"JH\""));
    assert!(!v0.contains("\"KS\""));
}

#[test]
fn hj85_a_card_that_enters_a_hand_publicly_stays_known_until_it_leaves() {
    let mut g = quick_duel(two(), "KD", "QH", NEXT);
    acts(&mut g, &["pass", "pass"]);
    assert!(has_in_hand(&g, 0, "QH"));
    assert!(known(&g, 1, 0).contains(&card("QH").to_string()));
    acts(&mut g, &["summon QH", "decline"]);
    assert!(!known(&g, 1, 0).contains(&card("QH").to_string()));
}

#[test]
fn hj87_identical_field_mana_are_offered_per_zone_hj8_identical_hand_cards_once() {
    let deals = [
        "3C 3D 3H | KH KH 5C 5C 9D 9D",
        "4C 4D 4H | 8C 8D 8H 8S 7C 7D",
        "5D 5H 5S | QS 6C 6D 6H 6S 7H",
    ];
    let mut g = setup(Options::players(3), &deals, "10C 10D 10H 10S");
    let l = legal(&g);
    for a in ["summon KH", "special KH", "set 5C", "set 9D"] {
        assert_eq!(l.iter().filter(|x| **x == a).count(), 1, "{a}");
    }
    acts(
        &mut g,
        &[
            "summon KH",
            "decline",
            "set 5C",
            "set 5C",
            "end turn",
            "end turn",
        ],
    );
    assert_eq!(mana(&g, 0, 0), mn("5C", false, false));
    assert_eq!(mana(&g, 0, 1), mn("5C", false, false));
    acts(
        &mut g,
        &[
            "summon QS",
            "decline",
            "combat",
            "attack a0 p0",
            "block a0",
            "pass",
        ],
    );
    let l = legal(&g);
    assert!(l.contains(&"empower m0".to_string()));
    assert!(l.contains(&"empower m1".to_string()));
    assert_eq!(l.iter().filter(|x| **x == "empower 9D").count(), 1);
}
