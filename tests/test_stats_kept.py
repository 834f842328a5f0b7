"""The statistics are the player's history: what cannot be read is never written over.

A damaged file is kept aside under a name that says so before the next game is recorded,
an entry that makes no sense is left out while the others are kept (and the whole file as
it was kept aside), a newer version's file is never written over, and a file that cannot
be written loses nothing. The player is told each time, at the table and on the
Statistics screen, and only while the trouble lasts.
"""

from __future__ import annotations

import dataclasses
import errno
import json
import os
import random
from datetime import datetime
from pathlib import Path

import pygame
import pytest
from pygame import Rect
from test_files import on_a_full_disk
from ui_kit import bluff_table, frames, open_app, press, two_tables_recorded

from game.services import settings, stats
from game.services.stats import GameRecord, RulesetStats, Statistics, Trouble
from game.system import files, paths
from game.ui.scenes.statistics import StatisticsScene
from game.ui.table.scene import TableScene

PLAYED = {"played": 250, "won": 90, "best_worth": 14_000, "coups_attempted": 30,
          "coups_won": 12}
A_GAME = GameRecord("coup-detat", human_won=True, best=9_000,
                    counts={"coups_attempted": 1, "coups_won": 1})


def statistics_file(rulesets: dict[str, object], version: object = 1) -> str:
    return json.dumps({"format": stats.FORMAT, "version": version, "rulesets": rulesets})


def asides(folder: Path) -> list[Path]:
    return sorted(folder.glob("statistics.damaged-*.json"))


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "statistics.json"


# Reading says what it found.


@pytest.mark.parametrize(("text", "trouble"), [
    (None, None),
    (statistics_file({"coup-detat": PLAYED}), None),
    ("{oops", Trouble.DAMAGED),
    ("[]", Trouble.DAMAGED),
    (statistics_file({"coup-detat": PLAYED}, version=True), Trouble.DAMAGED),
    (statistics_file({"coup-detat": PLAYED}, version="2"), Trouble.DAMAGED),
    (statistics_file({"coup-detat": PLAYED}, version=0), Trouble.DAMAGED),
    (statistics_file({"coup-detat": PLAYED}, version=2), Trouble.NEWER),
    (statistics_file({"coup-detat": PLAYED, "coup": {"played": 1, "won": 2}}), Trouble.ENTRIES),
], ids=["missing", "sound", "not json", "a list", "version true", "version a string",
        "version 0", "newer version", "an inconsistent entry"])
def test_reading_says_what_was_wrong_with_the_file(path: Path, text: str | None,
                                                    trouble: Trouble | None) -> None:
    if text is not None:
        path.write_text(text, encoding="utf-8")
    loaded = stats.read(path)
    assert loaded.trouble is trouble
    assert (loaded.notice(path) is None) == (trouble is None)
    assert loaded.writable == (trouble is not Trouble.NEWER)


def test_an_inconsistent_entry_is_left_out_and_the_others_are_kept(path: Path) -> None:
    path.write_text(statistics_file({"coup-detat": PLAYED, "coup": {"played": 1, "won": 2}}))
    loaded = stats.read(path)
    assert loaded.statistics.by_ruleset == {"coup-detat": RulesetStats(
        250, 90, 14_000, {"coups_attempted": 30, "coups_won": 12})}
    assert loaded.left_out == ("coup",)
    assert "could not be read (the counts of Coup) and" in (loaded.notice(path) or "")


def test_the_games_left_out_are_named_by_their_titles(path: Path) -> None:
    """'(the entry of 1 game)' read as if one game, not one game's counts, was lost."""
    broken = {"played": 1, "won": 2}
    path.write_text(statistics_file({"coup-detat": broken, "coup": broken,
                                     "coup-inquisitor": broken, "chess": broken}))
    notice = stats.read(path).notice(path) or ""
    assert ("(the counts of Coup d'État and of Coup and of 2 other games)" in notice), notice
    path.write_text(statistics_file({"chess": broken}))
    notice = stats.read(path).notice(path) or ""
    assert "(the counts of 1 game this version does not know)" in notice, notice


# Recording a game.


@pytest.mark.parametrize("damage", [
    "{oops", "", "[]", '{"format": "coup-detat-save", "version": 1, "rulesets": {}}',
    statistics_file([]),  # type: ignore[arg-type]
    statistics_file({"coup-detat": PLAYED}, version=True),
], ids=["not json", "empty", "a list", "another format", "rulesets a list", "version true"])
def test_a_damaged_file_is_kept_aside_before_the_game_is_recorded(path: Path,
                                                                   damage: str) -> None:
    path.write_text(damage, encoding="utf-8")
    notice = stats.record_game(A_GAME, path)
    [aside] = asides(path.parent)
    assert aside.read_text(encoding="utf-8") == damage, "kept as it was"
    assert notice is not None and aside.name in notice and "start again" in notice
    assert stats.read(path) == stats.Loaded(Statistics().with_game(A_GAME))


def test_the_aside_name_says_why_and_when(path: Path) -> None:
    path.write_text("{oops")
    before = datetime.now().replace(microsecond=0)
    stats.record_game(A_GAME, path)
    [aside] = asides(path.parent)
    stamp = aside.name.removeprefix("statistics.damaged-").removesuffix(".json")
    assert before <= datetime.strptime(stamp, "%Y%m%d-%H%M%S") <= datetime.now()


def test_a_newer_version_is_never_written_over(path: Path) -> None:
    """250 games played by a newer version stay 250, not 1."""
    text = statistics_file({"coup-detat": PLAYED, "a newer game": {"played": 3}}, version=2)
    path.write_text(text, encoding="utf-8")
    notice = stats.record_game(A_GAME, path)
    assert path.read_text(encoding="utf-8") == text
    assert asides(path.parent) == []
    assert notice == ("This game was not recorded: your statistics file is from a newer "
                      "version of the game.")


def test_an_inconsistent_entry_is_not_lost_and_the_others_count_on(path: Path) -> None:
    text = statistics_file({"coup-detat": PLAYED, "coup": {"played": 1, "won": 2}})
    path.write_text(text, encoding="utf-8")
    notice = stats.record_game(A_GAME, path)
    [aside] = asides(path.parent)
    assert aside.read_text(encoding="utf-8") == text, "the bad entry is kept, in the copy"
    recorded = stats.read(path)
    assert recorded.trouble is None and set(recorded.statistics.by_ruleset) == {"coup-detat"}
    assert recorded.statistics.get("coup-detat").played == 251
    assert notice is not None and "left out" in notice and aside.name in notice


def test_the_trouble_is_told_once_the_next_game_says_nothing(path: Path) -> None:
    path.write_text("{oops")
    assert stats.record_game(A_GAME, path) is not None
    assert stats.record_game(A_GAME, path) is None
    assert len(asides(path.parent)) == 1
    assert stats.read(path).statistics.get("coup-detat").played == 2


def test_a_missing_or_sound_file_is_recorded_without_a_word(path: Path) -> None:
    assert stats.record_game(A_GAME, path) is None
    path.write_text(statistics_file({"coup-detat": PLAYED}))
    assert stats.record_game(A_GAME, path) is None
    assert stats.read(path).statistics.get("coup-detat").played == 251
    assert asides(path.parent) == []


def test_a_folder_in_place_of_the_file_is_moved_aside(path: Path) -> None:
    path.mkdir()
    (path / "inside.txt").write_text("kept")
    notice = stats.record_game(A_GAME, path)
    [aside] = asides(path.parent)
    assert (aside / "inside.txt").read_text() == "kept"
    assert notice is not None and stats.read(path).statistics.get("coup-detat").played == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_in_place_of_the_file_is_moved_aside_without_waiting(path: Path) -> None:
    os.mkfifo(path)
    stats.record_game(A_GAME, path)
    [aside] = asides(path.parent)
    assert aside.is_fifo() and stats.read(path).statistics.get("coup-detat").played == 1


def test_a_full_disk_loses_nothing_and_says_so(path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    text = statistics_file({"coup-detat": PLAYED})
    path.write_text(text)

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(stats.files, "write_atomically", full)
    notice = stats.record_game(A_GAME, path)
    assert notice == "This game was not recorded in your statistics: the disk is full."
    assert path.read_text() == text


def test_a_full_disk_after_keeping_a_damaged_file_aside_loses_nothing(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path.write_text("{oops")

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(stats.files, "write_atomically", full)
    notice = stats.record_game(A_GAME, path)
    [aside] = asides(path.parent)
    assert path.read_text() == "{oops" and aside.read_text() == "{oops"
    assert notice is not None and notice.startswith("This game was not recorded")
    assert aside.name in notice and "start again" not in notice


def test_a_damaged_file_that_cannot_be_kept_aside_is_not_written_over(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path.write_text("{oops")

    def read_only(*args: object, **kwargs: object) -> Path:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(stats.files, "keep_aside", read_only)
    notice = stats.record_game(A_GAME, path)
    assert path.read_text() == "{oops"
    assert notice is not None and "not recorded" in notice and "read-only" in notice


def test_a_damaged_file_on_a_full_disk_leaves_no_empty_copy_and_is_not_written_over(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The copy to keep it aside fails (its close too): no copy cut short is left beside
    it, nothing is recorded, and the player is told why."""
    path.write_text("{oops")
    on_a_full_disk(monkeypatch, room=0)
    notice = stats.record_game(A_GAME, path)
    assert asides(path.parent) == []
    assert path.read_text() == "{oops"
    assert notice is not None and "not recorded" in notice and "the disk is full" in notice


# Keeping a file aside.


def test_an_earlier_copy_kept_aside_is_never_written_over(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    moment = datetime(2026, 11, 27, 18, 30, 0)
    names = []
    for text in ("first", "second", "third"):
        path.write_text(text)
        names.append(files.keep_aside(path, "damaged", now=moment).name)
    assert names == ["statistics.damaged-20261127-183000.json",
                     "statistics.damaged-20261127-183000-2.json",
                     "statistics.damaged-20261127-183000-3.json"]
    assert [(tmp_path / name).read_text() for name in names] == ["first", "second", "third"]
    assert path.read_text() == "third", "a file is copied: it stays until written over"


def test_a_file_too_big_to_read_is_moved_aside_not_copied(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files, "MAX_BYTES", 16)
    path = tmp_path / "statistics.json"
    path.write_text("x" * 17)
    aside = files.keep_aside(path, "damaged")
    assert not path.exists() and aside.read_text() == "x" * 17
    assert stats.record_game(A_GAME, path) is None, "then no file: a new one"


# At the table and on the Statistics screen.


def finish_a_match(app: object, scene: TableScene) -> None:
    """The person plays at random until the game is over and its result shown."""
    rng = random.Random(3)
    for _ in range(20000):
        frames(app)  # type: ignore[arg-type]
        if scene.session.over and app.scene is not scene:  # type: ignore[attr-defined]
            return
        if (scene.controller.caught_up and scene.controller.human_to_act() is not None and
            not scene.session.over):
            scene.turns.decide(rng.choice(scene.session.match.legal()))
    pytest.fail("the match did not end")


def test_the_table_keeps_a_damaged_file_aside_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        file = paths.stats_path()
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text("{oops", encoding="utf-8")
        scene = bluff_table(app, "hc", seed=4)
        finish_a_match(app, scene)
        [aside] = asides(file.parent)
        assert aside.read_text(encoding="utf-8") == "{oops"
        assert stats.load().get("coup").played == 1
        told = [line for line in scene.log.lines if aside.name in line]
        assert (len(told) == 1 and scene.controller.toast is not None and
                aside.name in scene.controller.toast[0])


def test_the_statistics_screen_tells_what_was_wrong_with_the_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        file = paths.stats_path()
        file.parent.mkdir(parents=True, exist_ok=True)
        for text, said in ((statistics_file({"coup-detat": PLAYED}, version=2), "newer version"),
                           ("{oops", "could not be read"),
                           (statistics_file({"coup-detat": PLAYED}), None)):
            file.write_text(text, encoding="utf-8")
            screen = StatisticsScene(app)
            app.replace(screen)
            frames(app)
            assert (screen.notice is None) == (said is None)
            if said is not None:
                assert said in (screen.notice or "") and str(file) in (screen.notice or "")
        assert "Games played: 250    won: 90" in screen.lines()[0]
        assert file.read_text(encoding="utf-8") == text, "looking writes nothing"


def test_a_match_at_two_tables_is_recorded_by_the_same_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A newer version's file is not written over when a match at two tables ends either,
    and the table says so."""
    with open_app(tmp_path, monkeypatch) as app:
        file = paths.stats_path()
        file.parent.mkdir(parents=True, exist_ok=True)
        text = statistics_file({"coup-detat": PLAYED}, version=2)
        file.write_text(text, encoding="utf-8")
        _, scene = two_tables_recorded(app)
        assert file.read_text(encoding="utf-8") == text
        assert any("not recorded" in line for line in scene.log.lines)


# The settings keep the same rule.


@pytest.mark.parametrize("text", ["{oops", "[1, 2]", '{"card_back": "plaid", "sound": false}'],
                         ids=["not json", "a list", "a setting not understood"])
def test_a_settings_file_not_all_read_is_kept_aside_before_a_change_is_saved(
        tmp_path: Path, text: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(text, encoding="utf-8")
    loaded = settings.load(path)
    assert loaded.notice is not None and "kept aside" in loaded.notice
    settings.save(dataclasses.replace(loaded.settings, sound=True), path)
    [aside] = tmp_path.glob("settings.damaged-*.json")
    assert aside.read_text(encoding="utf-8") == text
    assert settings.load(path) == settings.Loaded(dataclasses.replace(loaded.settings,
                                                                      sound=True))
    settings.save(settings.Settings(), path)
    assert len(list(tmp_path.glob("settings.damaged-*.json"))) == 1, "once"


def test_a_sound_settings_file_is_written_over_without_a_copy(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    settings.save(settings.Settings(sound=False), path)
    settings.save(settings.Settings(), path)
    assert [entry.name for entry in tmp_path.iterdir()] == ["settings.json"]


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_the_game_over_shows_what_recording_the_game_had_to_say(
        size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game over's panel came up at once over the table's line that said it (seen in a
    real window): it says it too, beside the panel, in the window, over nothing of it."""
    from game.ui.table.overlays import GameOverOverlay

    with open_app(tmp_path, monkeypatch, size=size) as app:
        file = paths.stats_path()
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text("{oops", encoding="utf-8")
        scene = bluff_table(app, "hc", seed=4)
        finish_a_match(app, scene)
        for _ in range(20):
            if isinstance(app.scene, GameOverOverlay):
                break
            press(app, pygame.K_RETURN)
            frames(app)
        over = app.scene
        assert isinstance(over, GameOverOverlay)
        placed = over.notice_placed()
        assert placed is not None and scene.controller.records.record_notice is not None
        box, lines, _ = placed
        assert (" ".join(lines) == scene.controller.records.record_notice and
                "kept as" in scene.controller.records.record_notice)
        assert Rect((0, 0), size).contains(box)
        assert not box.colliderect(over.panel_rect())
        frames(app)  # and it draws
