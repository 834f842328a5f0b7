"""A new game: the game (those the table can seat, as the games registry lists them), the
number of players and the game's options (a game played in rounds: how many the match
has), and each seat's name and whether a person or the computer (at which level) plays it.
A line under the game says what it is, one under the seats what the levels are. What each
game offers is its `Setup` (game/games/plugin.py), and the counts it plays at several
tables (`Game.tables`: six to eight at Coup d'État). The setup last started is offered
again (game/services/last_setup.py).

When the players sit at several tables, who sits where is drawn at random as soon as the
count is chosen, and shown before the start: the seats are laid out in a column for each
table, under its heading, in the table's seat order, each numbered by its seat there.
"Redraw tables" draws again (another split, never the one shown); choosing another count
of players draws afresh. The match started is played with the split shown, and New game
offers that split again next time with the rest of the setup.

A seat's name is kept by the rule of every route (`texts.cleaned`: no characters that draw
nothing, spaces made single). A name with characters the game's font cannot show (emoji,
Chinese, Japanese, Korean: game/ui/glyphs.py) is said as it is typed, under the seats: the
menus show them as boxes, and so does the table where the computer has no font for them
(seat_names.py). What the form does for a table for friends on other machines, at one
table or at two, is new_game_friends.py's."""

from __future__ import annotations

import contextlib
import random
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame import Rect
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine

from game.ai.levels import DEFAULT_LEVEL, LEVELS
from game.engine.saves import Seat
from game.engine.tables import Split, draw_split
from game.engine.texts import MAX_NAME_LENGTH, cleaned
from game.games import table_games
from game.rules.words import counted
from game.services import last_setup
from game.services.session import COMPUTER, FRIEND, HUMAN, GameSession
from game.services.tables import TablesSession, sizes_for
from game.system import paths
from game.ui import glyphs, screens
from game.ui.in_progress import game_in_progress
from game.ui.scenes.new_game_friends import FRIEND_CHOICE, FRIENDS_LINE, FriendsForm
from game.ui.scenes.seat_names import unshown_words
from game.ui.table.to_come import TableToCome, rehearse

if TYPE_CHECKING:
    from game.games.plugin import Game
    from game.ui.app import App

DEFAULT_NAMES = ("Alex", "Brigitte", "Camille", "Didier", "Étienne", "Fanny", "Gaston",
                 "Hélène")  # as many as the most players New game seats
PERSON = "Person"
KINDS = {PERSON: (HUMAN, DEFAULT_LEVEL),
         **{f"Computer: {level.capitalize()}": (COMPUTER, level) for level in LEVELS},
         FRIEND_CHOICE: (FRIEND, DEFAULT_LEVEL)}
DEFAULT_COMPUTER = f"Computer: {DEFAULT_LEVEL.capitalize()}"
BOT = "Outside program"
LEVELS_LINE = ("Computer players: Easy plays like a beginner, Medium keeps count, Hard tries "
               "every choice out.")
PASS_AND_PLAY = "Two or more persons play pass-and-play at one screen."


def rounds_words(rounds: int) -> str:
    """The rounds menu's words for a match of `rounds` rounds."""
    return f"Match: {counted(rounds, 'round')}"


class NewGameScene(FriendsForm):
    title = "New game"

    def __init__(self, app: App, rng: random.Random | None = None, *,
                 friends: bool = False) -> None:
        """`friends`: a table for friends on other machines is to be hosted (the second
        seat is offered to a friend)."""
        super().__init__(app)
        self.games = {game.title: game for game in table_games()}  # the menu's, by title
        self.ruleset = ""  # the id of the game chosen
        self.players = 0
        self.rng = rng if rng is not None else random.Random()  # draws who sits where
        self.split: Split | None = None  # who sits at which table, when several are needed
        self._choose_ruleset(next(iter(self.games.values())).id)
        every_setup = [game.setup for game in self.games.values()]
        self.rounds = min((rounds for setup in every_setup for rounds in setup.rounds),
                          default=1)  # the shortest match, until one is chosen
        self.flags = {toggle.key: toggle.default
                      for setup in every_setup for toggle in setup.toggles}
        self.names = list(DEFAULT_NAMES)
        self.kinds = [PERSON, *[DEFAULT_COMPUTER] * (len(DEFAULT_NAMES) - 1)]
        self.kept = last_setup.load_each()  # the setup last started for each game
        self._offer(last_setup.load())
        self._names_offered = list(self.names)  # a name changed from these was typed here
        for seat in app.bots:
            self.kinds[seat] = BOT
        if friends and FRIEND_CHOICE not in self.kinds[:self.players]:
            self.kinds[1] = FRIEND_CHOICE
        self.friends = friends
        self.time: float | None = None  # a table for friends: the time for each decision
        self.name_entries: list[UITextEntryLine] = []
        self.kind_menus: list[UIDropDownMenu] = []
        self.players_menu: UIDropDownMenu | None = None
        self.rounds_menu: UIDropDownMenu | None = None
        self.game_menu: UIDropDownMenu | None = None
        self.message: UILabel | None = None
        self.time_button: UIButton | None = None
        self.start_button: UIButton | None = None
        self._time_rect = Rect(0, 0, 0, 0)
        self.game_line: UILabel | None = None  # what the game chosen is
        self.levels_line: UILabel | None = None  # what the computer's levels are

    @property
    def subtitle(self) -> str:  # type: ignore[override]
        return "Who sits at which table?" if self.split is not None else \
            "Who sits at the table?"

    @property
    def game(self) -> Game:
        """The game chosen."""
        return next(game for game in self.games.values() if game.id == self.ruleset)

    def _offer(self, setup: last_setup.Setup | None) -> None:
        """Fill the form with the setup last started (what of it this form can offer)."""
        if setup is None:
            return
        if setup.ruleset is not None and setup.ruleset in self._offered_ids():
            self._choose_ruleset(setup.ruleset)
            if setup.players in self.counts():
                self.players = setup.players
                if setup.tables is not None and setup.tables.players == setup.players:
                    self.split = setup.tables  # kept if the game still splits them so
        for name, value in setup.options.items():
            if name in self.flags and isinstance(value, bool):
                self.flags[name] = value
        offered = {rounds for game in self.games.values() for rounds in game.setup.rounds}
        if setup.options.get("rounds") in offered:
            self.rounds = int(setup.options["rounds"])
        for seat, choice in enumerate(setup.seats[:len(self.names)]):
            if choice is not None:
                self.names[seat] = choice.name
                self.kinds[seat] = PERSON if choice.kind == HUMAN else \
                    FRIEND_CHOICE if choice.kind == FRIEND else \
                    f"Computer: {choice.level.capitalize()}"

    def _offered_ids(self) -> set[str]:
        return {game.id for game in self.games.values()}

    def counts(self) -> tuple[int, ...]:
        """The counts of players the menu offers for the game chosen, at one table or at
        several, from the fewest (the usual count is the one chosen first)."""
        return tuple(sorted({*self.game.setup.player_counts, *self.game.player_counts()}))

    def table_sizes(self) -> tuple[int, ...] | None:
        """Players at each table, when the players chosen sit at several; else None."""
        tables = self.game.tables
        if tables is None or self.players not in tables.sizes:
            return None
        return sizes_for(self.ruleset, self.players)

    def _draw_split(self) -> Split | None:
        """The split shown: kept while it fits the count, drawn when there is none."""
        sizes = self.table_sizes()
        if sizes is None:
            self.split = None
        elif self.split is None or self.split.sizes != sizes:
            self.split = draw_split(sizes, self.rng)
        return self.split

    def redraw_tables(self) -> None:
        """Another split (the one shown would look like no draw at all)."""
        sizes = self.table_sizes()
        if sizes is None:
            return
        shown = self.split
        for _ in range(100):  # two splits in a thousand or so are alike: a few tries do
            self.split = draw_split(sizes, self.rng)
            if self.split != shown:
                break
        self._rebuild()

    def setup(self) -> last_setup.Setup:
        """The form as it stands, to be offered next time (an outside program's seat as
        the computer: the program is named on the command line, not here)."""
        self._remember()
        seats = []
        for name, choice in zip(self.names, self.kinds, strict=True):
            kind, level = KINDS.get(choice, (COMPUTER, DEFAULT_LEVEL))
            seats.append(last_setup.SeatChoice(cleaned(name, MAX_NAME_LENGTH), kind, level))
        return last_setup.Setup(self.ruleset, self.players,
                                {**self.flags, "rounds": self.rounds}, tuple(seats),
                                tables=self.split)

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
            return self.keep(UILabel(rect, words, manager=ui,
                                     object_id="#note_label"))

        label("Game", y)
        self.game_menu = self.keep(UIDropDownMenu(
            list(self.games), self.game.title, field, manager=ui))
        y += row
        self.game_line = note(self.game.blurb, y - round(6 * scale))
        y += round(28 * scale)
        label("Players", y)
        half = (field.width - round(10 * scale)) // 2
        self.players_menu, self.rounds_menu = None, None
        counts = self.game.setup.player_counts
        if len(counts) == 1:  # no choice: who sits where, in words
            self.keep(UILabel(Rect(field.left, y, field.width, field.height),
                              self.game.setup.seating or f"{counts[0]} players", manager=ui,
                              object_id="#left_label"))
        else:
            y += self._players_row(Rect(field.left, y, half, field.height), row)
        y += row + round(10 * scale)
        self.name_entries, self.kind_menus = [], []
        rows: dict[int, tuple[UITextEntryLine, UIDropDownMenu]] = {}
        split = self._draw_split()
        if split is None:
            for seat in range(self.players):
                label(f"Seat {seat + 1}", y)
                rows[seat] = self._seat_row(seat, Rect(field.left, y, half, field.height),
                                            half + round(10 * scale))
                y += row
        else:
            y = self._tables(split, y, row, rows)
        self.name_entries = [rows[seat][0] for seat in range(self.players)]
        self.kind_menus = [rows[seat][1] for seat in range(self.players)]
        self.levels_line = note(LEVELS_LINE, y)
        y += round(28 * scale)
        self.message = self.keep(UILabel(Rect(left, y, width, round(30 * scale)),
                                         PASS_AND_PLAY, manager=ui,
                                         object_id="#note_label"))
        self._say_unshown()
        y += round(44 * scale)
        self.time_button = None
        self._time_rect = Rect(field.left, y, half, field.height)  # should friends play
        y += row
        start = Rect(self.app.size[0] // 2 - round(210 * scale), y, round(200 * scale),
                     round(46 * scale))
        self.start_button = self.button(start, "Start", self._start)
        self.button(start.move(round(220 * scale), 0), "Back", self.back)
        self._offer_time()
        rehearse(self.app, self._table_to_come())

    def _table_to_come(self) -> TableToCome:
        """The table Start would open as the form stands."""
        sizes = self.table_sizes()
        return TableToCome(self.app.size, self.ruleset, self.options(),
                           self.names[:self.players], self.app.settings,
                           table_players=None if sizes is None else max(sizes),
                           online=FRIEND_CHOICE in self.kinds[:self.players])

    def _seat_row(self, seat: int, name: Rect, step: int) -> tuple[UITextEntryLine,
                                                                    UIDropDownMenu]:
        """A seat's name in `name`, and who plays it in a menu as wide `step` to the right."""
        entry = UITextEntryLine(name, manager=self.app.ui)
        entry.set_forbidden_characters(glyphs.zero_width())  # pygame-gui fails on them alone
        entry.set_text(self.names[seat])
        entry.set_text_length_limit(MAX_NAME_LENGTH)
        self.keep(entry)
        if self.friends_seat(seat):
            self.no_name_box(entry)
        offered = list(KINDS)
        if seat in self.app.bots:
            offered.append(BOT)
        choices: list[str | tuple[str, str]] = list(offered)
        width = max(name.width, round(230 * self.scale))
        menu = UIDropDownMenu(choices, self.kinds[seat],
                              Rect(name.left + step, name.top, width, name.height),
                              manager=self.app.ui)
        self.keep(menu)
        return entry, menu

    def _tables(self, split: Split, top: int, row: int,
                rows: dict[int, tuple[UITextEntryLine, UIDropDownMenu]]) -> int:
        """The seats in a column for each table, under its heading, in the table's seat
        order (the keyboard walks them table by table), then "Redraw tables" below them;
        the y below it all."""
        scale, ui = self.scale, self.app.ui
        label, name, kind, gap = (round(width * scale) for width in (84, 184, 230, 8))
        column = label + name + gap + kind
        between = round(40 * scale)
        left = self.app.size[0] // 2 - (len(split.tables) * column
                                        + (len(split.tables) - 1) * between) // 2
        height, heading = round(38 * scale), round(42 * scale)
        for table, seats in enumerate(split.tables):
            x = left + table * (column + between)
            self.keep(UILabel(Rect(x, top, column, height),
                              f"Table {table + 1} · {len(seats)} players", manager=ui,
                              object_id="#decision_title"))
            for place, seat in enumerate(seats):
                y = top + heading + place * row
                self.keep(UILabel(Rect(x, y, label, height), f"Seat {place + 1}", manager=ui,
                                  object_id="#left_label"))  # his seat at this table
                rows[seat] = self._seat_row(seat, Rect(x + label, y, name, height),
                                            name + gap)
        y = top + heading + max(map(len, split.tables)) * row
        width = round(220 * scale)
        self.button(Rect(self.app.size[0] // 2 - width // 2, y, width, round(40 * scale)),
                    "Redraw tables", self.redraw_tables,
                    tip="Draw again who sits at which table, and where")
        return y + round(52 * scale)

    def _players_row(self, rect: Rect, row: int) -> int:
        """The number of players, a match's rounds beside it (a game played in rounds), and
        the game's options (those for two players only when two play): beside it if there
        is room for them, on a row of their own below if not; the height taken below."""
        setup = self.game.setup
        counts: list[str | tuple[str, str]] = [f"{count} players" for count in self.counts()]
        self.players_menu = self.keep(UIDropDownMenu(
            counts, f"{self.players} players", rect,
            manager=self.app.ui))
        gap = round(10 * self.scale)
        if setup.rounds:
            chosen = self.rounds if self.rounds in setup.rounds else setup.rounds[0]
            self.rounds_menu = self.keep(UIDropDownMenu(
                [rounds_words(rounds) for rounds in setup.rounds], rounds_words(chosen),
                rect.move(rect.width + gap, 0), manager=self.app.ui))
        offered = setup.offered(self.players)
        if not offered:
            return 0
        below = len(offered) > 1 or self.rounds_menu is not None
        left, top = (rect.left, rect.top + row) if below else (rect.right + gap, rect.top)
        width = rect.width
        for index, toggle in enumerate(offered):
            button = Rect(left + index * (width + gap), top, width, rect.height)
            self.button(button, f"{toggle.label}: {'on' if self.flags[toggle.key] else 'off'}",
                        lambda key=toggle.key: self._toggle(key),  # type: ignore[misc]
                        tip=toggle.tip)
        return row if below else 0

    def _choose_game(self, title: str) -> None:
        """The game chosen in its menu, with the setup last started for it, if any (a name
        typed here stays)."""
        self._remember()
        ruleset = self.games[title].id
        self._choose_ruleset(ruleset)
        kept = self.kept.get(ruleset)
        if kept is not None:
            typed = {seat: name for seat, (name, offered)
                     in enumerate(zip(self.names, self._names_offered, strict=True))
                     if name != offered}
            self._offer(kept)
            self.names[:] = [typed.get(seat, name) for seat, name in enumerate(self.names)]
        self.rebuild()

    def _choose_ruleset(self, ruleset: str) -> None:
        """A game and its usual number of players."""
        self.ruleset = ruleset
        self.players = self.game.setup.usual_players
        self.split = None

    def options(self) -> dict[str, object]:
        return self.game.setup.options(self.players, self.flags, self.rounds)

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
        named = [name for seat, name in enumerate(names) if not self.friends_seat(seat)]
        if any(not name for name in named):
            return "Every seat needs a name."
        if len(set(named)) != len(named):
            return "Give each seat a different name."
        seats = []
        for name, choice in zip(names, self.kinds, strict=False):
            kind, level = KINDS.get(choice, (COMPUTER, "bot"))
            seats.append(Seat(name, kind, level))
        return seats

    def unshown(self) -> str | None:
        """What the first name with characters the font cannot show holds, in words that
        fit under the seats; None if none."""
        self._remember()
        return next((words for seat, name in enumerate(self.names[:self.players])
                     if not self.friends_seat(seat)
                     and (words := unshown_words(seat, name, self._fits)) is not None), None)

    def _fits(self, words: str) -> bool:
        """Do `words` fit the line under the seats?"""
        line = self.message
        font = line.font if line is not None else None
        return line is None or font is None or font.size(words)[0] <= line.rect.width - 8

    def _say_unshown(self) -> None:
        """Under the seats: the characters the font cannot show, else how friends on other
        machines are named, else pass-and-play."""
        if self.message is not None:
            friends = FRIEND_CHOICE in self.kinds[:self.players]
            self.message.set_text(self.unshown() or (FRIENDS_LINE if friends else PASS_AND_PLAY))

    def _start(self) -> None:
        """Start the game as the form stands; first ask, if it would take the place of
        another game in progress under Continue (which is then kept in the saves)."""
        seats = self.seats()
        if isinstance(seats, str):
            self._say(seats)
            return
        split = self._draw_split()
        if any(seat.kind == FRIEND for seat in seats):
            self._host(seats, split)
            return
        left = game_in_progress(self.app)
        if left is None:
            self._sit_down(seats, split)
            return
        self.app.push(screens.make(
            "leave_game", self.app, left, coming="the new game", go="Start",
            not_done="the new game was not started", say=self._say,
            go_on=lambda: self._sit_down(seats, split)))

    def _say(self, words: str) -> None:
        if self.message is not None:
            self.message.set_text(words)

    def _sit_down(self, seats: list[Seat], split: Split | None) -> None:
        """At the new game's table (tables, if the players are split)."""
        session: GameSession | TablesSession
        if split is None:
            session = GameSession.new(self.ruleset, self.options(),
                                      seats, autosave_path=paths.autosave_path(),
                                      on_thinking_done=self.app.wake)
        else:  # at several tables, as shown
            session = TablesSession.new(self.ruleset, self.options(), seats, split=split,
                                        autosave_path=paths.autosave_path(),
                                        on_thinking_done=self.app.wake)
        for seat, info in enumerate(seats):
            if info.level == "bot":
                session.seat_bot(seat, self.app.bots[seat])
        with contextlib.suppress(OSError):  # the game goes on: only the offer is lost
            last_setup.save(self.setup())
        screen = "table" if split is None else "tables"
        self.app.replace(screens.make(screen, self.app, session, from_start=True))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.game_menu and event.text in self.games:
                self._choose_game(event.text)
                return True
            if event.ui_element is self.rounds_menu and self._choose_rounds(event.text):
                return True
            if event.ui_element is self.players_menu:
                players = int(event.text.split()[0])
                if players != self.players:  # another count: another draw
                    self.players, self.split = players, None
                self._rebuild()
                return True
            if event.ui_element in self.kind_menus:
                seat = self.kind_menus.index(event.ui_element)
                was_friends = self.friends_seat(seat)
                self.kinds[seat] = event.text
                if was_friends != self.friends_seat(seat):
                    self._rebuild()  # a name box shown or taken away
                    return True
                self._say_unshown()
                self._offer_time()
                return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element in self.name_entries:
            self._say_unshown()
            return True
        return super().handle(event)

    def _choose_rounds(self, words: str) -> bool:
        """The match's rounds the menu's `words` say; False if they say none."""
        chosen = [rounds for rounds in self.game.setup.rounds if rounds_words(rounds) == words]
        if chosen:
            self.rounds = chosen[0]
        return bool(chosen)
