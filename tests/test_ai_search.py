"""The search every Hard player shares: its worker processes start when a search is shared
and end with whoever owns them (a table, a run of games, a player left to itself), so none
is left behind; the search names no game, and no computer player names a game's id."""

from __future__ import annotations

import ast
import multiprocessing
import time
from pathlib import Path

import pytest
from test_coup_detat_ai_hard import decisions_to_try

from game.ai.levels import adviser, make_player
from game.ai.search import SearchPool, search
from game.engine.saves import Seat
from game.games import GAMES, get_ruleset
from game.games.coup_detat.ai.hard import HardPlayer, Playouts
from game.services import simulate
from game.services.session import GameSession

RULES = get_ruleset("coup-detat")
AI = Path(__file__).resolve().parent.parent / "game" / "ai"


def a_position() -> tuple[Playouts, list[object]]:
    state, seat = next(decisions_to_try(1, 54))
    return Playouts.of(RULES.view(state, seat)), list(RULES.legal(state))


def workers_running() -> set[int]:
    return {process.pid for process in multiprocessing.active_children()}


def wait_until_gone(pids: set[int], seconds: float = 20.0) -> set[int]:
    """The processes of `pids` still running after at most `seconds`."""
    deadline = time.monotonic() + seconds
    while pids & workers_running() and time.monotonic() < deadline:
        time.sleep(0.05)
    return pids & workers_running()


# The pool ------------------------------------------------------------------------------------


def test_one_seed_is_searched_here_and_starts_no_worker() -> None:
    policy, legal = a_position()
    with SearchPool(2) as pool:
        found = pool.search(policy, legal, [7], 60.0, 6)
        assert not pool.started
    assert found == search(policy, legal, 7, 60.0, 6)


def test_a_shared_search_is_the_workers_searches_merged() -> None:
    policy, legal = a_position()
    before = workers_running()
    with SearchPool(2) as pool:
        found = pool.search(policy, legal, [7, 8], 60.0, 12)
        assert pool.started and workers_running() - before
    assert found == search(policy, legal, 7, 60.0, 6).merged(search(policy, legal, 8, 60.0, 6))


def test_shutting_the_pool_ends_its_workers_and_may_be_repeated() -> None:
    policy, legal = a_position()
    before = workers_running()
    pool = SearchPool(2)
    pool.search(policy, legal, [1, 2], 60.0, 4)
    started = workers_running() - before
    assert started
    pool.shutdown()
    pool.shutdown()
    assert pool.closed and not pool.started
    assert not wait_until_gone(started)


def test_a_shut_pool_searches_here_and_starts_no_worker_again() -> None:
    policy, legal = a_position()
    pool = SearchPool(2)
    pool.shutdown()
    found = pool.search(policy, legal, [7, 8], 60.0, 6)
    assert not pool.started
    assert found == search(policy, legal, 7, 60.0, 6)


# Who owns the pool ---------------------------------------------------------------------------


def test_a_hard_player_without_a_pool_ends_its_own_when_closed() -> None:
    state, seat = next(decisions_to_try(1, 54))
    player = HardPlayer(4, budget=0.05, workers=2)
    player.decide(RULES.view(state, seat), RULES.legal(state))
    assert player.pool.started
    player.close()
    assert player.pool.closed


def test_a_hard_player_leaves_a_pool_it_was_given_to_its_owner() -> None:
    with SearchPool(2) as pool:
        player = make_player("hard", 1, budget=0.05, ruleset="coup-detat", pool=pool)
        assert isinstance(player, HardPlayer) and player.pool is pool
        player.close()
        assert not pool.closed


def test_every_game_has_an_adviser_that_shares_the_pool_it_is_given() -> None:
    with SearchPool(2) as pool:
        for game_id in GAMES:
            assert adviser(game_id, 1, budget=0.01, pool=pool).pool is pool


def test_a_table_with_a_hard_seat_leaves_no_worker_behind() -> None:
    before = workers_running()
    seats = [Seat("Ada", "computer", "hard"), Seat("Blaise", "computer", "easy"),
             Seat("Colette", "computer", "easy"), Seat("Denis", "computer", "easy")]
    session = GameSession.new("coup-detat", {"players": 4}, seats, seed=11)
    deadline = time.monotonic() + 60
    while not session.search_pool.started and time.monotonic() < deadline:
        session.computer_step()
        time.sleep(0.01)
    assert session.search_pool.started, "the Hard seat searched in worker processes"
    started = workers_running() - before
    session.close()
    assert session.search_pool.closed
    assert not wait_until_gone(started)


def test_a_table_with_a_hard_seat_starts_its_workers_before_the_first_search() -> None:
    """The first Hard decision does not wait for spawned processes to start."""
    before = workers_running()
    seats = [Seat("Ada", "human"), Seat("Blaise", "computer", "hard"),
             Seat("Colette", "computer", "easy"), Seat("Denis", "computer", "easy")]
    session = GameSession.new("coup-detat", {"players": 4}, seats, seed=11)
    try:
        assert session.search_pool.started
        assert workers_running() - before
    finally:
        session.close()
    easy_only = GameSession.new("coup-detat", {"players": 4},
                                [Seat("Ada", "human"), *[Seat(name, "computer", "easy")
                                 for name in ("Blaise", "Colette", "Denis")]], seed=11)
    assert not easy_only.search_pool.started, "no Hard seat: no process until a hint"
    easy_only.close()


def test_a_run_of_simulated_games_leaves_no_worker_behind() -> None:
    before = workers_running()
    summary = simulate.run({"players": 3, "short_game": True}, 1, 5,
                           seats=["hard", "random", "random"], budget=0.005, workers=2)
    assert summary.games == 1
    assert not wait_until_gone(workers_running() - before)


# What the search and the players name --------------------------------------------------------


def imported_modules(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("path", sorted((AI / "search").glob("*.py")), ids=lambda p: p.name)
def test_the_search_names_no_game(path: Path) -> None:
    assert {module for module in imported_modules(path)
            if module.startswith("game.") and not module.startswith("game.ai.search")} \
        <= {"game.cards"}


@pytest.mark.parametrize("path", sorted(AI.rglob("*.py")), ids=lambda p: str(p.relative_to(AI)))
def test_no_computer_player_names_a_game_id(path: Path) -> None:
    words = {node.value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    assert not words & set(GAMES), "the registry knows the games' ids"
