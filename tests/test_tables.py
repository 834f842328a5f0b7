"""Six to eight players at two tables (RULES.md, end of section 1): the split drawn from the
seed, each table a complete and independent game, the standings across both tables (ties
share), and the session that plays both at once: computers, undo at one table, save and
load, the autosave, and no worker left behind."""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from test_ai_search import wait_until_gone, workers_running

from game.engine import saves
from game.engine.errors import MalformedEntry
from game.engine.match import Match
from game.engine.saves import Seat
from game.engine.tables import Split, TablesMatch, draw_split
from game.games import get_game, get_ruleset
from game.games.coup_detat.rules.charts import STARTING_CASH, deck_for
from game.games.coup_detat.rules.custody import CUSTODY
from game.games.coup_detat.rules.state import Debt
from game.services.catalogue import CATALOGUE
from game.services.session import GameSession
from game.services.tables import (
    TablesSession,
    at_several_tables,
    sizes_for,
    standings,
    tables_of,
    winners,
)
from game.services.tables import record as tables_record

RULES = get_ruleset("coup-detat")
SIZES = {6: (3, 3), 7: (4, 3), 8: (4, 4)}
NAMES = ("Ada", "Blaise", "Colette", "Denis", "Emile", "Fanny", "Gaston", "Hortense")


def computers(players: int, level: str = "random") -> list[Seat]:
    return [Seat(NAMES[seat], "computer", level) for seat in range(players)]


def play_at_random(match: TablesMatch, seed: int, decisions: int | None = None) -> None:
    """Random decisions at a table drawn at random among those still playing, until the
    match is over (or `decisions` more have been made)."""
    rng = random.Random(seed)
    made = 0
    while not match.over and (decisions is None or made < decisions):
        table = rng.choice([game for game in match.matches if not game.pending.over])
        table.submit(rng.choice(table.legal()))
        made += 1


def a_match(players: int = 7, seed: int = 1, short_game: bool = True) -> TablesMatch:
    return TablesMatch.new(RULES, {"players": players, "short_game": short_game},
                           SIZES[players], seed=seed)


# The split ---------------------------------------------------------------------------------


def test_the_game_is_played_at_two_tables_by_six_seven_or_eight() -> None:
    assert tables_of("coup-detat") is not None
    assert {players: sizes_for("coup-detat", players) for players in (6, 7, 8)} == SIZES
    assert [at_several_tables("coup-detat", n) for n in range(2, 10)] == \
        [False, False, False, False, True, True, True, False]
    for players in (4, 5, 9):
        with pytest.raises(ValueError, match=f"{players} players"):
            sizes_for("coup-detat", players)
    assert {6, 7, 8} <= set(get_game("coup-detat").player_counts())


@pytest.mark.parametrize("players", [6, 7, 8])
def test_the_split_seats_every_player_once_at_tables_of_the_rules_sizes(players: int) -> None:
    for seed in range(10):
        split = a_match(players, seed).split
        assert split.sizes == SIZES[players] and split.players == players
        assert sorted(seat for table in split.tables for seat in table) == list(range(players))
        for seat in range(players):
            table, local = split.place(seat)
            assert split.seat(table, local) == seat


@pytest.mark.parametrize("players", [6, 7, 8])
def test_the_split_is_drawn_from_the_seed(players: int) -> None:
    assert a_match(players, 5).split == a_match(players, 5).split
    assert len({a_match(players, seed).split for seed in range(6)}) > 1
    assert draw_split(SIZES[players], random.Random(3)) == \
        draw_split(SIZES[players], random.Random(3))


def test_each_tables_seat_order_is_drawn_too() -> None:
    """Not the match's order: the first Director is then drawn at each table as usual."""
    splits = [a_match(8, seed).split for seed in range(20)]
    assert any(list(table) != sorted(table) for split in splits for table in split.tables)
    assert len({split.tables[0][0] for split in splits}) > 2, "anyone may sit first"


@pytest.mark.parametrize(("tables", "why"), [
    (((0, 1, 2), (2, 3, 4)), "a seat twice"),
    (((0, 1, 2), (3, 4, 6)), "a seat missing"),
    (((0, 1, 2, 3, 4, 5),), "one table"),
    (((0, 1, 2), ()), "an empty table"),
    (((), ()), "nobody"),
    (((-1, 0, 1), (2, 3, 4)), "a seat below 0"),
])
def test_a_split_that_does_not_seat_everyone_once_at_two_tables_is_refused(
        tables: tuple[tuple[int, ...], ...], why: str) -> None:
    with pytest.raises(ValueError, match="seats every player once"):
        Split(tables)


def test_a_seat_the_split_does_not_hold_has_no_place() -> None:
    with pytest.raises(ValueError, match="no seat 6"):
        Split(((0, 1, 2), (3, 4, 5))).place(6)


def test_a_split_given_must_seat_the_sizes_of_the_rules() -> None:
    """7 play 4 + 3: a split of 3 + 4 (or 5 + 2) would make a save no program loads."""
    for tables in (((0, 1, 2), (3, 4, 5, 6)), ((0, 1, 2, 3, 4), (5, 6))):
        with pytest.raises(ValueError, match="tables of 4 \\+ 3 players"):
            TablesMatch.new(RULES, {"players": 7}, (4, 3), seed=1, split=Split(tables))
    split = Split(((6, 5, 4, 3), (2, 1, 0)))
    assert TablesMatch.new(RULES, {"players": 7}, (4, 3), seed=1, split=split).split is split


def test_a_match_needs_a_game_for_each_table() -> None:
    match = a_match(6)
    with pytest.raises(ValueError, match="2 tables need as many matches"):
        TablesMatch(RULES, match.options, match.split, match.matches[:1])


# Each table a complete, independent game ------------------------------------------------------


@pytest.mark.parametrize(("players", "short_game"), [(6, True), (7, False), (8, True)])
def test_each_table_plays_a_complete_game_of_its_own(players: int, short_game: bool) -> None:
    match = a_match(players, seed=players, short_game=short_game)
    assert match.options == {"players": players, "short_game": short_game}
    assert [game.players for game in match.matches] == list(SIZES[players])
    assert all(game.options.short_game is short_game for game in match.matches)
    play_at_random(match, seed=players)
    assert match.over and match.progress() == "Match over at both tables"
    hands = 3 if short_game else 6
    for game in match.matches:
        state = game.state
        assert state.winners, "each table has its own winners"
        assert state.round_index == game.players - 1, "rounds: the players at that table"
        assert len(state.played_this_round) == hands
        assert sum(state.money) + state.treasury == STARTING_CASH * game.players


def test_a_table_of_three_plays_with_the_pack_of_three() -> None:
    match = a_match(7, seed=2)
    play_at_random(match, seed=2, decisions=60)  # both tables are dealt by then
    for game in match.matches:
        hand = game.state.hand
        assert hand is not None
        assert Counter(CUSTODY.everywhere(game.state)) == Counter(deck_for(game.players).cards)
    assert [len(deck_for(game.players).cards) for game in match.matches] == [33, 25]


def test_the_tables_share_the_short_or_full_option_and_refuse_a_bad_one() -> None:
    with pytest.raises(MalformedEntry):
        TablesMatch.new(RULES, {"players": 6, "short_game": "yes"}, (3, 3), seed=1)


def test_what_happens_at_one_table_changes_nothing_at_the_other() -> None:
    """Both tables play at once: the order in which their decisions come does not matter,
    and each table's deals come from the match's seed whatever the other does."""
    finished = []
    for order in range(3):
        match = a_match(7, seed=4, short_game=True)
        by_table = [random.Random(table) for table in range(2)]  # each table's players
        interleave = random.Random(order)
        while not match.over:
            table = interleave.choice([t for t, game in enumerate(match.matches)
                                       if not game.pending.over])
            game = match.matches[table]
            game.submit(by_table[table].choice(game.legal()))
        finished.append([game.state for game in match.matches])
    assert finished[0] == finished[1] == finished[2]


def test_a_table_waits_for_nothing_at_the_other() -> None:
    """One table may finish while the other has not begun."""
    match = a_match(6, seed=8)
    first, second = match.matches
    rng = random.Random(8)
    untouched, turns = second.state, len(second.turns)  # the Director drawn, no more
    while not first.pending.over:
        first.submit(rng.choice(first.legal()))
    assert not match.over and second.state is untouched and len(second.turns) == turns
    assert winners(match) == ()
    while not second.pending.over:
        second.submit(rng.choice(second.legal()))
    assert match.over and winners(match)


# The standings across the tables ------------------------------------------------------------


def expected_places(scores: list[int]) -> list[int]:
    """1 + how many have more: equal scores share a place."""
    return [1 + sum(other > score for other in scores) for score in scores]


@pytest.mark.parametrize("players", [6, 7, 8])
def test_the_standings_compare_every_players_final_worth_across_the_tables(
        players: int) -> None:
    match = a_match(players, seed=30 + players)
    play_at_random(match, seed=players)
    ranked = standings(match)
    assert sorted(standing.seat for standing in ranked) == list(range(players))
    for standing in ranked:
        table, local = match.split.place(standing.seat)
        assert standing.table == table
        assert standing.score == match.matches[table].state.worth(local)
    scores = [standing.score for standing in ranked]
    assert scores == sorted(scores, reverse=True)
    assert [standing.place for standing in ranked] == expected_places(scores)
    best = max(scores)
    assert winners(match) == tuple(sorted(s.seat for s in ranked if s.score == best))


def test_worth_counts_the_loans_owed_at_the_players_own_table() -> None:
    """Worth as defined: money, less what he owes, plus what he is owed, at his own table.
    (Loans are rare between random players: the end of a table is built here.)"""
    match = a_match(7, seed=1)
    play_at_random(match, seed=1)
    big, small = match.matches
    big.state = replace(big.state, money=(9_000, 12_000, 4_000, 15_000),
                        debts=(Debt(debtor=2, lender=1, owed=4_800),))
    small.state = replace(small.state, money=(11_000, 3_000, 16_000),
                          debts=(Debt(debtor=1, lender=0, owed=2_400),
                                 Debt(debtor=2, lender=0, owed=1_200)))
    worth = {match.split.seat(0, local): value
             for local, value in enumerate((9_000, 16_800, -800, 15_000))}
    worth |= {match.split.seat(1, local): value
              for local, value in enumerate((14_600, 600, 14_800))}
    ranked = standings(match)
    assert {standing.seat: standing.score for standing in ranked} == worth
    assert [standing.score for standing in ranked] == \
        [16_800, 15_000, 14_800, 14_600, 9_000, 600, -800]
    assert winners(match) == (match.split.seat(0, 1),)


def test_at_the_start_everyone_shares_first_place_but_nobody_has_won() -> None:
    match = a_match(7, seed=3)
    ranked = standings(match)
    assert {(standing.score, standing.place) for standing in ranked} == {(STARTING_CASH, 1)}
    assert [standing.seat for standing in ranked] == list(range(7)), "seat order among equals"
    assert winners(match) == ()


def test_equal_worth_at_the_two_tables_shares_the_win(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first seat at each table ends with the best worth, the same: both win; the
    others share third place."""
    match = a_match(6, seed=5)

    def worth(state: object, local: int) -> int:
        return 9_000 if local == 0 else 4_000

    monkeypatch.setattr("game.games.coup_detat.services.records.final_worth", worth)
    assert winners(match) == (), "no winner until both tables are over"
    first = match.matches[0]
    rng = random.Random(5)
    while not first.pending.over:
        first.submit(rng.choice(first.legal()))
    assert winners(match) == ()
    play_at_random(match, seed=5)
    leaders = {match.split.seat(0, 0), match.split.seat(1, 0)}
    ranked = standings(match)
    assert [standing.place for standing in ranked] == [1, 1, 3, 3, 3, 3]
    assert {(standing.seat, standing.table) for standing in ranked[:2]} == \
        {(match.split.seat(0, 0), 0), (match.split.seat(1, 0), 1)}
    assert winners(match) == tuple(sorted(leaders))


def test_a_tie_between_players_of_one_table_shares_the_win_too(
        monkeypatch: pytest.MonkeyPatch) -> None:
    match = a_match(7, seed=6)
    monkeypatch.setattr("game.games.coup_detat.services.records.final_worth",
                        lambda state, local: 5_000 if local < 2 else 100 * local)
    play_at_random(match, seed=6)
    big = match.split.tables[0]  # the table of four: its seats 0 and 1 lead
    assert winners(match) == tuple(sorted(big[:2] + match.split.tables[1][:2]))
    assert [standing.place for standing in standings(match)] == [1, 1, 1, 1, 5, 6, 6]


def test_a_person_has_won_the_match_only_among_the_matchs_winners() -> None:
    """The statistics count the match as won when a person is among the match's winners:
    winning his own table is not enough."""
    match = a_match(7, seed=10)
    with pytest.raises(ValueError, match="not over"):
        tables_record(match, [0])
    play_at_random(match, seed=10)
    [champion] = winners(match)
    table_winners = {match.split.seat(table, local)
                     for table, game in enumerate(match.matches) for local in game.state.winners}
    [beaten] = table_winners - {champion}  # he won his table, not the match
    assert not tables_record(match, [beaten]).human_won
    assert tables_record(match, [champion]).human_won
    both = tables_record(match, [beaten, champion])  # a person at each table
    worth = {standing.seat: standing.score for standing in standings(match)}
    assert both.human_won and both.best == worth[champion]
    assert tables_record(match, [beaten]).best == worth[beaten]


def test_a_person_sharing_the_win_has_won(monkeypatch: pytest.MonkeyPatch) -> None:
    match = a_match(6, seed=5)
    monkeypatch.setattr("game.games.coup_detat.services.records.final_worth",
                        lambda state, local: 9_000 if local == 0 else 4_000)
    play_at_random(match, seed=5)
    assert tables_record(match, [match.split.seat(1, 0)]).human_won
    assert not tables_record(match, [match.split.seat(1, 1)]).human_won


# The session: both tables at one screen or headless ----------------------------------------


def step_computers(session: TablesSession, done: Callable[[], bool],
                   tables: tuple[int, ...] = (0, 1), seconds: float = 60) -> None:
    """Let the computers of `tables` play until `done()`."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the computers must get to play"
        if not any([session.tables[table].computer_step(ready=True) for table in tables]):
            time.sleep(0.0005)


def test_two_tables_of_computers_play_to_the_end_headless() -> None:
    session = TablesSession.new("coup-detat", {"players": 6, "short_game": True},
                                computers(6), seed=9)
    try:
        assert [table.seats for table in session.tables] == [
            tuple(session.seats[seat] for seat in seats) for seats in session.match.split.tables]
        step_computers(session, lambda: session.over)
        assert all(table.over for table in session.tables)
        assert session.standings() == standings(session.match)
        assert session.winners() and session.winners() == winners(session.match)
    finally:
        session.close()


def a_person_at_each_table(seed: int = 12, autosave_path: Path | None = None) -> TablesSession:
    """Six at two tables: Ada (seat 0) sits first at table 1, Denis (seat 3) at table 2."""
    seats = computers(6)
    seats[0], seats[3] = Seat("Ada", "human"), Seat("Denis", "human")
    return TablesSession.new("coup-detat", {"players": 6, "short_game": True}, seats,
                             seed=seed, split=Split(((0, 1, 2), (3, 4, 5))),
                             autosave_path=autosave_path)


def to_the_person(session: TablesSession, table: int) -> None:
    """Computers play at `table` until its person (seat 0 there) is to act."""
    step_computers(session, lambda: session.tables[table].to_act == 0, tables=(table,))


def test_each_player_acts_at_his_own_table() -> None:
    session = a_person_at_each_table()
    try:
        assert session.human_seats == (0, 3)
        assert [session.place(seat) for seat in (0, 3)] == [(0, 0), (1, 0)]
        assert session.seat_of(1, 0) == 3
        assert [table.human_seats for table in session.tables] == [(0,), (0,)]
    finally:
        session.close()


def test_undo_at_one_table_leaves_the_other_as_it_is() -> None:
    session = a_person_at_each_table()
    try:
        first, second = session.tables
        for _ in range(50):  # a decision of Ada's that she may take back
            to_the_person(session, 0)
            before = first.match.state
            first.submit(first.match.legal()[0])
            if first.match.can_undo(0):
                break
        else:
            pytest.fail("Ada could never take a decision back")
        to_the_person(session, 1)
        second.submit(second.match.legal()[-1])
        to_the_person(session, 1)
        there = (second.match.state, len(second.match.turns), second.match.rewinds)
        assert first.undo(0)
        assert first.match.state == before and first.to_act == 0
        assert (second.match.state, len(second.match.turns), second.match.rewinds) == there
        assert second.match.state is there[0]
        assert second.match.can_undo(0), "Denis may still take back his own decision"
    finally:
        session.close()


def test_save_and_load_in_the_middle_of_both_tables_and_play_on(tmp_path: Path) -> None:
    session = TablesSession.new("coup-detat", {"players": 7, "short_game": True},
                                computers(7), seed=21)
    try:
        step_computers(session, lambda: all(len(table.match.turns) > 40
                                            for table in session.tables))
        session.save(tmp_path / "match.json", "Seven of us")
        states = [table.match.state for table in session.tables]
    finally:
        session.close()
    loaded = saves.read(tmp_path / "match.json", catalogue=CATALOGUE)
    assert isinstance(loaded, saves.SavedTables) and not loaded.over
    assert [game.state for game in loaded.tables.matches] == states
    assert loaded.tables.split == session.match.split
    assert loaded.tables.options == session.match.options
    assert loaded.seats == session.seats
    assert json.loads((tmp_path / "match.json").read_text())["name"] == "Seven of us"
    again = TablesSession.resume(loaded, seed=5)
    try:
        step_computers(again, lambda: again.over)
        assert again.winners()
    finally:
        again.close()


def read_autosave(path: Path) -> saves.SavedTables:
    loaded = saves.read(path, catalogue=CATALOGUE)
    assert isinstance(loaded, saves.SavedTables)
    return loaded


def autosaved_states(path: Path) -> list[object] | None:
    if not path.exists():
        return None
    return [game.state for game in read_autosave(path).tables.matches]


def wait_for_autosave(path: Path, session: TablesSession) -> None:
    deadline = time.monotonic() + 10
    wanted = [table.match.state for table in session.tables]
    while autosaved_states(path) != wanted:
        assert time.monotonic() < deadline, "the autosave holds the match as it is"
        time.sleep(0.01)


def to_a_checkpoint(table: GameSession) -> None:
    """Computers play at `table` alone until a checkpoint (a trick won, a deal...) after
    its first ten decisions."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        events = table.computer_step(ready=True)
        if len(table.match.turns) > 10 and any(map(RULES.checkpoint, events)):
            return
        if not events:
            time.sleep(0.0005)
    pytest.fail("no checkpoint came")


def test_the_match_is_autosaved_at_the_checkpoints_of_either_table(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    session = TablesSession.new("coup-detat", {"players": 7}, computers(7), seed=2,
                                autosave_path=path)
    try:
        wait_for_autosave(path, session)  # a new match can be continued at once
        for table in (1, 0):  # a checkpoint at the second table, then one at the first
            to_a_checkpoint(session.tables[table])
            wait_for_autosave(path, session)
        states = [table.match.state for table in session.tables]
    finally:
        session.close()
    assert [game.state for game in read_autosave(path).tables.matches] == states
    assert read_autosave(path).seats == session.seats


def test_an_undo_at_one_table_is_in_the_matchs_autosave(tmp_path: Path) -> None:
    """Ada takes back the card that ended a trick (a checkpoint, autosaved); Denis's
    table has played on. The autosave holds both tables as they are, the card taken back
    and the other table's computers' moves made since its last checkpoint."""
    path = tmp_path / "autosave.json"
    session = a_person_at_each_table(autosave_path=path)
    try:
        first, second = session.tables
        for _ in range(100):
            to_the_person(session, 0)
            events = first.submit(first.match.legal()[0])
            if any(map(RULES.checkpoint, events)) and first.match.can_undo(0):
                break
        else:
            pytest.fail("Ada's decision never came to a checkpoint she could take back")
        second.submit(second.match.legal()[0])  # Denis, then his table's computers
        step_computers(session, lambda: not any(map(RULES.checkpoint, second.match.events[-1:]))
                       and second.to_act == 0, tables=(1,))
        assert first.undo(0)
        decisions = [table.match.decisions for table in session.tables]
    finally:
        session.close()
    assert [game.decisions for game in read_autosave(path).tables.matches] == decisions


def test_closing_the_session_leaves_no_worker_process_behind() -> None:
    before = workers_running()
    seats = computers(6, "easy")
    seats[1], seats[4] = Seat("Blaise", "computer", "hard"), Seat("Emile", "computer", "hard")
    session = TablesSession.new("coup-detat", {"players": 6}, seats, seed=11)
    assert all(table.search_pool is session.search_pool for table in session.tables)
    deadline = time.monotonic() + 60
    while not session.search_pool.started and time.monotonic() < deadline:
        time.sleep(0.01)
    assert session.search_pool.started, "the Hard seats search in worker processes"
    started = workers_running() - before
    assert started
    session.close()
    assert session.search_pool.closed
    assert not wait_until_gone(started)


def test_a_table_closing_alone_leaves_the_shared_pool_and_autosave_to_the_match(
        tmp_path: Path) -> None:
    session = TablesSession.new("coup-detat", {"players": 6}, computers(6), seed=1,
                                autosave_path=tmp_path / "autosave.json")
    session.tables[0].close()
    assert not session.search_pool.closed
    step_computers(session, lambda: len(session.tables[1].match.turns) > 5, tables=(1,))
    session.close()
    assert session.search_pool.closed
    assert read_autosave(tmp_path / "autosave.json").tables.split == session.match.split


def test_a_session_needs_a_seat_for_every_player() -> None:
    with pytest.raises(ValueError, match="7 seats are needed, not 6"):
        TablesSession(a_match(7), computers(6))


def test_a_match_is_replayed_table_by_table_from_its_decisions() -> None:
    match = a_match(8, seed=13, short_game=False)
    play_at_random(match, seed=13, decisions=400)
    for game in match.matches:
        assert Match.replay(RULES, game.options, game.decisions).state == game.state
