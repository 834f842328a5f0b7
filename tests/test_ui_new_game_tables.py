"""New game for six to eight at Coup d'État: the counts offered, who sits at which table
drawn and shown before the start (a column of seats for each table), drawn again on
request, and the match started with that very split; the setup offered next time."""

from __future__ import annotations

import json
import random
from itertools import combinations
from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UIButton, UILabel
from ui_kit import frames, open_app, press, press_button

from game.engine.saves import Seat
from game.engine.tables import Split
from game.games import RULESETS, table_games
from game.services import last_setup
from game.services.tables import TablesSession
from game.ui import screens
from game.ui.app import MIN_SIZE
from game.ui.scene import Scene
from game.ui.scenes.keyboard import choose as take
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.new_game_friends import FRIENDS_NAME

COUP_DETAT = RULESETS["coup-detat"].title
SIZES = {6: (3, 3), 7: (4, 3), 8: (4, 4)}


def choose(app, menu, option: str) -> None:  # type: ignore[no-untyped-def]
    take(menu, option)  # (the keyboard's: it opens a closed menu, as Enter on it does)
    frames(app, 2)
    if menu.current_state is menu.menu_states["expanded"]:  # closed, as a click on a choice
        menu.current_state.should_transition = True  # does: its list hides what is below
        frames(app, 2)


def the_form(app, seed: int = 1) -> NewGameScene:  # type: ignore[no-untyped-def]
    form = NewGameScene(app, rng=random.Random(seed))
    app.replace(form)
    frames(app, 2)
    return form


def at_tables(app, players: int, seed: int = 1) -> NewGameScene:  # type: ignore[no-untyped-def]
    form = the_form(app, seed)
    choose(app, form.game_menu, COUP_DETAT)
    choose(app, form.players_menu, f"{players} players")
    assert form.players == players
    return form


def columns_shown(form: NewGameScene) -> list[list[int]]:
    """The seats as the form lays them out: a column for each table (left to right), its
    seats from the top."""
    lefts = sorted({entry.rect.left for entry in form.name_entries})
    return [sorted((seat for seat, entry in enumerate(form.name_entries)
                    if entry.rect.left == left),
                   key=lambda seat: form.name_entries[seat].rect.top) for left in lefts]


def headings(form: NewGameScene) -> list[str]:
    return [element.text for element in form.elements
            if isinstance(element, UILabel) and element.text.startswith("Table ")]


class Started:
    """The screen Start asks for, kept instead of made."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.made: list[tuple[str, object, dict[str, object]]] = []
        monkeypatch.setattr(screens, "make", self.make)

    def make(self, name: str, app, session, **keywords):  # type: ignore[no-untyped-def]
        self.made.append((name, session, keywords))
        scene = Scene(app)
        scene.session = session  # type: ignore[attr-defined]  # closed with the window
        return scene


# The counts ---------------------------------------------------------------------------------


def test_six_seven_and_eight_are_offered_for_coup_detat_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        form = the_form(app)
        for game in table_games():
            choose(app, form.game_menu, game.title)
            offered: list[str] = [] if form.players_menu is None else \
                [option[0] for option in form.players_menu.options_list]
            if game.id == "coup-detat":
                assert offered == ["3 players", "4 players", "6 players", "7 players",
                                   "8 players"], "from the fewest; the usual chosen"
                assert form.players == 4 and form.split is None
            else:
                assert "7 players" not in offered and "8 players" not in offered
                for words in offered:  # six at Coup sit at one table
                    choose(app, form.players_menu, words)
                    assert form.split is None and not headings(form)


# The split shown ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [6, 7, 8])
def test_the_split_is_shown_with_its_sizes_and_every_seat_once(
        players: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        form = at_tables(app, players)
        split = form.split
        assert split is not None and split.sizes == SIZES[players]
        assert sorted(seat for table in split.tables for seat in table) == list(range(players))
        assert len(form.name_entries) == len(form.kind_menus) == players
        assert columns_shown(form) == [list(table) for table in split.tables]
        assert headings(form) == [f"Table {t + 1} · {n} players"
                                  for t, n in enumerate(SIZES[players])]
        assert form.subtitle == "Who sits at which table?"


@pytest.mark.parametrize("players", [6, 7, 8])
def test_each_table_numbers_its_seats_in_order_from_the_top(
        players: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A column reads Seat 1, 2, 3... (the seat at that table), whoever was drawn there."""
    with open_app(tmp_path, monkeypatch) as app:
        form = at_tables(app, players)
        lefts = sorted({entry.rect.left for entry in form.name_entries})
        for left, size in zip(lefts, SIZES[players], strict=True):
            labels = sorted((element.rect.top, element.text) for element in form.elements
                            if isinstance(element, UILabel) and element.text.startswith("Seat ")
                            and element.rect.right <= left + 2
                            and element.rect.left >= left - element.rect.width - 2)
            assert [text for _, text in labels] == [f"Seat {n + 1}" for n in range(size)]


def test_redraw_draws_another_split_of_the_same_sizes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        form = at_tables(app, 7, seed=3)
        seen = [form.split]
        for _ in range(6):
            press_button(app, "Redraw tables")
            assert form.split != seen[-1], "a redraw never shows the split it replaces"
            assert form.split is not None and form.split.sizes == (4, 3)
            assert columns_shown(form) == [list(table) for table in form.split.tables]
            seen.append(form.split)
        assert len({split.tables[0] for split in seen if split is not None}) > 1, \
            "the players at the first table change too, not only their order"


def test_another_count_draws_another_split_and_back_to_one_table_none(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        form = at_tables(app, 7)
        choose(app, form.players_menu, "8 players")
        assert form.split is not None and form.split.sizes == (4, 4)
        choose(app, form.players_menu, "6 players")
        assert form.split is not None and form.split.sizes == (3, 3)
        kept = form.split
        press_button(app, "Short game: off")  # another choice keeps the draw
        assert form.split == kept
        choose(app, form.players_menu, "3 players")
        assert form.split is None and not headings(form) and len(form.name_entries) == 3
        assert "Redraw tables" not in [element.text for element in form.elements
                                       if isinstance(element, UIButton)]


def test_the_names_typed_stay_with_their_seats_when_the_tables_are_redrawn(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        form = at_tables(app, 8)
        form.name_entries[5].set_text("Zoé")
        choose(app, form.kind_menus[5], "Person")
        press_button(app, "Redraw tables")
        assert form.name_entries[5].get_text() == "Zoé"
        assert form.kind_menus[5].selected_option[0] == "Person"


def test_redraw_is_reached_and_pressed_with_the_keyboard(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        form = at_tables(app, 6)
        for _ in range(40):
            press(app, pygame.K_TAB)
            current = form.keyboard.current
            if isinstance(current, UIButton) and current.text == "Redraw tables":
                break
        else:
            pytest.fail("Tab never reaches Redraw tables")
        before = form.split
        press(app, pygame.K_RETURN)
        assert form.split != before
        current = form.keyboard.current
        assert isinstance(current, UIButton) and current.text == "Redraw tables", \
            "the keyboard stays on the button, to draw again"


@pytest.mark.parametrize("size", [MIN_SIZE, (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [6, 7, 8])
def test_the_tables_fit_the_window_and_nothing_overlaps(
        size: tuple[int, int], players: int, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch, size=size) as app:
        form = at_tables(app, players)
        shown = [element for element in form.elements if element.visible]
        window = pygame.Rect((0, 0), size)
        for element in shown:
            assert window.contains(element.rect), element
        for one, other in combinations(shown, 2):
            assert not one.rect.colliderect(other.rect), (one, other)
        redraw = next(e for e in shown if getattr(e, "text", "") == "Redraw tables")
        assert max(menu.rect.bottom for menu in form.kind_menus) <= redraw.rect.top
        assert form.levels_line is not None and redraw.rect.bottom <= form.levels_line.rect.top


# Start --------------------------------------------------------------------------------------


def test_start_plays_the_split_shown_with_the_seats_as_typed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started = Started(monkeypatch)
    names = ["Anna", "Bob", "Chloé", "Didier", "Émile", "Fanny", "Gaston"]
    kinds = ["Person", "Computer: Easy", "Computer: Hard", "Computer: Medium", "Person",
             "Computer: Easy", "Computer: Hard"]
    with open_app(tmp_path, monkeypatch) as app:
        form = at_tables(app, 7, seed=5)
        press_button(app, "Short game: off")
        press_button(app, "Redraw tables")
        for seat, (name, kind) in enumerate(zip(names, kinds, strict=True)):
            form.name_entries[seat].set_text(name)
            choose(app, form.kind_menus[seat], kind)
        shown = form.split
        press_button(app, "Start")
        [(name, session, keywords)] = started.made
        assert name == "tables" and keywords == {"from_start": True}
        assert isinstance(session, TablesSession)
        assert session.match.split == shown
        assert session.match.options == {"players": 7, "short_game": True}
        assert all(table.match.options.short_game for table in session.tables)
        levels = {"Person": "medium", "Computer: Easy": "easy", "Computer: Medium": "medium",
                  "Computer: Hard": "hard"}
        assert list(session.seats) == [
            Seat(name, "human" if kind == "Person" else "computer", levels[kind])
            for name, kind in zip(names, kinds, strict=True)]
        assert session.autosave is not None, "the match is autosaved as any other"
        assert isinstance(shown, Split)
        for table, seats in enumerate(shown.tables):
            assert session.tables[table].names == [names[seat] for seat in seats]


def test_start_at_one_table_opens_the_table_as_before(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started = Started(monkeypatch)
    with open_app(tmp_path, monkeypatch) as app:
        form = at_tables(app, 7)
        choose(app, form.players_menu, "3 players")
        press_button(app, "Start")
        [(name, session, _)] = started.made
        assert name == "table" and not isinstance(session, TablesSession)
        assert session.match.players == 3  # type: ignore[attr-defined]


# The setup offered next time ----------------------------------------------------------------


def test_seven_players_and_their_seats_are_offered_next_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    Started(monkeypatch)
    names = ["Anna", "Bob", "Chloé", "Didier", "Émile", "Fanny", "Gaston"]
    with open_app(tmp_path, monkeypatch) as app:
        form = at_tables(app, 7)
        for seat, name in enumerate(names):
            form.name_entries[seat].set_text(name)
        choose(app, form.kind_menus[6], "Person")
        choose(app, form.kind_menus[2], "Computer: Hard")
        started = form.split
        press_button(app, "Start")
    kept = last_setup.load()
    assert kept is not None and kept.ruleset == "coup-detat" and kept.players == 7
    assert [seat and seat.name for seat in kept.seats][:7] == names
    with open_app(tmp_path, monkeypatch) as app:  # another day
        form = the_form(app, seed=9)
        assert form.game_menu is not None and form.players_menu is not None
        assert form.game_menu.selected_option[0] == COUP_DETAT
        assert form.players == 7 and form.players_menu.selected_option[0] == "7 players"
        assert [entry.get_text() for entry in form.name_entries] == names
        assert form.kind_menus[6].selected_option[0] == "Person"
        assert form.kind_menus[2].selected_option[0] == "Computer: Hard"
        assert form.split == started, "the split started is offered again"


def test_a_setup_of_eight_round_trips_and_nonsense_counts_are_left_out(tmp_path: Path) -> None:
    seats = tuple(last_setup.SeatChoice(f"P{seat}", "computer", "easy") for seat in range(8))
    setup = last_setup.Setup("coup-detat", 8, {"short_game": True}, seats)
    path = tmp_path / "new-game.json"
    last_setup.save(setup, path)
    assert last_setup.load(path) == setup
    for players in (5, 9, 2):  # neither one table nor two
        last_setup.save(last_setup.Setup("coup-detat", players, {}, seats), path)
        loaded = last_setup.load(path)
        assert loaded is not None and loaded.players is None and loaded.seats == seats
    last_setup.save(last_setup.Setup("coup", 7, {}, seats), path)
    loaded = last_setup.load(path)
    assert loaded is not None and loaded.players is None, "Coup has no second table"


def test_the_split_started_round_trips_and_one_that_is_no_split_is_left_out(
        tmp_path: Path) -> None:
    seats = tuple(last_setup.SeatChoice(f"P{seat}", "computer", "easy") for seat in range(7))
    split = Split(((6, 2, 0, 4), (1, 5, 3)))
    path = tmp_path / "new-game.json"
    last_setup.save(last_setup.Setup("coup-detat", 7, {}, seats, tables=split), path)
    loaded = last_setup.load(path)
    assert loaded is not None and loaded.tables == split
    data = json.loads(path.read_text(encoding="utf-8"))
    for wrong in ([[0, 1, 2, 3], [4, 5, 5]], [[0, 1, 2, 3, 4, 5, 6]], [[0, 1, 2], [3, 4, 5]],
                  [["0", 1, 2, 3], [4, 5, 6]], "6 2 0 4 / 1 5 3", [[True, 1, 2, 3], [4, 5, 0]]):
        path.write_text(json.dumps({**data, "tables": wrong}), encoding="utf-8")
        loaded = last_setup.load(path)
        assert loaded is not None and loaded.players == 7 and loaded.tables is None, wrong


def test_a_friend_may_sit_at_either_table_and_start_opens_the_lobby_with_the_split(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seven for friends: a friend's seat at each table (no name box: he brings his own
    name, and the names left there are no reason to refuse), the time for each decision
    offered, and Start opens the lobby for the split shown."""
    made: list[tuple[str, tuple[object, ...], dict[str, object]]] = []

    def make(name: str, app, *given, **keywords):  # type: ignore[no-untyped-def]
        made.append((name, given, keywords))
        return Scene(app)
    with open_app(tmp_path, monkeypatch) as app:
        form = at_tables(app, 7, seed=5)
        split = form.split
        assert split is not None
        friends = (split.tables[0][1], split.tables[1][0])
        for seat in friends:
            form.name_entries[seat].set_text(form.name_entries[0].get_text())  # a clash
            choose(app, form.kind_menus[seat], "Friend (online)")
        frames(app, 2)
        shown = [element for element in form.elements if element.visible]
        assert [seat for seat, entry in enumerate(form.name_entries) if entry not in shown] \
            == sorted(friends)
        assert sum(getattr(element, "text", "") == FRIENDS_NAME for element in shown) == 2
        assert any(getattr(element, "text", "").startswith("Time per decision")
                   for element in shown)
        choose(app, form.kind_menus[friends[0]], "Computer: Easy")
        assert form.name_entries[friends[0]].visible, "a computer's seat has its name again"
        choose(app, form.kind_menus[friends[0]], "Friend (online)")
        monkeypatch.setattr(screens, "make", make)
        press_button(app, "Start")
        [(name, (ruleset, options, seats), keywords)] = made
        assert name == "hosting" and ruleset == "coup-detat" and keywords["split"] == split
        assert options == {"players": 7, "short_game": False}
        assert [seat.kind for seat in seats] == [  # type: ignore[attr-defined]
            "friend" if seat in friends else "human" if seat == 0 else "computer"
            for seat in range(7)]
