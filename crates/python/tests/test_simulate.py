"""`simulate` against the `cards` program: the same games, the same summary."""

from __future__ import annotations

import json
import pathlib
import subprocess
import threading
import time
from typing import Any

import pytest

import cardengines


def program(cards_bin: pathlib.Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(cards_bin), "simulate", *args], capture_output=True, text=True, check=True
    )


def without_timing(summary: str) -> list[str]:
    """The summary's lines but its first (which says how long it took)."""
    return summary.splitlines()[1:]


CASES: list[dict[str, Any]] = [
    {"game": "headtrip", "games": 300, "seed": 5},
    {"game": "brainshearts", "games": 300, "seed": 6},
    {"game": "roundtrip", "games": 200, "seed": 7, "options": {"players": 4}},
    {"game": "highjinks", "games": 200, "seed": 8, "options": {"players": 3}},
    {"game": "highjinks", "games": 4, "seed": 9, "agents": "ismcts:20,flat:20", "rotate": True},
    {"game": "brainshearts", "games": 6, "seed": 10, "agents": "ismcts:30"},
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['game']}-{c['seed']}")
def test_simulate_equals_the_cards_program(cards_bin: pathlib.Path, case: dict[str, Any]) -> None:
    args = [case["game"], "--games", str(case["games"]), "--seed", str(case["seed"]), "--json"]
    args += ["--options", json.dumps(case.get("options", {}))]
    if "agents" in case:
        args += ["--agents", case["agents"]]
    if case.get("rotate"):
        args.append("--rotate")
    ran = program(cards_bin, *args, "--threads", "2")
    expected = [json.loads(line) for line in ran.stdout.splitlines()]
    assert len(expected) == case["games"]

    result = cardengines.simulate(
        case["game"],
        games=case["games"],
        seed=case["seed"],
        options=case.get("options"),
        agents=case.get("agents"),
        rotate=case.get("rotate", False),
        threads=1,
        records=True,
    )
    assert result["records"] == expected
    assert without_timing(result["text"]) == without_timing(ran.stderr)
    assert result["games"] == case["games"]
    plies = [r["plies"] for r in expected]
    assert result["plies"]["min"] == min(plies)
    assert result["plies"]["max"] == max(plies)
    assert result["plies"]["mean"] == pytest.approx(sum(plies) / len(plies))
    for seat, row in enumerate(result["seats"]):
        wins = sum(seat in r["winners"] for r in expected)
        assert row["wins"] == wins
        assert row["win_rate"] == pytest.approx(wins / case["games"])
        low, high = row["interval"]
        assert 0.0 <= low <= row["win_rate"] <= high <= 1.0


def test_summary_alone_equals_the_summary_with_records() -> None:
    alone = cardengines.simulate("roundtrip", games=100, seed=3, threads=2)
    both = cardengines.simulate(cardengines.RoundTrip, games=100, seed=3, threads=1, records=True)
    assert "records" not in alone
    assert without_timing(alone["text"]) == without_timing(both["text"])
    assert alone["seats"] == both["seats"]


def test_agent_objects_name_their_budget() -> None:
    by_text = cardengines.simulate("brainshearts", games=2, seed=1, agents="flat:10,ismcts:10")
    by_object = cardengines.simulate(
        "brainshearts",
        games=2,
        seed=1,
        agents=[cardengines.FlatMonteCarlo(10), cardengines.Ismcts(10, seed=99)],
    )
    assert [a["agent"] for a in by_object["agents"]] == ["flat:10", "ismcts:10"]
    assert by_object["seats"] == by_text["seats"]


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match=r"unknown game|no game|Unknown"):
        cardengines.simulate("chess", games=1)
    with pytest.raises(ValueError):
        cardengines.simulate("headtrip", games=0)
    with pytest.raises(ValueError):
        cardengines.simulate("headtrip", games=1, agents="grandmaster")
    with pytest.raises(cardengines.OptionsError):
        cardengines.simulate("headtrip", games=1, options={"players": 3, "bogus": 1})
    with pytest.raises(ValueError):
        cardengines.simulate("headtrip", games=1, agents="ismcts:5,random")


def test_the_gil_is_released_while_it_runs() -> None:
    # Python runs in another thread between the start and the end of the simulation only if
    # the simulation lets go of the GIL.
    span: list[float] = []

    def run() -> None:
        span.append(time.perf_counter())
        cardengines.simulate("headtrip", games=3000, seed=2, threads=1)
        span.append(time.perf_counter())

    worker = threading.Thread(target=run)
    ticks: list[float] = []
    worker.start()
    while worker.is_alive():
        ticks.append(time.perf_counter())
    worker.join()
    start, end = span
    assert sum(start < t < end for t in ticks) > 100
