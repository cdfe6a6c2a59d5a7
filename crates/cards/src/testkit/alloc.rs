//! Properties of allocation (feature `testkit-alloc`): a game plays, copies and determinises
//! without touching the heap once its buffers have grown. Counted by the `allocation-counter`
//! crate, whose counting global allocator is then installed in every binary that links the kit:
//! a package with a global allocator of its own enables `testkit` alone.

use crate::{Agent, Game, GameRng, Seat};

/// No heap allocation per ply: a whole random game, played on a buffer already as large as the
/// action space, allocates nothing from its first ply to its end (new deals and new games of a
/// session included). The same holds for a game made by `clone` mid-way, by `resample_hidden` and
/// by `resample_hidden_into`; `clone_from` into a game that has grown allocates nothing; the loop
/// of an information-set search (determinise into a reused game, then play it out) allocates
/// nothing once warm; and so does a simulation's loop of games, `new_into` a game that has held one
/// of the same options, then play it out. Counted per thread by a counting global allocator, which
/// the kit installs in the test binary; a control allocation proves the counter is live.
pub fn no_allocation_per_ply<G: Game>(options: &[G::Options]) {
    let control = allocation_counter::measure(|| {
        std::hint::black_box(Vec::<u64>::with_capacity(8));
    });
    assert!(
        control.count_total > 0,
        "the counting allocator is not active"
    );
    for (index, chosen) in options.iter().enumerate() {
        for seed in 0..8 {
            let what = |how: &str| format!("options {index}, seed {seed}, {how}");
            let mut game = G::new(chosen.clone(), seed)
                .unwrap_or_else(|e| panic!("options {index} refused: {e}"));
            let mut space = Vec::new();
            game.action_space(&mut space);
            let mut buffer: Vec<G::Action> = Vec::with_capacity(space.len());
            let mut rng = GameRng::from_seed(seed);
            // Half-way through a game: the copies below start from here.
            let mut middle = game.clone();
            let _ = crate::random_playout(&mut middle, &mut rng, &mut buffer);
            let half = middle.plies() / 2;
            middle.clone_from(&game);
            while middle.plies() < half {
                middle.legal_actions(&mut buffer);
                let Some(&action) = buffer.get(rng.index(buffer.len())) else {
                    break;
                };
                let _ = middle.apply(action);
            }
            let observer = middle.to_act().unwrap_or(Seat(0));

            assert_playout_allocates_nothing(&mut game, &mut rng, &mut buffer, &what("new game"));
            let mut cloned = middle.clone();
            assert_playout_allocates_nothing(&mut cloned, &mut rng, &mut buffer, &what("clone"));
            let mut resampled = middle.resample_hidden(observer, &mut rng);
            assert_playout_allocates_nothing(
                &mut resampled,
                &mut rng,
                &mut buffer,
                &what("resample_hidden"),
            );
            // `clone_from` and `resample_hidden_into` into games that have grown: the search loop.
            let mut copies = 0;
            let counted = allocation_counter::measure(|| {
                cloned.clone_from(&middle);
                copies += 1;
            });
            assert_eq!(counted.count_total, 0, "{}", what("clone_from"));
            let mut plies = 0;
            let counted = allocation_counter::measure(|| {
                for _ in 0..4 {
                    middle.resample_hidden_into(observer, &mut rng, &mut resampled);
                    if let Ok(stats) = crate::random_playout(&mut resampled, &mut rng, &mut buffer)
                    {
                        plies += stats.plies;
                    }
                }
            });
            assert!(copies == 1 && resampled.is_over());
            assert_eq!(
                counted.count_total,
                0,
                "{}: {} allocations in 4 determinise-and-play-out iterations ({plies} plies)",
                what("resample_hidden_into"),
                counted.count_total
            );
            // A simulation's loop: new games into the one that played, then played out.
            let mut games = 0;
            let counted = allocation_counter::measure(|| {
                for next in 1..=4 {
                    if G::new_into(chosen, seed.wrapping_add(next * 1000), &mut game).is_ok()
                        && crate::random_playout(&mut game, &mut rng, &mut buffer).is_ok()
                    {
                        games += 1;
                    }
                }
            });
            assert_eq!(games, 4, "{}", what("new_into"));
            assert_eq!(
                counted.count_total,
                0,
                "{}: {} allocations in 4 games started with new_into and played out",
                what("new_into"),
                counted.count_total
            );
        }
    }
}

/// Plays `game` out at random and asserts it ends having allocated nothing.
fn assert_playout_allocates_nothing<G: Game>(
    game: &mut G,
    rng: &mut GameRng,
    buffer: &mut Vec<G::Action>,
    what: &str,
) {
    let mut outcome = None;
    let counted = allocation_counter::measure(|| {
        outcome = Some(crate::random_playout(game, rng, buffer));
    });
    let plies = match outcome {
        Some(Ok(stats)) => stats.plies,
        Some(Err(e)) => panic!("{what}: {e}"),
        None => 0,
    };
    assert!(game.is_over(), "{what}: the game did not end");
    assert_eq!(
        counted.count_total, 0,
        "{what}: {} allocations in {plies} plies",
        counted.count_total
    );
}

/// An agent allocates nothing once warm: after one decision, its decisions at every later
/// eighth ply of the same game (whichever seat is to act) allocate nothing. Checked over two
/// seeded games per set of options.
///
/// `make` builds the agent from its seed.
pub fn agent_allocates_nothing_once_warm<G: Game, A: Agent<G>>(
    options: &[G::Options],
    make: impl Fn(u64) -> A,
) {
    for (index, chosen) in options.iter().enumerate() {
        for seed in 0..2 {
            let mut game = G::new(chosen.clone(), seed)
                .unwrap_or_else(|e| panic!("options {index} refused: {e}"));
            let mut agent = make(seed);
            let mut rng = GameRng::from_seed(seed);
            let mut legal = Vec::new();
            let mut warm = false;
            while let Some(seat) = game.to_act() {
                game.legal_actions(&mut legal);
                if legal.len() > 1 && (!warm || game.plies() % 8 == 0) {
                    let mut choice = None;
                    let counted = allocation_counter::measure(|| {
                        choice = Some(agent.choose(&game, seat, &legal));
                    });
                    assert!(
                        !warm || counted.count_total == 0,
                        "options {index}, seed {seed}, ply {}: the agent's decision for seat {} \
                         made {} allocations",
                        game.plies(),
                        seat,
                        counted.count_total
                    );
                    warm = true;
                    assert!(choice.is_some_and(|c| legal.contains(&c)));
                }
                let Some(&action) = legal.get(rng.index(legal.len())) else {
                    break;
                };
                if game.apply(action).is_err() {
                    break;
                }
            }
        }
    }
}
