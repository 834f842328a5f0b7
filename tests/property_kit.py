"""Checks the property tests of every ruleset share (tests/test_coup_detat_properties.py,
tests/test_coup_detat_duel_properties.py); this module holds no tests."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields, is_dataclass

from game.cards import Card
from game.engine.match import Match


def cards_seen(value: object) -> Iterator[Card]:
    """Every card anywhere inside a view."""
    if isinstance(value, Card):
        yield value
    elif is_dataclass(value):
        for field in fields(value):
            yield from cards_seen(getattr(value, field.name))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from cards_seen(item)


def check_undo_then_redo_is_identity(match: Match, seat: int) -> None:
    before = (match.state, len(match.events), len(match.turns))
    assert match.undo(seat)
    assert len(match.turns) < before[2]
    assert match.pending.seat == seat, "undo gives the seat its previous decision back"
    assert match.redo(seat)
    assert (match.state, len(match.events), len(match.turns)) == before
