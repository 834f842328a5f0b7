"""The words the table says to the person at it: his own seat is "you", with verbs to match
("You hold COUP", never "You holds COUP"), whatever his name; the others by their names.
A log read by several in turn, a replay and the terminal name everyone.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import pytest
from test_coup_table import choose
from ui_kit import frames, open_app, press_button

from game.engine.match import Match, seeded_chance
from game.engine.saves import Seat
from game.games import get_ruleset
from game.games.coup.rules import events as bluff_ev
from game.games.coup.rules.charts import Character
from game.games.coup.table.results import final_lines
from game.games.coup_detat.rules import events as ev
from game.games.coup_detat.rules.charts import HandType
from game.rules.words import Naming, counted, second_person, sentence_case
from game.services.session import GameSession
from game.services.table.controller import TableController
from game.ui import text
from game.ui.app import App
from game.ui.scenes.new_game import DEFAULT_NAMES, NewGameScene
from game.ui.scenes.pass_device import PassDeviceScene
from game.ui.table.log_panel import LogPanel
from game.ui.table.overlays import GameOverOverlay, ResultOverlay
from game.ui.table.scene import TableScene

# "You is", "You holds", "You pays", "you takes", "You's", "You: draws" ("you pass" and
# "you as Prime Minister" are English)
THIRD_PERSON_AFTER_YOU = re.compile(r"\b[Yy]ou(?:'s\b|:? (?!as\b)[a-z]*[^s\W]s\b)")


def test_the_pattern_finds_the_broken_sentences_and_lets_the_right_ones_be() -> None:
    broken = ["You is the first Director.", "You holds COUP", "Director You's hand",
              "You pays Brigitte 100 F (penalty).", "You is out.", "Round 1: You starts",
              "Trick 2: Ada 7♠, You 8♠; You takes it.", "You challenges Brigitte's Duke.",
              "You: draws (claiming Inquisitor)."]
    right = ["You are the first Director.", "You hold COUP", "Siege: your hand as Director",
             "You pay Brigitte 100 F (penalty).", "You are out.", "Round 1: you start",
             "You pass.", "The points are equal: with you as Prime Minister.", "Your cards"]
    assert all(THIRD_PERSON_AFTER_YOU.search(line) for line in broken)
    assert not any(THIRD_PERSON_AFTER_YOU.search(line) for line in right)


# The grammar ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("said_of", "said_to"), [
    ("is out", "are out"), ("holds COUP", "hold COUP"), ("has", "have"), ("passes", "pass"),
    ("reaches", "reach"), ("challenges", "challenge"), ("loses", "lose"), ("tries", "try"),
    ("may challenge", "may challenge"), ("must pay", "must pay"), ("managed to", "managed to"),
    ("share the win", "share the win")])
def test_a_verb_said_of_someone_is_said_to_him(said_of: str, said_to: str) -> None:
    assert second_person(said_of) == said_to


def test_you_is_capitalized_where_a_sentence_opens_and_nowhere_else() -> None:
    assert sentence_case("you hold COUP.") == "You hold COUP."
    assert sentence_case("Hidden coup! you managed it. your turn") == \
        "Hidden coup! You managed it. Your turn"
    assert sentence_case("Round 1: you start; Ada pays you.") == "Round 1: you start; Ada pays you."


def test_naming_calls_the_reader_you_and_everyone_else_by_name() -> None:
    naming = Naming(["You", "Brigitte"], you=0)
    assert naming.does(0, "holds") == "you hold" and naming.does(1, "holds") == "Brigitte holds"
    assert naming.owner(0) == "your" and naming.owner(1) == "Brigitte's"
    assert naming.all([1, 0]) == "Brigitte and you"
    assert Naming(["You", "Brigitte"]).does(0, "holds") == "“You” holds"  # nobody reads: a name


# Exact sentences -----------------------------------------------------------------------------


def told_to_seat_0(ruleset: str, event: object, players: int = 3) -> list[str]:
    rules = get_ruleset(ruleset)
    state = rules.new_game(rules.parse_options({"players": players}))
    narrator = rules.narrator(["You", "Brigitte", "Camille"][:players], 0, tell_all=False,
                              second_person=True)
    return narrator.lines(event, state)


@pytest.mark.parametrize(("event", "said"), [
    (ev.DirectorAppointed(0), "You are the first Director."),
    (ev.DirectorAppointed(1), "Brigitte is the first Director."),
    (ev.CoupHolderAnnounced(0), "You hold COUP."),
    (ev.CoupAttempted(0, HandType.SIEGE),
     "You attempt a coup in Siege and must take all the Spades."),
    (ev.Paid(0, 1, 500, ev.Reason.PENALTY), "You pay Brigitte 500 F (penalty)."),
    (ev.Paid(1, 0, 500, ev.Reason.COUP), "Brigitte pays you 500 F (coup)."),
    (ev.WentOut(0, 1), "You are out of cards first."),
    (ev.DirectorChanged(0), "You are now Director."),
    (ev.GameEnded((0,)), "You win."),
    (ev.GameEnded((1, 0)), "Brigitte and you share the win."),
])
def test_the_1966_game_tells_the_person_of_himself_in_the_second_person(
        event: object, said: str) -> None:
    assert said in told_to_seat_0("coup-detat", event)


@pytest.mark.parametrize(("winners", "said"), [
    ((0,), "You have the highest worth at this table; the highest at both tables wins "
           "the match."),
    ((1, 0), "Brigitte and you share the highest worth at this table; the highest at both "
             "tables wins the match."),
])
def test_a_table_of_two_names_no_winner_of_the_match(winners: tuple[int, ...],
                                                      said: str) -> None:
    """At two tables the match is won across both: a table's end says who is best there."""
    rules = get_ruleset("coup-detat")
    state = rules.new_game(rules.parse_options({"players": 3}))
    narrator = rules.narrator(["You", "Brigitte", "Camille"], 0, tell_all=False,
                              second_person=True, one_of_tables=True)
    assert narrator.lines(ev.GameEnded(winners), state)[-1] == said


@pytest.mark.parametrize(("event", "said"), [
    (bluff_ev.Exiled(0), "You are out."),
    (bluff_ev.Challenged(0, 1, Character.DUKE), "You challenge Brigitte's Duke."),
    (bluff_ev.Challenged(1, 0, Character.DUKE), "Brigitte challenges your Duke."),
    (bluff_ev.ActionFailed(0, 3), "Your action fails; 3 coins back."),
    (bluff_ev.Stole(1, 0, 2), "Brigitte takes 2 coins from you."),
    (bluff_ev.MatchWon((0,)), "You win the match."),
])
def test_the_bluffing_game_tells_the_person_of_himself_in_the_second_person(
        event: object, said: str) -> None:
    assert told_to_seat_0("coup", event) == [said]


def test_the_round_and_the_hand_are_told_to_the_person_who_starts() -> None:
    dealt = bluff_ev.Dealt(0, 0, ((Character.DUKE, Character.CAPTAIN),) * 2, (), (), (2, 2))
    lines = told_to_seat_0("coup", dealt, players=2)
    assert lines[:2] == ["Round 1: you start; coins 2, 2.", "  Your cards: Duke and Captain"]


def test_a_replay_and_the_terminal_still_name_everyone() -> None:
    rules = get_ruleset("coup-detat")
    state = rules.new_game(rules.parse_options({"players": 3}))
    for narrator in (rules.narrator(["Ada", "Bob", "Cy"]),
                     rules.narrator(["Ada", "Bob", "Cy"], 0)):  # the terminal's
        assert narrator.lines(ev.CoupHolderAnnounced(0), state) == ["Ada holds COUP."]


# Whole games at the table --------------------------------------------------------------------


@contextmanager
def shown_words(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every line the window shows: the log's, the remarks', and every text drawn (banners,
    plates, panels, results), each whole before it is wrapped."""
    seen: list[str] = []
    render, wrap, add, say = text.render, text.wrap, LogPanel.add, TableController.say

    def rendering(words: str, *args: object, **keywords: object):  # type: ignore[no-untyped-def]
        seen.append(words)
        return render(words, *args, **keywords)  # type: ignore[arg-type]

    def wrapping(words: str, *args: object, **keywords: object) -> list[str]:
        seen.append(words)
        return wrap(words, *args, **keywords)  # type: ignore[arg-type]

    def adding(self: LogPanel, line: str) -> None:
        seen.append(line)
        add(self, line)

    def saying(self: TableController, message: str, seconds: float = 3.0) -> None:
        seen.append(message)
        say(self, message, seconds)

    monkeypatch.setattr(text, "render", rendering)
    monkeypatch.setattr(text, "wrap", wrapping)
    monkeypatch.setattr(LogPanel, "add", adding)
    monkeypatch.setattr(TableController, "say", saying)
    yield seen


GAMES = {"coup-detat": {"players": 4, "short_game": True}, "coup-detat-duel": {"players": 2},
         "coup": {"players": 3, "rounds": 3}, "coup-inquisitor": {"players": 3, "rounds": 3}}


def play_to_the_end(app: App, scene: TableScene, seed: int, seen: list[str]) -> None:
    """The person decides at random and reads every result; a hint now and then."""
    rng = random.Random(seed)
    for _ in range(40000):
        frames(app)
        top = app.scene
        if isinstance(top, GameOverOverlay):
            frames(app, 2)
            return
        if isinstance(top, ResultOverlay):
            seen.extend(top.lines)
            press_button(app, "Continue")
        elif scene.controller.caught_up and scene.controller.human_to_act() is not None:
            scene.turns.decide(rng.choice(scene.session.match.legal()))
    pytest.fail("the game did not end")


def draw_every_position(app: App, scene: TableScene) -> None:
    """The table drawn again at every position the game passed through, as the person saw
    it (the banners of positions the quick play went past)."""
    ruleset = scene.controller.ruleset
    state = ruleset.new_game(scene.session.match.options)
    for event in scene.session.match.events:
        state = ruleset.apply(state, event)
        scene.controller.telling.shown = state
        scene.draw(app.screen)


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_a_whole_game_never_tells_the_person_called_you_in_the_third_person(
        ruleset: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    options = GAMES[ruleset]
    names = ["You", "Brigitte", "Camille", "Didier"][:options["players"]]
    seats = [Seat(names[0], "human"), *(Seat(name, level="easy") for name in names[1:])]
    with open_app(tmp_path, monkeypatch) as app, shown_words(monkeypatch) as seen:
        session = GameSession.new(ruleset, options, seats, seed=11, on_thinking_done=app.wake)
        scene = TableScene(app, session, from_start=True)
        app.replace(scene)
        play_to_the_end(app, scene, 11, seen)
        draw_every_position(app, scene)
    said = set(seen)
    assert any(line.startswith("You ") for line in said), "the person was told of himself"
    broken = sorted(line for line in said if THIRD_PERSON_AFTER_YOU.search(line))
    assert not broken, broken


# The name New game offers ----------------------------------------------------------------------


def test_new_game_offers_a_name_and_the_pass_screen_reads_well(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_app(tmp_path, monkeypatch) as app:
        form = NewGameScene(app)
        app.replace(form)
        frames(app, 2)
        for menu in form.kind_menus:  # four persons at one screen
            choose(app, menu, "Person")
        press_button(app, "Start")
        for _ in range(200):
            if isinstance(app.scene, PassDeviceScene):
                break
            frames(app)
        top = app.scene
        assert isinstance(top, PassDeviceScene)
        assert top.name in form.names[:4] and "You" not in form.names
        press_button(app, f"I am {top.name}: show my cards")  # "I am Alex: show my cards"
    assert DEFAULT_NAMES[0] == "Alex"


@pytest.mark.parametrize(("count", "said"), [(0, "0 coins"), (1, "1 coin"), (2, "2 coins")])
def test_a_count_is_plural_unless_one(count: int, said: str) -> None:
    assert counted(count, "coin") == said


def test_the_bluffing_games_result_counts_one_coin_as_one() -> None:
    rules = get_ruleset("coup")
    match = Match(rules, rules.parse_options({"players": 2}), chance=seeded_chance(rules, 1))
    view = replace(match.view(None), coins=(1, 0))
    lines = final_lines(view, Naming(["Ada", "Bob"], None))
    assert "Ada: still standing; 1 coin; influences lost: none" in lines
    assert "Bob: still standing; 0 coins; influences lost: none" in lines


@pytest.mark.parametrize("width", [60, 120, 200])
def test_a_word_wider_than_a_line_is_broken_where_it_reads_best(width: int) -> None:
    """A file's name in the log ran past the panel's edge and was cut off
    ('statistics.damaged-20261127-2'): a word wider than the line stood alone, whole."""
    words = ("It is kept as statistics.damaged-20261127-210540.json in "
             "/home/someone/.local/share/coup-detat, as it was.")
    lines = text.wrap(words, 14, width)
    assert all(text.measure(line, 14) <= width for line in lines), lines
    assert "".join(lines).replace(" ", "") == words.replace(" ", "")
    assert any(line.endswith(("-", "/", ".")) for line in lines)  # broken after a mark
