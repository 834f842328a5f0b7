"""The review of a game: each decision of a seat judged by Hard from that seat's view,
where the money went, the costliest decisions in words, kept on disk beside the saves,
and `coup-detat review SAVE --seat N`."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from game.ai.levels import make_player
from game.cli import main
from game.engine import saves
from game.engine.match import Match, seeded_chance
from game.engine.saves import Seat
from game.games import get_ruleset
from game.games.coup_detat.rules.charts import STARTING_CASH
from game.services import review, review_store, reviewing
from game.services.catalogue import CATALOGUE
from game.services.review import HAND, ROUND, TRICK, Depth, Judgement

SAMPLES = Path(__file__).resolve().parent.parent / "saves"
QUICK = Depth(seconds=30.0, worlds=8, workers=1)  # a few deals a decision, in this process
GAMES = {"coup-detat": {"players": 3, "short_game": True},
         "coup-detat-duel": {"players": 2},
         "coup": {"players": 4},
         "coup-inquisitor": {"players": 3}}


pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py: a home of the test's own


def played(ruleset_id: str, seed: int = 3) -> Match:
    """A complete game between Medium players."""
    rules = get_ruleset(ruleset_id)
    match = Match(rules, rules.parse_options(GAMES[ruleset_id]),
                  chance=seeded_chance(rules, seed))
    players = [make_player("medium", f"{seed}:{seat}", ruleset=ruleset_id)
               for seat in range(match.players)]
    while not (pending := match.pending).over:
        seat = pending.seat
        assert seat is not None
        match.submit(players[seat].decide(match.view(seat), match.legal()))
    return match


def names_of(match: Match) -> list[str]:
    return [f"Player {seat}" for seat in range(match.players)]


@pytest.mark.parametrize("ruleset_id", list(GAMES))
def test_every_decision_of_the_seat_is_judged_and_a_mistake_is_one_hard_is_sure_of(
        ruleset_id: str) -> None:
    match = played(ruleset_id)
    run = reviewing.ReviewRun(match, 1, QUICK)
    run.run()
    assert run.complete and run.done == run.total == len(review.seat_turns(match, 1)) > 5
    assert [j.turn for j in run.judgements] == review.seat_turns(match, 1)
    words = review.words_for(ruleset_id)
    judged = [j for j in run.judgements if j.judged]
    assert judged, "a whole game leaves some choices"
    for judgement in run.judgements:
        made = match.turns[judgement.turn]
        legal = match.ruleset.legal(made.state_before)
        assert made.seat == 1
        if not judgement.judged:
            continue
        assert judgement.best is not None and 0 <= judgement.best < len(legal)
        assert judgement.best_value >= judgement.played_value or not judgement.sure
        assert judgement.cost >= 0
        if judgement.mistake(words.threshold):
            assert judgement.sure and judgement.cost > words.threshold
            assert legal[judgement.best] != made.decision


@pytest.mark.parametrize("ruleset_id", list(GAMES))
def test_the_review_is_told_in_words_and_in_json(ruleset_id: str) -> None:
    match = played(ruleset_id, seed=5)
    run = reviewing.ReviewRun(match, 0, QUICK)
    run.run()
    names = names_of(match)
    told = reviewing.told(run, names)
    report = reviewing.report(run, names)
    assert json.loads(json.dumps(report)) == report
    assert report["reviewed"] == report["decisions"] == run.total
    assert len(report["judged"]) == run.total  # type: ignore[arg-type]
    for line in report["ledger"]:  # type: ignore[attr-defined]
        assert line in told
    for costly in report["costliest"]:  # type: ignore[attr-defined]
        assert costly["words"] in told and " instead of " in costly["words"]
        assert costly["words"].endswith(".") and costly["words"][0].isupper()
    assert "Player 0's decisions (seat 0)" in told


def test_a_judgement_depends_on_the_seats_view_alone() -> None:
    """Two opponents' hidden hands swapped: the seat sees the same, Hard judges the same."""
    match = played("coup-detat", seed=7)
    for turn in review.seat_turns(match, 0)[4:40]:
        state = match.turns[turn].state_before
        hand = state.hand
        if hand is None or len(hand.hands[1]) != len(hand.hands[2]):
            continue
        hands = (hand.hands[0], hand.hands[2], hand.hands[1])
        other = dataclasses.replace(state, hand=dataclasses.replace(hand, hands=hands))
        ruleset = match.ruleset
        assert ruleset.view(other, 0) == ruleset.view(state, 0)
        twin = Match(ruleset, match.options)
        twin.turns = [*match.turns[:turn], dataclasses.replace(match.turns[turn],
                                                               state_before=other)]
        mine, theirs = (review.judge(game, turn, review.reviewer(
            "coup-detat", "same seed", QUICK)) for game in (match, twin))
        assert mine == theirs
        return
    raise AssertionError("no position with two hidden hands of a size")


def test_the_1966_ledger_adds_up_to_the_change_in_worth() -> None:
    saved = saves.read(SAMPLES / "complete-game-4-players.json", catalogue=CATALOGUE)
    match = saved.match
    words = review.words_for("coup-detat")
    for seat in range(match.players):
        lines = words.ledger(match, seat, names_of(match))
        *causes, last = lines
        total = sum(int(line.rsplit(": ", 1)[1].replace("−", "-").replace(",", "")
                        .removesuffix("\u00a0F")) for line in causes)
        assert total == match.state.worth(seat) - STARTING_CASH
        assert last.startswith(f"From {STARTING_CASH:,}\u00a0F to a worth of")


def test_a_finished_review_is_kept_and_opens_without_thinking(
        monkeypatch: pytest.MonkeyPatch) -> None:
    match = played("coup-detat-duel")
    first = reviewing.ReviewRun(match, 0, QUICK)
    first.run()
    assert first.problem is None and review_store.review_path(match).is_file()

    def no_thinking(*args: object, **kwargs: object) -> None:
        raise AssertionError("a kept review was judged again")

    monkeypatch.setattr(reviewing, "reviewer", no_thinking)
    again = reviewing.ReviewRun(match, 0, QUICK)
    assert again.complete and again.judgements == first.judgements
    again.run()
    assert reviewing.ReviewRun(match, 1, QUICK).done == 0, "the other seat is its own review"
    assert reviewing.ReviewRun(match, 0, Depth(seconds=30.0, worlds=9, workers=1)).done == 0, \
        "a review of another depth is made again"


def test_a_review_kept_for_a_game_does_not_serve_another() -> None:
    match = played("coup-detat-duel")
    reviewing.ReviewRun(match, 0, QUICK).run()
    shorter = Match.replay(match.ruleset, match.options, match.decisions[:-3])
    assert review_store.review_path(shorter) != review_store.review_path(match)
    assert reviewing.ReviewRun(shorter, 0, QUICK).done == 0


@pytest.mark.parametrize("damage", [
    "not json", "[]", '{"format": "coup-detat-review"}', "replace best", "replace turn",
    "replace worlds", "longer"])
def test_a_damaged_kept_review_is_judged_again(damage: str) -> None:
    match = played("coup-detat-duel")
    run = reviewing.ReviewRun(match, 0, QUICK)
    run.run()
    path = review_store.review_path(match)
    data = json.loads(path.read_text())
    entries = data["seats"]["0"]["judgements"]
    judged = next(entry for entry in entries if entry[1] is not None)
    if damage.startswith("replace"):
        field = {"best": 1, "turn": 0, "worlds": 4}[damage.split()[1]]
        judged[field] = {"best": 999, "turn": judged[0] + 1, "worlds": "many"}[damage.split()[1]]
        text = json.dumps(data)
    elif damage == "longer":
        entries.append(entries[-1])
        text = json.dumps(data)
    else:
        text = damage
    path.write_text(text)
    again = reviewing.ReviewRun(match, 0, QUICK)
    assert again.done == 0
    again.run()
    assert again.complete and again.problem is None
    assert review_store.load(match, 0, QUICK) is not None, "written anew over the damage"


def test_a_review_that_cannot_be_written_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk, or a folder it may not write in."""
    def full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(review_store.files, "write_atomically", full)
    match = played("coup-detat-duel")
    run = reviewing.ReviewRun(match, 0, QUICK)
    run.run()
    assert run.complete and run.problem is not None and "the disk is full" in run.problem
    assert run.problem in reviewing.told(run, names_of(match))


def test_a_cancelled_review_keeps_what_it_judged_and_goes_on_from_there() -> None:
    match = played("coup", seed=4)
    run = reviewing.ReviewRun(match, 0, QUICK)
    seen: list[Judgement] = []

    def judged(judgement: Judgement) -> None:
        seen.append(judgement)
        if len(seen) == 3:
            run.cancel()

    run.run(judged=judged)
    assert run.done == 3 and not run.complete and run.problem is None
    resumed = reviewing.ReviewRun(match, 0, QUICK)
    assert resumed.judgements == seen and not resumed.complete
    resumed.run()
    assert resumed.complete and resumed.judgements[:3] == seen
    assert [j.turn for j in resumed.judgements] == review.seat_turns(match, 0)


def test_the_command_line_reviews_a_sample_save(capsys: pytest.CaptureFixture[str]) -> None:
    path = SAMPLES / "short-game-3-players.json"
    assert main(["review", str(path), "--seat", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["seat"] == 1 and report["name"] == "Brigitte" and report["complete"]
    assert report["measure"] == "francs"
    assert main(["review", str(path)]) == 0  # the first person's seat, in words
    told = capsys.readouterr().out
    assert "Antoine's decisions (seat 0)" in told and "Where Antoine's francs went:" in told


def test_a_seat_at_two_tables_is_reviewed_in_his_tables_game() -> None:
    saved = saves.read(SAMPLES / "two-tables-7-players.json", catalogue=CATALOGUE)
    seat = 5
    table, there = saved.tables.split.place(seat)
    chosen = reviewing.seat_in(saved, seat)
    assert chosen.match is saved.tables.matches[table] and chosen.seat == there
    assert chosen.names[there] == saved.seats[seat].name


@pytest.mark.parametrize(("arguments", "said"), [
    (["--seat", "4"], "this save has seats 0 to 2, not 4"),
    (["--seat", "x"], "a whole number"),
])
def test_the_command_line_refuses_a_seat_the_save_has_not(
        arguments: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = SAMPLES / "short-game-3-players.json"
    with pytest.raises(SystemExit) as refused:  # argparse's own refusals end this way
        assert main(["review", str(path), *arguments]) == 2
        raise SystemExit(2)
    assert refused.value.code == 2
    assert said in capsys.readouterr().err


def test_the_command_line_refuses_a_damaged_save(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "coup-detat-save", "version": 3')
    assert main(["review", str(path)]) == 2
    error = capsys.readouterr().err
    assert "broken.json" in error and "Traceback" not in error


def test_a_save_written_and_read_is_reviewed_as_the_game_itself(tmp_path: Path) -> None:
    match = played("coup-inquisitor", seed=6)
    path = tmp_path / "game.json"
    seats = tuple(Seat(name, "computer", "medium") for name in names_of(match))
    saves.write(path, match, seats)
    loaded = saves.read(path, catalogue=CATALOGUE)
    assert review.fingerprint(loaded.match) == review.fingerprint(match)


def test_every_decision_of_the_bluffing_games_is_said_in_words() -> None:
    """The review's column names each decision a seat makes, never by its class."""
    from game.games.coup.rules import decisions as bluff
    from game.games.coup.rules.charts import Action, Character
    from game.games.coup.services.review import phrase

    rules = get_ruleset("coup-inquisitor")
    state = Match(rules, rules.parse_options({"players": 3}),
                  chance=seeded_chance(rules, 1)).state
    duke, captain = Character.DUKE, Character.CAPTAIN
    decisions = (
        bluff.TakeAction(0, Action.STEAL, 1), bluff.TakeAction(0, Action.TAX),
        bluff.Challenge(0), bluff.Allow(0), bluff.Block(0, duke), bluff.Reveal(0, duke),
        bluff.Lose(0, duke), bluff.Keep(0, (duke, captain)), bluff.Swap(0, None),
        bluff.Swap(0, duke), bluff.Show(0, duke), bluff.ForceDraw(0, True),
        bluff.ForceDraw(0, False), bluff.ReturnCards(0, (duke, captain)))
    said = [phrase(decision, state, ["Ada", "Bob", "Cy"]) for decision in decisions]
    assert said[0] == "stealing from Bob"
    assert "keeping the Duke and the Captain" in said
    assert "returning the Duke and the Captain to the deck" in said
    assert not {type(decision).__name__.lower() for decision in decisions} & set(said)
    assert len(set(said)) == len(said)


@pytest.mark.parametrize(("cost", "said"), [(0.12, "12\u00a0chances in 100"),
                                            (0.01, "1\u00a0chance in 100"),
                                            (0.002, "1\u00a0chance in 100")])
def test_a_cost_in_chances_is_counted_in_words(cost: float, said: str) -> None:
    assert review.points(cost) == said


def test_the_place_steps_by_decision_trick_hand_and_round_without_a_window() -> None:
    from game.services.review_place import ReviewPlace

    match = played("coup-detat", 3)
    place = ReviewPlace(match, review.words_for(match.ruleset.id), seat=0)
    assert place.turn == place.seat_turns[0]
    for level in (TRICK, HAND, ROUND):
        assert place.starts[level][0] == place.moves[0]
        assert set(place.starts[ROUND]) <= set(place.starts[level]) <= set(place.moves)
    place.go(HAND, 1)
    second_hand = place.turn
    assert second_hand == place.starts[HAND][1]
    place.go(0, -1)
    assert place.turn == max(m for m in place.moves if m < second_hand)
    place.go(HAND, -1)
    assert place.turn == place.starts[HAND][0]
    place.go_to(10**6)
    assert place.turn == len(match.turns) and place.state is match.state
    place.go(0, 1)
    assert place.turn == len(match.turns), "nothing after the end"
