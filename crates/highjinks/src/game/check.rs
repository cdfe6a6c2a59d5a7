//! Checking a loaded state: every invariant the engine relies on, so that a loaded game never
//! panics, never gets stuck and never breaks a rule.

use crate::error::InvalidState;
use crate::knowledge::consistency::{holds_drawn, holds_evoked};
use crate::table::card::{Cards, Kind};
use crate::table::field::{Side, WINNING_SCARS};
use crate::table::options::{DEAL, REJECTS};
use crate::table::phase::{Attack, Duel, Empowered, Phase};
use crate::table::sizes::{AGENT_ZONES, LOSING_COUNTERS, MAX_SEATS};
use crate::table::state::State;
use crate::table::whereabouts::Whereabouts;

type Result = std::result::Result<(), InvalidState>;

fn misplaced(why: &'static str) -> Result {
    Err(InvalidState::Misplaced(why))
}

fn counter(why: &'static str) -> Result {
    Err(InvalidState::Counter(why))
}

fn phase(why: &'static str) -> Result {
    Err(InvalidState::Phase(why))
}

/// Checks a loaded state.
pub(crate) fn check(state: &State) -> Result {
    state.options.validate()?;
    if state.sides.len() != state.options.players {
        return Err(InvalidState::SeatCount("sides"));
    }
    let mut all = Vec::new();
    state.census(&mut all);
    if all.len() > 255 || all.iter().copied().collect::<Cards>() != state.options.cards() {
        return Err(InvalidState::Census);
    }
    if state.bench.iter().any(|c| c.kind() != Kind::Agent) {
        return misplaced("only Agents lie on the Bench");
    }
    if state.boneyard.iter().any(|c| c.kind() == Kind::Agent) {
        return misplaced("Agents never lie in the Boneyard");
    }
    for (i, side) in state.sides.iter().enumerate() {
        check_side(side, i, state.is_over())?;
        if u32::from(side.seers) >> state.players() != 0 {
            return misplaced("a seat beyond the table was shown a hand");
        }
    }
    if !state.is_over() && !state.winners.is_empty() {
        return phase("winners before the end");
    }
    if state.plies > crate::game::ply_bound(&state.options) {
        return counter("more plies than any game can take");
    }
    if state.deck_knowers & !crate::state::ALL_KNOW != 0
        || state.group_knowers & !crate::state::ALL_KNOW != 0
    {
        return misplaced("the Deck's knowers are seats 0–3 and the spectators");
    }
    if state.group_knowers == 0 && state.sides.iter().any(|s| !s.drawn.is_empty()) {
        return misplaced("cards drawn from a Deck group nobody knows");
    }
    if state.shuffles_used as usize > state.options.shuffles.len() {
        return counter("more stacked shuffles used than given");
    }
    if state.main_actions > state.options.max_main_actions {
        return counter("more Main actions than the bound allows");
    }
    if state.turn_seat.index() >= state.players() {
        return phase("the turn seat is not at the table");
    }
    check_knowledge_of_piles(state)?;
    check_phase(state)
}

/// What all know of the Deck, the turn's counts and the summon marks (HJ23, HJ61, HJ65, HJ66).
fn check_knowledge_of_piles(state: &State) -> Result {
    if !state.options.cards().includes(&state.rebuilt) {
        return misplaced("the last rebuilt Deck holds cards the game does not have");
    }
    if state.deck_lacks > 0b1111 || state.evoked > 0b1111 {
        return misplaced("suit masks have four bits");
    }
    if state.deck.iter().any(|c| {
        c.suit()
            .is_some_and(|s| state.deck_lacks & 1 << s.index() != 0)
    }) {
        return misplaced("the Deck holds a card of a suit all know it lacks");
    }
    if state.burned.iter().any(|s| s.index() >= state.players()) {
        return misplaced("a burned seat is not at the table");
    }
    let marks = &state.marks;
    if marks.zones > 0b111
        || (state.bench.len() < 64 && marks.bench >> state.bench.len() != 0)
        || !state
            .sides
            .get(state.turn_seat.index())
            .is_some_and(|s| s.hand.includes(&marks.hand))
    {
        return misplaced("summon marks on cards that are not there");
    }
    Ok(())
}

fn check_side(side: &Side, seat: usize, over: bool) -> Result {
    if side
        .agents
        .iter()
        .flatten()
        .any(|a| a.card.kind() != Kind::Agent)
    {
        return misplaced("only Agents stand in Agent zones");
    }
    // The 7th scar ends the game at once (HJ73): 7 only in a finished game, never more.
    if side
        .agents
        .iter()
        .flatten()
        .any(|a| a.scars > WINNING_SCARS || (a.scars == WINNING_SCARS && !over))
    {
        return counter("an Agent with 7 scars has already won");
    }
    if side.mana.iter().flatten().any(|m| !m.card.is_settable()) {
        return misplaced("only Mana cards 3–10 stand in Mana zones");
    }
    if side.counters.len() >= LOSING_COUNTERS {
        return counter("six Damage Counters eliminate a seat");
    }
    if side.eliminated
        && (!side.hand.is_empty()
            || side.has_agent()
            || side.mana.iter().any(Option::is_some)
            || !side.counters.is_empty()
            || !side.known.is_empty()
            || side.seers != 0
            || side.lacks != 0
            || side.suits != [0; 4])
    {
        return misplaced("an eliminated seat holds no cards");
    }
    // Known cards are in the hand or face down on the field (HJ85, HJ88); those that cannot be
    // set are in the hand.
    let mut hidden = side.hand;
    for m in side.mana.iter().flatten().filter(|m| !m.face_up) {
        hidden.add(m.card);
    }
    if !hidden.includes(&side.known) {
        return misplaced("a card known to be in a hand is not there");
    }
    // The Deck group's cards a seat drew are there too, and none of them is a known one.
    let mut known_or_drawn = side.known;
    known_or_drawn.add_all(&side.drawn);
    if !hidden.includes(&known_or_drawn) {
        return misplaced("a card drawn from the Deck group is not in the hand");
    }
    let unsettable: Cards = side.known.iter().filter(|c| !c.is_settable()).collect();
    if !side.hand.includes(&unsettable) {
        return misplaced("a known card that cannot be set is not in the hand");
    }
    // Where known cards may lie (HJ88): the masks fit the face-down zones, and the hand and
    // those zones hold each known copy where its mask allows.
    let (down, face_down) = (side.down_zones(), side.face_down_cards());
    if !side.known_at.fits(&side.known, down)
        || !side.known_at.holds(&side.known, &side.hand, &face_down)
    {
        return misplaced("a card known to be in a hand is not where it can be");
    }
    // An Interception's proof: what a seat alone knows is there too (HJ42, HJ88), and holds
    // at least what all know.
    if side.seers >> seat & 1 == 1 || side.seers >> MAX_SEATS != 0 {
        return misplaced("a seat is shown its own hand, or a seat beyond the table");
    }
    for s in 0..MAX_SEATS {
        let (seen, at) = (&side.seen[s], &side.seen_at[s]);
        let fits = if side.seers >> s & 1 == 1 {
            seen.includes(&side.known)
                && at.fits(seen, down)
                && at.holds(seen, &side.hand, &face_down)
        } else {
            seen.is_empty() && *at == Whereabouts::HAND_ONLY
        };
        if !fits {
            return misplaced("a card a seat saw in a hand is not there");
        }
    }
    if side.hand.mask() & side.lacks != 0 || side.lacks >> crate::card::Card::COUNT != 0 {
        return misplaced("a hand holds a card all know it lacks");
    }
    // Evoked suits (HJ66): that many cards of the suit besides the known ones.
    let mut held = [0u16; 4];
    for card in hidden.iter() {
        if let Some(suit) = card.suit() {
            held[suit.index()] += 1;
        }
    }
    for card in side.known.iter() {
        if let Some(suit) = card.suit() {
            held[suit.index()] = held[suit.index()].saturating_sub(1);
        }
    }
    if (0..4).any(|x| held[x] < u16::from(side.suits[x])) {
        return misplaced("fewer cards of an evoked suit than all know to be there");
    }
    if !side.suits_at.fits(&side.suits, down) {
        return misplaced("evoked cards placed where they cannot be");
    }
    // The engine tells an evoked card by where it may lie: the cards must be there.
    if side.suits != [0; 4] && !holds_evoked(side, side) {
        return misplaced("the evoked cards and the known ones cannot all be where they may lie");
    }
    let drawn = u8::try_from(side.drawn.len()).unwrap_or(u8::MAX);
    if !side.drawn_at.fits(drawn, down) {
        return misplaced("cards drawn from the Deck group placed where they cannot be");
    }
    // The same for the cards drawn from the group.
    if !holds_drawn(side) {
        return misplaced(
            "the cards drawn from the Deck group and the known ones cannot all be where they may lie",
        );
    }
    Ok(())
}

fn check_attack(state: &State, attack: &Attack) -> Result {
    if attack.attacker != state.turn_seat || !state.remains(attack.attacker) {
        return phase("the attacker is not the turn seat");
    }
    if !state.is_opponent(attack.attacker, attack.target) {
        return phase("the attacked seat is not an opponent");
    }
    let agent = state
        .side(attack.attacker)
        .agents
        .get(usize::from(attack.zone))
        .copied()
        .flatten();
    match agent {
        Some(a) if a.tapped => Ok(()),
        _ => phase("the attacking Agent is not on the field, tapped"),
    }
}

fn check_empowered(e: &Empowered) -> Result {
    let mut counted = 0u32;
    let mut mana = 0u32;
    for (card, _) in e.used.iter().flatten() {
        let Some(value) = card.mana_value() else {
            return misplaced("only Mana empowers");
        };
        mana += u32::from(value);
        if !card.is_deuce() {
            counted += u32::from(value);
        }
    }
    if counted > 13 || u32::from(e.counted) != counted || u32::from(e.mana) != mana {
        return counter("a duel's empowerments do not add up");
    }
    if usize::from(e.suit_bonus) > e.count() {
        return counter("more Suit Bonuses than cards used");
    }
    Ok(())
}

fn check_duel(state: &State, duel: &Duel) -> Result {
    check_attack(state, &duel.attack)?;
    if usize::from(duel.blocker) >= AGENT_ZONES
        || state.side(duel.attack.target).agents[usize::from(duel.blocker)].is_none()
    {
        return phase("the blocking Agent is not on the field");
    }
    if duel.turn > 1 || duel.doomed.is_some_and(|d| d > 1) {
        return phase("a duel has two sides");
    }
    if duel.scars.iter().any(|&s| s >= WINNING_SCARS) {
        return counter("scars beyond the 7th");
    }
    for e in &duel.sides {
        check_empowered(e)?;
    }
    Ok(())
}

fn check_phase(state: &State) -> Result {
    let setup = matches!(state.phase, Phase::Setup { .. });
    if !setup && state.sides.iter().any(|s| !s.rejects.is_empty()) {
        return phase("rejects are revealed once set-up ends");
    }
    match state.phase {
        Phase::Setup { seat } => {
            if seat.index() >= state.players() || state.turns != 0 {
                return phase("set-up: the seat choosing is not at the table");
            }
            for (i, side) in state.sides.iter().enumerate() {
                let expected = match i.cmp(&seat.index()) {
                    std::cmp::Ordering::Less => Some(REJECTS),
                    std::cmp::Ordering::Equal => None,
                    std::cmp::Ordering::Greater => Some(0),
                };
                let rejects = side.rejects.len();
                if expected.is_some_and(|e| e != rejects)
                    || rejects >= REJECTS && expected.is_none()
                    || side.hand.len() + rejects != DEAL
                    || side.has_played
                    || side.eliminated
                    || side.has_agent()
                    || !side.counters.is_empty()
                {
                    return phase("set-up: seats must hold their nine dealt cards");
                }
                // Nothing has been shown yet: no seat knows anything of another's hand.
                if !side.known.is_empty()
                    || side.seers != 0
                    || side.lacks != 0
                    || side.suits != [0; 4]
                    || state.group_knowers != 0
                {
                    return phase("set-up: nothing is known of any hand yet");
                }
            }
            Ok(())
        }
        Phase::Over => {
            if state.winners.is_empty()
                || state.winners.iter().any(|s| s.index() >= state.players())
            {
                return phase("a finished game has winners at the table");
            }
            Ok(())
        }
        _ => {
            if !state.remains(state.turn_seat) {
                return phase("the turn seat is out of the game");
            }
            if state.remaining() < 2 {
                return phase("a game with one seat left is over");
            }
            if state.turns >= state.options.max_turns {
                return phase("the turn bound is reached: the game is over");
            }
            if !state.side(state.turn_seat).has_played {
                return phase("the turn seat has not begun a turn");
            }
            match state.phase {
                Phase::Block(attack) => check_attack(state, &attack),
                Phase::Duel(duel) => check_duel(state, &duel),
                Phase::Valor(after) => {
                    // The defeated Agent has left the field: only the seats and zones are checked.
                    let a = after.attack;
                    if a.attacker != state.turn_seat
                        || a.target == a.attacker
                        || a.target.index() >= state.players()
                        || usize::from(a.zone) >= AGENT_ZONES
                    {
                        return phase("Valor: the attack is not the turn seat's");
                    }
                    if after.victor > 1 || usize::from(after.blocker) >= AGENT_ZONES {
                        return phase("Valor: the victor is one side of the duel");
                    }
                    Ok(())
                }
                Phase::Summoned { agent } if agent.kind() != Kind::Agent => {
                    phase("only an Agent is summoned")
                }
                Phase::Conjure { six } if six.mana_value() != Some(6) => {
                    phase("Conjuration is cast with a 6")
                }
                Phase::Intercept { seven, target } => {
                    if seven.mana_value() != Some(7)
                        || target.is_some_and(|t| !state.is_opponent(state.turn_seat, t))
                    {
                        return phase("Interception is cast with a 7 on an opponent");
                    }
                    Ok(())
                }
                Phase::Transmute { picks, then }
                    if !(1..=2).contains(&picks) || !quad_ok(state, then) =>
                {
                    phase("a Transmutation has one or two picks")
                }
                Phase::Inflict { then } | Phase::Restore { then } if !quad_ok(state, then) => {
                    phase("four of a kind casts each spell twice")
                }
                Phase::Quad(quad) if !quad_ok(state, Some(quad)) => {
                    phase("four of a kind casts each spell twice")
                }
                Phase::Evoke { discarded } => {
                    let suit = discarded.iter().flatten().next().and_then(|c| c.suit());
                    if discarded
                        .iter()
                        .flatten()
                        .any(|c| c.kind() != Kind::Mana || c.suit() != suit)
                        || suit.is_some_and(|s| state.evoked & 1 << s.index() != 0)
                    {
                        return phase("Evocation: a straight of one suit not yet evoked");
                    }
                    Ok(())
                }
                Phase::Pay(paying) if !paying_ok(&paying) => {
                    phase("a payment: its sources paid so far in order, fewer than it takes")
                }
                Phase::EvokeTake { suit } => {
                    if state.evoked & 1 << suit.index() == 0
                        || !state.deck_holds(suit)
                        || !state.knows_deck(state.turn_seat)
                    {
                        return phase("Evocation: the caster searches a Deck holding the suit");
                    }
                    Ok(())
                }
                _ => Ok(()),
            }
            .and_then(|()| {
                // Every decision has an option: a loaded game is never stuck.
                let mut options = Vec::new();
                state.legal_actions(&mut options);
                if options.is_empty() {
                    return phase("the decision has no option");
                }
                Ok(())
            })
        }
    }
}

/// A payment under way (§21–§23): the sources paid so far come first, are fewer than the
/// payment takes, and fit it in the order it is asked (a pair's in [`Source`](crate::table::action::Source)'s order, a
/// straight's ranks in a row from the lowest, four of a kind's one rank by suit).
fn paying_ok(paying: &crate::phase::Paying) -> bool {
    use crate::phase::Cost;
    let count = paying.count();
    let contiguous = paying.paid.iter().take(count).all(Option::is_some);
    let values = paying.paid.map(|p| p.and_then(|(_, c)| c.mana_value()));
    let first = values[0].unwrap_or(0);
    let fits = paying.paid.iter().take(count).enumerate().all(|(i, p)| {
        let Some((source, card)) = *p else {
            return false;
        };
        let named = match source {
            crate::table::action::Source::Hand(c) | crate::table::action::Source::Counter(c) => {
                c == card
            }
            crate::table::action::Source::Zone(z) => {
                usize::from(z) < crate::table::sizes::MANA_ZONES
            }
        };
        let value = card.mana_value();
        named
            && value.is_some()
            && match paying.cost {
                Cost::Pair(_) => true,
                Cost::Straight => value == Some(first + i as u8) && first <= 8,
                Cost::Quad => {
                    value == Some(first) && card.suit().map(cards::Suit::index) == Some(i)
                }
            }
    });
    let banish_ok = !paying.must_banish || matches!(paying.cost, Cost::Pair(_));
    contiguous && count < paying.cost.sources() && fits && banish_ok
}

fn quad_ok(state: &State, quad: crate::phase::Then) -> bool {
    quad.is_none_or(|q| {
        q.left.iter().all(|&n| n <= 2) && q.burned.iter().all(|s| s.index() < state.players())
    })
}
