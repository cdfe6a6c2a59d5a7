//! Checking a loaded state: every invariant the engine relies on, so that a loaded game never
//! panics, never gets stuck and never breaks a rule.

use crate::card::{Cards, Kind};
use crate::error::InvalidState;
use crate::field::{Side, AGENT_ZONES, LOSING_COUNTERS, WINNING_SCARS};
use crate::options::{DEAL, REJECTS};
use crate::phase::{Attack, Duel, Empowered, Phase};
use crate::state::State;

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
    for side in &state.sides {
        check_side(side, state.is_over())?;
    }
    if !state.is_over() && !state.winners.is_empty() {
        return phase("winners before the end");
    }
    if state.plies > crate::game::ply_bound(&state.options) {
        return counter("more plies than any game can take");
    }
    if state.deck_knowers & !crate::state::ALL_KNOW != 0 {
        return misplaced("the Deck's knowers are seats 0–3 and the spectators");
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
    check_phase(state)
}

fn check_side(side: &Side, over: bool) -> Result {
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
            || !side.known.is_empty())
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
    let unsettable: Cards = side.known.iter().filter(|c| !c.is_settable()).collect();
    if !side.hand.includes(&unsettable) {
        return misplaced("a known card that cannot be set is not in the hand");
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
                _ => Ok(()),
            }
        }
    }
}
