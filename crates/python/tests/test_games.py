"""The game classes: the engines' contract seen from Python."""

from __future__ import annotations

import copy
import json
import pickle
from typing import TYPE_CHECKING

import pytest
from conftest import GAMES
from hypothesis import given, settings
from hypothesis import strategies as st

import cardengines

if TYPE_CHECKING:
    from cardengines import _Game as Game


def played(cls: type[Game], seed: int, plies: int, chooser: int) -> Game:
    """A game of `cls` from `seed` after up to `plies` random plies drawn from `chooser`."""
    game = cls(seed=seed)
    for i in range(plies):
        legal = game.legal_actions()
        if not legal:
            break
        game.apply(legal[(chooser * 31 + i * 17) % len(legal)])
    return game


game_states = st.builds(
    played,
    st.sampled_from(GAMES),
    st.integers(0, 2**64 - 1),
    st.integers(0, 150),
    st.integers(0, 10**6),
)


def test_exceptions_are_value_errors() -> None:
    for error in (
        cardengines.OptionsError,
        cardengines.IllegalActionError,
        cardengines.StateError,
    ):
        assert issubclass(error, ValueError)


def test_a_new_game_has_a_seat_to_act(game_class: type[Game]) -> None:
    game = game_class({}, 7)
    assert not game.is_over
    assert game.to_act is not None and 0 <= game.to_act < game.seat_count
    assert game.legal_actions()
    assert game.plies == 0
    assert len(game.scores) == game.seat_count
    assert game.NAME in repr(game) or type(game).__name__ in repr(game)


def test_unknown_option_is_refused_with_the_valid_fields(game_class: type[Game]) -> None:
    names = game_class.option_names()
    assert names
    with pytest.raises(cardengines.OptionsError) as refused:
        game_class({"no_such_option": 1}, 0)
    for name in names:
        assert name in str(refused.value)


def test_options_must_be_a_dict(game_class: type[Game]) -> None:
    with pytest.raises(cardengines.OptionsError):
        game_class([1, 2], 0)  # type: ignore[arg-type]


def test_options_read_back(game_class: type[Game]) -> None:
    options = game_class(None, 0).options
    assert set(options) <= set(game_class.option_names())
    assert game_class(options, 3) == game_class(None, 3)


def test_players_option_is_checked() -> None:
    assert cardengines.RoundTrip({"players": 5}, 1).seat_count == 5
    with pytest.raises(cardengines.OptionsError):
        cardengines.RoundTrip({"players": 99}, 1)


@given(game_states, st.text(max_size=30))
@settings(max_examples=150, deadline=None)
def test_an_illegal_action_changes_nothing(game: Game, text: str) -> None:
    before = game.to_json()
    legal = game.legal_actions()
    if text in legal:
        return
    with pytest.raises(cardengines.IllegalActionError):
        game.apply(text)
    assert game.to_json() == before


@given(game_states, st.integers(0, 150), st.integers(0, 10**6))
@settings(max_examples=60, deadline=None)
def test_a_legal_action_of_another_state_is_refused_or_legal(
    game: Game, plies: int, chooser: int
) -> None:
    # Actions legal elsewhere in the same game: refused with IllegalActionError unless legal here.
    other = played(type(game), 12345, plies, chooser)
    legal = set(game.legal_actions())
    for action in other.legal_actions():
        before = game.to_json()
        if action in legal:
            continue
        with pytest.raises(cardengines.IllegalActionError):
            game.apply(action)
        assert game.to_json() == before


def test_an_illegal_action_gives_the_engines_reason() -> None:
    game = cardengines.HeadTrip(seed=1)
    with pytest.raises(cardengines.IllegalActionError, match="not an action"):
        game.apply("fly to the moon")


@given(game_states)
@settings(max_examples=80, deadline=None)
def test_save_and_load_round_trip(game: Game) -> None:
    text = game.to_json()
    loaded = type(game).from_json(text)
    assert loaded == game
    assert loaded.to_json() == text
    assert loaded.legal_actions() == game.legal_actions()
    # The same future: the generator is part of the state.
    assert loaded.random_playout(9) == game.random_playout(9)
    assert loaded == game


@given(game_states)
@settings(max_examples=60, deadline=None)
def test_pickle_round_trip(game: Game) -> None:
    again = pickle.loads(pickle.dumps(game))
    assert type(again) is type(game)
    assert again == game
    assert copy.deepcopy(game) == game


def test_bad_states_are_refused(game_class: type[Game]) -> None:
    for text in ["", "{}", "[1,2,3]", "null", '{"table": 3}']:
        with pytest.raises(cardengines.StateError):
            game_class.from_json(text)
    other = next(c for c in GAMES if c is not game_class)
    with pytest.raises(cardengines.StateError):
        game_class.from_json(other(seed=1).to_json())


@given(game_states, st.integers(0, 10**6))
@settings(max_examples=80, deadline=None)
def test_a_tampered_state_is_refused_or_valid(game: Game, where: int) -> None:
    # Any number in the saved state changed: the load refuses it or gives a playable game.
    value = json.loads(game.to_json())
    numbers: list[tuple[object, object]] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, child in node.items():
                if isinstance(child, int) and not isinstance(child, bool):
                    numbers.append((node, key))
                walk(child)
        elif isinstance(node, list):
            for index, child in enumerate(node):
                if isinstance(child, int) and not isinstance(child, bool):
                    numbers.append((node, index))
                walk(child)

    walk(value)
    if not numbers:
        return
    container, key = numbers[where % len(numbers)]
    container[key] = container[key] + 1 + where % 7  # type: ignore[index]
    try:
        loaded = type(game).from_json(json.dumps(value))
    except cardengines.StateError:
        return
    loaded.random_playout(1)
    assert loaded.is_over


@given(game_states)
@settings(max_examples=60, deadline=None)
def test_a_clone_is_independent(game: Game) -> None:
    before = game.to_json()
    twin = game.clone()
    assert twin == game
    twin.random_playout(3)
    assert game.to_json() == before
    if not game.is_over:
        assert twin != game


@given(game_states, st.integers(0, 2**64 - 1))
@settings(max_examples=60, deadline=None)
def test_a_determinisation_keeps_the_seats_view(game: Game, seed: int) -> None:
    for seat in range(game.seat_count):
        drawn = game.resample_hidden(seat, seed)
        assert drawn.view(seat) == game.view(seat)
        assert drawn.legal_actions() == game.legal_actions() or game.to_act != seat


def test_resample_refuses_a_seat_not_at_the_table(game_class: type[Game]) -> None:
    game = game_class(seed=2)
    with pytest.raises(ValueError):
        game.resample_hidden(game.seat_count, 0)


@given(game_states)
@settings(max_examples=40, deadline=None)
def test_views_observations_and_rendering(game: Game) -> None:
    for seat in range(game.seat_count):
        view = game.view(seat)
        assert isinstance(view, dict)
        json.dumps(view)
        assert game.render(seat)
    for action in game.legal_actions()[:5]:
        actor = game.to_act
        assert actor is not None
        seen = game.observe(action, actor)
        assert isinstance(seen, str) and seen
    assert str(game)


def test_random_playout_is_seeded(game_class: type[Game]) -> None:
    a, b = game_class(seed=5), game_class(seed=5)
    plies = a.random_playout(11)
    assert plies > 0 and a.is_over and a.plies == plies
    assert b.random_playout(11) == plies
    assert a == b
    assert a.legal_actions() == []
    assert a.to_act is None
    assert isinstance(a.winners, list) and isinstance(a.scores, list)
    assert a.winners and all(isinstance(s, int) and 0 <= s < a.seat_count for s in a.winners)
    assert a.winners == sorted(set(a.winners))
