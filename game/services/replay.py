"""`coup-detat replay SAVE`: a saved game told in words, hand by hand, trick by trick.

A match at several tables (six to eight at Coup d'État) is told table by table, each with
its own players' names in its own seat order, then the standings across the tables once
every table has finished (else what each table awaits).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Protocol, runtime_checkable

from game.engine import saves
from game.engine.match import Match
from game.engine.saves import SavedGame, SavedTables, Seat
from game.games import get_game
from game.rules.words import deciding
from game.services.catalogue import CATALOGUE
from game.services.tables import standings, winners


def tell(path: str | Path) -> str:
    """The whole game in words; `SaveError` if the save cannot be loaded."""
    saved = saves.read(path, catalogue=CATALOGUE)
    if isinstance(saved, SavedTables):
        return _tell_tables(saved)
    return _tell_game(saved)


def _tell_game(saved: SavedGame) -> str:
    match = saved.match
    ruleset = match.ruleset
    names = [seat.name for seat in saved.seats]
    seats = ", ".join(f"{seat.name} ({seat.kind})" for seat in saved.seats)
    lines = [_headline(ruleset.title, ruleset.options_to_json(match.options)),
             f"Seats, clockwise from 0: {seats}", *_saved_at(saved.saved_at)]
    lines += _story(match, names)
    awaiting = _awaiting(match, names)
    if awaiting is not None:
        lines += ["", f"(The game goes on: {awaiting}.)"]
    return "\n".join(lines)


def _tell_tables(saved: SavedTables) -> str:
    tables = saved.tables
    split = tables.split
    seats = ", ".join(f"{seat.name} ({seat.kind}, table {split.place(number)[0] + 1})"
                      for number, seat in enumerate(saved.seats))
    sizes = " + ".join(map(str, split.sizes))
    lines = [_headline(tables.ruleset.title, tables.options),
             f"{tables.players} players at {len(split.tables)} tables ({sizes}): {seats}",
             *_saved_at(saved.saved_at)]
    for number, (seated, match) in enumerate(zip(split.tables, tables.matches, strict=True)):
        lines += ["", *_table(number, match, [saved.seats[seat] for seat in seated])]
    lines += ["", *(_standings(saved) if tables.over else _still_to_play(saved))]
    return "\n".join(lines)


def _table(number: int, match: Match, seats: Sequence[Seat]) -> list[str]:
    """One table's game told with its own players' names, in its seat order."""
    names = [seat.name for seat in seats]
    lines = [f"Table {number + 1}", f"Seats, clockwise from 0: {', '.join(names)}"]
    lines += _story(match, names)
    awaiting = _awaiting(match, names)
    over = "has finished" if awaiting is None else f"goes on: {awaiting}"
    return [*lines, "", f"(The game at table {number + 1} {over}.)"]


def _standings(saved: SavedTables) -> list[str]:
    """Every player's final score across the tables, highest first, and who won."""
    tables = get_game(saved.ruleset.id).tables
    assert tables is not None
    score_text = tables.score_text.load()
    names = [seat.name for seat in saved.seats]
    lines = [f"Standings across the tables (final {tables.score_name}):"]
    lines += [f"  {standing.place}. {names[standing.seat]} (table {standing.table + 1}): "
              f"{score_text(standing.score)}" for standing in standings(saved.tables)]
    won = [names[seat] for seat in winners(saved.tables)]
    shared = "" if len(won) == 1 else ", sharing the win"
    return [*lines, f"{_together(won)} won the match{shared}."]


def _still_to_play(saved: SavedTables) -> list[str]:
    """What each table awaits while the match goes on."""
    split, told = saved.tables.split, []
    for number, (seated, match) in enumerate(zip(split.tables, saved.tables.matches,
                                                 strict=True)):
        awaiting = _awaiting(match, [saved.seats[seat].name for seat in seated])
        told.append(f"at table {number + 1}, {awaiting or 'it has finished'}")
    return [f"(The match goes on: {'; '.join(told)}.)"]


def _headline(title: str, options: Mapping[str, object]) -> str:
    return f"{title}: {', '.join(f'{key} {value}' for key, value in options.items())}"


def _saved_at(saved_at: str | None) -> list[str]:
    return [f"Saved {saved_at}"] if saved_at else []


def _story(match: Match, names: Sequence[str]) -> list[str]:
    """Every event of the game in words, a blank line before each new section."""
    ruleset = match.ruleset
    narrator = ruleset.narrator(list(names))
    state = ruleset.new_game(match.options)
    lines: list[str] = []
    for event in match.events:
        state = ruleset.apply(state, event)
        told = narrator.lines(event, state)
        if told and narrator.starts_section(event):
            lines.append("")
        lines.extend(told)
    return lines


@runtime_checkable
class _SaysWhatIsToDo(Protocol):
    """A narrator that says what a seat is to do (every game's `Teller`)."""

    def to_do(self, word: str) -> str: ...


def _awaiting(match: Match, names: Sequence[str]) -> str | None:
    """What the game waits for ("Ada to play", "the next deal"); None once it is over. The
    game's narrator says what a seat is to do."""
    pending = match.pending
    if pending.over:
        return None
    if pending.seat is None:
        return "the next deal"
    narrator = match.ruleset.narrator(list(names))
    to_do = narrator.to_do(pending.word) if isinstance(narrator, _SaysWhatIsToDo) \
        else deciding(pending.word)
    return f"{names[pending.seat]} to {to_do}"


def _together(names: Sequence[str]) -> str:
    """'Ada', 'Ada and Bob', 'Ada, Bob and Cy'."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
