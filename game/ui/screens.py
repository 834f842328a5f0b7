"""Screens opened by name, so that no screen imports another.

A screen that leads to another asks for it here by name (`screens.make("title", app)`);
the class is loaded on first use. The names are the one place that knows which module
holds which screen, which keeps the screens free of import circles. What the window asks
of a screen is a `Screen` (game/ui/scene.py's `Scene` is one), so that the window and the
screens need not know one another's classes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from game.games.plugin import Ref

if TYPE_CHECKING:
    import pygame


class Screen(Protocol):
    """What the window (game/ui/app.py) asks of a screen on its stack."""

    opaque: bool  # it hides what lies under it

    def enter(self) -> None: ...

    def leave(self) -> None: ...

    def handle(self, event: pygame.event.Event) -> bool: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def draw_over_widgets(self, surface: pygame.Surface) -> None: ...

    def closed(self) -> None: ...

    def settings_changed(self) -> None: ...

    def resize(self, size: tuple[int, int]) -> None: ...

    def leaving_loses(self) -> str | None: ...

    def wake_at(self) -> float | None: ...

    @property
    def busy(self) -> bool: ...


SCREENS: dict[str, Ref[type[Screen]]] = {name: Ref(path) for name, path in {
    "title": "game.ui.scenes.title:TitleScene",
    "new_game": "game.ui.scenes.new_game:NewGameScene",
    "hosting": "game.ui.scenes.hosting:HostingScene",
    "continue": "game.ui.scenes.continuing:ContinueScene",
    "friends": "game.ui.scenes.friends:FriendsScene",
    "join": "game.ui.scenes.joining:JoinScene",
    "waiting_room": "game.ui.scenes.joining:WaitingRoom",
    "lessons": "game.ui.scenes.lessons:LessonsMenu",
    "load": "game.ui.scenes.files:LoadScene",
    "save": "game.ui.scenes.files:SaveDialog",
    "replace_file": "game.ui.scenes.save_replace:ReplaceFileDialog",
    "leave_unsaved": "game.ui.scenes.files:LeaveUnsavedDialog",
    "leave_game": "game.ui.scenes.leave_game:LeaveGameDialog",
    "rename_save": "game.ui.scenes.save_manage:RenameDialog",
    "delete_save": "game.ui.scenes.save_manage:DeleteDialog",
    "settings": "game.ui.scenes.settings:SettingsScene",
    "statistics": "game.ui.scenes.statistics:StatisticsScene",
    "reset_statistics": "game.ui.scenes.statistics_reset:ResetStatisticsDialog",
    "rules": "game.ui.scenes.rules:RulesScene",
    "crash": "game.ui.scenes.crash:CrashScene",
    "pause": "game.ui.scenes.menu:PauseMenu",
    "pass_device": "game.ui.scenes.pass_device:PassDeviceScene",
    "away_friend": "game.ui.scenes.away_friend:AwayFriendDialog",
    "table": "game.ui.table.scene:TableScene",
    "game_over": "game.ui.table.overlays:GameOverOverlay",
    "review": "game.ui.scenes.review:ReviewScene",
}.items()}


OPENERS: dict[str, Ref[Callable[..., Screen]]] = {name: Ref(path) for name, path in {
    "tables": "game.ui.table.tables:open_tables",  # a match at two tables: the table to show
    "lesson": "game.ui.table.coach:open_lesson",  # a game's lesson: its table, coached
}.items()}
"""Names that open one of the screens above, chosen by what it is given."""


def make(name: str, *args: Any, **kwargs: Any) -> Screen:
    """The screen called `name`, made with these arguments (the app first)."""
    if name in OPENERS:
        return OPENERS[name].load()(*args, **kwargs)
    return kind(name)(*args, **kwargs)


def kind(name: str) -> type[Screen]:
    """The class of the screen called `name`: to ask whether such a screen is shown."""
    try:
        factory = SCREENS[name]
    except KeyError:
        raise KeyError(f"there is no screen called {name!r}") from None
    return factory.load()
