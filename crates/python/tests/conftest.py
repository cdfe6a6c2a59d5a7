"""Shared fixtures: the game classes, and the `cards` program the results are compared with."""

from __future__ import annotations

import os
import pathlib

import pytest

import cardengines

GAMES: list[type[cardengines._Game]] = [
    cardengines.HeadTrip,
    cardengines.BrainsHearts,
    cardengines.RoundTrip,
    cardengines.HighJinks,
]


@pytest.fixture(params=GAMES, ids=lambda g: g.NAME)
def game_class(request: pytest.FixtureRequest) -> type[cardengines._Game]:
    """Each game class in turn."""
    cls: type[cardengines._Game] = request.param
    return cls


@pytest.fixture(scope="session")
def cards_bin() -> pathlib.Path:
    """The `cards` program: $CARDS_BIN (scripts/test-python builds it and sets it)."""
    path = os.environ.get("CARDS_BIN")
    if not path or not pathlib.Path(path).is_file():
        pytest.fail("set CARDS_BIN to the `cards` program (scripts/test-python does)")
    return pathlib.Path(path)
