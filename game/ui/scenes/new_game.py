"""A new game: the game (the 1966 game for 3 or 4, the game for two, or a bluffing game for
2 to 6), the number of players and the game's options (a bluffing game: how many rounds
the match has), and each seat's name and whether a person or the computer (at which level)
plays it. A line under the game says what it is, one under the seats what the levels are.
The setup last started is offered again (game/services/last_setup.py)."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame import Rect
from pygame_gui.elements import UIDropDownMenu, UILabel, UITextEntryLine

from game.ai.levels import DEFAULT_LEVEL, LEVELS
from game.engine.saves import MAX_NAME_LENGTH, Seat, cleaned
from game.rules import RULESETS
from game.services import last_setup
from game.services.session import COMPUTER, HUMAN, GameSession
from game.system import paths
from game.ui.scenes.common import MenuScene
from game.ui.table.kit import table_rulesets

if TYPE_CHECKING:
    from game.ui.app import App

DEFAULT_NAMES = ("Alex", "Brigitte", "Camille", "Didier", "Étienne", "Fanny")
PERSON = "Person"
KINDS = {PERSON: (HUMAN, DEFAULT_LEVEL),
         **{f"Computer: {level.capitalize()}": (COMPUTER, level) for level in LEVELS}}
DEFAULT_COMPUTER = f"Computer: {DEFAULT_LEVEL.capitalize()}"
BOT = "Outside program"
PLAYER_COUNTS = {"coup-detat": (4, 3), "coup": (2, 3, 4, 5, 6),
                 "coup-inquisitor": (2, 3, 4, 5, 6)}
GAMES = {RULESETS[ruleset].title: ruleset for ruleset in
         ("coup-detat", "coup-detat-duel", "coup", "coup-inquisitor")
         if ruleset in table_rulesets()}
DUEL = "coup-detat-duel"
BLUFF = ("coup", "coup-inquisitor")
TOGGLES = {  # the options (RULES.md 3-4) a game offers, with their words and tips
    "coup-detat": (("short_game", "Short game", "Three hands a round; no Barbu and no Touché"),),
    "coup": (("alternative_deal", "Alternative deal",
              "Two players: each keeps one card of a set of the five characters"),),
    "coup-inquisitor": (
        ("call_the_coup", "Call the Coup",
         "Two players: a Coup names a character; it misses if the target lacks it"),
        ("five_lives", "Five lives", "Two players: the first three lost cards are replaced")),
}
TWO_PLAYER_ONLY = frozenset({"alternative_deal", "call_the_coup", "five_lives"})
ROUNDS = {"Match: 1 round": 1, "Match: 3 rounds": 3, "Match: 5 rounds": 5}
"""A bluffing match's rounds (RULES_NOTES: the most round wins take the match)."""
GAME_LINES = {  # what each game is, in a line under the choice of game
    "coup-detat": "The 1966 trick-taking game: six different hands a round, and COUP to "
                  "overthrow the Director.",
    DUEL: "The game for two: Prime Minister and Peasant, the Bastille, and JOKER to "
          "overthrow with.",
    "coup": "The bluffing game: claim any character, held or not, and challenge the liars; "
            "last one in wins.",
    "coup-inquisitor": "Coup with the Inquisitor instead of the Ambassador: he changes a "
                       "card, or looks at one of yours.",
}
LEVELS_LINE = ("Computer players: Easy plays like a beginner, Medium keeps count, Hard tries "
               "every choice out.")


class NewGameScene(MenuScene):
    title = "New game"
    subtitle = "Who sits at the table?"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.ruleset = "coup-detat"
        self.players = 4
        self.rounds = 1
        self.flags: dict[str, bool] = {"short_game": False, "alternative_deal": False,
                                       "call_the_coup": True, "five_lives": True}
        self.names = list(DEFAULT_NAMES)
        self.kinds = [PERSON, *[DEFAULT_COMPUTER] * (len(DEFAULT_NAMES) - 1)]
        self._offer(last_setup.load())
        for seat in app.bots:
            self.kinds[seat] = BOT
        self.name_entries: list[UITextEntryLine] = []
        self.kind_menus: list[UIDropDownMenu] = []
        self.players_menu: UIDropDownMenu | None = None
        self.rounds_menu: UIDropDownMenu | None = None
        self.game_menu: UIDropDownMenu | None = None
        self.message: UILabel | None = None
        self.game_line: UILabel | None = None  # what the game chosen is
        self.levels_line: UILabel | None = None  # what the computer's levels are

    def _offer(self, setup: last_setup.Setup | None) -> None:
        """Fill the form with the setup last started (what of it this form can offer)."""
        if setup is None:
            return
        if setup.ruleset is not None and setup.ruleset in GAMES.values():
            self._choose_ruleset(setup.ruleset)
            if setup.players in PLAYER_COUNTS.get(self.ruleset, (2,)):
                self.players = setup.players
        for name, value in setup.options.items():
            if name in self.flags and isinstance(value, bool):
                self.flags[name] = value
        if setup.options.get("rounds") in ROUNDS.values():
            self.rounds = int(setup.options["rounds"])
        for seat, choice in enumerate(setup.seats[:len(self.names)]):
            if choice is not None:
                self.names[seat] = choice.name
                self.kinds[seat] = PERSON if choice.kind == HUMAN else \
                    f"Computer: {choice.level.capitalize()}"

    def setup(self) -> last_setup.Setup:
        """The form as it stands, to be offered next time (an outside program's seat as
        the computer: the program is named on the command line, not here)."""
        self._remember()
        seats = []
        for name, choice in zip(self.names, self.kinds, strict=True):
            kind, level = KINDS.get(choice, (COMPUTER, DEFAULT_LEVEL))
            seats.append(last_setup.SeatChoice(name.strip(), kind, level))
        return last_setup.Setup(self.ruleset, self.players,
                                {**self.flags, "rounds": self.rounds}, tuple(seats))

    def enter(self) -> None:
        scale = self.scale
        ui = self.app.ui
        width = round(640 * scale)
        left = self.app.size[0] // 2 - width // 2
        row = round(48 * scale)
        y = round(130 * scale)
        label_width = round(170 * scale)
        field = Rect(left + label_width, y, width - label_width, round(38 * scale))

        def label(words: str, top: int) -> None:
            self.keep(UILabel(Rect(left, top, label_width, round(38 * scale)), words,
                              manager=ui, object_id="#left_label"))

        def note(words: str, top: int) -> UILabel:
            """A line in small italics from the form's left, as wide as the window lets."""
            rect = Rect(left, top, self.app.size[0] - left - round(16 * scale),
                        round(28 * scale))
            return self.keep(UILabel(rect, words, manager=ui,  # type: ignore[return-value]
                                     object_id="#note_label"))

        label("Game", y)
        self.game_menu = self.keep(UIDropDownMenu(
            list(GAMES), RULESETS[self.ruleset].title, field, manager=ui))  # type: ignore[assignment]
        y += row
        self.game_line = note(GAME_LINES[self.ruleset], y - round(6 * scale))
        y += round(28 * scale)
        label("Players", y)
        half = (field.width - round(10 * scale)) // 2
        if self.ruleset == DUEL:
            self.players_menu = None
            self.keep(UILabel(Rect(field.left, y, field.width, field.height),
                              "2 players: Prime Minister and Peasant", manager=ui,
                              object_id="#left_label"))
        else:
            y += self._players_row(Rect(field.left, y, half, field.height), row)
        y += row + round(10 * scale)
        self.name_entries, self.kind_menus = [], []
        for seat in range(self.players):
            label(f"Seat {seat + 1}", y)
            entry = UITextEntryLine(Rect(field.left, y, half, field.height), manager=ui)
            entry.set_text(self.names[seat])
            entry.set_text_length_limit(MAX_NAME_LENGTH)
            self.name_entries.append(self.keep(entry))  # type: ignore[arg-type]
            offered = [*KINDS, BOT] if seat in self.app.bots else list(KINDS)
            choices: list[str | tuple[str, str]] = list(offered)
            menu = UIDropDownMenu(choices, self.kinds[seat],
                                  Rect(field.left + half + round(10 * scale), y, half,
                                       field.height), manager=ui)
            self.kind_menus.append(self.keep(menu))  # type: ignore[arg-type]
            y += row
        self.levels_line = note(LEVELS_LINE, y)
        y += round(28 * scale)
        self.message = self.keep(UILabel(Rect(left, y, width, round(30 * scale)),
                                         "Two or more persons play pass-and-play at one screen.",
                                         manager=ui, object_id="#note_label"))  # type: ignore[assignment]
        y += round(44 * scale)
        start = Rect(self.app.size[0] // 2 - round(210 * scale), y, round(200 * scale),
                     round(46 * scale))
        self.button(start, "Start", self._start)
        self.button(start.move(round(220 * scale), 0), "Back", self.back)

    def _players_row(self, rect: Rect, row: int) -> int:
        """The number of players, a bluffing match's rounds beside it, and the game's
        options (those for two players only when two play): beside it if there is room
        for them, on a row of their own below if not; the height taken below."""
        counts: list[str | tuple[str, str]] = [f"{count} players"
                                               for count in PLAYER_COUNTS[self.ruleset]]
        self.players_menu = self.keep(UIDropDownMenu(
            counts, f"{self.players} players", rect,
            manager=self.app.ui))  # type: ignore[assignment]
        gap = round(10 * self.scale)
        self.rounds_menu = None
        if self.ruleset in BLUFF:
            self.rounds_menu = self.keep(UIDropDownMenu(
                list(ROUNDS), _rounds_words(self.rounds), rect.move(rect.width + gap, 0),
                manager=self.app.ui))  # type: ignore[assignment]
        offered = [toggle for toggle in TOGGLES.get(self.ruleset, ())
                   if self.players == 2 or toggle[0] not in TWO_PLAYER_ONLY]
        if not offered:
            return 0
        below = len(offered) > 1 or self.rounds_menu is not None
        left, top = (rect.left, rect.top + row) if below else (rect.right + gap, rect.top)
        width = rect.width
        for index, (name, words, tip) in enumerate(offered):
            button = Rect(left + index * (width + gap), top, width, rect.height)
            self.button(button, f"{words}: {'on' if self.flags[name] else 'off'}",
                        lambda name=name: self._toggle(name), tip=tip)  # type: ignore[misc]
        return row if below else 0

    def _choose_game(self, title: str) -> None:
        self._choose_ruleset(GAMES[title])
        self._rebuild()

    def _choose_ruleset(self, ruleset: str) -> None:
        """A game and its usual number of players."""
        self.ruleset = ruleset
        self.players = {DUEL: 2, "coup-detat": 4}.get(ruleset, 4)

    def options(self) -> dict[str, object]:
        if self.ruleset == DUEL:
            return {"players": 2}
        flags = {name: self.flags[name] for name, _, _ in TOGGLES.get(self.ruleset, ())
                 if self.players == 2 or name not in TWO_PLAYER_ONLY}
        rounds = {"rounds": self.rounds} if self.ruleset in BLUFF else {}
        return {"players": self.players, **flags, **rounds}

    def _remember(self) -> None:
        """Keep what was typed and chosen when the form is laid out again."""
        for seat, entry in enumerate(self.name_entries):
            self.names[seat] = entry.get_text()

    def _rebuild(self) -> None:
        self._remember()
        self.rebuild()

    def _toggle(self, name: str) -> None:
        self.flags[name] = not self.flags[name]
        self._rebuild()

    def seats(self) -> list[Seat] | str:
        """The seats as chosen, or what is wrong with them."""
        self._remember()
        names = [cleaned(name, MAX_NAME_LENGTH) for name in self.names[: self.players]]
        if any(not name for name in names):
            return "Every seat needs a name."
        if len(set(names)) != len(names):
            return "Give each seat a different name."
        seats = []
        for name, choice in zip(names, self.kinds, strict=False):
            kind, level = KINDS.get(choice, (COMPUTER, "bot"))
            seats.append(Seat(name, kind, level))
        return seats

    def _start(self) -> None:
        from game.ui.table.scene import TableScene

        seats = self.seats()
        if isinstance(seats, str):
            if self.message is not None:
                self.message.set_text(seats)
            return
        session = GameSession.new(self.ruleset, self.options(),
                                  seats, autosave_path=paths.autosave_path(),
                                  on_thinking_done=self.app.wake)
        for seat, info in enumerate(seats):
            if info.level == "bot":
                session.seat_bot(seat, self.app.bots[seat])
        with contextlib.suppress(OSError):  # the game goes on: only the offer is lost
            last_setup.save(self.setup())
        self.app.replace(TableScene(self.app, session, from_start=True))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.game_menu and event.text in GAMES:
                self._choose_game(event.text)
                return True
            if event.ui_element is self.rounds_menu and event.text in ROUNDS:
                self.rounds = ROUNDS[event.text]
                return True
            if event.ui_element is self.players_menu:
                self.players = int(event.text.split()[0])
                self._rebuild()
                return True
            if event.ui_element in self.kind_menus:
                self.kinds[self.kind_menus.index(event.ui_element)] = event.text
                return True
        return super().handle(event)


def _rounds_words(rounds: int) -> str:
    """The rounds menu's words for a number of rounds."""
    return next(words for words, count in ROUNDS.items() if count == rounds)
