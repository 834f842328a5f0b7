"""Two real windows of the program, each on a virtual X screen of its own (Xvfb), played
by X input alone (xdotool: the pointer, clicks and keys) at the shipped settings, only the
clock faster: one window hosts a table from the Title screen (Play with friends, Host a
table, a friend's seat and a computer's), the other joins it (Play with friends, Join a
table, the address and the code typed), and both play to the end of the game with keys.
The host's game is then replayed through the rules from the file it keeps.

The test learns what each window shows from its report (game/ui/state_report.py,
COUP_DETAT_STATE_REPORT): the scene, the buttons and their places, what the table waits
for. Run in a network namespace by tests/test_net_two_windows.py, which says where the
screenshots of the end go (TWO_WINDOWS_EVIDENCE)."""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from _pytest.outcomes import Failed
from test_real_window import virtual_screen

from game.engine.saves import from_json
from game.services.catalogue import CATALOGUE

ROOT = Path(__file__).resolve().parents[2]
TIME_SCALE = "200"  # the window's clock runs 200 times the wall clock (animations, computers)
EVIDENCE = "TWO_WINDOWS_EVIDENCE"  # the folder the screenshots of the end go to
SETTLE = 0.05  # seconds between the pointer's move and the click
APART = 0.7  # seconds between two clicks: closer, the second would be a double-click's
STEP_WAIT = 15.0  # seconds for a screen to come after a click
GAME_SECONDS = 150.0  # for a whole game
STILL_AGAIN = 1.5  # seconds a decision is left untaken before keys are sent again
State = dict[str, Any]


class Window:
    """`python -m game` on its own screen with its own home, seen through its report and
    played with xdotool."""

    def __init__(self, display: str, folder: Path, name: str) -> None:
        self.display, self.name = display, name
        self.home = folder / "home"
        self.report = folder / "shown.json"
        self.log = folder / "window.log"
        self.rng = random.Random(name)
        self.environment = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11",
                            "COUP_DETAT_HOME": str(self.home),
                            "COUP_DETAT_TIME_SCALE": TIME_SCALE,
                            "COUP_DETAT_STATE_REPORT": str(self.report)}
        folder.mkdir(parents=True, exist_ok=True)
        with self.log.open("w") as log:
            self.process = subprocess.Popen([sys.executable, "-m", "game"], cwd=ROOT,
                                            env=self.environment, stdout=log, stderr=log)
        self.acted: tuple[object, ...] | None = None
        self.acted_at = 0.0
        self.keys_sent = 0
        self.clicked_at = 0.0

    # What it shows ------------------------------------------------------------------------
    def state(self) -> State:
        assert self.process.poll() is None, f"{self.name}'s window ended: {self.output()}"
        try:
            return json.loads(self.report.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {"scene": None, "widgets": []}

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-3000:]

    def wait(self, wanted: Callable[[State], bool], what: str,
             seconds: float = STEP_WAIT) -> State:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            state = self.state()
            if wanted(state):
                return state
            time.sleep(0.05)
        pytest.fail(f"{self.name}'s window never showed {what}: it shows {self.state()}")

    def at(self, scene: str) -> State:
        return self.wait(lambda state: state["scene"] == scene, scene)

    @staticmethod
    def widget(state: State, kind: str, words: str | None = None, *,
               option: bool = False) -> dict[str, Any] | None:
        return next((widget for widget in state["widgets"] if widget["kind"] == kind
                     and (words is None or widget["text"] == words)
                     and widget.get("option", False) == option
                     and widget.get("enabled", True)), None)

    # X input --------------------------------------------------------------------------------
    def xdotool(self, *command: str) -> None:
        subprocess.run(["xdotool", *command], env=self.environment, check=True, timeout=20,
                       capture_output=True)

    def click(self, state: State, widget: dict[str, Any]) -> None:
        left, top, width, height = widget["rect"]
        x, y = state["at"][0] + left + width // 2, state["at"][1] + top + height // 2
        time.sleep(max(0.0, self.clicked_at + APART - time.monotonic()))
        self.xdotool("mousemove", str(x), str(y), "sleep", str(SETTLE), "click", "1")
        self.clicked_at = time.monotonic()  # (once the click has surely been made)

    def click_button(self, words: str, *, option: bool = False) -> None:
        state = self.wait(lambda state: self.widget(state, "button", words,
                                                    option=option) is not None,
                          f"a button {words!r}")
        button = self.widget(state, "button", words, option=option)
        assert button is not None
        self.click(state, button)

    def menus(self) -> list[str]:
        return [widget["text"] for widget in self.state()["widgets"]
                if widget["kind"] == "menu"]

    def choose(self, index: int, option: str) -> None:
        """The drop-down menu `index` opened by a click (from the end, if negative) and
        `option` clicked; again if a click went astray (a menu's list still closing)."""
        for _ in range(3):
            state = self.state()
            menus = [widget for widget in state["widgets"] if widget["kind"] == "menu"]
            if menus[index]["text"] == option:
                return
            self.click(state, menus[index])
            self.click_button(option, option=True)
            with contextlib.suppress(Failed):
                self.wait(lambda state: not any(widget.get("option")
                                                for widget in state["widgets"])
                          and self.menus()[index] == option, f"the menu showing {option!r}",
                          seconds=3)
        assert self.menus()[index] == option, f"the menu never showed {option!r}"

    def type_into(self, entry_index: int, words: str) -> None:
        state = self.state()
        entries = [widget for widget in state["widgets"] if widget["kind"] == "entry"]
        self.click(state, entries[entry_index])
        self.xdotool("key", "ctrl+a", "BackSpace", "type", "--delay", "20", "--", words)
        self.wait(lambda state: [widget["text"] for widget in state["widgets"]
                                 if widget["kind"] == "entry"][entry_index] == words,
                  f"{words!r} typed")

    def keys(self, *names: str) -> None:
        self.xdotool("key", "--delay", "40", *names)
        self.keys_sent += len(names)

    def screenshot(self, path: Path) -> None:
        if shutil.which("import") is not None:  # (ImageMagick: the evidence, when it is here)
            subprocess.run(["import", "-display", self.display, "-window", "root", str(path)],
                           check=True, timeout=30, capture_output=True)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)  # closes as the close button does
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    # Playing ---------------------------------------------------------------------------------
    def play(self) -> bool:
        """The window's next keys if it waits for its person; True once the game is over."""
        state = self.state()
        scene, table = state["scene"], state.get("table")
        if state.get("game_over"):
            return True
        if state.get("result"):  # a hand's or a round's result, closed by Continue
            self._act(("result", tuple(state["scenes"]), table and table["turns"]),
                      ("Return",))
        elif scene == "TableScene" and table is not None and table["ready"]:
            waiting = (table["turns"], table["ask"], tuple(table["buttons"]), table["focus"])
            self._act(waiting, self._keys_for(table))
        return False

    def _act(self, waiting: tuple[object, ...], keys: tuple[str, ...]) -> None:
        """Send `keys` for what the window waits for, once, and again if it is still
        waiting for the same a while later (a Back taken, a key the table was not ready
        for)."""
        now = time.monotonic()
        if waiting == self.acted and now - self.acted_at < STILL_AGAIN:
            return
        self.acted, self.acted_at = waiting, now
        self.keys(*keys)

    def _keys_for(self, table: State) -> tuple[str, ...]:
        """The keys a person presses for the decision: the arrows to a card that may be
        played, Enter; a button (Tab to it, Enter); cards picked by their number keys, or
        in the hand by the arrows and Space, then Enter."""
        ask, picks = table["ask"], max(1, table["picks"])
        if ask == "cards":
            return (*self._arrows_to(table, self.rng.choice(table["playable"])), "Return")
        if ask == "picker":
            return (*[str(n + 1) for n in range(picks)], "Return")
        if ask == "collecting":
            keys, at = [], table["selected"]
            for place in range(picks):
                keys += [*self._arrows_to({**table, "selected": at}, place), "space"]
                at = place
            return (*keys, "Return")
        tabs = self.rng.randrange(1, len(table["buttons"]) + 1)
        return (*["Tab"] * tabs, "Return")

    @staticmethod
    def _arrows_to(table: State, place: int) -> list[str]:
        """Right, as many times as take the cursor from where it is to the card at
        `place` (from no card, the first Right goes to the first that may be played)."""
        at = table["selected"]
        if at is None:
            at = table["playable"][0] if table["playable"] else 0
            return ["Right", *["Right"] * ((place - at) % table["hand"])]
        return ["Right"] * ((place - at) % table["hand"])


def host_a_table(host: Window, game: str, kinds: list[str], players: str | None,
                 toggles: list[str]) -> tuple[int, str]:
    """From the Title screen to the lobby; the port and the code it reads out."""
    host.at("TitleScene")
    host.click_button("Play with friends")
    host.at("FriendsScene")
    host.click_button("Host a table")
    host.at("NewGameScene")
    host.choose(0, game)
    if players is not None:
        host.choose(1, players)
    for words in toggles:
        host.click_button(f"{words}: off")
        host.wait(lambda state, w=words: host.widget(state, "button", f"{w}: on") is not None,
                  f"{words} on")
    for seat, kind in enumerate(kinds):
        host.choose(seat - len(kinds), kind)
    assert host.menus()[-len(kinds):] == kinds
    host.click_button("Start")
    lobby = host.wait(lambda state: state["scene"] == "HostingScene" and "reach" in state,
                      "the lobby with the table's address")
    address, _, code = lobby["reach"].partition("   code ")
    return int(address.rsplit(":", 1)[1]), code.strip()


def join_the_table(friend: Window, port: int, code: str, name: str) -> None:
    friend.at("TitleScene")
    friend.click_button("Play with friends")
    friend.at("FriendsScene")
    friend.click_button("Join a table")
    friend.at("JoinScene")
    friend.type_into(0, f"127.0.0.1:{port}")
    friend.type_into(1, code.lower())
    friend.type_into(2, name)
    friend.click_button("Join")
    friend.wait(lambda state: state["scene"] == "WaitingRoom", "the waiting room")


def play_to_the_end(windows: list[Window]) -> None:
    deadline = time.monotonic() + GAME_SECONDS
    while not all([window.play() for window in windows]):
        if time.monotonic() > deadline:
            for window in windows:
                window.screenshot(window.report.with_name("stalled.png"))
            pytest.fail("the game did not end in time: "
                        + "; ".join(f"{w.name}: {w.state()}" for w in windows))
        time.sleep(0.05)


GAMES = {
    "coup": ("Coup", ["Person", "Friend (online)", "Computer: Medium"], "3 players", []),
    "coup-detat": ("Coup d'État", ["Person", "Friend (online)", "Computer: Medium"],
                   "3 players", ["Short game"]),
}


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_two_windows_play_a_hosted_game_to_its_end_by_x_input(
        ruleset: str, tmp_path: Path) -> None:
    game, kinds, players, toggles = GAMES[ruleset]
    evidence = Path(os.environ.get(EVIDENCE) or tmp_path)
    with ExitStack() as stack:
        windows = []
        for name in ("Ada", "Zoe"):
            display = stack.enter_context(virtual_screen())
            window = Window(display, tmp_path / name, name)
            stack.callback(window.close)
            windows.append(window)
        host, friend = windows
        port, code = host_a_table(host, game, kinds, players, toggles)
        join_the_table(friend, port, code, "Zoe")  # (xdotool types no é on Xvfb)
        host.wait(lambda state: host.widget(state, "button", "Start") is not None,
                  "Start, once the friend has taken the seat")
        host.click_button("Start")
        for window in windows:
            window.wait(lambda state: state["scene"] == "TableScene", "the table")
        seen = {window.name: window.state()["table"] for window in windows}
        assert seen["Ada"]["viewer"] == 0 and seen["Zoe"]["viewer"] == 1
        assert all(table["ruleset"] == ruleset for table in seen.values())
        play_to_the_end(windows)
        for window in windows:
            window.screenshot(evidence / f"{ruleset}-{window.name}.png")
            assert window.keys_sent > 0, f"{window.name} never decided"
            assert window.state()["table"]["over"]
        turns = save_the_game(host, "sunday")
        for window in windows:
            window.close()
        for window in windows:
            assert window.process.returncode == 0, window.output()
    replayed = kept_game(host.home)
    assert replayed.ruleset.id == ruleset and replayed.over
    assert len(replayed.match.turns) == turns


def save_the_game(host: Window, name: str) -> int:
    """At the end, Esc to the final table, Ctrl+S, a name typed and Save clicked; the
    decisions the table had taken."""
    host.keys("Escape")
    state = host.wait(lambda state: state["scene"] == "TableScene", "the final table")
    host.keys("ctrl+s")
    host.at("SaveDialog")
    host.type_into(0, name)
    host.click_button("Save")
    host.wait(lambda state: state["scene"] == "TableScene", "the table once saved")
    return int(state["table"]["turns"])


def kept_game(home: Path) -> Any:
    """The host's game as it kept it, replayed through the rules."""
    kept = sorted(home.rglob("*.json"))
    for path in kept:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") == "coup-detat-save":
            return from_json(data, catalogue=CATALOGUE)
    pytest.fail(f"the host kept no game: {kept}")
