"""Any game's values in JSON and back (game/formats/values_json.py): every state, event,
view and decision of random games of every game of the registry (and the fifth) reads back
from its JSON as itself; and what arrives from elsewhere is trusted in nothing: a value of
the wrong type, an unknown class or card, a missing or extra field, a value out of an enum,
too deep or too large is refused with `MalformedValue`, saying why and where, at once."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import islice
from typing import Any

import pytest
from fifth_game import entry as fifth_game
from hypothesis import given, settings
from hypothesis import strategies as st
from test_contract import at_random, options_of

from game.cards import Card
from game.engine.errors import MalformedEntry
from game.engine.match import Match, seeded_chance
from game.formats.values_json import MAX_VALUES, MalformedValue, from_json, to_json
from game.games import GAMES
from game.games.coup.rules import events as coup_events
from game.games.coup.rules.charts import Character
from game.games.coup_detat.rules.state import State as CoupDetatState
from game.games.plugin import Game

HIGH_CARD = fifth_game.GAME.id
GAME_IDS = (*GAMES, HIGH_CARD)
WRITTEN = 2_000  # values of a game changed at random


@pytest.fixture(autouse=True, scope="module")
def fifth_game_registered() -> Iterator[None]:
    """The one line a fifth game adds to the registry (game/games/__init__.py)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(GAMES, HIGH_CARD, fifth_game.GAME)
        yield


def sent(value: object) -> Any:
    """`value` written, sent as text and read as JSON at the other end."""
    return json.loads(json.dumps(to_json(value)))


def values_of_a_game(game: Game, options: dict[str, object],
                     seed: int) -> Iterator[tuple[object, Any]]:
    """Every value of a random game with its type: each state and event, a seat's view
    after each (each seat's in turn, a spectator's too), each decision made and each one
    that could have been."""
    rules, types = game.ruleset, game.types
    match = Match(rules, rules.parse_options(options), chance=seeded_chance(rules, seed))
    choose, decisions = at_random(seed), []
    while not match.pending.over:
        decisions.extend(match.legal())
        match.submit(choose(match))
    state, seats = rules.new_game(match.options), (*range(match.players), None)
    for number, event in enumerate(match.events):
        state = rules.apply(state, event)
        yield event, types.event
        yield state, types.state
        yield rules.view(state, seats[number % len(seats)]), types.view
    yield from ((decision, types.decision) for decision in (*match.decisions, *decisions))


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=3, deadline=None)
@given(data=st.data())
def test_every_value_of_a_game_reads_back_from_its_json(game_id: str,
                                                        data: st.DataObject) -> None:
    game = GAMES[game_id]
    options = data.draw(options_of(game), label="options")
    kinds = set()
    for value, kind in values_of_a_game(game, options, data.draw(st.integers(0, 2**32))):
        back = from_json(sent(value), kind)
        assert back == value and type(back) is type(value)
        kinds.add(type(value))
    assert len(kinds) > 5


@cache
def written(game_id: str) -> list[tuple[Any, Any]]:
    """Each value of a game of `game_id`, as JSON, with its type."""
    game = GAMES[game_id]
    options = game.setup.options(game.setup.usual_players, {}, 0)
    values = islice(values_of_a_game(game, options, seed=2), WRITTEN)
    return [(sent(value), kind) for value, kind in values]


# Refused, with why and where ---------------------------------------------------------------


def refusal(raw: Any, kind: Any) -> str:
    with pytest.raises(MalformedValue) as refused:
        from_json(raw, kind)
    assert isinstance(refused.value, MalformedEntry), "the errors of every JSON entry"
    return str(refused.value)


def test_a_card_that_does_not_exist_is_refused_by_its_place() -> None:
    state = next(raw for raw, kind in written("coup-detat")
                 if kind is CoupDetatState and raw["hand"] is not None)
    state["hand"]["hands"][1][0] = "ZZ"
    assert refusal(state, CoupDetatState) == "there is no card 'ZZ' (at hand.hands[1][0])"


@pytest.mark.parametrize(("raw", "kind", "said"), [
    (7, Card, "a card's code expected, not the number 7"),
    ("emperor", Character, "the text 'emperor' is not a Character (one of 'duke', "),
    ("DUKE", Character, "is not a Character"),
    (True, int, "a whole number expected, not true"),
    (1, bool, "true or false expected, not the number 1"),
    (10**20, int, "the number 100000000000000000000 is too large"),
    (1.5, int, "a whole number expected, not the number 1.5"),
    (float("nan"), float, "a finite number with a point expected"),
    (3, float, "a finite number with a point expected, not the number 3"),
    ("x" * 1001, str, "a text of more than 1,000 characters"),
    (None, str, "a text expected, not null"),
    ([1, 2, 3], tuple[int, int], "a list of 2 expected, not of 3"),
    ({"0": 1}, tuple[int, ...], "a list expected, not an object"),
    ([1, "2"], tuple[int, ...], "a whole number expected, not the text '2' (at [1])"),
    ([1, 1], frozenset[int], "a set that holds a value twice"),
    ([[1, 2], [1, 3]], dict[int, int], "a key given twice"),
    ([[1]], dict[int, int], "a list of 2 expected, not of 1 (at [0])"),
])
def test_a_value_of_the_wrong_type_is_refused_saying_so(raw: Any, kind: Any, said: str) -> None:
    assert said in refusal(raw, kind)


def test_an_object_must_name_its_class_and_hold_its_fields_and_no_other() -> None:
    shown = {"@": "Shown", "seat": 1, "character": "duke", "to": 0}
    assert from_json(shown, coup_events.Event) == coup_events.Shown(1, Character.DUKE, 0)
    assert "Shown without its field 'to'" in refusal(
        {key: value for key, value in shown.items() if key != "to"}, coup_events.Event)
    assert "Shown has no field 'seen_by'" in refusal({**shown, "seen_by": 2},
                                                     coup_events.Event)
    assert "an object without its '@'" in refusal(
        {key: value for key, value in shown.items() if key != "@"}, coup_events.Event)
    assert refusal({**shown, "@": "Drew"}, coup_events.Shown) == "Shown expected, not 'Drew'"
    assert refusal({**shown, "@": 3}, coup_events.Event).endswith("expected, not 3")
    assert "a whole number expected, not the text '1' (at seat)" in refusal(
        {**shown, "seat": "1"}, coup_events.Event)


@pytest.mark.parametrize("name", ["Match", "Variant", "State", "os.system", "__class__", ""])
def test_only_the_classes_the_type_holds_can_be_built(name: str) -> None:
    """An event names one of the game's events; nothing else is made, whatever it says."""
    said = refusal({"@": name, "seat": 0}, coup_events.Event)
    assert said.startswith("one of StarterChosen, Dealt, SetsDealt, KeptOne")
    assert said.endswith(f"… expected, not {name!r}")


@dataclass(frozen=True)
class Link:
    """A type that holds itself: the only way to nest values deeper than a game's do."""

    next: Link | None


def test_too_deep_is_refused_at_once() -> None:
    deep: Any = None
    for _ in range(100_000):
        deep = {"@": "Link", "next": deep}
    assert from_json({"@": "Link", "next": {"@": "Link", "next": None}}, Link) == \
        Link(Link(None))
    assert "too deep: more than 32 levels" in refusal(deep, Link)


def test_too_large_is_refused_at_once() -> None:
    started = time.perf_counter()
    assert f"too large: more than {MAX_VALUES:,} values" in refusal([0] * 10**6,
                                                                    tuple[int, ...])
    assert time.perf_counter() - started < 0.5


def test_a_type_that_does_not_say_what_it_holds_is_a_mistake_of_the_program() -> None:
    for kind in (Any, object, list[int], int | str):
        with pytest.raises(TypeError, match="JSON reader"):
            from_json(1, kind)
    with pytest.raises(TypeError, match="has no JSON form"):
        to_json(object())


# Anything at all ---------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inside: st.lists(inside, max_size=4)
    | st.dictionaries(st.sampled_from(["@", "seat", "hands", "cards", "x"]) | st.text(max_size=4),
                      inside, max_size=4),
    max_leaves=20)


def read_or_refused(raw: Any, kind: Any) -> None:
    """Read, the value writes the very JSON it was read from; else `MalformedValue`."""
    try:
        value = from_json(raw, kind)
    except MalformedValue:
        return
    assert to_json(value) == raw


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=60, deadline=None)
@given(raw=JSON)
def test_any_json_is_read_or_refused(game_id: str, raw: Any) -> None:
    for kind in vars(GAMES[game_id].types).values():
        read_or_refused(raw, kind)


def places(raw: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON value, by its keys and indexes."""
    yield path
    if isinstance(raw, dict):
        for key, item in raw.items():
            yield from places(item, (*path, key))
    elif isinstance(raw, list):
        for index, item in enumerate(raw):
            yield from places(item, (*path, index))


def changed(raw: Any, path: tuple[Any, ...], change: str, new: Any) -> Any:
    """A copy of `raw` with its value at `path` replaced, dropped, or given another field."""
    copy = json.loads(json.dumps(raw))
    if not path:
        return new
    *above, last = path
    holder = copy
    for step in above:
        holder = holder[step]
    if change == "drop" and isinstance(holder, dict):
        del holder[last]
    elif change == "add" and isinstance(holder[last], dict):
        holder[last]["extra"] = new
    else:
        holder[last] = new
    return copy


@pytest.mark.parametrize("game_id", ["coup-detat", "coup-inquisitor"])
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_a_true_value_changed_anywhere_is_read_or_refused(game_id: str,
                                                          data: st.DataObject) -> None:
    raw, kind = data.draw(st.sampled_from(written(game_id)), label="value")
    path = data.draw(st.sampled_from(list(places(raw))), label="place")
    change = data.draw(st.sampled_from(["replace", "drop", "add"]), label="change")
    read_or_refused(changed(raw, path, change, data.draw(JSON, label="new")), kind)


def test_random_garbage_in_bulk_is_refused_quickly() -> None:
    rng = random.Random(4)
    raw, kind = written("coup-detat")[-3]
    started = time.perf_counter()
    for _ in range(300):
        path = rng.choice(list(places(raw)))
        read_or_refused(changed(raw, path, "replace", rng.choice([None, "?", -1, [], {}])), kind)
    assert time.perf_counter() - started < 2
