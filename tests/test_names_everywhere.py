"""A seat's name by one rule on every route (New game, saves of one table or two, the last
New game setup), and drawn whatever it holds: a name that would draw nothing is the seat's
own ("Seat 2"), the text helper never fails on any text, and characters the game's font
cannot show are drawn with a fallback font where there is one, and said in New game."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pygame
import pygame_gui
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ui_kit import frames, open_app, press_button

from game.engine import saves, texts
from game.services import last_setup, save_index
from game.services.catalogue import CATALOGUE
from game.system import paths
from game.system.files import write_atomically
from game.ui import text
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.title import TitleScene
from game.ui.table.scene import TableScene

SAMPLES = Path(__file__).resolve().parent.parent / "saves"
IN_PROGRESS = SAMPLES / "coup-in-progress-4-players.json"
TWO_TABLES = SAMPLES / "two-tables-7-players.json"
INVISIBLE = {"zero-width space": "\u200b", "soft hyphen": "\u00ad", "byte-order mark": "\ufeff"}
DRAWN_BLANK = {"Hangul filler": "\u3164", "blank Braille pattern": "\u2800",
               "combining accent alone": "\u0301"}


def save_with_name(source: Path, seat: int, name: str) -> str:
    data = json.loads(source.read_text())
    data["seats"][seat]["name"] = name
    return json.dumps(data)


def written(folder: Path, source: Path, seat: int, name: str) -> Path:
    path = folder / "named.json"
    path.write_text(save_with_name(source, seat, name))
    return path


# The rule, on the routes without a window ----------------------------------------------

@pytest.mark.parametrize("name", [*INVISIBLE.values(), *DRAWN_BLANK.values()],
                         ids=[*INVISIBLE, *DRAWN_BLANK])
def test_a_save_whose_name_draws_nothing_loads_with_the_seats_own_name(
        name: str, tmp_path: Path) -> None:
    saved = saves.read(written(tmp_path, IN_PROGRESS, 1, name), catalogue=CATALOGUE)
    assert [seat.name for seat in saved.seats] == ["Antoine", "Seat 2", "Camille", "Didier"]


@pytest.mark.parametrize("name", INVISIBLE.values(), ids=INVISIBLE)
def test_a_name_with_characters_that_draw_nothing_loads_without_them(
        name: str, tmp_path: Path) -> None:
    saved = saves.read(written(tmp_path, IN_PROGRESS, 2, f"Ca{name}mille{name}"),
                       catalogue=CATALOGUE)
    assert saved.seats[2].name == "Camille"


def test_a_save_at_two_tables_keeps_names_by_the_same_rule(tmp_path: Path) -> None:
    saved = saves.read(written(tmp_path, TWO_TABLES, 4, "\u200b\u00ad"), catalogue=CATALOGUE)
    assert saved.seats[4].name == "Seat 5"
    assert all(texts.visible(seat.name) for seat in saved.seats)


def test_the_load_list_names_the_seat_as_loading_does(tmp_path: Path) -> None:
    entry = save_index.read_entry(written(tmp_path, IN_PROGRESS, 1, "\ufeff"))
    assert entry.problem is None
    assert entry.seat_names == ("Antoine", "Seat 2", "Camille", "Didier")


def test_the_last_new_game_setup_keeps_names_by_the_same_rule() -> None:
    setup = last_setup.from_json({
        "format": last_setup.FORMAT, "version": 1, "ruleset": "coup-detat", "players": 4,
        "seats": [{"name": name, "kind": "computer", "level": "easy"}
                  for name in ("\u200b", "Zo\u00ade", "\u3164", "Ada")]})
    assert [seat and seat.name for seat in setup.seats] == [None, "Zoe", None, "Ada"]


@given(st.text(alphabet=st.characters(codec=None, categories=None), max_size=60))
@settings(max_examples=300, deadline=None)
def test_every_name_new_game_keeps_is_one_a_save_keeps_as_it_is(typed: str) -> None:
    """One rule: what New game makes of what was typed passes the save's rule unchanged,
    and draws something."""
    kept = texts.cleaned(typed, texts.MAX_NAME_LENGTH)
    assert kept == "" or (texts.seat_name(kept) == kept and texts.visible(kept))


@given(st.text(alphabet=st.characters(codec=None, categories=None), max_size=40))
@settings(max_examples=300, deadline=None)
def test_every_name_a_save_holds_is_refused_or_shown(raw: str) -> None:
    name = texts.seat_name_or_own(raw, 0)
    assert name is None or (texts.visible(name) and texts.printable(name))


# The table, drawn ----------------------------------------------------------------------

@pytest.mark.parametrize("name", INVISIBLE.values(), ids=INVISIBLE)
def test_continue_sits_at_the_table_of_a_save_whose_name_draws_nothing(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        write_atomically(paths.autosave_path(), save_with_name(IN_PROGRESS, 1, name))
        app.replace(TitleScene(app))
        frames(app, 2)
        press_button(app, "Continue")
        frames(app, 10)
        scene = app.scene
        assert isinstance(scene, TableScene)
        assert [seat.name for seat in scene.session.seats][1] == "Seat 2"


@pytest.mark.parametrize("name", ["漢字", "Zoé 🙂", "A\u200bB", "\u0301x"])
def test_a_table_draws_names_in_any_script(name: str, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        write_atomically(paths.autosave_path(), save_with_name(IN_PROGRESS, 3, name))
        app.replace(TitleScene(app))
        frames(app, 2)
        press_button(app, "Continue")
        frames(app, 10)
        assert isinstance(app.scene, TableScene)


# The text helper -----------------------------------------------------------------------

ANY_TEXT = st.text(alphabet=st.characters(codec=None, categories=None), max_size=80)


@pytest.fixture(scope="module")
def window() -> object:
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((200, 100))
    pygame.quit()
    text.forget_fonts()


@given(words=ANY_TEXT, size=st.integers(min_value=1, max_value=40), bold=st.booleans())
@settings(max_examples=300, deadline=None)
def test_the_text_helper_draws_and_measures_any_text(window: object, words: str, size: int,
                                                     bold: bool) -> None:
    """No text makes it fail: not a zero-width space, a NUL, half of a surrogate pair."""
    surface = text.render(words, size, (255, 255, 255), bold=bold)
    assert surface.get_width() >= 1 and surface.get_height() >= 1
    assert text.measure(words, size, bold) >= 0
    assert text.wrap(words, size, 120, bold=bold)
    line, fitted_size = text.fitted(words, size, 120, bold=bold)
    assert text.measure(line, fitted_size, bold) <= 120 or len(line) <= 2


@pytest.mark.parametrize("name", INVISIBLE.values(), ids=INVISIBLE)
def test_a_text_that_draws_nothing_is_an_empty_line(window: object, name: str) -> None:
    surface = text.render(name, 16, (255, 255, 255))
    assert surface.get_bounding_rect().width == 0


def test_a_line_longer_than_any_window_is_drawn_cut_short_at_once(window: object) -> None:
    """(Drawn whole, 20,000 letters were 160,000 pixels wide; cut short a letter at a
    time, they took 26 seconds.)"""
    long_line = "x" * 20_000
    started = time.perf_counter()
    surface = text.render(long_line, 16, (255, 255, 255))
    cut = text.ellipsized(long_line, 16, 300)
    assert time.perf_counter() - started < 1.0
    assert surface.get_width() <= text.MAX_DRAWN * 16
    assert text.measure(cut, 16, True) <= 300 and cut.endswith("…")


# Characters the game's font cannot show ------------------------------------------------

def test_the_characters_the_games_font_lacks_are_known(window: object) -> None:
    from game.ui import glyphs

    assert glyphs.missing("Zoé Ελένη Анна 🙂 漢 🙂") == ["🙂", "漢"]


def test_a_character_the_games_font_lacks_is_drawn_with_a_fallback_that_has_it(
        window: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """pygame-gui installs Noto Sans SC beside Noto Sans (the packaged game leaves it out):
    with it the ideograph is drawn as itself, without it as the game's font's box."""
    from game.ui import glyphs

    assert (glyphs.package_data("pygame_gui", "data") / "NotoSansSC-Regular.otf").is_file(), \
        "pygame-gui's Chinese font, which the test draws with"
    monkeypatch.setattr(glyphs, "SYSTEM_FALLBACKS", ())

    def drawn(fallbacks: tuple[str, ...]) -> bytes:
        monkeypatch.setattr(glyphs, "GUI_FALLBACKS", fallbacks)
        text.forget_fonts()
        return pygame.image.tobytes(text.render("漢", 32, (255, 255, 255)), "RGBA")

    box, box_again = drawn(()), drawn(())
    ideograph = drawn(("NotoSansSC",))
    assert box == box_again and ideograph != box
    assert drawn(("NotoSansSC",)) == ideograph
    monkeypatch.undo()
    text.forget_fonts()


def test_new_game_says_which_characters_of_a_name_cannot_be_shown(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        form = NewGameScene(app)
        app.replace(form)
        frames(app, 2)
        usual = form.message.text  # type: ignore[union-attr]
        entry = form.name_entries[1]
        for typed in ("Zoé 🙂 漢", "Zoé"):
            entry.set_text(typed)
            pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED,
                                                 {"ui_element": entry, "text": typed}))
            frames(app, 2)
            if typed != "Zoé":
                assert form.message.text == (  # type: ignore[union-attr]
                    "Seat 2: the font cannot show slightly smiling face and ideograph "
                    "U+6F22 (boxes instead).")
        assert form.message.text == usual  # type: ignore[union-attr]


@pytest.mark.parametrize(("name", "room", "said"), [
    ("🙂", 1000, "Seat 3: the font cannot show slightly smiling face (a box instead)."),
    ("🙂漢字🙃", 1000, "Seat 3: the font cannot show slightly smiling face, ideograph U+6F22 "
                     "and 2 more characters (boxes instead)."),
    ("🙂漢字🙃", 95, "Seat 3: the font cannot show slightly smiling face and 3 more "
                   "characters (boxes instead)."),
    ("🙂漢字🙃", 60, "Seat 3: the font cannot show 4 characters of this name (boxes instead)."),
])
def test_the_characters_a_name_cannot_show_are_said_as_fully_as_the_line_lets(
        window: object, name: str, room: int, said: str) -> None:
    from game.ui.scenes.seat_names import unshown_words

    assert unshown_words(2, name, lambda words: len(words) <= room) == said


@pytest.mark.parametrize("typed", ["\u3164", "\u2800", " \u0301 "])
def test_new_game_refuses_a_name_that_draws_nothing(
        typed: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        form = NewGameScene(app)
        app.replace(form)
        frames(app, 2)
        form.name_entries[1].set_text(typed)
        assert form.name_entries[1].get_text() == typed
        press_button(app, "Start")
        assert app.scene is form
        assert form.message.text == "Every seat needs a name."  # type: ignore[union-attr]


@pytest.mark.parametrize("typed", ["\u200b", "\u00ad", "\ufeff", "\ufe0f", "\u200d"])
def test_a_name_box_takes_no_character_that_draws_nothing(
        typed: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """pygame-gui fails on a text of them alone ("Text has zero width"): typed into an
    empty box, or before a name, such a character is not taken."""
    with open_app(tmp_path, monkeypatch) as app:
        form = NewGameScene(app)
        app.replace(form)
        frames(app, 2)
        entry = form.name_entries[1]
        entry.set_text("")
        entry.focus()
        for keys in (typed, "Ada"):
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=keys))
            frames(app, 2)
        assert entry.get_text() == "Ada"


def test_every_character_drawn_without_width_is_one_a_name_leaves_out(window: object) -> None:
    """The boxes forbid what the game's font draws with no width; the rule for names leaves
    all of those out, so a name kept is never refused by a box."""
    from game.ui import glyphs

    forbidden = glyphs.zero_width()
    assert {"\u200b", "\u00ad", "\ufeff"} <= set(forbidden)
    assert [char for char in forbidden if texts.cleaned(f"A{char}B", 40) != "AB"] == []


def test_the_save_boxes_name_takes_no_character_that_draws_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ui_kit import table

    from game.ui.scenes.files import SaveDialog

    with open_app(tmp_path, monkeypatch) as app:
        scene = table(app, "hccc")
        frames(app, 2)
        dialog = SaveDialog(app, scene.session)
        app.push(dialog)
        frames(app, 2)
        assert dialog.name is not None
        dialog.name.set_text("")
        dialog.name.focus()
        for keys in ("\u200b", "Sunday"):
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=keys))
            frames(app, 2)
        assert dialog.name.get_text() == "Sunday"
