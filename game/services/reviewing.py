"""A review in the making, and told: what was kept of it at once, the rest judged decision
by decision (in a thread of the window's, or straight through from the command line), and
the whole in words or JSON (`coup-detat review SAVE --seat N`)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.ai.search import SearchPool
from game.engine.match import Match
from game.engine.saves import Saved, SavedTables
from game.engine.texts import quoted
from game.rules.words import counted
from game.services import review_store
from game.services.review import (
    DEFAULT_DEPTH,
    Depth,
    Judgement,
    Reviewed,
    Words,
    analyse,
    game_seed,
    mistakes,
    reviewer,
    seat_turns,
    words_for,
)


@dataclass(frozen=True)
class Chosen:
    """The game a seat played in a save (at two tables, his table's), his seat there, and
    the names of that game's players."""

    match: Match
    seat: int
    names: list[str]


def seat_in(saved: Saved, seat: int | None) -> Chosen:
    """`seat`'s game in `saved` (None: the first person's seat, else the first);
    `ValueError` saying why not, for a seat the save does not have or a game without a
    review."""
    kinds = [entry.kind for entry in saved.seats]
    if seat is None:
        seat = kinds.index("human") if "human" in kinds else 0
    if not 0 <= seat < len(saved.seats):
        raise ValueError(f"this save has seats 0 to {len(saved.seats) - 1}, not {quoted(seat)}")
    words_for(saved.ruleset.id)  # refuses a game without a review
    if isinstance(saved, SavedTables):
        table, there = saved.tables.split.place(seat)
        seated = saved.tables.split.tables[table]
        return Chosen(saved.tables.matches[table], there,
                      [saved.seats[number].name for number in seated])
    return Chosen(saved.match, seat, [entry.name for entry in saved.seats])


@dataclass
class ReviewRun:
    """One seat's review: `judgements` grows as the analysis goes (read it from any
    thread), `complete` once every decision is judged; `problem` says why the review could
    not be kept on disk, if it could not. A seat's game told by its host is not kept: this
    machine has not the game's fingerprint (its decisions), only what the seat saw."""

    match: Reviewed
    seat: int
    depth: Depth = DEFAULT_DEPTH
    judgements: list[Judgement] = field(default_factory=list)
    complete: bool = False
    problem: str | None = None
    _stop: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        kept = review_store.load(self.match, self.seat, self.depth) \
            if isinstance(self.match, Match) else None
        if kept is not None:
            self.judgements = list(kept.judgements)
            self.complete = kept.complete
        self.total = len(seat_turns(self.match, self.seat))

    @property
    def done(self) -> int:
        return len(self.judgements)

    @property
    def stopped(self) -> bool:
        """Asked to stop (`cancel`), and not yet to go on."""
        return self._stop.is_set()

    def run(self, pool: SearchPool | None = None,
            judged: Callable[[Judgement], None] = lambda judgement: None) -> None:
        """Judge the decisions not judged yet, until done or cancelled (this takes a while:
        run it in a thread beside a window), then keep the review on disk."""
        if self.complete:
            return
        player = reviewer(self.match.ruleset.id, game_seed(self.match), self.depth, pool)
        try:
            for judgement in analyse(self.match, self.seat, player, start=self.done,
                                     cancelled=self._stop.is_set):
                self.judgements.append(judgement)
                judged(judgement)
            self.complete = self.done == self.total
        finally:
            player.close()
            if isinstance(self.match, Match):
                self.problem = review_store.keep(self.match, self.seat, self.depth,
                                                 self.judgements, self.complete)

    def cancel(self) -> None:
        """Stop after the decision being judged (the judgements so far are kept)."""
        self._stop.set()

    def resume(self) -> None:
        """Let a cancelled review be run again, from where it stopped."""
        self._stop.clear()


def report(run: ReviewRun, names: Sequence[str]) -> dict[str, object]:
    """The review as JSON: each decision judged, where the money went, the costliest."""
    match, seat = run.match, run.seat
    assert isinstance(match, Match)  # a saved game's
    words = words_for(match.ruleset.id)
    decisions = [_decision_json(match, judgement, words, names)
                 for judgement in run.judgements]
    return {"ruleset": match.ruleset.id, "seat": seat, "name": names[seat],
            "measure": words.measure, "threshold": words.threshold,
            "complete": run.complete, "reviewed": run.done, "decisions": run.total,
            "judged": decisions, "ledger": words.ledger(match, seat, names),
            "costliest": [{"turn": m.turn, "moment": m.moment, "cost": round(m.cost, 3),
                           "words": m.sentence}
                          for m in mistakes(match, run.judgements, words, names)],
            **({"not_kept": run.problem} if run.problem else {})}


def _decision_json(match: Match, judgement: Judgement, words: Words,
                   names: Sequence[str]) -> dict[str, object]:
    made = match.turns[judgement.turn]
    entry: dict[str, object] = {"turn": judgement.turn,
                                "moment": words.moment(made.state_before),
                                "played": words.phrase(made.decision, made.state_before, names)}
    if judgement.judged:
        assert judgement.best is not None
        best = match.ruleset.legal(made.state_before)[judgement.best]
        entry |= {"best": words.phrase(best, made.state_before, names),
                  "played_value": round(judgement.played_value, 3),
                  "best_value": round(judgement.best_value, 3),
                  "cost": round(judgement.cost, 3), "worlds": judgement.worlds,
                  "mistake": judgement.mistake(words.threshold)}
    return entry


def told(run: ReviewRun, names: Sequence[str]) -> str:
    """The review in words, for a terminal."""
    match, seat = run.match, run.seat
    words = words_for(match.ruleset.id)
    name = names[seat]
    judged = [j for j in run.judgements if j.judged]
    lines = [f"{match.ruleset.title}: {name}'s decisions (seat {seat}) judged by the Hard "
             f"player, from {name}'s view only.",
             f"{len(judged)} of {counted(run.total, 'decision')} judged (the others left "
             f"nothing to choose, or follow a fixed rule)" + ("." if run.complete else
                                                    f"; {run.total - run.done} not yet."),
             "", f"{words.ledger_title.format(name=name)}:",
             *(f"  {line}" for line in words.ledger(match, seat, names))]
    costliest = mistakes(match, run.judgements, words, names)
    if costliest:
        lines += ["", "The costliest decisions:"]
        lines += [f"  {number}. {m.moment}: {m.sentence}"
                  for number, m in enumerate(costliest, start=1)]
    marked = [j for j in judged if j.mistake(words.threshold)]
    lines += ["", f"Decisions that cost more than {words.size(words.threshold)}: "
                  f"{len(marked)}"]
    for judgement in marked:
        made = match.turns[judgement.turn]
        assert judgement.best is not None
        best = match.ruleset.legal(made.state_before)[judgement.best]
        lines.append(f"  {words.moment(made.state_before)}: "
                     f"{words.phrase(made.decision, made.state_before, names)} "
                     f"({words.figure(judgement.played_value)}); Hard: "
                     f"{words.phrase(best, made.state_before, names)} "
                     f"({words.figure(judgement.best_value)})")
    if run.problem:
        lines += ["", run.problem]
    return "\n".join(lines)
