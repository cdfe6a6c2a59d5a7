"""The agents from Python choose as the Rust agents do in the `cards` program."""

from __future__ import annotations

import json
import pathlib
import subprocess
from typing import Union

import pytest
from conftest import GAMES

import cardengines

# How `cards simulate` seeds the agent of seat s in a game of seed g: game_seed(g ^ SALT, s).
AGENT_SALT = 0xA6E75EED

Agent = Union[cardengines.Ismcts, cardengines.FlatMonteCarlo]


def recorded(
    cards_bin: pathlib.Path, game: str, seed: int, agent: str, tmp: pathlib.Path
) -> list[str]:
    """The actions of game 0 of `cards simulate` with `agent` at every seat."""
    path = tmp / f"{game}-{agent.replace(':', '_')}.json"
    subprocess.run(
        [
            str(cards_bin),
            "simulate",
            game,
            "--seed",
            str(seed),
            "--agents",
            agent,
            "--record-game",
            "0",
            "--record",
            str(path),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    actions: list[str] = json.loads(path.read_text())["actions"]
    return actions


@pytest.mark.parametrize("kind", ["ismcts", "flat"])
@pytest.mark.parametrize("cls", GAMES, ids=lambda g: g.NAME)
def test_choices_equal_the_rust_agents(
    cards_bin: pathlib.Path, tmp_path: pathlib.Path, cls: type[cardengines._Game], kind: str
) -> None:
    budget, seed = 25, 17
    expected = recorded(cards_bin, cls.NAME, seed, f"{kind}:{budget}", tmp_path)
    game_seed = cardengines.game_seed(seed, 0)
    game = cls(seed=game_seed)
    make = cardengines.Ismcts if kind == "ismcts" else cardengines.FlatMonteCarlo
    agents: list[Agent] = [
        make(budget, seed=cardengines.game_seed(game_seed ^ AGENT_SALT, s))
        for s in range(game.seat_count)
    ]
    chosen: list[str] = []
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        action = agents[seat].choose(game)
        assert action in game.legal_actions()
        game.apply(action)
        chosen.append(action)
    assert chosen == expected


def test_another_seed_can_choose_otherwise() -> None:
    # The seed is used: over a few decisions, agents of different seeds do not always agree.
    game = cardengines.BrainsHearts(seed=4)
    differ = False
    for _ in range(12):
        if game.is_over:
            break
        a = cardengines.FlatMonteCarlo(8, seed=1).choose(game)
        b = cardengines.FlatMonteCarlo(8, seed=2).choose(game)
        differ = differ or a != b
        game.apply(a)
    assert differ


def test_choosing_in_a_finished_game_is_refused() -> None:
    game = cardengines.HeadTrip(seed=1)
    game.random_playout(1)
    with pytest.raises(ValueError, match="over"):
        cardengines.Ismcts(10).choose(game)


def test_budgets_are_checked() -> None:
    with pytest.raises(ValueError):
        cardengines.Ismcts(0)
    with pytest.raises(ValueError):
        cardengines.FlatMonteCarlo(10, time_ms=0)
    assert cardengines.Ismcts(500, seed=3).spec == "ismcts:500"
    assert cardengines.FlatMonteCarlo(time_ms=20).spec == "flat:20ms"


def test_an_agent_is_not_a_game() -> None:
    with pytest.raises(ValueError, match="expected a game"):
        cardengines.Ismcts(10).choose(42)  # type: ignore[arg-type]
