"""The terminal game: playable to the end from typed choices, showing one seat's view."""

from __future__ import annotations

import re

from game.games.coup_detat import cli as terminal


def play_scripted(answers: list[str], **options: object) -> list[str]:
    """Play with typed answers (then always "1"); everything said, line by line."""
    said: list[str] = []
    pending = list(answers)

    def ask(prompt: str) -> str:
        return pending.pop(0) if pending else "1"

    assert terminal.play(options, seed=4, ask=ask, say=said.append) == 0
    return said


def test_a_whole_game_can_be_played_by_typing_numbers() -> None:
    said = play_scripted([], players=3, short_game=True)
    assert any(line.startswith("Final worth") for line in said)
    assert any(re.search(r"(wins|share the win)\.$", line) for line in said)


def test_the_terminal_shows_only_the_human_seats_cards() -> None:
    said = play_scripted([], players=4, short_game=True)
    dealt = [line for line in said if line.startswith("  ") and ":" in line
             and not line.strip()[0].isdigit()]
    assert dealt and all(line.strip().startswith("Your hand:") for line in dealt)
    assert not any(line.strip().startswith("Centre:") for line in said)


def test_nonsense_is_answered_with_help_and_undo_takes_back() -> None:
    said = play_scripted(["banana", "99", "1", "u", "q"], players=4)
    assert said.count(terminal.HELP) >= 3  # the greeting, then once per bad answer
    assert "Taken back." in said or "Nothing to take back since the deal." in said
    assert said[-1] == "Goodbye."
