"""The bluffing game's banner tells the present moment: once a challenge is settled it no
longer says who challenged ("You challenge Brigitte" stayed on while the person who had
challenged lost an influence, was out of the game, and the others played on), but who is
to do what now."""

from __future__ import annotations

from pathlib import Path

import pytest
from player_kit import shipped_app
from ui_kit import bluff_table, frames

from game.games.coup.rules.decisions import Challenge
from game.games.coup.rules.state import Phase
from game.games.coup.table.hud import PHASE_WORDS, turn_lines
from game.ui.table.scene import TableScene

PERSON = 0


def play_challenging(scene: TableScene) -> None:
    """The person challenges every claim he may, else makes the first legal decision."""
    legal = scene.session.match.legal()
    challenges = [decision for decision in legal if isinstance(decision, Challenge)]
    scene.turns.decide(challenges[0] if challenges else legal[0])


@pytest.mark.parametrize("seed", [1, 2])
def test_once_a_challenge_is_settled_the_banner_says_who_is_to_act_now(
        seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with shipped_app(tmp_path, monkeypatch) as app:
        scene = bluff_table(app, "hccc", seed=seed)
        controller = scene.controller
        lost_a_challenge = out = False
        for _ in range(20000):
            frames(app)
            view = controller.view()
            if view.phase is Phase.OVER:
                break
            if controller.human_to_act() == PERSON and controller.caught_up \
                    and scene.buttons.decisions is not None:
                play_challenging(scene)
                continue
            turn, seat = view.turn, view.to_act
            if turn is None or seat is None or view.phase is Phase.REVEAL:
                continue  # no turn under way; or the challenge is the moment itself
            naming = controller.naming
            now = naming.does(seat, PHASE_WORDS[view.phase])
            banner = turn_lines(view, naming)[1]
            assert now.lower() in banner.lower(), (view.phase, banner)
            assert "challenge" not in banner.lower().replace("may challenge", ""), banner
            lost_a_challenge |= view.phase is Phase.LOSE and seat == PERSON \
                and turn.challenger == PERSON
            out |= not view.alive[PERSON]
        assert lost_a_challenge and out, "the person lost a challenge, then was out"
