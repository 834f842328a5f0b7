"""`coup-detat replay SAVE`: a saved game told in words, hand by hand, trick by trick."""

from __future__ import annotations

from pathlib import Path

from game.engine import saves
from game.services.catalogue import CATALOGUE


def tell(path: str | Path) -> str:
    """The whole game in words; `SaveError` if the save cannot be loaded."""
    saved = saves.read(path, catalogue=CATALOGUE)
    match = saved.match
    ruleset = match.ruleset
    names = [seat.name for seat in saved.seats]
    seats = ", ".join(f"{seat.name} ({seat.kind})" for seat in saved.seats)
    options = ", ".join(f"{key} {value}"
                        for key, value in ruleset.options_to_json(match.options).items())
    lines = [f"{ruleset.title}: {options}", f"Seats, clockwise from 0: {seats}"]
    if saved.saved_at:
        lines.append(f"Saved {saved.saved_at}")
    narrator = ruleset.narrator(names)
    state = ruleset.new_game(match.options)
    for event in match.events:
        state = ruleset.apply(state, event)
        told = narrator.lines(event, state)
        if told and narrator.starts_section(event):
            lines.append("")
        lines.extend(told)
    pending = match.pending
    if not pending.over:
        awaiting = "the next deal" if pending.seat is None else \
            f"{names[pending.seat]} to {pending.word}"
        lines += ["", f"(The game goes on: {awaiting}.)"]
    return "\n".join(lines)
