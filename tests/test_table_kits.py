"""The table is one frame for every game, and each game brings its kit: the shared table
names no game, each kit fills the table's interface for real (a game without a thing
offers none, rather than a stand-in), and the parts of a kit work without a window."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from import_graph import imports

from game.cards import COUP, Card, Suit
from game.games import GAMES, table_games
from game.games.coup_detat.rules import RULESET as COUP_DETAT
from game.games.coup_detat.rules import events as ev
from game.games.coup_detat.rules.charts import HandType
from game.games.coup_detat.table.motion import DAGGER_SNAP, BoardMotion
from game.rules.card_play import PlayCard
from game.ui.table.card_play import PlayedCards
from game.ui.table.kit import CardPlay, Motion, TableKit, kit_for
from game.ui.table.layout import hand_for, table_layout

ROOT = Path(__file__).resolve().parent.parent
GRAPH = imports(ROOT)
SHARED_SCENES = {"game.ui.scenes.common", "game.ui.scenes.keyboard"}  # helpers, no screen
LAYOUT = table_layout((1280, 800), 4, hand_for("coup-detat", 4))
KH, QS = Card.parse("KH"), Card.parse("QS")


def _game_owning(module: str) -> str | None:
    for game in GAMES.values():
        if any(module == package or module.startswith(package + ".")
               for package in game.packages):
            return game.id
    return None


def _shared_table() -> list[str]:
    return [module for module in GRAPH
            if module.startswith("game.ui.table") and _game_owning(module) is None]


def test_the_shared_table_imports_no_games_own_package() -> None:
    """The frame (flow, drawing, buttons, overlays) is the same for every game: what is a
    game's own (its cards, furniture, results) reaches it only through the game's kit."""
    strays = {module: sorted(owned) for module in _shared_table()
              if (owned := {target for target in GRAPH[module] if _game_owning(target)})}
    assert strays == {}


def test_the_table_opens_other_screens_by_name() -> None:
    """No module of the table imports a screen: it asks game/ui/screens.py by name."""
    screens = {module: sorted(found) for module in GRAPH if module.startswith("game.ui.table")
               if (found := {target for target in GRAPH[module]
                             if target.startswith("game.ui.scenes.")} - SHARED_SCENES)}
    assert screens == {}


@pytest.mark.parametrize("game", [game.id for game in table_games()])
def test_each_game_the_window_seats_has_a_kit_that_fills_the_tables_interface(
        game: str) -> None:
    kit = kit_for(game)
    assert isinstance(kit, TableKit)
    assert kit.cards is None or isinstance(kit.cards, CardPlay)
    assert kit.motion is None or isinstance(kit.motion, Motion)
    assert kit_for(game) is not kit, "each table has its own kit (it keeps what it shows)"


@dataclass(frozen=True)
class Seen:
    """The little of a view a wild card's tab reads."""

    trick: tuple[tuple[int, Card], ...]
    led_suit: Suit | None


class Cards(PlayedCards):
    wild = COUP


def test_a_led_wild_card_is_played_by_one_decision_a_suit_and_wears_its_suit() -> None:
    legal: list[Any] = [PlayCard(0, COUP, suit) for suit in Suit] + [PlayCard(0, KH), "stop"]
    plays = Cards().plays(legal)
    assert list(plays) == [COUP, KH]
    assert [play.suit for play in plays[COUP]] == list(Suit)
    assert Cards().suit_tags(Seen(((0, COUP), (1, KH)), Suit.HEARTS)) == {
        ("card", COUP.code): Suit.HEARTS}
    assert Cards().suit_tags(Seen(((0, KH), (1, COUP)), Suit.HEARTS)) == {}
    assert Cards().named_by(PlayCard(0, QS)) == (QS,) and Cards().named_by("stop") == ()


def _view() -> Any:
    return COUP_DETAT.view(COUP_DETAT.new_game(COUP_DETAT.parse_options({"players": 4})), 0)


def test_the_daggers_glide_to_their_places_and_snap_when_near() -> None:
    board, view = BoardMotion(), _view()
    board.arranged(view, LAYOUT)
    places = board.dagger_places(view, LAYOUT)
    assert board.daggers == places and not board.moving(view, LAYOUT)
    board.daggers = [x - 40 for x in places]
    assert board.moving(view, LAYOUT)
    board.settle(view, LAYOUT, now=0.0, dt=0.1, instant=False)
    assert all(x - 40 < moved < x for x, moved in zip(places, board.daggers, strict=True))
    board.daggers = [x - DAGGER_SNAP / 2 for x in places]
    board.settle(view, LAYOUT, now=0.0, dt=0.01, instant=False)
    assert board.daggers == places
    board.daggers = [x - 40 for x in places]
    board.settle(view, LAYOUT, now=0.0, dt=0.01, instant=True)
    assert board.daggers == places, "no glide with animations off"
    board.forget()
    board.arranged(view, LAYOUT)
    assert board.daggers == places, "a new layout places them afresh"


def test_a_payment_sends_a_note_from_plate_to_plate_which_lands() -> None:
    board, view = BoardMotion(), _view()
    board.show(ev.Paid(1, 2, 1500, ev.Reason.PENALTY), LAYOUT, 0, now=10.0, duration=0.5)
    (note,) = board.notes
    assert note.start == LAYOUT.place_of(1, 0).plate.center
    assert note.end == LAYOUT.place_of(2, 0).plate.center
    assert note.value == 1000, "the largest note the amount holds"
    board.show(ev.TreasuryTaken(3, 500), LAYOUT, 0, now=10.0, duration=0.0)
    assert len(board.notes) == 1, "nothing flies when nothing glides"
    board.show(ev.HandTypeChosen(0, HandType.BARBU), LAYOUT, 0, now=10.0, duration=0.5)
    assert len(board.notes) == 1, "nor when no money changes hands"
    board.arranged(view, LAYOUT)
    assert board.moving(view, LAYOUT)
    board.settle(view, LAYOUT, now=10.6, dt=0.6, instant=False)
    assert board.notes == [] and not board.moving(view, LAYOUT)
    board.show(ev.Paid(1, None, 100, ev.Reason.PENALTY), LAYOUT, 0, now=0.0, duration=0.5)
    assert board.notes[0].end == LAYOUT.treasury.center
    board.finish()
    assert board.notes == [], "a click lands them at once"
