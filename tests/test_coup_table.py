"""The bluffing games at the window's table: chosen in New game, played to the end against
computers by clicks, the challenge and block prompts answered by clicks, pass-and-play
that never shows another person's face-down cards, and a save that loads."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from pathlib import Path

import pygame
import pygame_gui
import pytest
from ui_kit import (
    bluff_table,
    buttons,
    click,
    frames,
    open_app,
    pick_cards,
    press,
    press_button,
    run_until,
)

from game.games import RULESETS
from game.games.coup.rules import events as ev
from game.games.coup.rules.charts import Character
from game.games.coup.rules.decisions import Allow, Block, Challenge
from game.games.coup.rules.state import Phase
from game.games.coup.table import hud
from game.games.coup.table.picker import CardPicker
from game.games.coup.table.results import BetweenRoundsScene, BluffGameOverScene, final_lines
from game.rules.words import Naming
from game.services import stats
from game.ui.saved_games import resume
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.pass_device import PassDeviceScene
from game.ui.scenes.statistics import StatisticsScene
from game.ui.table.scene import TableScene


def choose(app, menu, choice: str) -> None:  # type: ignore[no-untyped-def]
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=choice,
                                         ui_element=menu))
    frames(app, 2)


def new_game_form(app, game: str, players: str) -> NewGameScene:  # type: ignore[no-untyped-def]
    """New game, with `game` and `players` chosen from its menus."""
    scene = NewGameScene(app)
    app.replace(scene)
    frames(app, 2)
    choose(app, scene.game_menu, game)
    choose(app, scene.players_menu, players)
    return scene


def my_turn(scene: TableScene) -> bool:
    return scene.session.over or (scene.controller.human_to_act() is not None
                                  and scene.buttons.decisions is not None)


def labels(scene: TableScene) -> dict[str, object]:
    assert scene.buttons.decisions is not None
    bar = scene.buttons.decisions
    return {bar.words.label(d): d for d in bar.buttons.values()}


def play_by_clicks(app, scene: TableScene, pick, limit: int = 300) -> None:  # type: ignore[no-untyped-def]
    """Answer every prompt of the person at the table by clicking the button `pick`
    chooses from the labels on offer, to the end of the match."""
    for _ in range(limit):
        run_until(app, lambda: my_turn(scene))
        if scene.session.over:
            return
        if isinstance(scene.buttons.decisions, CardPicker):  # the exchange: the first cards
            pick_cards(app, scene, scene.session.match.legal()[0].cards)
            continue
        offered = labels(scene)
        assert set(offered) <= set(buttons(app))
        press_button(app, pick(scene, list(offered)))
    pytest.fail("the match did not end")


def test_new_game_offers_the_bluffing_games_and_a_match_is_played_to_its_end(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = new_game_form(app, "Coup", "3 players")
        assert scene.ruleset == "coup" and len(scene.name_entries) == 3
        press_button(app, "Start")
        table = app.scene
        assert isinstance(table, TableScene) and table.controller.ruleset.id == "coup"
        assert table.session.match.options.players == 3
        play_by_clicks(app, table, lambda scene, offered: offered[0])
        run_until(app, lambda: isinstance(app.scene, BluffGameOverScene))
        assert table.session.match.state.phase is Phase.OVER


def test_the_two_player_options_are_offered_only_to_two(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = new_game_form(app, "Coup with the Inquisitor", "2 players")
        assert {"Call the Coup: on", "Five lives: on"} <= set(buttons(app))
        press_button(app, "Five lives: on")
        assert scene.options() == {"players": 2, "call_the_coup": True, "five_lives": False,
                                   "rounds": 1}
        choose(app, scene.players_menu, "6 players")
        assert "Call the Coup: on" not in buttons(app)
        assert scene.options() == {"players": 6, "rounds": 1} and len(scene.name_entries) == 6
        choose(app, scene.game_menu, "Coup")
        choose(app, scene.players_menu, "2 players")
        assert "Alternative deal: off" in buttons(app)


def test_a_challenge_and_a_block_are_answered_by_clicks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clicked: Counter[type] = Counter()

    def pick(scene: TableScene, offered: list[str]) -> str:
        decisions = labels(scene)
        for words in offered:
            kind = type(decisions[words])
            if kind in (Challenge, Block) and not clicked[kind]:
                clicked[kind] += 1
                return words
        allow = [words for words in offered if isinstance(decisions[words], Allow)]
        return allow[0] if allow else offered[0]

    told: Counter[type] = Counter()
    with open_app(tmp_path, monkeypatch) as app:
        for seed in range(1, 8):
            scene = bluff_table(app, "hcc", seed=seed)
            play_by_clicks(app, scene, pick)
            told.update(type(e) for e in scene.session.match.events
                        if isinstance(e, ev.Challenged | ev.Blocked) and e.seat == 0)
            if clicked[Challenge] and clicked[Block]:
                break
    assert told[ev.Challenged] == clicked[Challenge] == 1
    assert told[ev.Blocked] == clicked[Block] == 1


def test_the_challenge_prompt_spells_out_the_claim(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        for seed in range(1, 12):
            scene = bluff_table(app, "hc", seed=seed)
            for _ in range(40):
                run_until(app, lambda: my_turn(app.scene))  # type: ignore[arg-type]
                if scene.session.over or scene.controller.view().phase is Phase.CHALLENGE:
                    break
                press_button(app, next(iter(labels(scene))))
            if scene.controller.view().phase is Phase.CHALLENGE:
                break
        turn = scene.controller.view().turn
        assert turn is not None and turn.claim is not None
        assert scene.buttons.decisions is not None
        title = scene.buttons.decisions.words.title([])
        assert "Blaise" in title and turn.claim.label in title
        assert "Challenge: I do not believe it" in buttons(app)
        press_button(app, "Challenge: I do not believe it")
        assert any(isinstance(e, ev.Challenged) and e.seat == 0
                   for e in scene.session.match.events)


def test_a_bluff_is_marked_on_its_button(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = bluff_table(app, "hc", seed=2)
        run_until(app, lambda: my_turn(scene) and scene.controller.view().phase is Phase.ACTION)
        hand = scene.controller.view().hand
        for words in labels(scene):
            if "·" not in words:
                continue
            claimed = Character(words.split("· ")[1].split(" ")[0].lower())
            assert ("(bluff)" in words) == (claimed not in hand)


def test_an_action_against_several_players_asks_whom(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = bluff_table(app, "hcc", seed=2)
        run_until(app, lambda: my_turn(scene) and scene.controller.view().phase is Phase.ACTION)
        steal = next(words for words in labels(scene) if words.startswith("Steal"))
        press_button(app, steal)
        assert {"Steal Blaise · Captain", "Steal Colette · Captain"} <= {
            words.replace(" (bluff)", "") for words in buttons(app)}
        press_button(app, "Back to the actions")
        assert steal in buttons(app)
        press_button(app, steal)
        press_button(app, next(words for words in buttons(app)
                               if words.startswith("Steal Colette")))
        declared = [e for e in scene.session.match.events if isinstance(e, ev.ActionDeclared)
                    and e.seat == 0]
        assert declared and declared[-1].target == 2


def test_clicks_on_the_felt_and_the_card_keys_do_nothing_here(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = bluff_table(app, "hc", seed=3)
        run_until(app, lambda: my_turn(scene))
        turns = len(scene.session.match.turns)
        felt, plate = scene.layout.felt, hud.seat_spots(scene.layout, 2, 0)[0].plate
        for spot in ((felt.left + 20, felt.top + 20), (plate.left + 40, plate.bottom - 30)):
            click(app, spot)  # on the felt, on one's own card
        for key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE):
            press(app, key)
        assert len(scene.session.match.turns) == turns and scene.buttons.decisions is not None
        first, action = next(iter(scene.buttons.decisions.buttons.items()))
        assert scene.buttons.decisions.focus == 0 and first.is_selected, "the keyboard is on Income"
        press(app, pygame.K_RETURN)  # Enter presses the button the keyboard is on
        assert scene.session.match.turns[turns].decision == action


def drawn_face_up(monkeypatch: pytest.MonkeyPatch) -> dict[int, list[Character]]:
    """Records every influence the table draws face up and not lost, by the surface it is
    drawn on (the window, or the picture of a card in the exchange's picker)."""
    seen: dict[int, list[Character]] = {}
    original = hud.draw_character

    def draw(surface, rect, character, *, lost=False, **style):  # type: ignore[no-untyped-def]
        if character is not None and not lost:
            seen.setdefault(id(surface), []).append(character)
        original(surface, rect, character, lost=lost, **style)

    monkeypatch.setattr(hud, "draw_character", draw)
    return seen


@pytest.mark.parametrize(("ruleset", "kinds", "seed"),
                         [("coup", "hhc", 3), ("coup-inquisitor", "hhh", 5),
                          ("coup", "hh", 11), ("coup-inquisitor", "hchch", 8)])
def test_pass_and_play_never_shows_another_persons_face_down_cards(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ruleset: str, kinds: str,
        seed: int) -> None:
    rng = random.Random(seed)
    seen = drawn_face_up(monkeypatch)
    with open_app(tmp_path, monkeypatch) as app:
        scene = bluff_table(app, kinds, ruleset=ruleset, seed=seed)
        match = scene.session.match
        decisions = 0
        for _ in range(4000):
            seen.clear()
            frames(app)
            top = app.scene
            if isinstance(top, PassDeviceScene):
                assert scene.buttons.decisions is None, "no prompt behind the pass screen"
                press_button(app, f"I am {top.name}: show my cards")
                continue
            if top is not scene:
                break  # the match is over
            hand = scene.controller.view().hand if scene.controller.viewer is not None else ()
            for drawn in seen.values():  # on any one surface, at most the viewer's cards
                assert not Counter(drawn) - Counter(hand), \
                    f"{drawn} drawn face up to seat {scene.controller.viewer}"
            if (scene.controller.viewer is not None and scene.controller.caught_up and
                my_turn(scene)):
                assert scene.session.to_act == scene.controller.viewer
                scene.turns.decide(rng.choice(match.legal()))
                decisions += 1
        assert decisions > 3 and match.state.phase is Phase.OVER


def test_a_saved_match_loads_at_the_table(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = bluff_table(app, "hcc", ruleset="coup-inquisitor", seed=4)
        for _ in range(3):
            run_until(app, lambda: my_turn(scene))
            press_button(app, next(iter(labels(scene))))
        path = tmp_path / "bluff.json"
        scene.session.save(path)
        events = list(scene.session.match.events)
        assert resume(app, path) is None
        frames(app, 3)
        loaded = app.scene
        assert isinstance(loaded, TableScene) and loaded is not scene
        assert loaded.controller.ruleset.id == "coup-inquisitor"
        assert list(loaded.session.match.events[:len(events)]) == events  # then it goes on


def test_a_hint_names_a_decision_in_words(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = bluff_table(app, "hc", seed=6)
        run_until(app, lambda: my_turn(scene))
        scene.actions.hint()
        run_until(app, lambda: scene.controller.toast is not None
                  and scene.controller.toast[0].startswith("Hint"))
        words = scene.controller.toast[0] if scene.controller.toast else ""
        assert any(label in words for label in labels(scene))


def test_new_game_offers_a_match_of_several_rounds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = new_game_form(app, "Coup", "2 players")
        assert scene.rounds_menu is not None
        assert scene.rounds_menu.selected_option[0] == "Match: 1 round"
        choose(app, scene.rounds_menu, "Match: 3 rounds")
        assert scene.options() == {"players": 2, "alternative_deal": False, "rounds": 3}
        choose(app, scene.game_menu, "Coup with the Inquisitor")  # the choice stays
        assert scene.rounds_menu.selected_option[0] == "Match: 3 rounds"
        choose(app, scene.players_menu, "4 players")
        assert scene.options() == {"players": 4, "rounds": 3}
        choose(app, scene.game_menu, RULESETS["coup-detat"].title)
        assert scene.rounds_menu is None and "rounds" not in scene.options()
        choose(app, scene.game_menu, "Coup")
        press_button(app, "Start")
        assert isinstance(app.scene, TableScene)
        assert app.scene.session.match.options.rounds == 3


def play_match_to_its_end(app, scene: TableScene, seed: int) -> list[BetweenRoundsScene]:  # type: ignore[no-untyped-def]
    """The person answers at random; every tally between rounds is read and closed."""
    rng = random.Random(seed)
    tallies: list[BetweenRoundsScene] = []
    for _ in range(20000):
        frames(app)
        top = app.scene
        if isinstance(top, BetweenRoundsScene):
            tallies.append(top)
            press_button(app, "Continue")
        elif top is not scene:
            return tallies
        elif scene.controller.caught_up and my_turn(scene) and not scene.session.over:
            scene.turns.decide(rng.choice(scene.session.match.legal()))
    pytest.fail("the match did not end")


def test_a_match_of_three_rounds_shows_the_tally_between_rounds_and_records_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = bluff_table(app, "hcc", seed=5, rounds=3)
        tallies = play_match_to_its_end(app, scene, seed=5)
        match = scene.session.match
        assert isinstance(app.scene, BluffGameOverScene)
        assert match.state.phase is Phase.OVER and sum(match.state.round_wins) == 3
        assert [tally.title for tally in tallies] == ["Round 1 of 3 is over",
                                                      "Round 2 of 3 is over"]
        won = [e.seat for e in match.events if isinstance(e, ev.RoundWon)]
        first, second = (tally.lines for tally in tallies)
        names = scene.controller.names
        winner = "You win" if won[0] == 0 else f"{names[won[0]]} wins"  # seat 0 reads
        assert first[0] == f"**{winner} round 1 of 3"
        assert f"{scene.controller.names[won[0]]}: 1 round won" in first
        assert "Next: round 2 of 3, with fresh cards and coins." in first
        assert "Next: round 3 of 3, with fresh cards and coins." in second
        final = final_lines(app.scene.final_view(), scene.controller.naming)
        assert "**Rounds won" in final
        assert all(f"{name}: {match.state.round_wins[seat]} round" in " ".join(final)
                   for seat, name in enumerate(scene.controller.names))
        recorded = stats.load().get("coup")
        assert recorded.played == 1 and recorded["rounds_played"] == 3
        assert recorded["rounds_won"] == match.state.round_wins[0]
        assert recorded.won == int(0 in match.state.winners)
        screen = StatisticsScene(app)
        app.replace(screen)
        frames(app)
        bluffing = screen.lines()[1]
        assert bluffing[:3] == ["**Coup", f"Matches played: 1    won: {recorded.won}",
                                f"Rounds played: 3    won: {recorded['rounds_won']}"]
        assert f"Influences lost: {recorded['influences_lost']}" in bluffing


def test_a_match_of_three_rounds_saves_and_loads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        scene = bluff_table(app, "hcc", ruleset="coup-inquisitor", seed=9, rounds=3)
        for _ in range(3):
            run_until(app, lambda: my_turn(scene))
            press_button(app, next(iter(labels(scene))))
        path = tmp_path / "match.json"
        scene.session.save(path)
        assert json.loads(path.read_text(encoding="utf-8"))["options"]["rounds"] == 3
        assert resume(app, path) is None
        frames(app, 3)
        loaded = app.scene
        assert isinstance(loaded, TableScene) and loaded is not scene
        assert loaded.session.match.options.rounds == 3
        assert loaded.controller.view().rounds == 3


def test_the_banner_says_who_shares_a_match() -> None:
    from game.games import get_ruleset
    from game.games.coup.rules.state import Phase
    from game.games.coup.table.hud import turn_lines

    rules = get_ruleset("coup")
    seen = rules.view(rules.new_game(rules.parse_options({"players": 3, "rounds": 3})), 0)
    names = Naming(["Ada", "Blaise", "Colette"])
    shared = dataclasses.replace(seen, phase=Phase.OVER, winners=(0, 2))
    assert turn_lines(shared, names)[0] == "Ada and Colette share the match"
    alone = dataclasses.replace(seen, phase=Phase.OVER, winners=(1,))
    assert turn_lines(alone, names)[0] == "Blaise wins the match"
    assert turn_lines(alone, Naming(names.names, you=1))[0] == "You win the match"
