"""Fuzzing the save reader: mutated, truncated and spliced save files, and JSON edited at
random, are refused with a `SaveError` (or load, when the edit happens to be a legal game),
and listing them never raises.

CI runs a few hundred cases; the soak (`python -m benchmarks.save_fuzz`) many thousands.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import saves
from game.engine.errors import SaveError
from game.services import save_index
from game.services.catalogue import CATALOGUE

SAMPLES = Path(__file__).resolve().parent.parent / "saves"
SOURCES = [path.read_bytes() for path in sorted(SAMPLES.glob("**/*.json"))]
SMALL = [source for source in SOURCES if len(source) < 10_000]  # cheap to replay
EXAMPLES = int(os.environ.get("SAVE_FUZZ_EXAMPLES", "100"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(["AS", "COUP", "10H", "human", "computer", "hard"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12)


def refused_or_loaded(path: Path) -> None:
    """Reading either loads a game or says why not; listing never raises."""
    try:
        saves.read(path, catalogue=CATALOGUE)
    except SaveError as error:
        assert str(error), "a refusal says why"
    entry = save_index.read_entry(path)
    assert entry.problem is None or entry.problem.strip()


@FUZZ
@given(source=st.sampled_from(SOURCES), data=st.data())
def test_bytes_changed_at_random(tmp_path: Path, source: bytes, data: st.DataObject) -> None:
    damaged = bytearray(source)
    for _ in range(data.draw(st.integers(1, 8))):
        position = data.draw(st.integers(0, len(damaged) - 1))
        damaged[position] = data.draw(st.integers(0, 255))
    path = tmp_path / "damaged.json"
    path.write_bytes(bytes(damaged))
    refused_or_loaded(path)


@FUZZ
@given(first=st.sampled_from(SOURCES), second=st.sampled_from(SOURCES), data=st.data())
def test_truncated_and_spliced_files(tmp_path: Path, first: bytes, second: bytes,
                                     data: st.DataObject) -> None:
    cut = data.draw(st.integers(0, len(first)))
    resumed = data.draw(st.integers(0, len(second)))
    spliced = data.draw(st.booleans())
    path = tmp_path / "cut.json"
    path.write_bytes(first[:cut] + (second[resumed:] if spliced else b""))
    refused_or_loaded(path)


@FUZZ
@given(source=st.sampled_from(SMALL), data=st.data())
def test_json_edited_at_random(tmp_path: Path, source: bytes, data: st.DataObject) -> None:
    """A hand edit: somewhere in the tree, a value replaced, a key removed or added."""
    document = json.loads(source)
    for _ in range(data.draw(st.integers(1, 3))):
        edit(document, data)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    refused_or_loaded(path)


def edit(document: Any, data: st.DataObject) -> None:
    """Walk down a random path of the tree, then change what is there."""
    node = document
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = data.draw(st.sampled_from(keys))
        child = node[key]
        if isinstance(child, dict | list) and child and data.draw(st.booleans()):
            node = child
            continue
        match data.draw(st.sampled_from(["replace", "remove", "add"])):
            case "replace":
                node[key] = data.draw(json_values)
            case "remove":
                del node[key]
            case "add" if isinstance(node, dict):
                node[data.draw(st.text(max_size=8))] = data.draw(json_values)
            case "add":
                node.insert(key, data.draw(json_values))
        return


TWO_TABLES = [source for source in SMALL if b'"tables"' in source]  # matches at two tables


@FUZZ
@given(source=st.sampled_from(TWO_TABLES), data=st.data())
def test_two_table_saves_edited_where_the_tables_are(tmp_path: Path, source: bytes,
                                                    data: st.DataObject) -> None:
    """Edits aimed at what a match of two tables adds: who sits where, each table's log,
    the match's count of players, the order of the tables."""
    document = json.loads(source)
    for _ in range(data.draw(st.integers(1, 3))):
        edit_tables(document, data)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    refused_or_loaded(path)


def edit_tables(document: dict[str, Any], data: st.DataObject) -> None:
    tables = document.get("tables")
    seated = [table["seats"] for table in tables if isinstance(table, dict)
              and isinstance(table.get("seats"), list) and table["seats"]] \
        if isinstance(tables, list) else []
    match data.draw(st.sampled_from(["seat", "move", "swap", "players", "table", "anywhere"])):
        case "seat" if seated:  # a seat replaced: by another's, a number, anything
            seats = data.draw(st.sampled_from(seated))
            seats[data.draw(st.integers(0, len(seats) - 1))] = data.draw(
                st.integers(-2, 9) | st.sampled_from([True, 10**30, 2.0, "3"]) | json_values)
        case "move" if len(seated) > 1:  # a player sits at the other table
            source, target = data.draw(st.permutations(seated))[:2]
            target.append(source.pop())
        case "swap" if isinstance(tables, list) and len(tables) > 1:  # tables or logs swapped
            if data.draw(st.booleans()):
                tables.reverse()
            elif all(isinstance(table, dict) for table in tables[:2]):
                tables[0]["log"], tables[1]["log"] = tables[1].get("log"), tables[0].get("log")
        case "players" if isinstance(document.get("options"), dict):
            document["options"]["players"] = data.draw(
                st.integers(-1, 12) | st.sampled_from([10**4000, True, "7"]) | json_values)
        case "table" if isinstance(tables, list) and tables:
            edit(tables, data)
        case _:
            edit(document, data)
