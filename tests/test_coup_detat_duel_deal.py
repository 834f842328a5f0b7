"""RULES.md section 2, "Deck, roles, deal", "Choosing the hand type" and "The Bastille
exchange", with their fine points and the rulings of docs/RULES_NOTES.md."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from coup_detat_duel_kit import (
    ALTERNATING,
    ALTERNATING_COUP,
    RULES,
    duel_match,
    exchange,
    legal_tokens,
    refused,
    run_duel,
    submit,
)

from game.cards import JOKER, card
from game.engine.errors import IllegalMove
from game.engine.match import Match
from game.games.coup_detat_duel.rules import events as ev
from game.games.coup_detat_duel.rules.charts import DECK, HandType
from game.games.coup_detat_duel.rules.decisions import (
    AnnounceCoup,
    ChooseHandType,
    CutForPrimeMinister,
    KeepQuiet,
)
from game.games.coup_detat_duel.rules.state import Phase, State

# Deck and the cut ----------------------------------------------------------------------------


def test_the_deck_is_33_cards_ace_high_in_each_suit_plus_joker() -> None:
    assert len(DECK) == 33 and len(set(DECK)) == 33 and DECK[-1] is JOKER
    for suit in "SHDC":
        assert {c.code for c in DECK if c.code.endswith(suit)} == \
            {rank + suit for rank in ("A", "K", "Q", "J", "10", "9", "8", "7")}


def cut(*codes: str) -> list:
    match = Match(RULES, RULES.parse_options({"players": 2}))
    return match.submit(CutForPrimeMinister(tuple(enumerate(map(card, codes)))))


def test_the_higher_cut_card_is_prime_minister() -> None:
    assert ev.PrimeMinisterAppointed(1) in cut("KS", "AD")
    assert ev.PrimeMinisterAppointed(0) in cut("10S", "9S")


def test_joker_is_the_highest_cut() -> None:
    assert ev.PrimeMinisterAppointed(1) in cut("AS", "JOKER")


def test_cut_ties_are_cut_again() -> None:
    match = Match(RULES, RULES.parse_options({"players": 2}))
    events = match.submit(CutForPrimeMinister(((0, card("QS")), (1, card("QH")))))
    assert ev.CutTied() in events and match.pending.word == "cut"
    match.submit(CutForPrimeMinister(((0, card("7S")), (1, card("8H")))))
    assert match.state.prime_minister == 1 and match.state.first_prime_minister == 1


def test_random_cuts_and_deals_use_the_pack() -> None:
    rng = random.Random(3)
    state = RULES.new_game(RULES.parse_options({"players": 2}))
    cut_decision = RULES.random_chance(state, rng)
    assert len({c for _, c in cut_decision.cuts}) == 2
    dealing = State(state.options, Phase.DEAL, prime_minister=0, first_prime_minister=0)
    deal = RULES.random_chance(dealing, rng)
    assert [len(hand) for hand in deal.hands] == [12, 12] and len(deal.bastille) == 9
    assert Counter([*deal.hands[0], *deal.hands[1], *deal.bastille]) == Counter(DECK)


def test_the_other_player_is_the_peasant() -> None:
    match = duel_match(ALTERNATING, first_dealer=1)
    assert match.state.prime_minister == 1 and match.state.peasant == 0


# The deal ------------------------------------------------------------------------------------


def test_a_deal_is_twelve_cards_each_and_nine_in_the_bastille() -> None:
    match = duel_match(ALTERNATING)
    hand = match.state.hand
    assert [len(cards) for cards in hand.hands] == [12, 12]
    assert [c.code for c in hand.bastille] == ALTERNATING[2].split()


def test_a_deal_that_is_not_exactly_the_pack_is_not_a_valid_scenario() -> None:
    from game.formats.scenario import ScenarioError

    s0, s1, bastille = ALTERNATING
    with pytest.raises(ScenarioError, match="missing: JOKER"):
        run_duel([(s0, s1, bastille.replace("JOKER", "JH"))], [])
    with pytest.raises(ScenarioError, match="9 to the Bastille"):
        run_duel([(s0, s1, bastille + " 7S")], [])


# Choosing the hand type ----------------------------------------------------------------------


def test_without_joker_the_peasant_is_not_asked_and_the_pm_names_the_hand() -> None:
    match = duel_match(ALTERNATING)  # JOKER is in the Bastille
    assert match.pending.seat == 0 and match.pending.word == "choose"
    assert {d.hand_type for d in match.legal()} == set(HandType)
    assert all(isinstance(d, ChooseHandType) for d in match.legal())


def test_the_pm_holding_joker_names_the_hand_and_cannot_make_a_coup() -> None:
    s0, s1, bastille = ALTERNATING
    match = duel_match((s0.replace("QC", "JOKER"), s1, bastille.replace("JOKER", "QC")))
    assert match.pending.word == "choose" and match.pending.seat == 0


def test_the_peasant_holding_joker_may_announce_it_naming_any_unplayed_hand() -> None:
    match = duel_match(ALTERNATING_COUP)
    assert match.pending.seat == 1 and match.pending.word == "coup"
    coups = [d for d in match.legal() if isinstance(d, AnnounceCoup)]
    assert {d.hand_type for d in coups} == set(HandType)
    assert KeepQuiet(1) in match.legal()


def test_announcing_joker_obliges_a_coup_and_joker_stays_in_his_hand() -> None:
    match = duel_match(ALTERNATING_COUP)
    submit(match, {"coup": "touche"})
    hand = match.state.hand
    assert hand.coup and hand.hand_type is HandType.TOUCHE and JOKER in hand.hands[1]
    assert match.pending.seat == 0 and match.pending.word == "discard"


def test_keeping_quiet_lets_the_pm_name_the_hand() -> None:
    match = duel_match(ALTERNATING_COUP)
    submit(match, {"no_coup": True})
    assert match.pending.seat == 0 and match.pending.word == "choose"
    submit(match, {"choose": "waterloo"})
    assert not match.state.hand.coup


def test_only_the_peasant_holding_joker_decides_on_a_coup() -> None:
    moves = [{"seat": 0, "coup": "marie"}]
    assert "Not now" in refused(run_duel([ALTERNATING_COUP], moves), 0)
    assert "Not now" in refused(run_duel([ALTERNATING], [{"seat": 1, "coup": "marie"}]), 0)


def test_a_hand_type_already_played_this_round_cannot_be_named() -> None:
    from coup_detat_duel_kit import alternate

    match = duel_match(ALTERNATING, ALTERNATING_COUP)
    submit(match, {"choose": "guillotine"})
    exchange(match, "QH", "QS")
    alternate(match)
    with pytest.raises(IllegalMove, match="already been played this round"):
        submit(match, {"coup": "guillotine"})
    assert AnnounceCoup(1, HandType.GUILLOTINE) not in match.legal()


# The Bastille exchange -----------------------------------------------------------------------


def guillotine() -> Match:
    """The alternating deal, the PM has named Guillotine (nothing is barred)."""
    match = duel_match(ALTERNATING)
    submit(match, {"choose": "guillotine"})
    return match


def test_pm_sets_aside_then_draws_as_many_from_the_top_then_the_peasant() -> None:
    match = guillotine()
    submit(match, {"discard": ["QH", "7S"]})
    hand = match.state.hand
    assert {c.code for c in hand.set_aside[0]} == {"QH", "7S"}
    assert {c.code for c in hand.drawn[0]} == {"JH", "JS"}
    assert card("JH") in hand.hands[0] and card("QH") not in hand.hands[0]
    assert match.pending.seat == 1 and match.pending.word == "discard"
    submit(match, {"discard": ["QS", "KS", "AS"]})
    hand = match.state.hand
    assert [c.code for c in hand.drawn[1]] == ["10S", "10H", "JD"]
    assert [c.code for c in hand.bastille] == ["10D", "JC", "10C", "JOKER"]
    assert [len(cards) for cards in hand.hands] == [12, 12]
    assert match.pending == RULES.pending(match.state) and match.pending.word == "play"


@pytest.mark.parametrize(("codes", "allowed"), [("QH", True), ("QH 7S 8S 9S", True),
                                               ("QH 7S 8S 9S AH", False), ("", False)])
def test_the_pm_sets_aside_one_to_four(codes: str, allowed: bool) -> None:
    match = guillotine()
    if allowed:
        submit(match, {"discard": codes.split()})
        assert len(match.state.hand.set_aside[0]) == len(codes.split())
    else:
        with pytest.raises(IllegalMove, match="The Prime Minister sets aside 1 to 4"):
            submit(match, {"discard": codes.split()})


def test_the_peasant_sets_aside_one_to_three() -> None:
    match = guillotine()
    submit(match, {"discard": ["QH"]})
    with pytest.raises(IllegalMove, match="The Peasant sets aside 1 to 3 cards, not 4"):
        submit(match, {"discard": ["7H", "8H", "9H", "7C"]})
    with pytest.raises(IllegalMove, match="not 0"):
        submit(match, {"discard": []})
    submit(match, {"discard": ["7H", "8H", "9H"]})


def test_set_aside_cards_must_be_distinct_cards_of_his_hand() -> None:
    match = guillotine()
    with pytest.raises(IllegalMove, match="different cards: Q♥ named twice"):
        submit(match, {"discard": ["QH", "QH"]})
    with pytest.raises(IllegalMove, match="You do not hold A♠"):
        submit(match, {"discard": ["AS"]})


def test_joker_may_be_set_aside() -> None:
    match = duel_match(ALTERNATING_COUP)
    submit(match, {"coup": "guillotine"})
    submit(match, {"discard": ["QH"]})
    submit(match, {"discard": ["JOKER"]})
    assert JOKER in match.state.hand.set_aside[1]


@pytest.mark.parametrize(("hand_type", "barred", "words"), [
    ("marie", "QH", "the Queen of Hearts: Q♥"),
    ("siege", "7S", "a Spade: 7♠"),
    ("waterloo", "JD", "a Jack"),
])
def test_forbidden_cards_are_refused_with_the_reason(hand_type: str, barred: str,
                                                      words: str) -> None:
    s0, s1, bastille = ALTERNATING
    s0 = s0.replace("9D", "JD")  # a Jack for Waterloo
    bastille = bastille.replace("JD", "9D")
    result = run_duel([(s0, s1, bastille)],
                      [{"seat": 0, "choose": hand_type}, {"seat": 0, "discard": ["8D", barred]}])
    message = refused(result, 1)
    assert f"In {HandType(hand_type).label} nobody may set aside {words}" in message


def spades_offered(match: Match) -> bool:
    return any(code.endswith("S") for token in legal_tokens(match) for code in token.split())


def test_forbidden_cards_bind_the_peasant_too_and_are_not_offered() -> None:
    match = duel_match(ALTERNATING)
    submit(match, {"choose": "siege"})
    assert not spades_offered(match)
    submit(match, {"discard": ["QH"]})
    with pytest.raises(IllegalMove, match="nobody may set aside a Spade"):
        submit(match, {"discard": ["QS"]})
    assert not spades_offered(match)


def test_every_allowed_set_of_cards_is_offered_and_nothing_else() -> None:
    match = guillotine()
    assert len(match.legal()) == 12 + 66 + 220 + 495  # 1 to 4 of 12 cards
    submit(match, {"discard": ["QH"]})
    assert len(match.legal()) == 12 + 66 + 220


def test_discards_named_in_any_order_are_the_same_decision() -> None:
    first = RULES.decision_from_json({"seat": 0, "discard": ["QH", "7S"]})
    second = RULES.decision_from_json({"seat": 0, "discard": ["7S", "QH"]})
    assert first == second


def test_drawing_joker_in_the_exchange_never_allows_a_coup() -> None:
    s0, s1, bastille = ALTERNATING
    match = duel_match((s0, s1, "JOKER " + bastille.replace(" JOKER", "")))
    submit(match, {"choose": "guillotine"})
    submit(match, {"discard": ["QH"]})
    assert JOKER in match.state.hand.hands[0]
    submit(match, {"discard": ["QS"]})
    assert match.pending.word == "play" and not match.state.hand.coup


def test_what_remains_of_the_bastille_is_out_of_play() -> None:
    match = guillotine()
    exchange(match, "QH", "QS")
    hand = match.state.hand
    assert len(hand.bastille) == 7
    assert not set(hand.bastille) & {c for cards in hand.hands for c in cards}


# Marie ---------------------------------------------------------------------------------------

# QH is in the Bastille, fifth from the top: it stays there unless seven cards are drawn.
MARIE_DEAL = ("7S 8S 9S AH KH JH 7D 8D 9D AC KC QC",
              "AS KS QS 7H 8H 9H AD KD QD 7C 8C 9C",
              "JS 10S 10H JD QH 10D JC 10C JOKER")


def test_marie_is_dealt_again_when_the_queen_of_hearts_is_left_in_the_bastille() -> None:
    match = duel_match(MARIE_DEAL, ALTERNATING)
    submit(match, {"choose": "marie"})
    exchange(match, "7S", "7H")
    assert ev.QueenOfHeartsInBastille() in match.events
    assert match.state.results == () and match.state.played_this_round == ()
    assert match.pending.word == "choose", "the next deal was made; the hand is chosen afresh"
    assert HandType.MARIE in {d.hand_type for d in match.legal()}


def test_marie_goes_on_when_the_queen_of_hearts_was_drawn() -> None:
    match = duel_match(MARIE_DEAL)
    submit(match, {"choose": "marie"})
    exchange(match, "7S 8S 9S 7D", "7H 8H 9H")  # seven drawn: QH is the fifth
    assert match.pending.word == "play" and card("QH") in match.state.hand.hands[1]


def test_the_marie_check_applies_to_a_coup_marie_and_the_peasant_is_asked_again() -> None:
    s0, s1, bastille = MARIE_DEAL
    coup_deal = (s0, s1.replace("QD", "JOKER"), bastille.replace("JOKER", "QD"))
    match = duel_match(coup_deal, ALTERNATING_COUP)
    submit(match, {"coup": "marie"})
    exchange(match, "7S", "7H")
    assert ev.QueenOfHeartsInBastille() in match.events
    assert match.state.prime_minister == 0 and match.state.results == ()
    assert match.pending.seat == 1 and match.pending.word == "coup"


def test_other_hands_are_not_checked_for_the_queen_of_hearts() -> None:
    match = duel_match(MARIE_DEAL)
    submit(match, {"choose": "siege"})
    exchange(match, "7D", "7H")
    assert match.pending.word == "play"


def test_a_scenario_without_a_deal_for_the_redeal_stops_there() -> None:
    moves = [{"seat": 0, "choose": "marie"}, {"seat": 0, "discard": ["7S"]},
             {"seat": 1, "discard": ["7H"]}]
    result = run_duel([MARIE_DEAL], moves)
    assert result["ok"] and result["awaiting"] is None and not result["game_over"]
    assert result["points"] == [0, 0]
