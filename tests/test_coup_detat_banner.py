"""The 1966 table's banner: its second line (what this hand charges, or a coup's goal) is
read whole at every size, in type no smaller than READABLE; where the charges with their
francs would need smaller type (Guillotine at 960x600), they are named without them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine.match import Match, seeded_chance
from game.games import get_ruleset
from game.games.coup_detat.rules.charts import HandType
from game.games.coup_detat.rules.state import Phase
from game.games.coup_detat.rules.view import CoupDetatView
from game.games.coup_detat.table.hud import READABLE, banner_lines, fitted_goal
from game.rules.words import Naming
from game.ui import text
from game.ui.table.layout import hand_for, table_layout

SIZES = [(1280, 800), (960, 600)]
NAMES = ["Ada", "Bruno", "Chloé", "Didier"]


def view_in_play(hand_type: HandType, director: int) -> CoupDetatView:
    rules = get_ruleset("coup-detat")
    match = Match(rules, rules.parse_options({"players": 4}), chance=seeded_chance(rules, 1))
    view = match.view(0)
    return replace(view, phase=Phase.PLAY, director=director, hand_type=hand_type,
                   coup_player=None)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("hand_type", list(HandType))
@pytest.mark.parametrize("reader", [0, 1, None], ids=["director", "another", "nobody"])
def test_the_second_line_is_read_whole_at_every_size(
        size: tuple[int, int], hand_type: HandType, reader: int | None) -> None:
    scale = min(size[0] / 1280, size[1] / 800)
    banner = table_layout(size, 4, hand_for("coup-detat", 4)).banner
    width = banner.width - round(28 * scale)
    view = view_in_play(hand_type, director=0)
    goal, type_size = fitted_goal(view, Naming(NAMES, reader), width, scale)
    assert type_size >= READABLE and text.measure(goal, type_size) <= width, goal


def test_at_960x600_guillotine_names_its_charges_without_their_francs() -> None:
    size = (960, 600)
    scale = 0.75
    banner = table_layout(size, 4, hand_for("coup-detat", 4)).banner
    view = view_in_play(HandType.GUILLOTINE, director=0)
    naming = Naming(NAMES, 0)
    goal, _ = fitted_goal(view, naming, banner.width - round(28 * scale), scale)
    assert goal == banner_lines(view, naming, amounts=False)[1]
    assert "F" not in goal and "the first and the last trick" in goal
    big = table_layout((1280, 800), 4, hand_for("coup-detat", 4)).banner
    assert fitted_goal(view, naming, big.width - 28, 1.0)[0] == banner_lines(view, naming)[1], \
        "at 1280x800 the francs are read as well"


@pytest.mark.parametrize("size", SIZES)
def test_a_players_few_words_never_cover_his_notes_counts(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """"took the first trick" was drawn over the counts under the notes at 960x600."""
    import pygame

    from game.games.coup_detat.table import hud

    scale = min(size[0] / 1280, size[1] / 800)
    layout = table_layout(size, 4, hand_for("coup-detat", 4))
    view = replace(view_in_play(HandType.TOUCHE, director=0),
                   money=(10_000, 10_000, 10_000, 10_000), worth=(10_000,) * 4)
    seen: list[tuple[int, pygame.Rect]] = []
    drawn_status = hud.draw_status

    def recorded(*args: object) -> pygame.Rect:
        box = drawn_status(*args)  # type: ignore[arg-type]
        seen.append((args[4], box))  # type: ignore[arg-type]
        return box

    monkeypatch.setattr(hud, "draw_status", recorded)
    surface = pygame.Surface(size)
    for seat in range(4):
        plate = layout.place_of(seat, 0).plate
        hud.draw_plate(surface, plate, name=NAMES[seat], view=view, seat=seat, scale=scale,
                       to_act=False, status="took the first trick")
    assert len(seen) == 4
    assert all(box.top > notes_bottom for notes_bottom, box in seen), seen
    assert all(surface.get_rect().contains(box) for _, box in seen)
