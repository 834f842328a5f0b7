"""Opening the window: settings, the first scene, the loop; and the autoplay mode that
tests and benchmarks use (a table of computer players, a fixed number of frames)."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

from game import settings as settings_module
from game.engine.saves import Seat

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.table.scene import TableScene


def run(*, autoplay: bool = False, frames: int | None = None, screenshot: str | None = None,
        stats: bool = False, size: tuple[int, int] | None = None,
        seed: int | None = None, bots: dict[int, str] | None = None) -> int:
    from game.ui.app import App

    loaded = settings_module.load()
    app = App(loaded.settings, settings_notice=loaded.notice, size=size)
    app.bots = dict(bots or {})
    if autoplay:
        app.replace(autoplay_table(app, seed))
    else:
        from game.ui.scenes.title import TitleScene

        app.replace(TitleScene(app))
    app.run(frames)
    if screenshot:
        app.screenshot(screenshot)
    if stats:
        print(json.dumps(app.stats.report()))
    _close(app)
    return 0


def autoplay_table(app: App, seed: int | None) -> TableScene:
    from game.session import GameSession
    from game.ui.table.scene import TableScene

    seats = [Seat(name, "computer") for name in ("Antoine", "Brigitte", "Camille", "Didier")]
    session = GameSession.new("coup-detat", {"players": 4}, seats, seed=seed,
                              on_thinking_done=app.wake)
    return TableScene(app, session, from_start=True)


def _close(app: object) -> None:
    import pygame

    for scene in getattr(app, "scenes", []):
        session = getattr(scene, "session", None)
        if session is not None:
            session.close()
    pygame.quit()
    sys.stdout.flush()
