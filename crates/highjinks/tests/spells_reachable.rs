//! Issue requirement for part 2: in random games of 2, 3 and 4 players, every spell, summon
//! ability and magic decision is reached. Counts each kind of action taken by random play and
//! checks none is 0.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;

use cards::{Game, GameRng};
use highjinks::{Ability, Action, HighJinks, Options, Phase, Spell};

/// The kind of magic an action casts or decides, if any.
fn kind(action: &Action, phase: &Phase) -> Option<&'static str> {
    Some(match action {
        Action::Ability(Ability::Justice { .. }) => "justice",
        Action::Ability(Ability::Lust(_)) => "lust",
        Action::Ability(Ability::Fortune(_)) => "fortune",
        Action::Flip { .. } => "agent counter flip",
        Action::Conjure(_) => "conjuration",
        Action::Intercept(_) => "interception",
        Action::Cast(Spell::Transmutation) => "transmutation",
        Action::Cast(Spell::Infliction) => "infliction",
        Action::Cast(Spell::Restoration) => "restoration",
        Action::Pay(_) => "a payment's source",
        Action::Straight => "straight",
        Action::Evoke(_) => "evocation",
        Action::Quad => "four of a kind",
        Action::Archlord { .. } => "archlord",
        Action::Recruit(_) => "recruit",
        Action::Salvage(_) if matches!(phase, Phase::Transmute { .. }) => "transmutation salvage",
        Action::Burn(_) => "burn",
        Action::Heal { .. } => "heal",
        Action::Next(_) => "four of a kind's next spell",
        Action::Target(_) => "interception target",
        _ => return None,
    })
}

#[test]
fn every_spell_and_summon_ability_is_cast_in_random_games() {
    let mut counts: BTreeMap<&str, u64> = BTreeMap::new();
    let mut legal = Vec::new();
    for players in 2..=4 {
        for seed in 0..2000u64 {
            let mut game = HighJinks::new(Options::players(players), seed).unwrap();
            let mut rng = GameRng::from_seed(seed ^ 0x5e11);
            while !game.is_over() {
                game.legal_actions(&mut legal);
                let action = legal[rng.index(legal.len())];
                if let Some(k) = kind(&action, game.phase()) {
                    *counts.entry(k).or_default() += 1;
                }
                game.apply(action).unwrap();
            }
        }
    }
    eprintln!("{counts:#?}");
    for k in [
        "justice",
        "lust",
        "fortune",
        "agent counter flip",
        "conjuration",
        "interception",
        "interception target",
        "transmutation",
        "infliction",
        "restoration",
        "straight",
        "evocation",
        "four of a kind",
        "four of a kind's next spell",
        "archlord",
        "recruit",
        "transmutation salvage",
        "burn",
        "heal",
    ] {
        assert!(
            counts.get(k).copied().unwrap_or(0) > 0,
            "{k} was never cast"
        );
    }
}
