"""Playing a finished game again: the same deal(s), or a new deal for the same players.

What a game is played again from is an `Again`: its rules and options, who sat where (each
seat's name, kind and level; at several tables, the same tables), and what chance drew at
each table, in order (the deals, the draws for the first player, the shuffles). It is taken
from the game's session once the game is over, so that the game's own session can close
(and let go of the autosave) before the new one starts.

"Replay this deal" is the whole game again from its first deal: chance gives the same
outcomes, in the order drawn. Where the players play differently, the rules may refuse an
outcome where it would come (in the bluffing games a draw from a deck that now holds other
cards); chance then gives the next outcome the rules accept of those still to come, and
draws anew only when none is accepted, so that every later deal is still the game's own
(`replayed_chance`). "New game with the same players" is the same seats and options with
a new deal.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from game.engine.errors import IllegalMove
from game.engine.match import ChanceSource, Match, seeded_chance
from game.engine.ruleset import Decision, Options, Ruleset, State
from game.engine.saves import Seat
from game.engine.tables import Split, TablesMatch, table_chance
from game.services.session import GameSession
from game.services.tables import TablesSession

Session = GameSession | TablesSession


@dataclass(frozen=True)
class Again:
    """A finished game, as it is played again: its rules, its options (a table's, or the
    match's at several tables), its seats, and chance's outcomes at each table in order."""

    ruleset: Ruleset
    options: Options  # the game's (one table), or the match's as JSON (several)
    seats: tuple[Seat, ...]
    drawn: tuple[tuple[Decision, ...], ...]  # chance's outcomes, a tuple a table
    split: Split | None = None  # who sat at which table, at several
    table_options: tuple[Options, ...] = ()  # each table's options, at several

    @classmethod
    def of(cls, session: Session) -> Again:
        """What `session`'s game is played again from."""
        if isinstance(session, TablesSession):
            match = session.match
            return cls(match.ruleset, dict(match.options), session.seats,
                       tuple(_drawn(game) for game in match.matches), match.split,
                       tuple(game.options for game in match.matches))
        return cls(session.match.ruleset, session.match.options, session.seats,
                   (_drawn(session.match),))


def _drawn(match: Match) -> tuple[Decision, ...]:
    """Chance's outcomes in a match's log, in order."""
    return tuple(decision for decision in match.decisions if decision.seat is None)


def replay_deal(again: Again, *, seed: int | None = None, autosave_path: Path | None = None,
                on_thinking_done: Callable[[], None] | None = None) -> Session:
    """The game again from its first deal, with the same chance (`replayed_chance`) and
    the same players; `seed` draws what chance must draw anew."""
    seed = seed if seed is not None else random.randrange(2**63)
    ruleset = again.ruleset
    if again.split is None:
        match = Match(ruleset, again.options,
                      chance=replayed_chance(ruleset, again.drawn[0], seeded_chance(ruleset, seed)))
        return GameSession(match, again.seats, autosave_path=autosave_path,
                           on_thinking_done=on_thinking_done)
    matches = [Match(ruleset, options, chance=replayed_chance(
                   ruleset, drawn, table_chance(ruleset, seed, table)))
               for table, (options, drawn) in enumerate(zip(again.table_options, again.drawn,
                                                            strict=True))]
    return TablesSession(TablesMatch(ruleset, again.options, again.split, matches), again.seats,
                         autosave_path=autosave_path, on_thinking_done=on_thinking_done)


def same_players(again: Again, *, seed: int | None = None, autosave_path: Path | None = None,
                 on_thinking_done: Callable[[], None] | None = None) -> Session:
    """A new game of the same players, seats, levels and options (at several tables, at
    the same tables), with a new deal drawn from `seed`."""
    seed = seed if seed is not None else random.randrange(2**63)
    ruleset = again.ruleset
    if again.split is None:
        match = Match(ruleset, again.options, chance=seeded_chance(ruleset, seed))
        return GameSession(match, again.seats, autosave_path=autosave_path,
                           on_thinking_done=on_thinking_done)
    match_of_tables = TablesMatch.new(ruleset, again.options, again.split.sizes, seed=seed,
                                      split=again.split)
    return TablesSession(match_of_tables, again.seats, autosave_path=autosave_path,
                         on_thinking_done=on_thinking_done)


def replayed_chance(ruleset: Ruleset, drawn: Sequence[Decision],
                    fresh: ChanceSource) -> ChanceSource:
    """Chance giving the outcomes `drawn` again, in order: each time, the first of those
    still to come that the rules accept here (those of its kind before it, which the game
    went past, are dropped); `fresh` draws when the rules accept none."""
    waiting = list(drawn)

    def draw(state: State) -> Decision | None:
        for index, outcome in enumerate(waiting):
            if _accepted(ruleset, state, outcome):
                kind = type(outcome)
                waiting[:index + 1] = [earlier for earlier in waiting[:index]
                                       if type(earlier) is not kind]
                return outcome
        return fresh(state)

    return draw


def _accepted(ruleset: Ruleset, state: State, outcome: Decision) -> bool:
    try:
        ruleset.decide(state, outcome)
    except IllegalMove:
        return False
    return True

