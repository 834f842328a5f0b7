"""A game at the table: the match, who sits where, computer players thinking off the
render loop, and the autosave.

Nothing here draws. The window (or a test) calls `submit` for a human's decision and
`computer_step` every frame; a computer's decision is computed in a worker thread from
that seat's view and applied only when the caller says the table is ready for it.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from game.ai import Player
from game.ai.bot import DEFAULT_TIME_LIMIT, ExecPlayer
from game.ai.levels import levels_for, make_player
from game.ai.search import DEFAULT_BUDGET, SearchPlayer, SearchPool
from game.engine import saves
from game.engine.match import Match, seeded_chance
from game.engine.ruleset import Decision, Event, Ruleset
from game.engine.saves import Seat
from game.formats.support import final_result, formats_of
from game.games import get_ruleset
from game.services.hints import HINT_BUDGET, Hints, Position
from game.system import files, paths
from game.system.files import why_unwritten, write_atomically
from game.system.locks import FileLock

HUMAN, COMPUTER = "human", "computer"
FRIEND = "friend"  # New game's choice of a seat for a friend on another machine (never saved)


def playing_level(level: str, ruleset_id: str) -> str:
    """The level a computer seat plays at: a saved bot's command is never saved, so it
    plays Easy; a level not built for this ruleset yet plays at random."""
    level = "easy" if level == "bot" else level
    return level if level in levels_for(ruleset_id) else "random"


KEPT_ELSEWHERE = ("Your game is not autosaved: another Coup d'État window is playing and "
                  "keeps the autosave")
"""The trouble told when another copy of the program, on the same folders, holds the
autosave: writing it would overwrite that copy's game without a word."""


class Autosave:
    """A game's autosave, written in the background (the disk may be slow), its trouble
    told in a sentence for the player.

    It is written at every decision, undo and redo, so that Continue brings back the game
    exactly as the player left it: every move the table has shown, a computer's too, is
    in it (a computer's choice is never drawn again), and so is every undo. What is
    handed over is a snapshot taken at once (`saves.snapshot`: quick on the render
    thread); its text is made here, in the writer's thread. Writes that come faster than
    the disk takes them are folded into one: the newest.

    The two spares (`autosave-1.json`, `autosave-2.json`) hold earlier checkpoints, in
    case the newest is damaged: they move back one place only at a `checkpoint` write (a
    new game, a trick or a turn ended, a deal...), so that the newest holds the game as it
    came to the last checkpoint and what was played since, `-1` the game as it stood just
    before that checkpoint, `-2` just before the one before. Between two checkpoints the
    newest is written over in place, and writing at every decision leaves the spares as
    they were. A checkpoint write that failed moves them at the next write instead."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = FileLock(path.with_name(f"{path.stem}.lock"))  # one window writes it
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        self._latest: Future[str | None] | None = None  # the latest autosave written
        self._problem: str | None = None  # why the last one written failed
        self._guard = threading.Lock()
        self._waiting: tuple[Callable[[], str], bool] | None = None  # the next to write
        self._spares_owed = False  # a checkpoint write failed: the spares move at the next

    def write(self, text: str | Callable[[], str], *, checkpoint: bool = True) -> None:
        """Write `text` (or the text a snapshot makes) as the newest autosave; at a
        `checkpoint`, the spares move back one place first."""
        made = text if callable(text) else (lambda: text)
        with self._guard:
            waiting = self._waiting
            self._waiting = (made, checkpoint or (waiting is not None and waiting[1]))
            if waiting is None:  # else the write already asked for takes the newest
                self._latest = self._writer.submit(self._write_waiting)

    def claim(self) -> None:
        """Hold the autosave for this window without writing it (yet): another window that
        holds it is told at once, as a trouble."""
        self._latest = self._writer.submit(self._claim)

    def _claim(self) -> str | None:
        return None if self._lock.acquire() else KEPT_ELSEWHERE

    def _write_waiting(self) -> str | None:
        with self._guard:
            waiting, self._waiting = self._waiting, None
        assert waiting is not None
        made, checkpoint = waiting
        return self._write(made(), checkpoint)

    def _write(self, text: str, checkpoint: bool) -> str | None:
        """Write the autosave; None when it is written, else what the player is told."""
        if not self._lock.acquire():
            return KEPT_ELSEWHERE
        spares_move = checkpoint or self._spares_owed
        try:
            write_atomically(self.path, text,
                             keep=paths.PREVIOUS_AUTOSAVES if spares_move else 0)
        except OSError as error:
            self._spares_owed = spares_move
            return f"Your game could not be saved: {why_unwritten(error)}"
        self._spares_owed = False
        return None

    def trouble(self) -> str | None:
        """Why the game is not saved, as the last autosave written found (the disk full,
        read-only...); None once an autosave is written."""
        latest = self._latest
        if latest is not None and latest.done():
            self._problem = latest.result()
        return self._problem

    def settled(self, timeout: float | None = None) -> str | None:
        """The trouble once the latest autosave asked for is written (or failed)."""
        latest = self._latest
        if latest is not None:
            latest.exception(timeout)  # waits; a writer's trouble is a result, not raised
        return self.trouble()

    def close(self) -> None:
        """Stop the writer once a pending autosave is written, and let another window
        write the autosave."""
        self._writer.shutdown(wait=True)
        self._lock.release()


@dataclass(frozen=True)
class _Request:
    """A computer's decision being computed, and the position it was asked for."""

    seat: int
    moment: tuple[int, int]  # the match's when asked
    future: Future[Decision]


class GameSession:
    keeps_game = True  # the game is this machine's: it saves it, and may play it again

    def __init__(
        self,
        match: Match,
        seats: Sequence[Seat],
        *,
        players: Mapping[int, Player] | None = None,
        autosave_path: Path | None = None,
        on_thinking_done: Callable[[], None] | None = None,
        search_pool: SearchPool | None = None,
        autosave: Autosave | None = None,
        document: Callable[[str | None], Callable[[], str]] | None = None,
        autosave_now: bool = True,
        computers_seed: int | None = None,
    ) -> None:
        """`search_pool`, `autosave` and `document` are handed over by a match of several
        tables, whose tables share them: the pool, the autosave, and the save of the whole
        match (a snapshot, `saves.snapshot`, of what `dumps` writes; by default, this
        table's game). `autosave_now`: write the autosave at once (a new game, or a loaded
        one that Continue should carry on), not only at the next decision. `computers_seed`:
        the computers choose the same each time (None: differently each game)."""
        if len(seats) != match.players:
            raise ValueError(f"{match.players} seats are needed, not {len(seats)}")
        self.match = match
        self.seats = tuple(seats)
        self.players: dict[int, Player] = dict(players or {})
        self._owns = search_pool is None and autosave is None  # else the match of tables does
        # the Hard players' and the hints' worker processes
        self.search_pool = search_pool if search_pool is not None else SearchPool()
        for seat, info in enumerate(self.seats):
            if info.kind == COMPUTER and seat not in self.players:
                seed = None if computers_seed is None else f"{computers_seed}:{seat}"
                self.players[seat] = self._computer(info.level, seed=seed)
        if any(isinstance(player, SearchPlayer) for player in self.players.values()):
            self.search_pool.warm()  # the first Hard decision need not wait for workers
        self.autosave = autosave if autosave is not None else (
            Autosave(autosave_path) if autosave_path is not None else None)
        self._document = document
        self.on_thinking_done = on_thinking_done
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer")
        self._request: _Request | None = None
        self.hints = Hints(match.ruleset.id, self._executor, self.search_pool,
                           on_thinking_done)
        self.notes: list[str] = []  # what the table's log should say besides the game
        self.elsewhere: frozenset[int] = frozenset()
        """Persons' seats decided on other machines (friends at a table this one hosts):
        their decisions come from there, and this screen never shows their cards."""
        self._furthest_checkpoint = len(match.turns)  # the spares hold the game before it
        if self.autosave is not None and autosave is None:
            if autosave_now:  # a new game can be continued at once
                self.autosave.write(self._snapshot(), checkpoint=True)
            else:
                self.autosave.claim()

    def _computer(self, level: str, budget: float = DEFAULT_BUDGET,
                  seed: str | None = None) -> Player:
        """A computer player of `level` for this game (at random if not built for it)."""
        ruleset = self.match.ruleset.id
        return make_player(playing_level(level, ruleset), seed, ruleset=ruleset,
                           pool=self.search_pool, budget=budget)

    # Starting -------------------------------------------------------------------------------
    @classmethod
    def new(cls, ruleset_id: str, options: Mapping[str, object], seats: Sequence[Seat],
            *, seed: int | None = None, players: Mapping[int, Player] | None = None,
            autosave_path: Path | None = None,
            on_thinking_done: Callable[[], None] | None = None,
            computers_seed: int | None = None) -> GameSession:
        ruleset = get_ruleset(ruleset_id)
        seed = seed if seed is not None else random.randrange(2**63)
        match = Match(ruleset, ruleset.parse_options(options), chance=seeded_chance(ruleset, seed))
        return cls(match, seats, players=players, autosave_path=autosave_path,
                   on_thinking_done=on_thinking_done, computers_seed=computers_seed)

    @classmethod
    def resume(cls, saved: saves.SavedGame, *, seed: int | None = None,
               autosaved: bool = False, autosave_path: Path | None = None,
               on_thinking_done: Callable[[], None] | None = None) -> GameSession:
        """Carry on a loaded game; the deals still to come are drawn afresh. `autosaved`:
        the game was read from the newest autosave, which is written again only if a deal
        was drawn now (else reopening a game twice would push every earlier autosave out
        with copies of the same moment)."""
        match = saved.match
        match.chance = seeded_chance(match.ruleset, seed)
        drawn = match.advance()
        return cls(match, saved.seats, autosave_now=bool(drawn) or not autosaved,
                   autosave_path=autosave_path, on_thinking_done=on_thinking_done)

    # Reading ---------------------------------------------------------------------------------
    @property
    def ruleset(self) -> Ruleset:
        return self.match.ruleset

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def human_seats(self) -> tuple[int, ...]:
        """The persons at this screen (not those `elsewhere`)."""
        return tuple(seat for seat, info in enumerate(self.seats)
                     if info.kind == HUMAN and seat not in self.elsewhere)

    def is_human(self, seat: int | None) -> bool:
        """Is `seat` a person's (here or elsewhere): no computer decides for it."""
        return seat is not None and self.seats[seat].kind == HUMAN

    @property
    def to_act(self) -> int | None:
        return self.match.pending.seat

    @property
    def over(self) -> bool:
        return self.match.pending.over

    @property
    def thinking(self) -> int | None:
        """The computer seat whose decision is being computed, if any."""
        request = self._request
        return request.seat if request is not None and not request.future.done() else None

    # Deciding ---------------------------------------------------------------------------------
    def submit(self, decision: Decision) -> list[Event]:
        """Apply a decision (a human's, usually); `IllegalMove` leaves everything as it was."""
        events = self.match.submit(decision)
        self._after(events)
        return events

    def computer_step(self, ready: bool = True) -> list[Event]:
        """Start a computer's thinking as soon as it must act; apply its decision once it is
        computed and `ready` (the table has shown what came before). The new events."""
        seat = self.to_act
        if seat is None or self.is_human(seat):
            return []
        request = self._current_request()
        if request is None or request.seat != seat:
            self._ask(seat)
            return []
        if not (ready and request.future.done()):
            return []
        self._request = None
        return self.submit(self._outcome(request.future, seat))

    def _outcome(self, future: Future[Decision], seat: int) -> Decision:
        """The computer's decision; should it fail (a bug), a legal move, and a note."""
        try:
            return future.result()
        except Exception as error:  # the game must go on, whatever broke
            self.notes.append(f"The computer at seat {seat} failed ({error!r}); "
                              "it plays a legal move instead.")
            return self.match.legal()[0]

    def _current_request(self) -> _Request | None:
        """The pending request, unless the game moved on (an undo) since it was made."""
        request = self._request
        if request is None:
            return None
        if request.moment != self.match.moment:
            self._request = None
            return None
        return request

    def _ask(self, seat: int) -> None:
        # The view and the legal decisions are made in the computer's thread too: a duel's
        # every way of setting cards aside (over a thousand) held the window's frame.
        future = self._executor.submit(_decided, self.players[seat], self.ruleset,
                                       self.match.state, seat)
        if self.on_thinking_done is not None:
            callback = self.on_thinking_done
            future.add_done_callback(lambda _: callback())
        self._request = _Request(seat, self.match.moment, future)

    # Hints --------------------------------------------------------------------------------------
    @property
    def _position(self) -> Position:
        return self.match.moment

    @property
    def can_hint(self) -> bool:
        """Is there a Hard player for this game to ask?"""
        return self.hints.available

    def ask_hint(self, budget: float = HINT_BUDGET) -> None:
        """Ask the Hard player, in the worker, what it would do in the seat to act's place."""
        seat = self.to_act
        if seat is not None:
            self.hints.ask(self._position, self.match.view(seat), self.match.legal(), budget)

    def hint(self) -> tuple[Decision, str] | None:
        """The hint for the present position, once it is ready."""
        return self.hints.found(self._position, self.match.legal())

    @property
    def hinting(self) -> bool:
        return self.hints.thinking(self._position)

    def undo(self, seat: int) -> bool:
        """Take back `seat`'s last decision (and all after it); autosaved at once, so that
        Continue brings back the position taken back to."""
        undone = self.match.undo(seat)
        if undone:
            self._autosave(checkpoint=False)
        return undone

    def redo(self, seat: int) -> bool:
        """Play again what `seat`'s last undo took back; autosaved at once."""
        redone = self.match.redo(seat)
        if redone:
            self._autosave(checkpoint=False)
        return redone

    # Saving ------------------------------------------------------------------------------------
    def dumps(self, name: str | None = None) -> str:
        """The save of the game (of the whole match, at a table of several) as text."""
        return self._snapshot(name)()

    def _snapshot(self, name: str | None = None) -> Callable[[], str]:
        if self._document is not None:
            return self._document(name)
        return saves.snapshot(self.match, self.seats, name=name)

    def save(self, path: Path, name: str | None = None) -> None:
        """Save the game at `path`, under the `name` the player gave it."""
        files.write_atomically(path, self.dumps(name))

    def _after(self, events: list[Event]) -> None:
        """Autosave after every decision: a move once made may be shown at once, and what
        the table has shown is part of the game (Continue never decides it again)."""
        self._autosave(checkpoint=any(map(self.ruleset.checkpoint, events)))

    def _autosave(self, *, checkpoint: bool) -> None:
        """Write the game as it stands in the background (`Autosave`). Only a checkpoint
        beyond any the game had come to moves the spares back: a trick taken back and won
        again, here or after Continue, leaves them holding earlier moments."""
        if self.autosave is None:
            return
        reached = len(self.match.turns)
        further = checkpoint and reached > self._furthest_checkpoint
        if further:
            self._furthest_checkpoint = reached
        self.autosave.write(self._snapshot(), checkpoint=further)

    def autosave_trouble(self) -> str | None:
        """Why the game is not saved (the disk full, read-only...), in a sentence for the
        player; None once an autosave is written."""
        return self.autosave.trouble() if self.autosave is not None else None

    def seat_bot(self, seat: int, command: str, time_limit: float = DEFAULT_TIME_LIMIT) -> None:
        """Let an outside program play `seat` (docs/BOT_PROTOCOL.md)."""
        self.players[seat] = ExecPlayer(
            command, seat=seat, ruleset=self.ruleset, options=self.match.options,
            history=lambda: formats_of(self.ruleset.id).protocol.seat_history(self.match, seat),
            time_limit=time_limit, log=self.notes.append)

    def close(self) -> None:
        """Let outside programs go, stop the worker threads and processes (a pending autosave
        is still written)."""
        for player in self.players.values():
            if isinstance(player, ExecPlayer):
                player.finish(final_result(self.match))
        self._executor.shutdown(wait=False, cancel_futures=True)
        if self._owns:
            self.search_pool.shutdown(wait=False)  # a search under way ends within its budget
            if self.autosave is not None:
                self.autosave.close()


def _decided(player: Player, ruleset: Ruleset, state: object, seat: int) -> Decision:
    """`player`'s decision at `seat` in `state`, from his own seat's view only."""
    return player.decide(ruleset.view(state, seat), list(ruleset.legal(state)))
