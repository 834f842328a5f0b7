"""The computer players of the game for two: what they know is sound, they always choose a
legal decision of every kind, redealing the cards they cannot see changes nothing they do
(Hard: nothing it imagines), hints explain themselves, and each level beats the one below."""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Iterator

import pytest

from game.ai.levels import adviser, levels_for, make_player
from game.ai.random_player import RandomPlayer
from game.ai.search import search
from game.cards import JOKER
from game.engine.match import Match, seeded_chance
from game.games import get_ruleset
from game.games.coup_detat_duel.ai.easy import EasyPlayer
from game.games.coup_detat_duel.ai.hard import DuelHardPlayer, Playouts, describe
from game.games.coup_detat_duel.ai.knowledge import BASTILLE, SET_ASIDE, knowledge
from game.games.coup_detat_duel.ai.medium import MediumPlayer
from game.games.coup_detat_duel.ai.worlds import guess, resample
from game.games.coup_detat_duel.rules.decisions import (
    ChooseHandType,
    KeepQuiet,
    PlayCard,
    SetAside,
)
from game.games.coup_detat_duel.rules.state import Phase, State
from game.services import simulate

RULES = get_ruleset("coup-detat-duel")
DUEL = "coup-detat-duel"
LEVELS: dict[str, Callable[[str], object]] = {
    "random": RandomPlayer, "easy": EasyPlayer, "medium": MediumPlayer,
    "hard": lambda seed: DuelHardPlayer(seed, budget=60.0, workers=1, max_worlds=12)}


def positions(seed: int, every: int = 1, level: str = "random") -> Iterator[State]:
    """Positions of a game between two players of `level`, every few decisions."""
    match = Match(RULES, RULES.parse_options({"players": 2}), chance=seeded_chance(RULES, seed))
    players = [LEVELS[level](f"{seed}:{seat}") for seat in range(2)]
    step = 0
    while not match.pending.over:
        seat = match.pending.seat
        assert seat is not None
        if step % every == 0:
            yield match.state
        match.submit(players[seat].decide(match.view(seat), match.legal()))  # type: ignore[attr-defined]
        step += 1


def seated(seed: int, every: int = 1, level: str = "random") -> Iterator[tuple[State, int]]:
    for state in positions(seed, every, level):
        seat = RULES.pending(state).seat
        if seat is not None:
            yield state, seat


def real_place(state: State, seat: int, card: object) -> int:
    hand = state.hand
    assert hand is not None
    rival = 1 - seat
    if card in hand.hands[rival]:
        return rival
    return SET_ASIDE if card in hand.set_aside[rival] else BASTILLE


def other_hidden_deal(state: State, seat: int, rng: random.Random) -> State:
    """The same position with the cards `seat` cannot see dealt again, consistently with
    everything he has seen."""
    return resample(RULES.view(state, seat), rng)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_what_a_seat_infers_is_true_of_the_real_deal(seed: int) -> None:
    for state, seat in seated(seed, level="medium"):
        known = knowledge(RULES.view(state, seat))
        for place in known.places:
            really = [card for card in known.unseen
                      if real_place(state, seat, card) == place.holder]
            assert len(really) == place.size
            assert not set(really) & place.forbidden, (place, state.phase)


@pytest.mark.parametrize("seed", [4, 5])
def test_an_imagined_deal_looks_the_same_from_the_seat(seed: int) -> None:
    rng = random.Random(seed)
    for state, seat in seated(seed, level="easy"):
        other = other_hidden_deal(state, seat, rng)
        assert RULES.view(other, seat) == RULES.view(state, seat)
        assert set(RULES.legal(other)) == set(RULES.legal(state))


@pytest.mark.parametrize("level", ["easy", "medium"])
@pytest.mark.parametrize("seed", [6, 7])
def test_a_player_always_chooses_a_legal_decision(level: str, seed: int) -> None:
    player = LEVELS[level](f"{seed}")
    kinds = set()
    for state, seat in seated(seed, level="random"):
        legal = RULES.legal(state)
        decision = player.decide(RULES.view(state, seat), legal)  # type: ignore[attr-defined]
        assert decision in legal
        kinds.add(type(decision))
    assert {SetAside, ChooseHandType, PlayCard} <= kinds


def decisions_made(seed: int, level: str) -> Iterator[tuple[State, object]]:
    """Each position of a game between two players of `level`, with what was decided."""
    match = Match(RULES, RULES.parse_options({"players": 2}), chance=seeded_chance(RULES, seed))
    players = [LEVELS[level](f"{seed}:{seat}") for seat in range(2)]
    while not match.pending.over:
        seat = match.pending.seat
        assert seat is not None
        state = match.state
        decision = players[seat].decide(match.view(seat), match.legal())  # type: ignore[attr-defined]
        yield state, decision
        match.submit(decision)


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_every_kind_of_decision_is_made_by_each_level(level: str) -> None:
    """Over a few games between equals: announcing JOKER and keeping quiet, naming the
    hand, the exchange, tricks (JOKER led as a suit), Dominoes (JOKER laid)."""
    kinds: set[str] = set()
    for seed in range(8, 16):
        for state, decision in decisions_made(seed, level):
            kinds.add(type(decision).__name__)
            if isinstance(decision, PlayCard) and decision.card is JOKER:
                dominoes = state.hand is not None and state.hand.dominoes is not None
                kinds.add("JOKER laid" if dominoes else
                          "JOKER led" if decision.suit is not None else "JOKER followed")
    assert {"AnnounceCoup", "KeepQuiet", "ChooseHandType", "SetAside", "PlayCard",
            "JOKER led", "JOKER laid"} <= kinds, kinds


def test_hard_always_chooses_a_legal_decision_of_every_kind() -> None:
    player = DuelHardPlayer(1, budget=0.01, workers=1)
    phases = set()
    for state, seat in seated(15, every=3, level="medium"):
        legal = RULES.legal(state)
        assert player.decide(RULES.view(state, seat), legal) in legal
        phases.add(state.phase)
    assert {Phase.CHOOSE, Phase.EXCHANGE, Phase.PLAY} <= phases


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_redealing_the_hidden_cards_changes_no_decision(level: str) -> None:
    rng = random.Random(16)
    checked = changed = 0
    for seed in (17, 18, 19):
        for state, seat in seated(seed, level="medium"):
            other = other_hidden_deal(state, seat, rng)
            changed += other.hand.hands != state.hand.hands  # type: ignore[union-attr]
            first = LEVELS[level](f"{seed}").decide(  # type: ignore[attr-defined]
                RULES.view(state, seat), RULES.legal(state))
            second = LEVELS[level](f"{seed}").decide(  # type: ignore[attr-defined]
                RULES.view(other, seat), RULES.legal(other))
            assert first == second
            checked += 1
    assert checked > 300 and changed > checked // 2, "the hidden cards really moved"


def test_hard_imagines_the_same_deals_whatever_the_hidden_cards() -> None:
    rng = random.Random(20)
    tried = 0
    for state, seat in seated(21, every=4, level="medium"):
        legal = tuple(RULES.legal(state))
        if len(legal) < 2 or tried == 25:
            continue
        other = other_hidden_deal(state, seat, rng)
        seen, seen_other = RULES.view(state, seat), RULES.view(other, seat)
        assert [guess(knowledge(seen), random.Random(9)) for _ in range(3)] == \
            [guess(knowledge(seen_other), random.Random(9)) for _ in range(3)]
        player, twin = DuelHardPlayer(7, workers=1), DuelHardPlayer(7, workers=1)
        choices = tuple(player.shortlist(seen, legal))
        assert choices == tuple(twin.shortlist(seen_other, RULES.legal(other)))
        assert search(Playouts.of(seen), choices, 7, 10.0, max_worlds=8) == \
            search(Playouts.of(seen_other), choices, 7, 10.0, max_worlds=8)
        tried += 1
    assert tried == 25


def test_a_hint_says_what_and_why() -> None:
    hard = adviser(DUEL, 3, budget=0.05, workers=1)
    for state, seat in seated(22, every=5, level="medium"):
        legal = RULES.legal(state)
        if len(legal) > 1:
            decision, reason = hard.advise(RULES.view(state, seat), legal)
            assert decision in legal
            assert "deals consistent with what you have seen" in reason and "%" in reason
            return
    raise AssertionError("no position with a choice")


def test_every_decision_is_described_in_words() -> None:
    described = {describe(d) for state, _ in seated(23, level="medium")
                 for d in RULES.legal(state)[:3]}
    assert "keeping quiet about JOKER" in described or any("Touché" in d for d in described)
    assert any(d.startswith("setting aside ") for d in described)
    assert describe(KeepQuiet(0)) == "keeping quiet about JOKER"


def test_every_level_is_registered_for_the_game_for_two() -> None:
    assert set(levels_for(DUEL)) == {"random", "easy", "medium", "hard"}
    assert isinstance(make_player("hard", 1, budget=0.01, workers=1, ruleset=DUEL),
                      DuelHardPlayer)
    assert isinstance(make_player("medium", 1, ruleset=DUEL), MediumPlayer)
    assert isinstance(make_player("easy", 1, ruleset=DUEL), EasyPlayer)


def test_simulate_seats_the_levels_in_the_game_for_two() -> None:
    summary = simulate.run({"players": 2}, 1, 24, seats=["hard", "easy"], ruleset=DUEL,
                           budget=0.005, workers=1)
    assert summary.games == 1 and set(summary.levels) == {"hard", "easy"}


def mean_share(hero: str, others: str, games: int) -> float:
    """`hero`'s share of the points against `others`, changing chairs each game."""
    shares = []
    for game in range(games):
        chair = game % 2

        def make(number: int, seat: int, chair: int = chair) -> object:
            return LEVELS[hero if seat == chair else others](f"{number}:{seat}")

        summary = simulate.run({"players": 2}, 1, seed=9000 + game, ruleset=DUEL,
                               make_player=make)  # type: ignore[arg-type]
        shares.append(summary.points_by_seat[chair] / summary.hands)  # type: ignore[attr-defined]
    return statistics.mean(shares)


@pytest.mark.parametrize(("hero", "others", "games"),
                         [("easy", "random", 30), ("medium", "easy", 30), ("hard", "medium", 6)])
def test_each_level_beats_the_one_below(hero: str, others: str, games: int) -> None:
    """The ladder's short version (benchmarks/ladder.py --ruleset coup-detat-duel runs it in
    full): Hard imagines 12 deals a decision here, so the games are the same every run."""
    assert mean_share(hero, others, games) > 0.5


def test_a_hint_at_the_table_of_the_game_for_two() -> None:
    import time

    from game.engine import saves
    from game.services.session import GameSession

    session = GameSession.new(DUEL, {"players": 2}, (saves.Seat("Ada"), saves.Seat("Bob")),
                              seed=25)
    try:
        session.ask_hint(budget=0.05)
        deadline = time.monotonic() + 30
        while (hint := session.hint()) is None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert hint is not None
        decision, reason = hint
        assert decision in session.match.legal()
        assert "%" in reason or reason == "It is the only thing you can do."
    finally:
        session.close()
