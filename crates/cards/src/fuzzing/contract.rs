//! The contract, checked on a game from wherever it stands to its end: what the fuzz drivers
//! ask of any state a game accepted (a loaded save, a mutant, a game driven by bytes).

use crate::{Game, GameRng, Seat, SeatSet};

/// How closely [`play_on`] checks.
#[derive(Clone, Copy, Debug)]
pub(super) struct Depth {
    /// Full checks at each of this many first plies...
    pub full_plies: u64,
    /// ...then at every `stride`-th ply; light checks between (the seat to act has a listed
    /// action, the chosen one applies and counts one ply, the bound holds). The end is always
    /// checked fully.
    pub stride: u64,
    /// Whether the state saved at every ply (not only at fully checked ones) must load and save
    /// again to the same bytes.
    pub reload_every_ply: bool,
    /// Most plies to play: a safeguard when a state states a huge bound. Stopping there is no
    /// breach.
    pub max_plies: u64,
}

/// Plays `game` on to its end with choices drawn from `rng`, checking the contract: the game
/// ends within `max_plies()`; the seat to act is at the table and has a legal action; every
/// listed action applies and counts one ply; unlisted actions are refused and change nothing;
/// the census of cards never changes; `score`, `winners`, every seat's `view` (and its text)
/// and `observe` work; a determinisation (`resample_hidden_into`) keeps the seat's view and the
/// seat to act; every state saved along the way loads and re-saves to the same bytes. Returns the plies
/// played, or what broke.
pub(super) fn play_on<G: Game>(
    mut game: G,
    rng: &mut GameRng,
    depth: Depth,
) -> Result<u64, String> {
    resaves(&game)?;
    let seats = game.seat_count();
    if seats == 0 || seats > SeatSet::MAX_SEATS {
        return Err(format!("a table of {seats} seats"));
    }
    let bound = game.max_plies();
    let mut legal = Vec::new();
    let mut space = Vec::new();
    game.action_space(&mut space);
    let mut scratch = game.clone();
    let mut census = Vec::new();
    game.census(&mut census);
    census.sort();
    let mut now = Vec::new();
    let mut played = 0u64;
    while let Some(seat) = game.to_act() {
        let ply = game.plies();
        if ply >= bound {
            return Err(format!(
                "at ply {ply}, seat {seat} is to act: no end within the bound of {bound} plies"
            ));
        }
        if played >= depth.max_plies {
            return Ok(played);
        }
        if seat.index() >= seats {
            return Err(format!(
                "at ply {ply}, seat {seat} is to act at a table of {seats}"
            ));
        }
        game.legal_actions(&mut legal);
        let Some(&action) = legal.get(rng.index(legal.len())) else {
            return Err(format!(
                "at ply {ply}, seat {seat} is to act but has no legal action"
            ));
        };
        let at = |what: String| format!("at ply {ply}, {what}");
        let full = played < depth.full_plies || played % depth.stride.max(1) == 0;
        if full || depth.reload_every_ply {
            resaves(&game).map_err(at)?;
        }
        if full {
            listed_actions_apply(&game, &legal, &mut scratch).map_err(at)?;
            let probes = if played == 0 { space.len() } else { 4 };
            refusals_change_nothing(&mut game, &legal, &space, probes, rng).map_err(at)?;
            let determinise = played % (16 * depth.stride.max(1)) == 0;
            look(&game, Some(action), determinise, rng, &mut scratch).map_err(at)?;
            conserved(&game, &census, &mut now).map_err(at)?;
        }
        game.apply(action)
            .map_err(|e| format!("at ply {ply}, listed `{action}` refused: {e}"))?;
        if game.plies() != ply + 1 {
            return Err(format!(
                "at ply {ply}, `{action}` took the count of plies to {}",
                game.plies()
            ));
        }
        played += 1;
    }
    let end = game.plies();
    let at = |what: String| format!("over at ply {end}, {what}");
    game.legal_actions(&mut legal);
    if let Some(action) = legal.first() {
        return Err(at(format!("the game lists `{action}`")));
    }
    let probes = space.len();
    refusals_change_nothing(&mut game, &legal, &space, probes, rng).map_err(at)?;
    look(&game, None, true, rng, &mut scratch).map_err(at)?;
    conserved(&game, &census, &mut now).map_err(at)?;
    if game.winners().is_empty() {
        return Err(at("the game has no winner".to_owned()));
    }
    resaves(&game).map_err(at)?;
    Ok(played)
}

/// The census of `game` is `census` (sorted).
fn conserved<G: Game>(game: &G, census: &[G::Card], now: &mut Vec<G::Card>) -> Result<(), String> {
    game.census(now);
    now.sort();
    if now != census {
        return Err(format!(
            "the census of cards changed from {census:?} to {now:?}"
        ));
    }
    Ok(())
}

/// The state saved loads, and saves again to the same bytes.
fn resaves<G: Game>(game: &G) -> Result<(), String> {
    let saved = serde_json::to_vec(game).map_err(|e| format!("the state does not save: {e}"))?;
    let loaded: G = serde_json::from_slice(&saved).map_err(|e| {
        format!(
            "the state saved does not load: {e} (saved: {})",
            String::from_utf8_lossy(&saved)
        )
    })?;
    let again = serde_json::to_vec(&loaded).map_err(|e| format!("a reload does not save: {e}"))?;
    if again != saved {
        return Err(format!(
            "the state saved loads and saves again differently ({} then {})",
            String::from_utf8_lossy(&saved),
            String::from_utf8_lossy(&again)
        ));
    }
    Ok(())
}

/// Every listed action applies (to a copy) and counts one ply.
fn listed_actions_apply<G: Game>(
    game: &G,
    legal: &[G::Action],
    scratch: &mut G,
) -> Result<(), String> {
    for &action in legal {
        scratch.clone_from(game);
        scratch
            .apply(action)
            .map_err(|e| format!("listed `{action}` refused: {e}"))?;
        if scratch.plies() != game.plies() + 1 {
            return Err(format!(
                "listed `{action}` took the count of plies from {} to {}",
                game.plies(),
                scratch.plies()
            ));
        }
    }
    Ok(())
}

/// Up to `probes` unlisted actions of the space (all of them when `probes` covers the space,
/// else drawn at random) are refused, and each refusal leaves the saved bytes as they were.
fn refusals_change_nothing<G: Game>(
    game: &mut G,
    legal: &[G::Action],
    space: &[G::Action],
    probes: usize,
    rng: &mut GameRng,
) -> Result<(), String> {
    let save = |game: &G| serde_json::to_vec(game).map_err(|e| format!("does not save: {e}"));
    let before = save(game)?;
    let pristine = game.clone();
    let every = probes >= space.len();
    let mut probed = Vec::new();
    for i in 0..probes.min(space.len()) {
        let index = if every { i } else { rng.index(space.len()) };
        let Some(&action) = space.get(index) else {
            continue;
        };
        if legal.contains(&action) {
            continue;
        }
        if game.apply(action).is_ok() {
            return Err(format!("unlisted `{action}` was accepted"));
        }
        probed.push(action);
    }
    // Saved once after all the refusals; if the state changed, each refusal again alone.
    if save(game)? == before {
        return Ok(());
    }
    for action in probed {
        game.clone_from(&pristine);
        let _ = game.apply(action);
        if save(game)? != before {
            return Err(format!("refusing `{action}` changed the state"));
        }
    }
    Err("refusals changed the state, though none did alone".to_owned())
}

/// Reads everything a seat or a spectator may read: scores, winners, views and their text, the
/// observations of `action`, and (if `determinise`) a determinisation for each; none may panic,
/// the winners sit at the table, and a determinisation keeps the seat's view and the seat to
/// act.
fn look<G: Game>(
    game: &G,
    action: Option<G::Action>,
    determinise: bool,
    rng: &mut GameRng,
    scratch: &mut G,
) -> Result<(), String> {
    // Every seat, and one beyond the table: a spectator.
    for i in 0..=game.seat_count() {
        let seat = Seat(i as u8);
        let _ = game.score(seat);
        let view = game.view(seat);
        let _ = view.to_string();
        if let Some(action) = action {
            let _ = game.observe(action, seat).to_string();
        }
        if determinise {
            game.resample_hidden_into(seat, rng, scratch);
            if scratch.view(seat) != view || scratch.to_act() != game.to_act() {
                return Err(format!(
                    "a determinisation for seat {seat} changed its view or the seat to act"
                ));
            }
        }
    }
    let winners = game.winners();
    match winners.iter().find(|s| s.index() >= game.seat_count()) {
        Some(seat) => Err(format!(
            "seat {seat} wins at a table of {}",
            game.seat_count()
        )),
        None => Ok(()),
    }
}
