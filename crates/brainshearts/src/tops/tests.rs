//! The masks of the kept tops against plain searches of the board, and the kept tops
//! against the board over whole games.

use super::*;
use crate::state::Phase;
use cards::{Card, GameRng};

/// The plain search over every path of positions, as the reference for `can_capture`.
fn reference(tops: &Side<'_>, run: Run) -> bool {
    let has_opp = run.used & !tops.own & 0b11_1111 != 0;
    if run.len >= 3 && has_opp {
        return true;
    }
    if run.len >= 4 {
        return false;
    }
    (0..6).any(|pos| {
        tops.follow(run, pos)
            .is_some_and(|next| reference(tops, next))
    })
}

/// The plain count of three of a kind, as the reference for the masks.
fn plain_three(values: &[u8; 6], own: u8, value: u8) -> bool {
    if value == 0 {
        return false;
    }
    let own_count = (0..6)
        .filter(|&p| own & (1 << p) != 0 && values[p] == value)
        .count();
    let opp_count = (0..6)
        .filter(|&p| own & (1 << p) == 0 && values[p] == value)
        .count();
    own_count >= 1 && opp_count >= 1 && own_count + opp_count >= 3
}

#[test]
fn the_masks_agree_with_the_full_search() {
    let mut rng = GameRng::from_seed(17);
    for _ in 0..20_000 {
        let mut values = [0u8; 6];
        for value in values.iter_mut() {
            *value = rng.below(8) as u8;
        }
        let aces = (0..6).fold(0u8, |all, p| all | u8::from(values[p] == 1) << p);
        let wormholes = rng.below(64) as u8 & aces;
        let shown = (0..6).fold(0u64, |all, p| {
            let mark = if wormholes & (1 << p) != 0 {
                WORMHOLE
            } else {
                0
            };
            all | u64::from(value_bit(values[p]) | mark) << (8 * p)
        });
        let board = Tops { shown };
        assert_eq!(board.wormholes(), wormholes, "{board:?}");
        for (pos, &value) in values.iter().enumerate() {
            assert_eq!(board.value(pos), value, "{board:?} {pos}");
        }
        for seat in 0..2 {
            let plain = values[seat * 3..seat * 3 + 3]
                .iter()
                .fold(0u8, |all, &v| all | value_bit(v));
            let marks = board.seat_marks()[seat];
            assert_eq!(marks & 0x7F, plain, "{board:?} {seat}");
            let wormhole = (wormholes >> (3 * seat)) & 0b111 != 0;
            assert_eq!(marks & WORMHOLE != 0, wormhole, "{board:?} {seat}");
        }
        for value in 0..=8 {
            let plain = (0..6).fold(0u8, |all, p| {
                all | u8::from(value != 0 && values[p] == value) << p
            });
            assert_eq!(board.showing(value), plain, "{board:?} {value}");
        }
        for mask in 0..128u8 {
            let plain = (0..6).fold(0u8, |all, p| {
                all | u8::from(value_bit(values[p]) & mask != 0) << p
            });
            assert_eq!(board.showing_any(mask), plain, "{board:?} {mask}");
        }
        let tops = board.side(rng.below(2) as usize);
        for value in 0..=8 {
            assert_eq!(
                tops.three_of_a_kind(value),
                plain_three(&values, tops.own, value),
                "{board:?} {value}"
            );
        }
        // A run starts at an own position showing a card, with its value, undecided from a
        // wormhole and upwards otherwise.
        for (pos, &value) in values.iter().enumerate() {
            let expected = (value != 0 && tops.own & (1 << pos) != 0).then(|| Run {
                len: 1,
                last: value,
                direction: if wormholes & (1 << pos) != 0 {
                    Direction::Either
                } else {
                    Direction::Up
                },
                used: 1 << pos,
                captured: 0,
            });
            assert_eq!(tops.start(pos), expected, "{board:?} {pos}");
        }
        assert_eq!(tops.start(6), None);
        let threes = (1..=7).fold(0u8, |all, v| {
            all | u8::from(tops.three_of_a_kind(v)) << (v - 1)
        });
        assert_eq!(tops.three_values(), threes, "{board:?}");
        // At most two values at once (the scoring phase's listing holds two).
        assert!(threes.count_ones() <= 2, "{board:?}");
        let plain =
            (1..=7).any(|v| tops.three_of_a_kind(v)) || (0..6).any(|p| tops.run_start(p).is_some());
        assert_eq!(tops.any_claim(), plain, "{board:?}");
        let starts = (0..6).fold(0u8, |all, p| {
            all | u8::from(tops.start(p).is_some_and(|run| reference(&tops, run))) << p
        });
        assert_eq!(tops.run_starts(), starts, "{board:?}");
        assert_eq!(
            tops.can_start_marked(tops.start_marks()),
            starts != 0,
            "{board:?}"
        );
        // The scoring phase opens on non-empty claims: the same test as `any_claim`.
        assert_eq!(tops.any_claim(), tops.three_values() | starts != 0);
        for pos in 0..6 {
            let Some(run) = tops.start(pos) else { continue };
            let open = (0..6).fold(0u8, |all, p| {
                all | u8::from(tops.extend(run, p).is_some()) << p
            });
            assert_eq!(tops.extensions(run), open, "{board:?} from {pos}");
            // The walk along the values agrees with the table of steps.
            assert_eq!(tops.walked_extensions(run), open, "{board:?} from {pos}");
            assert_eq!(
                tops.can_capture(run),
                reference(&tops, run),
                "{board:?} from {pos}"
            );
            for next in 0..6 {
                if let Some(two) = tops.follow(run, next) {
                    let open = (0..6).fold(0u8, |all, p| {
                        all | u8::from(tops.extend(two, p).is_some()) << p
                    });
                    assert_eq!(tops.extensions(two), open, "{board:?} {pos} {next}");
                    let of_two = tops.extensions_of_two(two);
                    assert_eq!(of_two, open, "{board:?} {pos} {next}");
                    assert_eq!(tops.walked_extensions(two), open, "{board:?} {pos} {next}");
                    assert_eq!(
                        tops.can_capture(two),
                        reference(&tops, two),
                        "{board:?} {pos} {next}"
                    );
                    for third in 0..6 {
                        if let Some(three) = tops.follow(two, third) {
                            assert_eq!(
                                tops.can_capture(three),
                                reference(&tops, three),
                                "{board:?} {pos} {next} {third}"
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn the_kept_tops_always_match_the_board() {
    use cards::Game;
    for seed in 0..200 {
        let options = crate::Options {
            die_results: Some(vec![6, 2, 4, 5]),
            ..crate::Options::default()
        };
        let options = if seed % 2 == 0 {
            options
        } else {
            crate::Options::default()
        };
        let Ok(mut game) = BrainsHearts::new(options, seed) else {
            panic!("options refused")
        };
        let mut rng = GameRng::from_seed(seed);
        let mut legal = Vec::new();
        while game.to_act().is_some() {
            assert_eq!(
                game.tops,
                Tops::compute(&game.seats),
                "seed {seed}, ply {}",
                game.plies()
            );
            // The kept claims are read only in the scoring phase and during a run.
            let claiming = matches!(game.phase, Phase::Scoring | Phase::Running(_));
            assert!(
                !claiming || game.claims == game.kept_claims(),
                "seed {seed}, ply {}",
                game.plies()
            );
            // The targets of every die result 2-5, as one mask from the kept tops, are the
            // positions the check of a change accepts (a roll or a choice reads the mask).
            for result in 2..=5 {
                let plain = crate::Pos::ALL
                    .into_iter()
                    .filter(|&pos| game.is_target(result, pos))
                    .fold(0u8, |mask, pos| mask | 1 << pos.index());
                assert_eq!(game.targets(result), plain, "seed {seed}, result {result}");
            }
            // The targets of a die result listed from the kept tops are the positions the
            // check of a change accepts.
            if let Phase::DieTarget { result } = game.phase {
                let mut listed = Vec::new();
                game.target_actions(result, &mut listed);
                let plain: Vec<_> = crate::Pos::ALL
                    .into_iter()
                    .filter(|&pos| game.is_target(result, pos))
                    .map(crate::Action::Change)
                    .collect();
                assert_eq!(listed, plain, "seed {seed}, ply {}", game.plies());
            }
            // Every open extension of a run can follow, as the run extended without the check.
            if let Phase::Running(run) = game.phase {
                for pos in (0..6).filter(|&pos| game.claims.positions & (1 << pos) != 0) {
                    assert_eq!(
                        game.tops.follow(run, pos),
                        Some(game.tops.extended(run, pos)),
                        "seed {seed}, ply {}, position {pos}",
                        game.plies()
                    );
                }
            }
            game.legal_actions(&mut legal);
            let action = legal[rng.index(legal.len())];
            assert!(game.apply(action).is_ok());
        }
        assert_eq!(game.tops, Tops::compute(&game.seats));
    }
}

#[test]
fn a_top_cards_byte_is_its_value_and_its_wormhole_mark() {
    for index in 0..Card::COUNT {
        let Some(card) = Card::from_index(index) else {
            continue;
        };
        for value in 0..=7 {
            for modified in [false, true] {
                let top = BoardCard {
                    card,
                    value,
                    modified,
                };
                let mark = if top.is_wormhole() { WORMHOLE } else { 0 };
                assert_eq!(top_byte(top), value_bit(value) | mark, "{top:?}");
            }
        }
        assert_eq!(played_byte(card), top_byte(BoardCard::new(card)), "{card}");
    }
}
