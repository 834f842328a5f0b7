"""The review of a game: every decision of one seat judged by the strongest player (Hard),
from that seat's view only, and where the seat's money went.

Hard weighs each position as it does at the table: it imagines the hidden cards from what
the seat had seen, tries the decisions it would consider and the one that was played, and
plays each out. A decision whose value fell short of Hard's best by more than the game's
threshold, and by more than the search's noise, is a mistake; the review names the costliest
three in words. Each game says how its values read (francs; the chance of winning the
hand's point, or the round) and how the seat's game went, in its own module
(`Game.review`).

The analysis goes decision by decision (`analyse`), so that a window can show the first
judgements at once, and stop when asked.

A friend at a table hosted on another machine reviews his seat from what his machine was
told (a `SeatMatch`): the events as his seat may know them, the states in which the cards
it could not see were dealt anew, and his own decisions. Hard judges each of them from his
seat's view, which is the true one; a decision of his this machine did not send (a
stand-in's, while he was away) is not judged.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.levels import adviser
from game.ai.search import SearchPlayer, SearchPool
from game.engine.match import Match, Turn
from game.games import get_game
from game.rules.words import counted
from game.services.seat_match import SeatMatch, SeatTurn

ANALYSIS_VERSION = 1  # a new way of judging makes the reviews kept on disk stale

Reviewed = Match | SeatMatch  # a game of this machine's, or a seat's told by its host


@dataclass(frozen=True)
class Depth:
    """How hard the analysis thinks about each decision: at most `seconds` (shared by
    `workers` processes) and at most `worlds` imagined deals."""

    seconds: float = 0.25
    worlds: int = 400
    workers: int = 2


DEFAULT_DEPTH = Depth()


@dataclass(frozen=True)
class Words:
    """How a game's review speaks (each game's `review` module has one, `WORDS`)."""

    measure: str  # what a value is: "francs", "chance of winning the round"...
    threshold: float  # a decision that cost more than this (in values) is a mistake
    figure: Callable[[float], str]  # a value in words: "+650 F", "62%"
    size: Callable[[float], str]  # a difference in words: "300 F", "5 chances in 100"
    gain: Callable[[float], str]  # what a cost would have brought: "been worth 800 F more"
    phrase: Callable[[Any, Any, Sequence[str]], str]  # a decision (and the state it is made
    #   in) as a gerund: "playing K♥", "laying 9♠"
    moment: Callable[[Any], str]  # where a state is: "Round 1 of 4, hand 2 of 6, Barbu"
    ledger: Callable[[Any, int, Sequence[str]], list[str]]  # how the seat's game went (read
    #   from the events and the state: a `Match`'s, or those a seat was told)
    ledger_title: str  # its heading, with {name}: "Where {name}'s francs went"
    boundary: Callable[[Any], int]  # what an event ends: TRICK (or a turn), HAND, ROUND; or 0
    hands: Callable[[Any], Sequence[Sequence[Any]]]  # each seat's cards in a state (each
    #   with a `label`: playing cards, or the bluffing games' characters)
    steps: tuple[str, str, str]  # what TRICK, HAND and ROUND are called in the game


TRICK, HAND, ROUND = 1, 2, 3  # the steps a review moves by, besides a decision
NO_BREAK = "\u00a0"  # between a figure and its unit: no line parts "300" from "F"
MINUS = "\u2212"  # a value below nought as a reader sees it ("−0.35"); files keep "-"


def readable(value: float, spec: str) -> str:
    """`value` formatted by `spec` for a person to read: below nought, with the minus
    sign, not the hyphen a file or a machine's output keeps."""
    return format(value, spec).replace("-", MINUS)


def chance(value: float) -> str:
    """A chance in words: "62%"."""
    return readable(value, ".0%")


def points(difference: float) -> str:
    """A difference of two chances in words, "about" as large ("12 chances in 100"); any
    difference at all is at least "1 chance in 100"."""
    hundredths = round(difference * 100) or (1 if difference > 0 else 0)
    return f"{counted(hundredths, 'chance').replace(' ', NO_BREAK)} in 100"


def hand_moment(progress: str, hand: Any) -> str:
    """Where a game of hands stands, after its `progress` words: the hand's type once named,
    and the trick once tricks are played ("Round 1 of 4, hand 2 of 6, Barbu, trick 3")."""
    if hand is None or hand.hand_type is None:
        return progress
    words = f"{progress}, {hand.hand_type.label}"
    return words if hand.tricks is None else f"{words}, trick {len(hand.tricks.done) + 1}"


def words_for(ruleset_id: str) -> Words:
    """The game's review words; `ValueError` for a game without a review."""
    ref = get_game(ruleset_id).review
    if ref is None:
        raise ValueError(f"{ruleset_id} has no review")
    return ref.load_as(Words)


@dataclass(frozen=True)
class Judgement:
    """One decision of the reviewed seat. `turn` indexes the match's turns; `best` the legal
    decisions of that moment (None: not judged, there being nothing to choose or the
    decision being one Hard makes by a fixed rule); the values are in the game's measure."""

    turn: int
    best: int | None = None
    played_value: float = 0.0
    best_value: float = 0.0
    worlds: int = 0
    sure: bool = False  # Hard's best is better than the move played beyond the search's noise

    @property
    def judged(self) -> bool:
        return self.best is not None

    @property
    def cost(self) -> float:
        """What the move played gave up against Hard's best (0 when it was as good)."""
        return max(0.0, self.best_value - self.played_value) if self.sure else 0.0

    def mistake(self, threshold: float) -> bool:
        return self.cost > threshold


def seat_turns(match: Reviewed, seat: int) -> list[int]:
    """The indices in `match.turns` of the decisions `seat` made."""
    return [index for index, turn in enumerate(turns_of(match)) if turn.seat == seat]


def turns_of(match: Reviewed) -> Sequence[Turn[Any, Any] | SeatTurn]:
    """The game's decisions, each with who made it and the state before it."""
    return match.turns


def judge(match: Reviewed, turn: int, player: SearchPlayer) -> Judgement:
    """Hard's judgement of the decision at `match.turns[turn]`, from its seat's view (not
    judged, if the decision is not known here)."""
    made = match.turns[turn]
    ruleset, state, seat = match.ruleset, made.state_before, made.seat
    legal = list(ruleset.legal(state))
    if made.decision is None or made.decision not in legal:
        return Judgement(turn)
    found = player.evaluate(ruleset.view(state, seat), legal, made.decision)
    if found is None:
        return Judgement(turn)
    played = found.decisions.index(made.decision)
    ranking = found.ranking()
    best = ranking[0]
    return Judgement(turn, best=legal.index(found.decisions[best]),
                     played_value=found.average(played), best_value=found.average(best),
                     worlds=found.worlds, sure=found.beyond_noise(best, played))


def analyse(match: Reviewed, seat: int, player: SearchPlayer, start: int = 0,
            cancelled: Callable[[], bool] = lambda: False) -> Iterator[Judgement]:
    """`seat`'s decisions judged in the order played, from its `start`-th on, until
    `cancelled` says to stop. Hard is shown the decisions before `start` too: it remembers
    what it saw before, as at the table."""
    for number, turn in enumerate(seat_turns(match, seat)):
        made = match.turns[turn]
        if number < start:
            if made.decision is not None:
                player.remember(match.ruleset.view(made.state_before, seat), made.decision)
            continue
        if cancelled():
            return
        yield judge(match, turn, player)


def reviewer(ruleset_id: str, seed: str, depth: Depth = DEFAULT_DEPTH,
             pool: SearchPool | None = None) -> SearchPlayer:
    """The Hard player that judges, seeded by the game so that a review can be made again."""
    player = adviser(ruleset_id, seed, budget=depth.seconds, workers=depth.workers, pool=pool)
    player.max_worlds = depth.worlds
    return player


def fingerprint(match: Match) -> str:
    """The game's digest: its ruleset, options and decisions (chance's included)."""
    ruleset = match.ruleset
    game = {"ruleset": ruleset.id, "options": ruleset.options_to_json(match.options),
            "log": [ruleset.decision_to_json(decision) for decision in match.decisions]}
    text = json.dumps(game, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def game_seed(match: Reviewed) -> str:
    """The same game is judged with the same dice (a seat's, told by its host: the same
    decisions of the seat's in the same number of events)."""
    if isinstance(match, Match):
        return fingerprint(match)[:16]
    ruleset = match.ruleset
    told = {"ruleset": ruleset.id, "seat": match.seat, "events": len(match.events),
            "own": [None if turn.decision is None else ruleset.decision_to_json(turn.decision)
                    for turn in match.turns if turn.seat == match.seat]}
    text = json.dumps(told, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class Mistake:
    """A costly decision in words."""

    turn: int
    moment: str
    played: str
    better: str
    cost: float
    sentence: str


def mistakes(match: Reviewed, judgements: Sequence[Judgement], words: Words,
             names: Sequence[str], most: int = 3) -> list[Mistake]:
    """The `most` costliest mistakes among `judgements`, costliest first."""
    costly = sorted((j for j in judgements if j.mistake(words.threshold)),
                    key=lambda j: j.cost, reverse=True)[:most]
    return [_in_words(match, judgement, words, names) for judgement in costly]


def _in_words(match: Reviewed, judgement: Judgement, words: Words,
              names: Sequence[str]) -> Mistake:
    made = match.turns[judgement.turn]
    assert judgement.best is not None
    best = match.ruleset.legal(made.state_before)[judgement.best]
    before = made.state_before
    played = words.phrase(made.decision, before, names)
    better = words.phrase(best, before, names)
    sentence = (f"{better[:1].upper()}{better[1:]} instead of {played} would have "
                f"{words.gain(judgement.cost)}.")
    return Mistake(judgement.turn, words.moment(made.state_before), played, better,
                   judgement.cost, sentence)
