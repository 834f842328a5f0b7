"""Reviews kept on disk, so that a game reviewed again opens at once.

One file a game, in the user's data folder beside the saves (`reviews/`), named by the
game's fingerprint: the digest of its ruleset, options and decisions. A save renamed or
saved again holds the same game and finds its review; a game that changed (another
decision, a file edited by hand) has another fingerprint, so a stale review is never
shown. The file is versioned JSON: a judgement per decision of each seat reviewed, with
the depth and the way of judging (`ANALYSIS_VERSION`) it was made with; a review made
otherwise is made again.

Whatever the file holds, reading it never fails: a file that is damaged, from another
version, or does not fit the game (a decision out of range, a number no review writes:
too large for any game's measure, a float where a whole number belongs, a decision not
judged that has values) is ignored, and the review is made again and written over it.
Unlike the player's own files (saves, statistics), a damaged review is not kept aside: it
is derived from the game, which made it and makes it again, so nothing is lost. Writing
may fail (a full or read-only disk): the review still shows, and the caller is told why
it was not kept.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import astuple, dataclass, replace
from pathlib import Path
from typing import Any, TypeGuard

from game.engine.match import Match
from game.services.review import ANALYSIS_VERSION, Depth, Judgement, fingerprint, seat_turns
from game.system import files, paths

FORMAT = "coup-detat-review"
VERSION = 1
MOST_VALUE = 1e9
"""Far beyond any game's measure (a worth of some tens of thousands of francs, points, a
chance): a kept value beyond it is damage, and the cost worked out from it could be too
large to put in words."""


@dataclass(frozen=True)
class Kept:
    """A seat's review as far as it was made: `complete` when every decision is judged."""

    judgements: tuple[Judgement, ...]
    complete: bool


def review_path(match: Match) -> Path:
    return paths.data_dir() / "reviews" / f"{fingerprint(match)[:40]}.json"


def load(match: Match, seat: int, depth: Depth) -> Kept | None:
    """The kept review of `seat` in this game at this depth; None if there is none that
    fits (missing, damaged, stale, made otherwise)."""
    data = _read(match)
    if data is None or data.get("depth") != _depth_json(depth):
        return None
    kept = data["seats"].get(str(seat))
    if not isinstance(kept, dict) or not isinstance(kept.get("complete"), bool):
        return None
    judgements = _judgements(kept.get("judgements"), match, seat)
    if judgements is None:
        return None
    return Kept(judgements, kept["complete"] and len(judgements) == len(seat_turns(match, seat)))


def keep(match: Match, seat: int, depth: Depth, judgements: Sequence[Judgement],
         complete: bool) -> str | None:
    """Write `seat`'s review beside the game's others (at this depth); None when kept,
    else why not, in a line."""
    data = _read(match)
    if data is None or data.get("depth") != _depth_json(depth):
        data = {"format": FORMAT, "version": VERSION, "analysis": ANALYSIS_VERSION,
                "game": fingerprint(match), "depth": _depth_json(depth), "seats": {}}
    data["seats"][str(seat)] = {"complete": complete,
                                "judgements": [list(astuple(j)) for j in judgements]}
    path = review_path(match)
    try:
        files.write_atomically(path, json.dumps(data, separators=(",", ":")))
    except OSError as error:
        return (f"The review could not be kept in {path.parent}: "
                f"{files.why_unwritten_in(path.parent, error)}.")
    return None


def _read(match: Match) -> dict[str, Any] | None:
    """The game's review file, if it is one of this version for this very game."""
    try:
        data = files.read_json(review_path(match), what="a review")
    except files.Refused:
        return None
    if not (isinstance(data, dict) and data.get("format") == FORMAT
            and data.get("version") == VERSION and data.get("analysis") == ANALYSIS_VERSION
            and data.get("game") == fingerprint(match) and isinstance(data.get("seats"), dict)):
        return None
    return data


def _depth_json(depth: Depth) -> dict[str, float]:
    return {"seconds": depth.seconds, "worlds": depth.worlds}


def _judgements(raw: object, match: Match, seat: int) -> tuple[Judgement, ...] | None:
    """The kept judgements, if each is one of `seat`'s decisions in order, its best move
    one of that moment's legal decisions; else None."""
    if not isinstance(raw, list):
        return None
    turns = seat_turns(match, seat)
    if len(raw) > len(turns):
        return None
    found = []
    for entry, turn in zip(raw, turns, strict=False):
        judgement = _judgement(entry, match, turn)
        if judgement is None:
            return None
        found.append(judgement)
    return tuple(found)


def _judgement(entry: object, match: Match, turn: int) -> Judgement | None:
    """The kept judgement of the decision at `turn`, if `entry` is one a review writes."""
    if not (isinstance(entry, list) and len(entry) == 6):
        return None
    kept_turn, best, played_value, best_value, worlds, sure = entry
    if not (_whole(kept_turn) and kept_turn == turn and _whole(worlds) and worlds >= 0
            and isinstance(sure, bool) and _value(played_value) and _value(best_value)):
        return None
    judgement = Judgement(turn, None, float(played_value), float(best_value), worlds, sure)
    if best is None:  # not judged: nothing to choose, or a fixed rule; no values
        return judgement if judgement == Judgement(turn) else None
    legal = match.ruleset.legal(match.turns[turn].state_before)
    if not (_whole(best) and 0 <= best < len(legal)):
        return None
    return replace(judgement, best=best)


def _whole(number: object) -> TypeGuard[int]:
    return isinstance(number, int) and not isinstance(number, bool)


def _value(number: object) -> TypeGuard[int | float]:
    """A value as a review keeps it: a number no larger than any game's measure (a float
    read from JSON is finite already)."""
    return (isinstance(number, int | float) and not isinstance(number, bool)
            and abs(number) <= MOST_VALUE)
