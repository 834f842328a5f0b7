"""The computer players of the bluffing games (`coup`, `coup-inquisitor`): always a legal
decision, of every kind the games ask for; fair play (the other players' face-down cards
and the deck dealt again among themselves, consistently with the view, change no
decision); and each level stronger than the one below in a short ladder
(benchmarks/coup_ladder.py runs it in full)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from game.ai.levels import levels_for, make_player
from game.engine.match import Match
from game.games import get_ruleset
from game.games.coup.ai.easy import EasyPlayer
from game.games.coup.ai.hard import HardPlayer
from game.games.coup.ai.medium import MediumPlayer
from game.games.coup.rules.charts import Action
from game.games.coup.rules.state import Phase, State
from game.services import simulate
from game.services.simulate import seeded_chance


def quick_hard(seed: int | str | None) -> HardPlayer:
    """Hard with a handful of imagined positions a decision, in this process: the same
    view always gets the same decision, and the tests stay quick."""
    return HardPlayer(seed, budget=60.0, workers=1, max_worlds=2)


PLAYERS: dict[str, Any] = {"easy": EasyPlayer, "medium": MediumPlayer, "hard": quick_hard}
TABLES = [("coup", 4, {}), ("coup", 3, {}), ("coup", 2, {"alternative_deal": True}),
          ("coup-inquisitor", 4, {}), ("coup-inquisitor", 2, {}),
          ("coup-inquisitor", 2, {"call_the_coup": False, "five_lives": False})]
LONGEST_GAME = 5000  # decisions: a game among computer players ends long before


def new_match(ruleset_id: str, players: int, options: dict[str, object], seed: int) -> Match:
    rules = get_ruleset(ruleset_id)
    parsed = rules.parse_options({"players": players, **options})
    return Match(rules, parsed, chance=seeded_chance(rules, seed))


def positions(ruleset_id: str, players: int, options: dict[str, object],
              seed: int) -> Iterator[State]:
    """Every position of a game played by random choices."""
    match, rng = new_match(ruleset_id, players, options, seed), random.Random(seed)
    while not match.pending.over:
        yield match.state
        match.submit(rng.choice(match.legal()))


def test_every_bluffing_game_has_every_level() -> None:
    for ruleset_id in ("coup", "coup-inquisitor"):
        assert set(levels_for(ruleset_id)) == {"random", "easy", "medium", "hard"}
        assert isinstance(make_player("easy", 1, ruleset=ruleset_id), EasyPlayer)
        assert isinstance(make_player("medium", 1, ruleset=ruleset_id), MediumPlayer)
        assert isinstance(make_player("hard", 1, ruleset=ruleset_id), HardPlayer)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_player_makes_every_kind_of_decision_and_only_legal_ones(level: str) -> None:
    """Whole games among players of the level, at every table size and option."""
    made: set[str] = set()
    for number, (ruleset_id, players, options) in enumerate(TABLES * 4):
        match = new_match(ruleset_id, players, options, 100 + number)
        table = [PLAYERS[level](f"{number}:{seat}") for seat in range(players)]
        for _ in range(LONGEST_GAME):
            if (pending := match.pending).over:
                break
            seat, legal = pending.seat, match.legal()
            assert seat is not None
            decision = table[seat].decide(match.view(seat), legal)
            assert decision in legal
            made.add(match.state.phase.value)
            if getattr(decision, "called", None) is not None:
                made.add("called coup")
            match.submit(decision)
        assert match.pending.over, "the game came to an end"
    assert made >= {phase.value for phase in Phase} - {"starter", "deal", "over", "shuffle"}
    assert "called coup" in made


def other_hidden_deal(state: State, seat: int, rng: random.Random) -> State:
    """The same position with the cards `seat` cannot see (the others' face-down cards,
    the deck, the alternative deal's discards) dealt again among the same places."""
    others = [other for other in range(state.players) if other != seat]
    pool = [*(card for other in others for card in state.hands[other]), *state.deck,
            *state.out_of_game]
    rng.shuffle(pool)
    hands = list(state.hands)
    for other in others:
        size = len(hands[other])
        hands[other], pool = tuple(pool[:size]), pool[size:]
    deck, out_of_game = tuple(pool[:len(state.deck)]), tuple(pool[len(state.deck):])
    turn = state.turn
    if turn is not None and turn.drawn:
        drawer = turn.target if turn.action is Action.COUP and turn.target is not None \
            else turn.actor
        if drawer != seat:
            turn = dataclasses.replace(turn, drawn=hands[drawer][-len(turn.drawn):])
    return dataclasses.replace(state, hands=tuple(hands), deck=deck,
                               out_of_game=out_of_game, turn=turn)


def fair_positions() -> Iterator[tuple[State, int]]:
    """Positions where a seat decides and nobody has shown it a card of another's."""
    for number, (ruleset_id, players, options) in enumerate(TABLES * 3):
        for state in positions(ruleset_id, players, options, 300 + number):
            rules = get_ruleset(ruleset_id)
            seat = rules.pending(state).seat
            shown_to_others = state.turn is not None and state.turn.shown is not None
            if seat is not None and not shown_to_others:
                yield state, seat


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_dealing_the_hidden_cards_again_changes_no_decision(level: str) -> None:
    rng = random.Random(5)
    checked = moved = 0
    for state, seat in fair_positions():
        rules = get_ruleset(state.variant.id)
        other = other_hidden_deal(state, seat, rng)
        assert rules.view(other, seat) == rules.view(state, seat)
        assert rules.legal(other) == rules.legal(state)
        moved += other.hands != state.hands or other.deck != state.deck
        first = PLAYERS[level](seat).decide(rules.view(state, seat), rules.legal(state))
        second = PLAYERS[level](seat).decide(rules.view(other, seat), rules.legal(other))
        assert first == second
        checked += 1
    assert checked > 300 and moved > checked // 2, "the hidden cards really moved"


def win_rate(ruleset_id: str, hero: str, others: str, games: int) -> tuple[float, float]:
    """`hero`'s share of the games won against three `others`, and its 95% margin."""
    summary = simulate.run({"players": 4}, games, seed=11, seats=(hero, others, others, others),
                           ruleset=ruleset_id)
    tally = summary.levels[hero]
    return tally.mean(), tally.margin()


@pytest.mark.parametrize("ruleset_id", ["coup", "coup-inquisitor"])
@pytest.mark.parametrize(("hero", "others"), [("easy", "random"), ("medium", "easy")])
def test_each_level_beats_three_of_the_one_below(ruleset_id: str, hero: str,
                                                 others: str) -> None:
    """Over 240 seeded four-player games the hero's whole 95% interval is above the even
    share of 25%."""
    rate, margin = win_rate(ruleset_id, hero, others, 240)
    assert rate - margin > 0.25


def test_two_medium_players_with_the_assassin_and_the_contessa_reach_the_end() -> None:
    """Both hold the Assassin and the Contessa: each assassination is blocked, and a player
    who kept paying three coins for it would never save the seven of a Coup (they once did,
    turn after turn, for ever)."""
    from game.games.coup.rules.charts import Character

    rules = get_ruleset("coup")
    assassin, contessa, duke = Character.ASSASSIN, Character.CONTESSA, Character.DUKE
    deck = [assassin, duke, duke, *[Character.CAPTAIN] * 3, *[Character.AMBASSADOR] * 3]
    state = dataclasses.replace(
        rules.new_game(rules.parse_options({"players": 3})), phase=Phase.ACTION, to_act=2,
        hands=((), (assassin, contessa), (assassin, contessa)),
        revealed=((duke, contessa), (), ()), coins=(3, 1, 3), deck=tuple(deck),
        round_wins=(0, 0, 0))
    players = {1: MediumPlayer(1), 2: MediumPlayer(2)}
    rng = random.Random(3)
    for _ in range(2000):
        seat = rules.pending(state).seat
        if rules.pending(state).over:
            break
        decision = rules.random_chance(state, rng) if seat is None else \
            players[seat].decide(rules.view(state, seat), rules.legal(state))
        state = rules.decide(state, decision).state
    assert rules.pending(state).over, "the round came to an end"
