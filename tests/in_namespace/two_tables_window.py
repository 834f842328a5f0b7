"""A match at two tables hosted from the window at the shipped settings (only the clock is
faster): New game for seven at Coup d'État with a person, a friend at each table and
computers; the lobby shows both tables; two friends take their seats with `coup-detat
join --bot --record`, and the match is played to the standings. Each friend was told his
own table's game alone (his record is his seat's stream of his table, as the save tells
it again); the host's Ctrl+S save is the whole match and replays. Run in a network
namespace by tests/test_ui_hosting.py."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from player_kit import Person, shipped_app
from test_net_two_tables import table_of
from test_ui_tables import short_match_at_two_tables
from ui_kit import press

from game.engine import saves
from game.formats.support import final_result
from game.games.coup_detat.table.results import MatchOverScene
from game.services import stats
from game.services.catalogue import CATALOGUE
from game.services.session import FRIEND
from game.services.tables import TablesSession
from game.ui.scenes.files import SaveDialog
from game.ui.scenes.hosting import HostingScene
from game.ui.scenes.new_game import FRIEND_CHOICE, NewGameScene
from game.ui.scenes.new_game_friends import FRIENDS_NAME
from game.ui.table.online_tables import NOT_CONTINUED, OnlineTables
from game.ui.table.scene import TableScene
from in_namespace.hosting_window import seats_taken
from in_namespace.relay_window import started

ROOT = Path(__file__).resolve().parents[2]
BOT = f"{sys.executable} {ROOT / 'docs' / 'bots' / 'random_bot.py'}"
FRIENDS = ("Zoé", "Yves")


def seven_with_a_friend_at_each_table(person: Person) -> tuple[NewGameScene, list[int]]:
    """New game by clicks: seven at Coup d'État, a short game; the first seat of the first
    table a person, the second seat there and the first of the other table friends, the
    rest Easy computers. The form, and the friends' seats."""
    form = short_match_at_two_tables(person, 7)
    split = form.split
    assert split is not None
    friends = [split.tables[0][1], split.tables[1][0]]
    for seat in range(7):
        kind = "Person" if seat == split.tables[0][0] else \
            FRIEND_CHOICE if seat in friends else "Computer: Easy"
        person.choose(form.kind_menus[seat], kind)
    return form, friends


def test_a_match_at_two_tables_hosted_in_the_window_is_played_to_its_end(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path / "host", monkeypatch) as app:
        person = Person(app, seed=11)
        form, friend_seats = seven_with_a_friend_at_each_table(person)
        split = form.split
        assert split is not None
        for seat in range(7):  # a friend brings his own name: his seat has no name box
            assert form.name_entries[seat].visible == (seat not in friend_seats)
        notes = [element for element in form.elements
                 if getattr(element, "text", None) == FRIENDS_NAME]
        assert len(notes) == 2 and person.enabled("Time per decision: off")
        assert [seat.kind for seat in form.seats()].count(FRIEND) == 2  # type: ignore[union-attr]
        person.click_button("Start")
        lobby = app.scene
        assert isinstance(lobby, HostingScene), person.where()
        assert lobby.split == split and lobby.where is not None
        assert NOT_CONTINUED in lobby.notes and not person.enabled("Start")
        person.frames(2)
        records = [tmp_path / f"record-{name}.jsonl" for name in FRIENDS]
        friends = [started("join", f"127.0.0.1:{lobby.where.port}", "--code",
                           lobby.where.code.lower(), "--name", name, "--bot", BOT,
                           "--record", str(record), home=tmp_path / name)
                   for name, record in zip(FRIENDS, records, strict=True)]
        try:
            seats_taken(person, friends)
            assert sorted(lobby.chairs[seat].name for seat in friend_seats) == sorted(FRIENDS)
            person.click_button("Start")
            table = app.scene
            assert isinstance(table, TableScene) and table.tables is not None, person.where()
            assert isinstance(table.network.online, OnlineTables)
            match = table.tables.session
            assert isinstance(match, TablesSession) and match.match.split == split
            assert match.elsewhere == frozenset(friend_seats)
            assert match.human_seats == (split.tables[0][0],)
            person.frames(3)
            assert any(NOT_CONTINUED in line for line in table.log.lines)
            shown: set[int] = set()
            while not isinstance(app.scene, MatchOverScene):
                top = app.scene
                if isinstance(top, TableScene):
                    assert top.tables is not None
                    shown.add(top.tables.shown)
                    viewer = top.controller.viewer  # never a friend's hand at this screen
                    assert viewer is None or viewer in top.session.human_seats
                person.act()
                person.frame()
                assert app.crash is None, app.crash
                assert person.decisions < 2000, f"no end in sight at {person.where()}"
            assert match.over and 0 in shown  # (the other, if it ended last)
            assert not person.enabled("Same players, new deal")  # the friends are gone
            assert person.enabled("Review the game")
            assert stats.load().get("coup-detat").played == 1  # the host's person, once
            results = [json.loads(ended_well(friend)[-1]) for friend in friends]
            press(app, pygame.K_ESCAPE)  # the final table, then its save
            press(app, pygame.K_s, pygame.KMOD_CTRL)
            assert isinstance(app.scene, SaveDialog), person.where()
            person.click_button("Save")
            assert isinstance(app.scene, TableScene), person.where()
        finally:
            for friend in friends:
                if friend.poll() is None:
                    friend.kill()
                    friend.wait()
    [save] = (tmp_path / "host" / "saves").glob("*.json")
    saved = saves.read(save, catalogue=CATALOGUE)
    assert isinstance(saved, saves.SavedTables) and saved.tables.over
    assert saved.tables.split == split
    assert [saved.seats[seat].kind for seat in friend_seats] == ["human", "human"]
    at = sorted(table_of(record, saved) for record in records)  # his own table's stream
    assert at == [0, 1]
    for record, result in zip(records, results, strict=True):
        table = table_of(record, saved)
        assert result["winners"] == final_result(saved.tables.matches[table])["winners"]
        sent = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
        welcome = next(message for message in sent if message["type"] == "welcome")
        assert len(welcome["table"]["seats"]) == len(split.tables[table])  # his table's
        lobbies = [message["seats"] for message in sent if message["type"] == "lobby"]
        assert all(len(seats) == len(split.tables[table]) for seats in lobbies)
        told = json.dumps(sent, ensure_ascii=False)  # nobody of the other table named
        others = [saved.seats[seat].name for seat in split.tables[1 - table]]
        assert not [name for name in others if name in told], others
    told = subprocess.run([sys.executable, "-m", "game", "replay", str(save)],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert told.returncode == 0 and "won the match" in told.stdout, told.stderr


def ended_well(friend: subprocess.Popen[str]) -> list[str]:
    """What a friend's `join` printed, once it ended well."""
    out, err = friend.communicate(timeout=60)
    assert friend.returncode == 0, err
    return out.strip().splitlines()
