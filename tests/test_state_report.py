"""The report of what the window shows, for tests that drive a real window from outside
(game/ui/state_report.py): what it says of the Title screen and of a table waiting for the
person, looked at no more often than it says, and nothing unless it is asked for."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from player_kit import Person, Seating, shipped_app

from game.ui.state_report import REPORT_SECONDS, STATE_REPORT, StateReport


def test_the_report_tells_the_screen_its_buttons_and_the_table_waiting_for_the_person(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    written = tmp_path / "shown.json"
    with shipped_app(tmp_path / "home", monkeypatch) as app:
        report = StateReport(written)
        person = Person(app, seed=3)
        person.frames(3)
        report.look(app)
        title = json.loads(written.read_text(encoding="utf-8"))
        assert title["scene"] == "TitleScene" and "table" not in title
        buttons = {widget["text"]: widget for widget in title["widgets"]
                   if widget["kind"] == "button"}
        assert buttons["Play with friends"]["enabled"] and not buttons["Continue"]["enabled"]
        shown = next(button for button in person._buttons() if button.text == "New game")
        assert buttons["New game"]["rect"] == list(shown.rect)
        written.unlink()
        report.look(app)  # within REPORT_SECONDS of the last look: not looked at again
        assert not written.exists()
        table = person.start(Seating("Coup", 3, ["Person", "Computer: Medium",
                                                 "Computer: Medium"]))
        person.play_until(lambda: Person.table_waits_for_the_person(table))
        time.sleep(REPORT_SECONDS)
        report.look(app)
        waiting = json.loads(written.read_text(encoding="utf-8"))["table"]
        assert waiting["ready"] and waiting["ruleset"] == "coup" and waiting["viewer"] == 0
        assert waiting["to_act"] == 0 and waiting["ask"] == "buttons"
        assert waiting["buttons"] == [button.text for button in table.buttons.decisions.buttons]
        assert waiting["turns"] == len(table.session.match.turns)


def test_no_report_is_written_unless_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(STATE_REPORT, raising=False)
    assert StateReport.from_environment() is None
    monkeypatch.setenv(STATE_REPORT, "/nowhere/shown.json")
    asked = StateReport.from_environment()
    assert asked is not None and asked.path == Path("/nowhere/shown.json")
