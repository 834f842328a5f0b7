"""New game for a newcomer: it offers the setup last started (kept beside the settings, a
damaged file costing nothing but the offer), and it says in a line what each game is and
what the computer's levels are."""

from __future__ import annotations

import json
from pathlib import Path

import pygame_gui
import pytest
from ui_kit import frames, open_app, press_button

from game.games import RULESETS, table_games
from game.services import last_setup
from game.system import paths
from game.ui.app import MIN_SIZE
from game.ui.scenes.keyboard import choose as take
from game.ui.scenes.leave_game import LeaveGameDialog
from game.ui.scenes.new_game import LEVELS_LINE, NewGameScene
from game.ui.table.scene import TableScene


def choose(app, menu, option: str) -> None:  # type: ignore[no-untyped-def]
    """Pick a drop-down menu's option as a click on it does."""
    take(menu, option)
    frames(app, 2)


def the_form(app) -> NewGameScene:  # type: ignore[no-untyped-def]
    form = NewGameScene(app)
    app.replace(form)
    frames(app, 2)
    return form


def what_it_shows(form: NewGameScene) -> dict[str, object]:
    """The form as the player sees it."""
    return {"game": form.game_menu.selected_option[0],
            "players": None if form.players_menu is None else form.players_menu.selected_option[0],
            "rounds": None if form.rounds_menu is None else form.rounds_menu.selected_option[0],
            "options": sorted(element.text for element in form.elements
                              if isinstance(element, pygame_gui.elements.UIButton)
                              and ": o" in element.text),
            "names": [entry.get_text() for entry in form.name_entries],
            "kinds": [menu.selected_option[0] for menu in form.kind_menus]}


def test_new_game_offers_the_setup_last_started(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        form = the_form(app)
        choose(app, form.game_menu, RULESETS["coup-inquisitor"].title)
        choose(app, form.players_menu, "2 players")
        press_button(app, "Five lives: on")
        choose(app, form.rounds_menu, "Match: 3 rounds")
        form.name_entries[0].set_text("Zoé")
        form.name_entries[1].set_text("Marcel")
        choose(app, form.kind_menus[1], "Computer: Hard")
        started = what_it_shows(form)
        press_button(app, "Start")
        assert isinstance(app.scene, TableScene)
        first = app.scene.session
        assert first.match.options.rounds == 3 and not first.match.options.five_lives
    assert paths.config_dir() == tmp_path and (tmp_path / "new-game.json").exists()
    with open_app(tmp_path, monkeypatch) as app:  # another day, another window
        form = the_form(app)
        assert what_it_shows(form) == started
        assert started["names"] == ["Zoé", "Marcel"]
        assert started["kinds"] == ["Person", "Computer: Hard"]
        assert started["options"] == ["Call the Coup: on", "Five lives: off"]
        press_button(app, "Start")
        assert isinstance(app.scene, LeaveGameDialog), "the first game is in progress"
        press_button(app, "Start")
        again = app.scene.session
        assert again.seats == first.seats and again.match.options == first.match.options


def test_choosing_a_game_offers_the_setup_last_started_for_that_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each game keeps its own: the one started before another is offered again when it is
    chosen in the game's menu, with a name typed meanwhile kept as typed."""
    inquisitor, classic = RULESETS["coup-inquisitor"].title, RULESETS["coup-detat"].title
    with open_app(tmp_path, monkeypatch) as app:
        form = the_form(app)
        choose(app, form.game_menu, inquisitor)
        choose(app, form.players_menu, "2 players")
        choose(app, form.rounds_menu, "Match: 3 rounds")
        choose(app, form.kind_menus[1], "Computer: Hard")
        inquisitor_started = what_it_shows(form)
        press_button(app, "Start")
    with open_app(tmp_path, monkeypatch) as app:
        form = the_form(app)
        choose(app, form.game_menu, classic)
        choose(app, form.players_menu, "3 players")
        classic_started = what_it_shows(form)
        press_button(app, "Start")
        press_button(app, "Start")  # and keep the game left in the saves
        assert isinstance(app.scene, TableScene)
    with open_app(tmp_path, monkeypatch) as app:
        form = the_form(app)
        assert what_it_shows(form) == classic_started, "the last started comes first"
        choose(app, form.game_menu, inquisitor)
        assert what_it_shows(form) == inquisitor_started, "then each game its own"
        form.name_entries[0].set_text("Zoé")
        choose(app, form.game_menu, classic)
        assert what_it_shows(form) == {**classic_started,
                                       "names": ["Zoé", *classic_started["names"][1:]]}
    kept = json.loads((tmp_path / "new-game.json").read_text())
    assert kept["version"] == 2 and kept["ruleset"] == "coup-detat"
    assert set(kept["games"]) == {"coup-inquisitor"}


def test_a_setup_file_of_version_one_is_offered_for_its_game(tmp_path: Path) -> None:
    path = tmp_path / "new-game.json"
    path.write_text(json.dumps({"format": "coup-detat-new-game", "version": 1,
                                "ruleset": "coup", "players": 3, "options": {},
                                "seats": [{"name": "Ada", "kind": "human", "level": "medium"}],
                                "tables": None}))
    each = last_setup.load_each(path)
    assert list(each) == ["coup"] and each["coup"].players == 3
    last_setup.save(last_setup.Setup("coup-detat", 4), path)
    assert sorted(last_setup.load_each(path)) == ["coup", "coup-detat"]
    assert last_setup.load(path) == last_setup.Setup("coup-detat", 4)


def test_the_setup_offered_keeps_the_names_of_seats_not_in_use(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        form = the_form(app)
        form.name_entries[3].set_text("Odile")
        choose(app, form.players_menu, "3 players")
        press_button(app, "Start")
    with open_app(tmp_path, monkeypatch) as app:
        form = the_form(app)
        assert len(form.name_entries) == 3
        choose(app, form.players_menu, "4 players")
        assert form.name_entries[3].get_text() == "Odile"


@pytest.mark.parametrize("damage", ["{not json", "[1, 2]", "\x00\xff", '{"format": "other"}',
                                    '{"format": "coup-detat-new-game", "version": "1"}'])
def test_a_damaged_setup_file_gives_new_games_own_defaults(
        damage: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        fresh = what_it_shows(the_form(app))
        (tmp_path / "new-game.json").write_bytes(damage.encode("utf-8", "surrogateescape"))
        assert last_setup.load() is None
        assert what_it_shows(the_form(app)) == fresh
        press_button(app, "Start")
        assert isinstance(app.scene, TableScene)
        assert last_setup.load() is not None, "the damaged file is replaced by a good one"


def test_what_makes_no_sense_in_the_setup_is_left_out_and_the_rest_offered(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kept = {"format": "coup-detat-new-game", "version": 1, "ruleset": "coup",
            "players": 9, "options": {"rounds": 4, "alternative_deal": "yes"},
            "seats": [{"name": "Zoé", "kind": "human", "level": "medium"},
                      {"name": "Marcel", "kind": "computer", "level": "grandmaster"},
                      {"name": "x" * 200, "kind": "computer", "level": "easy"},
                      {"name": "Odile", "kind": "computer", "level": "easy"}],
            "a key from a newer version": True}
    with open_app(tmp_path, monkeypatch) as app:
        (tmp_path / "new-game.json").write_text(json.dumps(kept), encoding="utf-8")
        form = the_form(app)
        shown = what_it_shows(form)
        assert shown["game"] == "Coup" and shown["players"] == "4 players"
        assert shown["rounds"] == "Match: 1 round"
        assert shown["names"] == ["Zoé", "Brigitte", "Camille", "Odile"]
        assert shown["kinds"] == ["Person", "Computer: Medium", "Computer: Medium",
                                  "Computer: Easy"]


def test_a_name_in_the_setup_that_does_not_print_is_left_out(tmp_path: Path) -> None:
    names = ["Zoé", "\ud800", "Ada\nLovelace", "\x07"]
    data = {"format": "coup-detat-new-game", "version": 1, "ruleset": "coup", "players": 4,
            "seats": [{"name": name, "kind": "computer", "level": "easy"} for name in names]}
    (tmp_path / "new-game.json").write_text(json.dumps(data), encoding="utf-8")
    setup = last_setup.load(tmp_path / "new-game.json")
    assert setup is not None
    assert [seat and seat.name for seat in setup.seats] == ["Zoé", None, None, None]


def test_a_name_pasted_with_a_line_break_is_kept_on_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """So that the game started writes saves it can load again."""
    with open_app(tmp_path, monkeypatch) as app:
        form = the_form(app)
        form.name_entries[0].set_text("Ada\nLovelace\t")
        press_button(app, "Start")
        assert isinstance(app.scene, TableScene)
        assert app.scene.session.seats[0].name == "Ada Lovelace"


def test_a_setup_that_cannot_be_kept_does_not_stop_the_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        (tmp_path / "new-game.json").mkdir()  # a folder in the way
        the_form(app)
        press_button(app, "Start")
        assert isinstance(app.scene, TableScene)


@pytest.mark.parametrize("size", [MIN_SIZE, (1280, 800)])
def test_new_game_says_what_each_game_is_and_what_the_levels_are(
        size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch, size=size) as app:
        form = the_form(app)
        font = app.ui.get_theme().get_font(["#note_label"])
        blurbs = {game.id: game.blurb for game in table_games()}
        for ruleset in blurbs:
            choose(app, form.game_menu, RULESETS[ruleset].title)
            if form.players_menu is not None:
                choose(app, form.players_menu, "6 players" if ruleset != "coup-detat"
                       else "4 players")
            assert form.ruleset == ruleset
            lines = {form.game_line.text: form.game_line, form.levels_line.text: form.levels_line}
            assert list(lines) == [blurbs[ruleset], LEVELS_LINE]
            for words, label in lines.items():
                assert label.visible and label.rect.left >= 0
                assert label.rect.left + font.size(words)[0] <= min(label.rect.right, size[0])
            assert form.game_line.rect.top >= form.game_menu.rect.bottom - 8
            last_seat = form.kind_menus[-1].rect
            assert last_seat.bottom <= form.levels_line.rect.top + 8
            assert form.levels_line.rect.bottom <= form.message.rect.top + 8
            start = next(e for e in form.elements if getattr(e, "text", "") == "Start")
            assert start.rect.bottom <= size[1]
        for level in ("Easy", "Medium", "Hard"):
            assert level in LEVELS_LINE
