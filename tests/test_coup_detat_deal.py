"""RULES.md section 1: "Deck and ranks", "Game, rounds, hands", "The deal and the Coup
decision", with the rulings of docs/RULES_NOTES.md ("The first Director", "Deals and the
centre card"). s0 is the first Director unless a test draws for it."""

from __future__ import annotations

import pytest
from coup_detat_kit import Script, director_sweep, dominos_last_out, sweep_coup
from helpers import RULES, match_after, run_scenario

from game.cards import COUP, card
from game.engine.errors import IllegalMove
from game.engine.match import Match, seeded_chance
from game.formats.scenario import ScenarioError
from game.games.coup_detat.rules import events as ev
from game.games.coup_detat.rules.charts import HandType
from game.games.coup_detat.rules.decisions import (
    AttemptCoup,
    ChooseHandType,
    DrawForDirector,
)
from game.games.coup_detat.rules.state import Phase

SUITS = "SHDC"
PACK_4 = {rank + suit for rank in ("A", "10", "K", "Q", "J", "9", "8", "7") for suit in SUITS}
PACK_3 = {rank + suit for rank in ("A", "10", "K", "Q", "J", "9") for suit in SUITS}
TYPES = {"barbu", "waterloo", "siege", "touche", "guillotine", "dominos"}

# A plain deal: seat 0 Spades, 1 Hearts, 2 Diamonds, 3 Clubs with COUP instead of 7♣.
WHOLE = ["AS 10S KS QS JS 9S 8S 7S", "AH 10H KH QH JH 9H 8H 7H",
         "AD 10D KD QD JD 9D 8D 7D", "AC 10C KC QC JC 9C 8C COUP"]


def dealt_codes(match: Match) -> tuple[list[int], set[str]]:
    hand = match.state.hand
    codes = {c.code for cards in hand.hands for c in cards} | {hand.center.code}
    return [len(cards) for cards in hand.hands], codes


def new_match(players: int = 4) -> Match:
    return Match(RULES, RULES.parse_options({"players": players}))


def draw(*pairs: tuple[int, str]) -> DrawForDirector:
    return DrawForDirector(tuple((seat, card(code)) for seat, code in pairs))


def test_each_player_starts_with_10000_francs() -> None:
    assert new_match().state.money == (10000, 10000, 10000, 10000)
    assert new_match(3).state.money == (10000, 10000, 10000)


# The pack ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_four_players_are_dealt_the_33_card_pack_eight_each_and_one_to_the_centre(
    seed: int,
) -> None:
    match = Match(RULES, RULES.parse_options({"players": 4}), chance=seeded_chance(RULES, seed))
    sizes, codes = dealt_codes(match)
    assert sizes == [8, 8, 8, 8]
    assert codes == PACK_4 | {"COUP"}
    assert match.state.hand.center is not COUP


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_three_players_are_dealt_25_cards_without_sevens_and_eights(seed: int) -> None:
    match = Match(RULES, RULES.parse_options({"players": 3}), chance=seeded_chance(RULES, seed))
    sizes, codes = dealt_codes(match)
    assert sizes == [8, 8, 8]
    assert codes == PACK_3 | {"COUP"}


def test_a_scenario_deal_must_be_exactly_the_pack() -> None:
    short = [*WHOLE[:3], "AC 10C KC QC JC 9C 8C 8D"]  # 8♦ twice, COUP missing
    with pytest.raises(ScenarioError):
        run_scenario(4, [(short, "7C")], [])
    with_sevens = ["AS 10S KS QS JS 9S 7S 7H", "AH 10H KH QH JH 9H AD 10D",
                   "KD QD JD 9D AC 10C KC COUP"]  # 3 players: no 7s
    with pytest.raises(ScenarioError):
        run_scenario(3, [(with_sevens, "QC")], [])


# The first Director ----------------------------------------------------------------------------


def test_highest_card_drawn_makes_the_first_director() -> None:
    match = new_match()
    match.submit(draw((0, "9S"), (1, "KD"), (2, "JC"), (3, "QH")))
    assert match.state.director == 1


def test_the_ten_outranks_the_king_in_the_draw() -> None:
    match = new_match()
    match.submit(draw((0, "KS"), (1, "QD"), (2, "10H"), (3, "7C")))
    assert match.state.director == 2


def test_coup_is_the_highest_card_in_the_draw() -> None:
    match = new_match()
    match.submit(draw((0, "AS"), (1, "10D"), (2, "AC"), (3, "COUP")))
    assert match.state.director == 3


def test_players_tied_for_highest_draw_again_alone() -> None:
    match = new_match()
    match.submit(draw((0, "AS"), (1, "9H"), (2, "AD"), (3, "KC")))  # suits are equal
    assert match.state.director is None
    assert match.state.phase is Phase.DRAW
    assert match.state.drawing == (0, 2)
    with pytest.raises(IllegalMove):
        match.submit(draw((0, "7S"), (1, "8S"), (2, "9S")))
    match.submit(draw((0, "AS"), (2, "KD")))  # a fresh pack: A♠ may come out again
    assert match.state.director == 0
    assert match.state.phase is Phase.DEAL


def test_a_tie_on_the_draw_again_is_drawn_again_by_those_still_tied() -> None:
    match = new_match()
    match.submit(draw((0, "AS"), (1, "AH"), (2, "AD"), (3, "7C")))
    assert match.state.drawing == (0, 1, 2)
    match.submit(draw((0, "KS"), (1, "9H"), (2, "KD")))
    assert match.state.drawing == (0, 2)
    match.submit(draw((0, "10S"), (2, "AS")))
    assert match.state.director == 2


def test_three_player_draw_uses_the_25_card_pack() -> None:
    match = new_match(3)
    with pytest.raises(IllegalMove):
        match.submit(draw((0, "7S"), (1, "9H"), (2, "AD")))
    match.submit(draw((0, "9S"), (1, "JH"), (2, "10D")))
    assert match.state.director == 2


# The deal and the Coup decision ------------------------------------------------------------------


def test_coup_as_centre_card_forces_a_new_deal_with_the_next_deal() -> None:
    # Deal 1 has COUP in the centre (7♣ goes to s3); deal 2 gives COUP to s1.
    first = [*WHOLE[:3], "AC 10C KC QC JC 9C 8C 7C"]
    second = ["AS 10S KS QS JS 9S 8S 7S", "AH 10H KH QH JH 9H 8H COUP",
              "AD 10D KD QD JD 9D 8D 7D", "AC 10C KC QC JC 9C 8C 7C"]
    match = match_after(4, [(first, "COUP"), (second, "7H")], [])
    assert any(isinstance(e, ev.DealThrownIn) for e in match.events)
    assert match.state.hand.center is card("7H")
    assert match.pending.seat == 1 and match.pending.word == "coup"
    assert match.state.director == 0
    assert match.state.played_this_round == ()


def test_coup_holder_decides_first_and_is_announced_to_everyone() -> None:
    result = run_scenario(4, [(WHOLE, "7C")], [])
    assert result["awaiting"] == {"seat": 3, "decision": "coup"}
    match = match_after(4, [(WHOLE, "7C")], [])
    assert [e.seat for e in match.events if isinstance(e, ev.CoupHolderAnnounced)] == [3]
    assert all(match.view(seat).coup_holder == 3 for seat in range(4))


def test_director_cannot_name_the_hand_before_the_coup_holder_decides() -> None:
    result = run_scenario(4, [(WHOLE, "7C")], [{"seat": 0, "choose": "waterloo"}])
    assert result["exit_status"] == 1 and result["error"]["move"] == 0


def test_decline_puts_coup_out_and_gives_the_centre_card_to_the_holder() -> None:
    match = match_after(4, [(WHOLE, "7C")], [{"seat": 3, "decline": True}])
    held = {c.code for c in match.state.hand.hands[3]}
    assert held == {"AC", "10C", "KC", "QC", "JC", "9C", "8C", "7C"}
    assert match.pending.seat == 0 and match.pending.word == "choose"


def test_declined_coup_is_public_but_the_centre_card_only_its_takers() -> None:
    match = match_after(4, [(WHOLE, "7C")], [{"seat": 3, "decline": True}])
    assert any(isinstance(e, ev.CoupDeclined) for e in match.events)
    assert match.view(3).center is card("7C")
    assert all(match.view(seat).center is None for seat in (0, 1, 2))
    assert all(match.view(seat).hand_sizes == (8, 8, 8, 8) for seat in range(4))


def test_after_a_decline_the_director_names_the_hand() -> None:
    moves = [{"seat": 3, "decline": True}, {"seat": 3, "choose": "waterloo"}]
    result = run_scenario(4, [(WHOLE, "7C")], moves)
    assert result["exit_status"] == 1 and result["error"]["move"] == 1
    match = match_after(4, [(WHOLE, "7C")], moves[:1])
    assert {d.hand_type.value for d in match.legal() if isinstance(d, ChooseHandType)} == TYPES


def test_coup_holder_names_any_hand_type_and_may_be_the_director() -> None:
    # s0, the Director, holds COUP (the centre is 7♠).
    hands = ["AS 10S KS QS JS 9S 8S COUP", *WHOLE[1:3], "AC 10C KC QC JC 9C 8C 7C"]
    match = match_after(4, [(hands, "7S")], [])
    assert {d.hand_type.value for d in match.legal() if isinstance(d, AttemptCoup)} == TYPES
    match.submit(AttemptCoup(0, HandType.SIEGE))
    assert match.state.hand.coup_player == 0
    assert match.state.hand.hand_type is HandType.SIEGE
    assert match.pending.seat == 0 and match.pending.word == "play"


def one_hand_then(moves: list[dict]) -> dict:
    """A Director's Barbu s0 takes entirely, then a second deal and `moves`."""
    first = director_sweep(0, "barbu")
    second = director_sweep(0, "waterloo")
    return run_scenario(4, [first.deal, second.deal], [*first.moves, *moves])


def test_director_may_not_name_a_hand_type_already_played_this_round() -> None:
    result = one_hand_then([{"seat": 3, "decline": True}, {"seat": 0, "choose": "barbu"}])
    assert result["exit_status"] == 1 and result["error"]["move"] == 35


def test_coup_may_not_name_a_hand_type_already_played_this_round() -> None:
    result = one_hand_then([{"seat": 3, "coup": "barbu"}])
    assert result["exit_status"] == 1 and result["error"]["move"] == 34
    assert one_hand_then([{"seat": 3, "coup": "waterloo"}])["ok"]


def first_round() -> Script:
    script = Script()
    for hand_type in ("barbu", "waterloo", "siege", "touche", "guillotine"):
        script.add(director_sweep(0, hand_type))
    return script.add(dominos_last_out(0, 3))


def test_hand_types_may_be_named_again_in_the_next_round() -> None:
    script = first_round().add(director_sweep(1, "barbu"))
    result = script.run()
    assert result["ok"]
    match = script.match()
    assert match.state.round_index == 1
    assert match.state.played_this_round == ("barbu",)


def test_each_hand_played_moves_its_dagger_one_column_right() -> None:
    one = Script().add(sweep_coup(2, "siege")).match()  # a coup hand moves it too
    assert one.state.daggers == (0, 0, 1, 0, 0, 0)
    round_and_one = first_round().add(director_sweep(1, "barbu")).match()
    assert round_and_one.state.daggers == (2, 1, 1, 1, 1, 1)


# The short game ----------------------------------------------------------------------------------


def test_short_game_offers_only_waterloo_siege_guillotine_and_dominos() -> None:
    match = match_after(4, [(WHOLE, "7C")], [{"seat": 3, "decline": True}], short_game=True)
    named = {d.hand_type.value for d in match.legal() if isinstance(d, ChooseHandType)}
    assert named == {"waterloo", "siege", "guillotine", "dominos"}
    moves = [{"seat": 3, "decline": True}, {"seat": 0, "choose": "barbu"}]
    assert run_scenario(4, [(WHOLE, "7C")], moves, short_game=True)["exit_status"] == 1


def test_short_game_coup_may_not_name_barbu_or_touche() -> None:
    for hand_type in ("barbu", "touche"):
        moves = [{"seat": 3, "coup": hand_type}]
        result = run_scenario(4, [(WHOLE, "7C")], moves, short_game=True)
        assert result["exit_status"] == 1, hand_type
    ok = run_scenario(4, [(WHOLE, "7C")], [{"seat": 3, "coup": "guillotine"}],
                      short_game=True)
    assert ok["ok"]


def test_short_game_round_ends_after_three_hands() -> None:
    script = Script()
    for hand_type in ("waterloo", "siege", "guillotine"):
        script.add(director_sweep(0, hand_type))
    match = script.match(short_game=True)
    assert match.state.round_index == 1
    assert match.state.director == 1
    assert match.state.played_this_round == ()
    two = Script().add(director_sweep(0, "waterloo")).add(director_sweep(0, "siege"))
    assert two.match(short_game=True).state.round_index == 0
