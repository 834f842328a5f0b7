"""Renaming and deleting saves from the Load dialog: a deletion is asked first, naming the
save and its file; a new name follows Save's rule and is refused, with the reason, when it
is another save's, too long or shows nothing; a full or read-only disk loses nothing; the
autosave (the game Continue carries on) and the sample games are never renamed or
deleted."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pygame
import pytest
from player_kit import shipped_app
from pygame_gui.elements import UIButton, UISelectionList
from ui_kit import buttons, click, frames, press, press_button, type_over

from game.engine import saves
from game.services import save_files, save_index
from game.services.catalogue import CATALOGUE
from game.system import files, paths
from game.system.files import write_atomically
from game.ui import screens
from game.ui.app import App
from game.ui.scenes.files import LoadScene
from game.ui.scenes.save_manage import DeleteDialog, RenameDialog

SAMPLES = Path(__file__).resolve().parent.parent / "saves"
IN_PROGRESS = SAMPLES / "coup-in-progress-4-players.json"
SHORT = SAMPLES / "short-game-3-players.json"
READ_ONLY = OSError(errno.EROFS, "Read-only file system")


def own_save(name: str, source: Path = IN_PROGRESS, *, file: str | None = None) -> Path:
    """A save of the player's, named `name`, in the saves folder."""
    data = json.loads(source.read_text()) | {"name": name}
    path = paths.saves_dir() / (file or f"{save_index.safe_stem(name)}.json")
    path.write_text(json.dumps(data))
    return path


def entry_of(path: Path) -> save_index.SaveEntry:
    return save_index.read_entry(path)


def listed() -> list[save_index.SaveEntry]:
    return save_index.list_saves(save_index.default_folders())


def autosave(source: Path) -> Path:
    write_atomically(paths.autosave_path(), source.read_text(), keep=paths.PREVIOUS_AUTOSAVES)
    return paths.autosave_path()


# The services ---------------------------------------------------------------------------

@pytest.mark.usefixtures("home")
def test_a_renamed_save_keeps_its_game_under_its_new_name_and_file() -> None:
    old = own_save("Tuesday")
    before = saves.read(old, catalogue=CATALOGUE)
    new = save_files.rename(entry_of(old), "  Sunday with  Zoé ", listed())
    assert not old.exists() and new == paths.saves_dir() / "Sunday-with-Zoé.json"
    assert entry_of(new).title == "Sunday with Zoé"
    after = saves.read(new, catalogue=CATALOGUE)
    assert isinstance(after, saves.SavedGame) and isinstance(before, saves.SavedGame)
    assert after.match.decisions == before.match.decisions and after.seats == before.seats
    assert after.saved_at == before.saved_at, "the listing keeps its place"
    assert [entry.title for entry in listed() if not entry.sample] == ["Sunday with Zoé"]


@pytest.mark.usefixtures("home")
def test_a_new_name_of_the_same_file_name_is_written_in_place() -> None:
    old = own_save("Sunday")
    assert save_files.rename(entry_of(old), "Sunday!", listed()) == old
    assert entry_of(old).title == "Sunday!"


@pytest.mark.usefixtures("home")
@pytest.mark.parametrize(("typed", "why"), [
    ("sunday", "There is already a save called “sunday”: choose another name."),
    ("x" * 61, "A name has at most 60 characters."),
    ("   ", "Type a name: letters, digits or signs that show."),
    ("\u200b", "Type a name: letters, digits or signs that show."),
    ("Tuesday", "The save is called “Tuesday” already."),
])
def test_a_name_is_refused_with_the_reason_and_nothing_changes(typed: str, why: str) -> None:
    own_save("Sunday")
    old = own_save("Tuesday")
    files_before = {path.name: path.read_bytes() for path in paths.saves_dir().iterdir()}
    with pytest.raises(save_files.Refused) as refused:
        save_files.rename(entry_of(old), typed, listed())
    assert str(refused.value) == why
    assert {path.name: path.read_bytes() for path in paths.saves_dir().iterdir()} == files_before


@pytest.mark.usefixtures("home")
def test_save_and_rename_share_one_rule_for_names() -> None:
    with pytest.raises(save_files.Refused, match="at most 60 characters"):
        save_files.checked_name("y" * 61, required=False)
    assert save_files.checked_name("", required=False) is None  # Save names the file itself
    assert save_files.checked_name(" Ève\u200b  & Noël ", required=True) == "Ève & Noël"


@pytest.mark.usefixtures("home")
def test_a_full_or_read_only_disk_refuses_a_rename_and_loses_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    old = own_save("Tuesday")
    text = old.read_bytes()

    def refuse(*args: object, **kwargs: object) -> None:
        raise READ_ONLY

    monkeypatch.setattr(files, "write_atomically", refuse)
    with pytest.raises(save_files.Refused, match=r"^Could not rename the save \(.*\): it is "
                                                 r"as it was\.$"):
        save_files.rename(entry_of(old), "Wednesday", listed())
    assert sorted(paths.saves_dir().iterdir()) == [old] and old.read_bytes() == text


@pytest.mark.usefixtures("home")
def test_an_old_file_that_cannot_be_removed_leaves_the_save_once_under_its_old_name(
        monkeypatch: pytest.MonkeyPatch) -> None:
    old = own_save("Tuesday")
    text = old.read_bytes()
    real_unlink = Path.unlink

    def unlink(path: Path, missing_ok: bool = False) -> None:
        if path == old:
            raise READ_ONLY
        real_unlink(path, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", unlink)
    with pytest.raises(save_files.Refused, match="it is as it was"):
        save_files.rename(entry_of(old), "Wednesday", listed())
    assert sorted(paths.saves_dir().iterdir()) == [old] and old.read_bytes() == text


@pytest.mark.usefixtures("home")
def test_a_deleted_save_is_gone_and_a_refused_deletion_says_why_and_keeps_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    gone, kept = own_save("Gone"), own_save("Kept")
    save_files.delete(entry_of(gone))
    assert not gone.exists()

    def refuse(path: Path, missing_ok: bool = False) -> None:
        raise READ_ONLY

    monkeypatch.setattr(Path, "unlink", refuse)
    with pytest.raises(save_files.Refused) as refused:
        save_files.delete(entry_of(kept))
    assert str(refused.value).startswith("Could not delete “Kept” (")
    assert str(refused.value).endswith("): it is still there.")
    assert kept.exists()


@pytest.mark.usefixtures("home")
@pytest.mark.parametrize("action", ["rename", "delete"])
def test_the_autosave_and_the_samples_are_never_renamed_or_deleted(action: str) -> None:
    autosave(SHORT)
    newest = autosave(IN_PROGRESS)  # the one before is kept beside it, as the game does
    before = paths.autosave_paths()[1]
    sample = next(entry for entry in listed() if entry.sample)
    kept = {path: path.read_bytes() for path in [newest, before, sample.path]}
    for entry, why in ((entry_of(newest), "The autosave is the game in progress"),
                       (entry_of(before), "The autosave"),
                       (sample, "The sample games cannot be")):
        with pytest.raises(save_files.Refused, match=why):
            if action == "rename":
                save_files.rename(entry, "Something else", listed())
            else:
                save_files.delete(entry)
    assert {path: path.read_bytes() for path in kept} == kept
    assert all(entry.path.parent != newest.parent for entry in listed()), \
        "the Load dialog does not list the autosave"


def a_save_on_a_stick(stick: Path) -> tuple[Path, Path, bytes]:
    """A save kept in the folder `stick`, outside the saves folder, and a link to it in
    the saves folder."""
    stick.mkdir()
    away = stick / "away.json"
    away.write_text(json.dumps(json.loads(IN_PROGRESS.read_text()) | {"name": "Away"}))
    link = paths.saves_dir() / "away-link.json"
    link.symlink_to(away)
    return away, link, away.read_bytes()


@pytest.mark.usefixtures("home")
def test_deleting_a_link_deletes_the_link_alone(tmp_path: Path) -> None:
    away, link, text = a_save_on_a_stick(tmp_path / "stick")
    [entry] = [entry for entry in listed() if not entry.sample]
    assert entry.path == link
    save_files.delete(entry)
    assert not os.path.lexists(link) and away.read_bytes() == text


@pytest.mark.parametrize("typed", ["Back home", "Away!"])  # a file of its own; the link's
@pytest.mark.usefixtures("home")
def test_renaming_a_link_writes_the_save_anew_and_leaves_the_file_it_linked_to(
        tmp_path: Path, typed: str) -> None:
    away, link, text = a_save_on_a_stick(tmp_path / "stick")
    new = save_files.rename(entry_of(link), typed, listed())
    assert new.is_file() and not new.is_symlink() and entry_of(new).title == typed
    assert sorted(paths.saves_dir().iterdir()) == [new], "the link is gone"
    assert away.read_bytes() == text


@pytest.mark.usefixtures("home")
def test_a_link_to_the_autosave_goes_and_the_autosave_stays() -> None:
    autosaved = autosave(IN_PROGRESS)
    text = autosaved.read_bytes()
    link = paths.saves_dir() / "continue.json"
    link.symlink_to(autosaved)
    [entry] = [entry for entry in listed() if not entry.sample]
    save_files.delete(entry)
    assert not os.path.lexists(link) and autosaved.read_bytes() == text


@pytest.mark.usefixtures("home")
def test_deleting_a_save_leaves_a_link_to_it_and_then_nothing_is_listed() -> None:
    real = own_save("Monday")
    link = paths.saves_dir() / "monday-link.json"
    link.symlink_to(real)
    [entry] = [entry for entry in listed() if not entry.sample]
    assert entry.path == real, "the save is listed under its own file"
    save_files.delete(entry)
    assert not real.exists() and link.is_symlink(), "a link is no save: it is not touched"
    assert [entry for entry in listed() if not entry.sample] == []


# The Load dialog --------------------------------------------------------------------------

def choose(app: App, title: str) -> None:
    """Click the save called `title` in the Load dialog's list."""
    scene = app.scene
    assert isinstance(scene, LoadScene) and scene.list is not None
    row = next(line for line, entry in zip(scene.lines, scene.entries, strict=True)
               if entry.title == title)
    listing: UISelectionList = scene.list
    item = next(item for item in listing.item_list if item["text"] == row)
    button = item["button_element"]
    assert isinstance(button, UIButton), f"{title!r} is not shown in the list"
    click(app, button.rect.center)
    assert listing.get_single_selection() == row


def said(app: App) -> str:
    scene = app.scenes[-1]
    message = getattr(scene, "message", None)
    return message.text if message is not None else ""


SIZES = [(1280, 800), (960, 600)]


@pytest.mark.parametrize("size", SIZES)
def test_delete_asks_first_naming_the_save_then_deletes_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    with shipped_app(tmp_path, monkeypatch, size=size) as app:
        path = own_save("Sunday with Zoé")
        own_save("Kept")
        app.push(screens.make("load", app))
        frames(app, 2)
        assert {"Rename", "Delete"} <= set(buttons(app))
        choose(app, "Sunday with Zoé")
        press_button(app, "Delete")
        dialog = app.scene
        assert isinstance(dialog, DeleteDialog)
        assert "“Sunday with Zoé” (the file Sunday-with-Zoé.json)" in dialog.lines[0]
        press_button(app, "Keep it")
        assert isinstance(app.scene, LoadScene) and path.exists()
        assert app.scene._chosen() == dialog.entry, "the save kept is still chosen"
        press(app, pygame.K_DELETE)  # the key asks too
        assert isinstance(app.scene, DeleteDialog)
        press_button(app, "Delete")
        assert isinstance(app.scene, LoadScene) and not path.exists()
        assert said(app) == "Deleted “Sunday with Zoé”."
        assert [entry.title for entry in app.scene.entries if not entry.sample] == ["Kept"]


def test_delete_of_a_link_says_the_file_it_links_to_is_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch) as app:
        away, link, text = a_save_on_a_stick(tmp_path / "stick")
        app.push(screens.make("load", app))
        frames(app, 2)
        choose(app, "Away")
        press_button(app, "Delete")
        dialog = app.scene
        assert isinstance(dialog, DeleteDialog)
        assert dialog.lines[:2] == [
            "“Away” (the file away-link.json, a link) will be taken from your saves.",
            f"The file it links to, {away}, is kept."]
        press_button(app, "Delete")
        assert isinstance(app.scene, LoadScene) and said(app) == "Deleted “Away”."
        assert not os.path.lexists(link) and away.read_bytes() == text


@pytest.mark.parametrize("size", SIZES)
def test_rename_refuses_a_taken_name_in_words_then_renames(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    with shipped_app(tmp_path, monkeypatch, size=size) as app:
        own_save("Sunday")
        old = own_save("Tuesday")
        app.push(screens.make("load", app))
        frames(app, 2)
        choose(app, "Tuesday")
        press_button(app, "Rename")
        dialog = app.scene
        assert isinstance(dialog, RenameDialog)
        type_over(app, dialog.name, "SUNDAY")
        press_button(app, "Rename")
        assert app.scene is dialog and old.exists()
        assert said(app) == "There is already a save called “SUNDAY”: choose another name."
        type_over(app, dialog.name, "Wednesday night")
        press(app, pygame.K_RETURN)
        assert isinstance(app.scene, LoadScene) and not old.exists()
        assert said(app) == "Renamed “Tuesday” to “Wednesday night”."
        assert sorted(entry.title for entry in app.scene.entries if not entry.sample) == \
            ["Sunday", "Wednesday night"]


def test_a_sample_game_is_not_offered_for_renaming_or_deleting(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch) as app:
        app.push(screens.make("load", app))
        frames(app, 2)
        scene = app.scene
        assert isinstance(scene, LoadScene)
        sample = next(entry for entry in scene.entries if entry.sample)
        choose(app, sample.title)
        press_button(app, "Delete")
        assert app.scene is scene and said(app) == "The sample games cannot be deleted."
        assert sample.path.exists()
