"""Play with friends on other machines: host a table here, or join a friend's."""

from __future__ import annotations

from game.ui import screens
from game.ui.scenes.common import MenuScene


class FriendsScene(MenuScene):
    title = "Play with friends"
    subtitle = "Each of you at your own machine, on the same network or across the internet"

    def enter(self) -> None:
        self.button_column([
            ("Host a table", lambda: self.app.push(screens.make("new_game", self.app,
                                                                friends=True))),
            ("Join a table", lambda: self.app.push(screens.make("join", self.app))),
            ("Back", self.back),
        ], round(self.app.size[1] * 0.38), width=360)
