"""The Veteran (benchmarks/sparring/veteran.py), the bluffing games' belief-tracking
sparring player: only legal decisions, a story kept, challenges where the cards seen make a
claim impossible or the claimant has said too much, and no quarrels that are not his."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from benchmarks.sparring.veteran import VeteranPlayer
from game.engine.match import Match, seeded_chance
from game.games import get_ruleset
from game.games.coup.ai.cards import unseen_copies, variant_of
from game.games.coup.ai.medium import MediumPlayer
from game.games.coup.rules.charts import Action, Character
from game.games.coup.rules.decisions import Allow, Block, Challenge, Decision, TakeAction
from game.games.coup.rules.state import Phase
from game.games.coup.rules.view import CoupView, TurnView

Player = VeteranPlayer | MediumPlayer


def _table(ruleset: str, players: int, seed: int) -> tuple[Match, list[Player]]:
    rules = get_ruleset(ruleset)
    match = Match(rules, rules.parse_options({"players": players}),
                  chance=seeded_chance(rules, seed))
    seats: list[Player] = [VeteranPlayer(f"{seed}:{seat}") if seat % 2 == 0
                           else MediumPlayer(f"{seed}:{seat}") for seat in range(players)]
    return match, seats


def _decisions(match: Match, seats: list[Player]) -> Iterator[tuple[CoupView, Decision]]:
    """Play the match to its end, yielding each Veteran's view and decision."""
    while not match.pending.over:
        seat = match.pending.seat
        assert seat is not None
        legal = match.legal()
        view = match.view(seat)
        decision = seats[seat].decide(view, legal)
        assert decision in legal, (view.phase, decision, legal)
        if isinstance(seats[seat], VeteranPlayer):
            yield view, decision
        match.submit(decision)


@pytest.mark.parametrize("ruleset", ["coup", "coup-inquisitor"])
@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_veteran_makes_only_legal_decisions_to_the_end_of_games(ruleset: str,
                                                                    players: int) -> None:
    decided = 0
    for seed in range(8):
        match, seats = _table(ruleset, players, seed)
        decided += sum(1 for _ in _decisions(match, seats))
        assert match.pending.over
    assert decided > 8 * 5


def _claim(view: CoupView, decision: Decision) -> Character | None:
    if isinstance(decision, Block):
        return decision.character
    if isinstance(decision, TakeAction):
        return variant_of(view).rule(decision.action).claim
    return None


@pytest.mark.parametrize("ruleset", ["coup", "coup-inquisitor"])
def test_the_veteran_keeps_one_story_a_round_and_never_claims_a_card_all_in_sight(
        ruleset: str) -> None:
    """On his turns he claims what he holds or has claimed before in the round, and at
    most one new character a round besides; he never claims a character whose every copy
    he can see (in his hand or face up) unless he holds one."""
    bluffed_rounds = 0
    for seed in range(30):
        match, seats = _table(ruleset, 4, 100 + seed)
        said: dict[tuple[int, int], set[Character]] = {}
        new_bluffs: dict[tuple[int, int], set[Character]] = {}
        for view, decision in _decisions(match, seats):
            claim = _claim(view, decision)
            if claim is None:
                continue
            story = (view.round_index, view.seat or 0)
            if claim not in view.hand:
                assert unseen_copies(view, claim) > 0, (view, decision)
                if isinstance(decision, TakeAction) and claim not in said.get(story, set()):
                    new_bluffs.setdefault(story, set()).add(claim)
            said.setdefault(story, set()).add(claim)
        assert all(len(characters) == 1 for characters in new_bluffs.values()), new_bluffs
        bluffed_rounds += len(new_bluffs)
    assert bluffed_rounds > 10  # he does bluff: the test is not empty


def _challenge_view(claimant: int, claim: Character, action: Action,
                    target: int | None = None) -> CoupView:
    """A view of seat 0 in the challenge window of `claimant`'s action, four players."""
    match, _ = _table("coup", 4, 5)
    view = match.view(0)
    assert view.hand  # dealt
    turn = TurnView(actor=claimant, action=action, target=target, called=None,
                    claimant=claimant, claim=claim, challenger=None, blocker=None,
                    block_claim=None, drawn=(), shown=None)
    return replace(view, phase=Phase.CHALLENGE, to_act=0, turn=turn,
                   hand=(Character.CONTESSA, Character.AMBASSADOR),
                   revealed=((),) * 4, hand_sizes=(2, 2, 2, 2), coins=(2, 2, 2, 2),
                   alive=(True,) * 4)


def test_the_veteran_challenges_a_claim_whose_copies_he_has_all_seen() -> None:
    view = _challenge_view(2, Character.DUKE, Action.TAX)
    impossible = replace(view, hand=(Character.DUKE, Character.DUKE),
                         revealed=((), (Character.DUKE,), (), ()))
    assert VeteranPlayer(1).decide(impossible, [Challenge(0), Allow(0)]) == Challenge(0)


def test_the_veteran_leaves_a_plausible_claim_that_is_not_against_him_alone() -> None:
    view = _challenge_view(2, Character.DUKE, Action.TAX)
    assert all(VeteranPlayer(seed).decide(view, [Challenge(0), Allow(0)]) == Allow(0)
               for seed in range(20))


def test_the_veteran_challenges_a_player_who_has_claimed_more_characters_than_cards() -> None:
    """A steal (the Veteran holds one Captain) from a player who has already claimed the
    Duke and the Assassin with two cards: one of his three stories is a lie, and the steal
    hits the Veteran. The same steal from a player who has said nothing before passes."""
    steal = replace(_challenge_view(3, Character.CAPTAIN, Action.STEAL, target=0),
                    hand=(Character.CAPTAIN, Character.AMBASSADOR))
    talkative = VeteranPlayer(1)
    talkative.observe(_challenge_view(3, Character.DUKE, Action.TAX))
    talkative.observe(_challenge_view(3, Character.ASSASSIN, Action.ASSASSINATE, target=1))
    assert talkative.decide(steal, [Challenge(0), Allow(0)]) == Challenge(0)
    assert VeteranPlayer(1).decide(steal, [Challenge(0), Allow(0)]) == Allow(0)


def test_the_veteran_blocks_his_own_assassination_with_a_contessa_he_may_not_hold() -> None:
    """Targeted by an assassin with two cards, he claims the Contessa while few are face
    up (the others would believe it), but not once two of her three copies lie face up."""
    view = _challenge_view(1, Character.ASSASSIN, Action.ASSASSINATE, target=0)
    blocking = replace(view, phase=Phase.BLOCK, hand=(Character.DUKE, Character.CAPTAIN))
    legal: list[Decision] = [Block(0, Character.CONTESSA), Allow(0)]
    assert VeteranPlayer(1).decide(blocking, legal) == Block(0, Character.CONTESSA)
    shown = replace(blocking, revealed=((), (Character.CONTESSA,), (Character.CONTESSA,), ()))
    assert VeteranPlayer(1).decide(shown, legal) == Allow(0)


def test_the_veteran_is_the_same_player_for_the_same_seed() -> None:
    runs = []
    for _ in range(2):
        match, seats = _table("coup", 4, 42)
        runs.append([decision for _, decision in _decisions(match, seats)])
    assert runs[0] == runs[1]


def test_the_veteran_drops_a_story_once_every_copy_of_it_lies_face_up() -> None:
    """He has claimed the Duke this round without holding one; once all three Dukes lie
    face up, the claim would be caught for sure: he takes income instead of tax."""
    veteran = VeteranPlayer(1)
    veteran.observe(_challenge_view(0, Character.DUKE, Action.TAX))
    turn = replace(_challenge_view(0, Character.DUKE, Action.TAX), phase=Phase.ACTION,
                   turn=None, coins=(3, 2, 2, 2))
    legal: list[Decision] = [TakeAction(0, Action.INCOME), TakeAction(0, Action.TAX)]
    assert veteran.decide(turn, legal) == TakeAction(0, Action.TAX)
    dukes = (Character.DUKE,)
    all_up = replace(turn, revealed=((), dukes, dukes, dukes), hand_sizes=(2, 1, 1, 1))
    assert veteran.decide(all_up, legal) == TakeAction(0, Action.INCOME)
