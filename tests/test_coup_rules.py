"""The rules of the bluffing games (RULES.md sections 3 and 4 and their fine points), one
test per rule sentence where it matters. Deals and moves are written as in
tests/coup_kit.py: nothing is shuffled, a returned card goes to the bottom."""

from __future__ import annotations

import random

import pytest
from coup_kit import (
    COUP_DECK,
    COUP_HANDS,
    INQ_DECK,
    INQ_HANDS,
    bluff_match,
    move,
    names,
    play,
    state_of,
)

from game.engine.errors import IllegalMove
from game.engine.match import Match, seeded_chance
from game.games import get_ruleset
from game.games.coup.rules import events as ev
from game.games.coup.rules.decisions import TakeAction


def coup3() -> Match:
    return bluff_match("coup", COUP_HANDS, COUP_DECK)


def inq3() -> Match:
    return bluff_match("coup-inquisitor", INQ_HANDS, INQ_DECK)


def awaiting(match: Match) -> tuple[int | None, str]:
    return match.pending.seat, match.pending.word


def refused(match: Match, line: str) -> str:
    with pytest.raises(IllegalMove) as refusal:
        match.submit(match.ruleset.decision_from_json(move(line)))
    return refusal.value.message


# Setup -------------------------------------------------------------------------------------


def test_each_player_gets_two_cards_and_two_coins() -> None:
    state = state_of(coup3())
    assert state.coins == (2, 2, 2)
    assert [len(hand) for hand in state.hands] == [2, 2, 2] and len(state.deck) == 9


@pytest.mark.parametrize("ruleset", ["coup", "coup-inquisitor"])
def test_with_two_players_the_starting_player_gets_one_coin(ruleset: str) -> None:
    hands = ("duke captain", "contessa assassin")
    assert state_of(bluff_match(ruleset, hands, starter=1)).coins == (2, 1)


def test_the_decks_are_three_of_each_character_as_the_seeds_playing_cards() -> None:
    from game.cards import Rank
    from game.games.coup.rules.charts import COUP, INQUISITOR, Character

    assert COUP.cards == {Character.DUKE: Rank.JACK, Character.ASSASSIN: Rank.ACE,
                          Character.CAPTAIN: Rank.TEN, Character.AMBASSADOR: Rank.FOUR,
                          Character.CONTESSA: Rank.QUEEN}
    assert INQUISITOR.cards[Character.INQUISITOR] is Rank.TWO
    assert INQUISITOR.cards[Character.DUKE] is Rank.KING
    assert len(COUP.deck) == len(INQUISITOR.deck) == 15


# The action --------------------------------------------------------------------------------


def test_ten_coins_force_a_coup() -> None:
    match = bluff_match("coup", ("assassin duke", "contessa captain"))
    play(match, "0 tax", "1 allow", "1 income", "0 tax", "1 allow", "1 income",
         "0 tax", "1 allow", "1 income")
    assert state_of(match).coins == (10, 5)
    assert refused(match, "0 income") == "with 10 coins you must coup"
    legal = match.legal()
    assert legal and all(isinstance(d, TakeAction) and d.action.value == "coup" for d in legal)


def test_a_coup_costs_seven_and_the_target_chooses_his_loss() -> None:
    match = bluff_match("coup", ("assassin duke", "contessa captain"))
    play(match, "0 tax", "1 allow", "1 income", "0 tax", "1 allow", "1 income")
    play(match, "0 coup 1")
    assert awaiting(match) == (1, "lose") and state_of(match).coins == (0, 4)
    play(match, "1 lose captain")
    assert names(state_of(match).revealed[1]) == ["captain"]


def test_a_player_may_not_pass_nor_afford_what_he_cannot_pay() -> None:
    match = coup3()
    assert "costs 3 coins" in refused(match, "0 assassinate 1")
    assert "costs 7 coins" in refused(match, "0 coup 1")
    assert "another player" in refused(match, "0 steal 0")


# Windows -----------------------------------------------------------------------------------


def test_a_challenge_window_asks_everyone_from_the_claimants_left_the_target_too() -> None:
    match = coup3()
    play(match, "0 income")
    play(match, "1 steal 0")
    assert awaiting(match) == (2, "challenge")
    play(match, "2 allow")
    assert awaiting(match) == (0, "challenge")


def test_the_first_challenge_closes_the_window() -> None:
    match = coup3()
    play(match, "0 tax", "1 challenge")
    assert awaiting(match) == (0, "reveal")


def test_foreign_aid_may_be_blocked_by_every_other_player_from_the_actors_left() -> None:
    match = coup3()
    play(match, "0 foreign_aid")
    assert awaiting(match) == (1, "block")
    play(match, "1 allow")
    assert awaiting(match) == (2, "block")
    play(match, "2 allow")
    assert state_of(match).coins == (4, 2, 2) and awaiting(match) == (1, "action")


def test_an_assassination_asks_only_the_target_whether_he_blocks() -> None:
    match = coup3()
    play(match, "0 income", "1 income", "2 income", "0 assassinate 1", "1 allow", "2 allow")
    assert awaiting(match) == (1, "block")
    play(match, "1 allow")
    assert awaiting(match) == (1, "lose")


def test_a_block_is_challenged_from_the_blockers_left_the_actor_included() -> None:
    match = coup3()
    play(match, "0 foreign_aid", "1 block duke")
    assert awaiting(match) == (2, "challenge")
    play(match, "2 allow")
    assert awaiting(match) == (0, "challenge")
    play(match, "0 allow")
    assert state_of(match).coins == (2, 2, 2) and awaiting(match) == (1, "action")


def test_a_block_must_claim_a_character_that_blocks_the_action() -> None:
    match = coup3()
    play(match, "0 foreign_aid")
    assert "claim Duke" in refused(match, "1 block contessa")


# Challenges --------------------------------------------------------------------------------


def test_a_proven_claim_is_replaced_before_the_challenger_chooses_his_loss() -> None:
    match = coup3()
    play(match, "0 income", "1 income", "2 income", "0 assassinate 1", "1 challenge",
         "0 reveal assassin")
    state = state_of(match)
    assert names(state.hands[0]) == ["duke", "assassin"], "the new card goes to the end"
    assert state.deck[-1].value == "assassin" and len(state.deck) == 9
    assert awaiting(match) == (1, "lose")


def test_in_coup_a_challenged_player_may_concede_even_holding_the_character() -> None:
    match = coup3()
    play(match, "0 tax", "1 challenge", "0 lose duke")
    state = state_of(match)
    assert names(state.revealed[0]) == ["duke"] and state.coins == (2, 2, 2)
    assert awaiting(match) == (1, "action")


def test_in_coup_a_challenged_player_proves_only_with_the_claimed_character() -> None:
    match = coup3()
    play(match, "0 tax", "1 challenge")
    assert "show the Duke" in refused(match, "0 reveal assassin")


def test_a_failed_action_is_refunded() -> None:
    match = coup3()
    play(match, "0 income", "1 income", "2 income", "0 income", "1 assassinate 2",
         "2 challenge", "1 lose captain")
    assert state_of(match).coins == (4, 3, 3)
    assert any(isinstance(e, ev.ActionFailed) and e.refund == 3 for e in match.events)


def test_a_blocked_action_keeps_its_cost_spent() -> None:
    match = coup3()
    play(match, "0 income", "1 income", "2 income", "0 assassinate 1", "1 allow", "2 allow",
         "1 block contessa", "2 allow", "0 allow")
    assert state_of(match).coins == (0, 3, 3) and awaiting(match) == (1, "action")


def test_a_failed_block_lets_the_assassination_through_a_double_loss() -> None:
    match = coup3()
    play(match, "0 income", "1 income", "2 income", "0 assassinate 2", "1 allow", "2 allow",
         "2 block contessa", "0 challenge", "2 lose duke")
    assert awaiting(match) == (2, "lose")
    play(match, "2 lose ambassador")
    assert state_of(match).alive(2) is False and awaiting(match) == (1, "action")


def test_a_target_out_after_the_challenge_is_not_asked_to_block() -> None:
    match = coup3()
    play(match, "0 tax", "1 challenge", "0 reveal duke", "1 lose captain",
         "1 income", "2 income", "0 assassinate 1", "1 challenge", "0 reveal assassin",
         "1 lose contessa")
    state = state_of(match)
    assert not state.alive(1) and state.coins == (2, 3, 3)
    assert awaiting(match) == (2, "action"), "the assassination does nothing more"


def test_a_steal_still_takes_the_coins_of_a_target_who_went_out() -> None:
    match = coup3()
    play(match, "0 tax", "1 allow", "2 challenge", "0 reveal duke", "2 lose duke",
         "1 steal 2", "2 challenge", "1 reveal captain", "2 lose ambassador")
    assert state_of(match).coins == (5, 4, 0)
    assert awaiting(match) == (0, "action")


def test_stealing_takes_two_one_from_a_player_with_one_and_nothing_from_none() -> None:
    match = coup3()
    play(match, "0 steal 1", "1 allow", "2 allow", "1 allow")
    assert state_of(match).coins == (4, 0, 2)
    play(match, "1 income", "2 steal 1", "0 allow", "1 allow", "1 allow")
    assert state_of(match).coins == (4, 0, 3)
    play(match, "0 steal 1", "1 allow", "2 allow", "1 allow")
    assert state_of(match).coins == (4, 0, 3)


def test_losing_an_influence_is_a_choice_even_with_one_card_left() -> None:
    match = coup3()
    play(match, "0 income", "1 income", "2 income", "0 assassinate 1", "1 challenge",
         "0 reveal assassin", "1 lose captain", "1 allow")
    assert awaiting(match) == (1, "lose")
    assert "no face-down Captain" in refused(match, "1 lose captain")


def test_the_round_ends_the_moment_one_player_is_left() -> None:
    match = bluff_match("coup", ("assassin duke", "contessa captain"))
    play(match, "0 tax", "1 challenge", "0 reveal duke", "1 lose captain", "1 income",
         "0 tax", "1 challenge", "0 reveal duke", "1 lose contessa")
    assert match.pending.over and match.ruleset.winners(match.state) == (0,)
    assert state_of(match).coins == (4, 3), "the tax of the last turn is not resolved"


def test_a_player_out_of_the_game_is_skipped() -> None:
    match = coup3()
    play(match, "0 income", "1 income", "2 income", "0 assassinate 1", "1 challenge",
         "0 reveal assassin", "1 lose captain", "1 allow", "1 lose contessa")
    assert awaiting(match) == (2, "action")
    play(match, "2 income")
    assert awaiting(match) == (0, "action")


# The Ambassador ----------------------------------------------------------------------------


def test_the_exchange_keeps_as_many_as_one_had_and_sends_the_rest_to_the_bottom() -> None:
    match = coup3()
    play(match, "0 exchange", "1 allow", "2 allow")
    assert awaiting(match) == (0, "keep")
    assert names(state_of(match).hands[0]) == ["assassin", "duke", "assassin", "assassin"]
    assert "Keep 2" in refused(match, "0 keep duke")
    play(match, "0 keep duke assassin")
    state = state_of(match)
    assert names(state.hands[0]) == ["duke", "assassin"]
    assert names(state.deck[-2:]) == ["assassin", "assassin"] and len(state.deck) == 9


# The Inquisitor ----------------------------------------------------------------------------


def test_revealing_the_wrong_card_loses_it() -> None:
    match = inq3()
    play(match, "0 tax", "1 challenge", "0 reveal captain")
    assert names(state_of(match).revealed[0]) == ["captain"]
    assert state_of(match).coins == (2, 2, 2)


def test_revealing_the_claimed_card_proves_it() -> None:
    match = inq3()
    play(match, "0 income", "1 tax", "2 challenge", "1 reveal duke")
    assert awaiting(match) == (2, "lose")
    assert names(state_of(match).hands[1]) == ["inquisitor", "duke"]


def test_in_the_inquisitor_game_a_challenged_player_cannot_concede_without_revealing() -> None:
    match = inq3()
    play(match, "0 tax", "1 challenge")
    assert "reveal" in refused(match, "0 lose captain")


def test_the_inquisitor_draw_swaps_a_card_or_sends_the_drawn_one_back() -> None:
    match = inq3()
    play(match, "0 exchange", "1 allow", "2 allow")
    assert awaiting(match) == (0, "swap")
    play(match, "0 swap captain")
    assert names(state_of(match).hands[0]) == ["contessa", "duke"]
    assert state_of(match).deck[-1].value == "captain"
    play(match, "1 exchange", "2 allow", "0 allow", "1 swap -")
    assert names(state_of(match).hands[1]) == ["duke", "inquisitor"]
    assert state_of(match).deck[-1].value == "assassin"


def test_an_examined_player_shows_a_card_only_to_the_inquisitor() -> None:
    match = inq3()
    play(match, "0 examine 2", "1 allow", "2 allow", "2 show captain")
    assert awaiting(match) == (0, "force_draw")
    seen = [match.view(seat).turn.shown for seat in (0, 1, 2)]
    assert [None if card is None else card.value for card in seen] == \
        ["captain", None, "captain"]
    play(match, "0 force_draw no")
    assert names(state_of(match).hands[2]) == ["assassin", "captain"]


def test_a_forced_draw_sends_the_shown_card_back_for_a_new_one() -> None:
    match = inq3()
    play(match, "0 examine 2", "1 allow", "2 allow", "2 show captain", "0 force_draw yes")
    assert names(state_of(match).hands[2]) == ["assassin", "duke"]
    assert state_of(match).deck[-1].value == "captain"


def test_steal_is_blocked_by_captain_or_inquisitor_not_ambassador() -> None:
    match = inq3()
    play(match, "0 income", "1 steal 0", "2 allow", "0 allow")
    assert "Captain or Inquisitor" in refused(match, "0 block ambassador")
    play(match, "0 block inquisitor", "1 allow", "2 allow")
    assert state_of(match).coins == (3, 2, 2)


# Two players of coup-inquisitor: Call the Coup and Five lives ---------------------------------


def two_player_inquisitor(**options: bool) -> Match:
    match = bluff_match("coup-inquisitor", INQ_HANDS[:2], INQ_DECK + " assassin captain",
                        **options)
    play(match, "0 tax", "1 allow", "1 income", "0 tax", "1 allow", "1 income")
    return match


def test_a_called_coup_that_hits_kills_the_named_card_and_five_lives_replaces_it() -> None:
    match = two_player_inquisitor()
    play(match, "0 coup 1 duke")
    state = state_of(match)
    assert names(state.revealed[1]) == ["duke"]
    assert names(state.hands[1]) == ["inquisitor", "duke"], "the 1st lost card is replaced"
    assert awaiting(match) == (1, "action")


def test_a_called_coup_that_misses_costs_the_target_nothing() -> None:
    match = two_player_inquisitor()
    play(match, "0 coup 1 assassin")
    assert awaiting(match) == (1, "return")
    assert names(state_of(match).hands[1]) == ["duke", "inquisitor", "duke", "assassin"]
    assert "Send back 2" in refused(match, "1 return duke")
    play(match, "1 return duke duke")
    state = state_of(match)
    assert names(state.hands[1]) == ["inquisitor", "assassin"] and state.coins == (0, 4)
    assert names(state.deck[-2:]) == ["duke", "duke"]


def test_call_the_coup_must_name_a_character() -> None:
    match = two_player_inquisitor()
    assert "name a character" in refused(match, "0 coup 1")


def test_without_call_the_coup_or_five_lives_a_coup_is_plain() -> None:
    match = two_player_inquisitor(call_the_coup=False, five_lives=False)
    play(match, "0 coup 1 assassin")
    assert awaiting(match) == (1, "lose")
    play(match, "1 lose duke")
    assert names(state_of(match).hands[1]) == ["inquisitor"], "no replacement"


def test_the_two_player_options_do_not_apply_to_three_players() -> None:
    match = inq3()
    for _ in range(5):
        play(match, "0 income", "1 income", "2 income")
    play(match, "0 coup 1 assassin")
    assert awaiting(match) == (1, "lose")
    play(match, "1 lose duke")
    assert names(state_of(match).hands[1]) == ["inquisitor"]


def lose_a_bluff(match: Match, seat: int) -> None:
    """`seat` claims a character he does not show and reveals another card, which he
    loses; the other player challenges."""
    hand = state_of(match).hands[seat]
    claim, claimed = ("tax", "duke") if any(c.value != "duke" for c in hand) \
        else ("exchange", "inquisitor")
    shown = next(c.value for c in hand if c.value != claimed)
    play(match, f"{seat} {claim}", f"{1 - seat} challenge", f"{seat} reveal {shown}")


def test_five_lives_replace_the_first_three_lost_cards_only() -> None:
    match = bluff_match("coup-inquisitor", INQ_HANDS[:2], starter=1)
    for lost in range(1, 6):
        lose_a_bluff(match, 1)
        state = state_of(match)
        assert len(state.revealed[1]) == lost
        assert len(state.hands[1]) == {1: 2, 2: 2, 3: 2, 4: 1, 5: 0}[lost], f"loss {lost}"
        if lost < 5:
            play(match, "0 income")
    assert match.pending.over and match.ruleset.winners(match.state) == (0,)


# The alternative deal ----------------------------------------------------------------------


def test_the_alternative_deal_keeps_one_card_and_deals_one_of_the_third_set() -> None:
    match = bluff_match("coup", ("duke captain", "duke contessa"), "assassin ambassador duke",
                        alternative_deal=True)
    state = state_of(match)
    assert len(state.deck) == 3 and len(state.out_of_game) == 8
    assert state.coins == (1, 2)


def test_the_alternative_deal_refuses_a_deal_whose_third_set_is_not_one_of_each() -> None:
    from game.engine.errors import MalformedEntry

    with pytest.raises(MalformedEntry):
        bluff_match("coup", ("duke captain", "duke captain"), "assassin ambassador contessa",
                    alternative_deal=True)


def test_in_the_alternative_deal_each_player_secretly_keeps_one_card_of_his_set() -> None:
    rules = get_ruleset("coup")
    match = Match(rules, rules.parse_options({"players": 2, "alternative_deal": True}),
                  chance=seeded_chance(rules, 3))
    starter = state_of(match).starter
    assert awaiting(match) == (starter, "keep") and len(match.legal()) == 5
    play(match, f"{starter} keep assassin")
    assert awaiting(match) == (1 - starter, "keep")
    assert match.view(1 - starter).hand_sizes[starter] == 1
    play(match, f"{1 - starter} keep contessa")
    state = state_of(match)
    assert state.hands[starter][0].value == "assassin"
    assert state.hands[1 - starter][0].value == "contessa"
    assert len(state.deck) == 3 and len(state.out_of_game) == 8
    assert state.coins[starter] == 1 and awaiting(match) == (starter, "action")


def test_each_round_of_a_match_starts_one_seat_further_left() -> None:
    rules = get_ruleset("coup")
    match = Match(rules, rules.parse_options({"players": 3, "rounds": 3}),
                  chance=seeded_chance(rules, 5))
    first = state_of(match).starter
    starters = []
    rng = random.Random(5)
    while not match.pending.over:
        for event in match.submit(rng.choice(list(match.legal()))):
            if isinstance(event, ev.Dealt):
                starters.append(event.starter)
    assert starters == [(first + 1) % 3, (first + 2) % 3]
    state = state_of(match)
    assert sum(state.round_wins) == 3
    assert set(state.winners) == {s for s, w in enumerate(state.round_wins)
                                  if w == max(state.round_wins)}


def test_a_kept_card_is_the_first_of_its_kind_so_the_rest_go_back_in_hand_order() -> None:
    match = bluff_match("coup", ("duke assassin", "contessa captain", "duke ambassador"),
                        "duke captain assassin assassin captain contessa contessa ambassador "
                        "ambassador")
    play(match, "0 exchange", "1 allow", "2 allow", "0 keep duke captain")
    assert names(state_of(match).deck[-2:]) == ["assassin", "duke"]


def test_a_called_coup_on_a_pair_kills_one_of_them() -> None:
    match = bluff_match("coup-inquisitor", ("captain contessa", "duke duke"),
                        five_lives=False)
    play(match, "0 tax", "1 allow", "1 income", "0 tax", "1 allow", "1 income",
         "0 coup 1 duke")
    assert names(state_of(match).hands[1]) == ["duke"]
    assert names(state_of(match).revealed[1]) == ["duke"]


def test_progress_says_the_round_and_how_many_are_still_in() -> None:
    match = coup3()
    assert match.ruleset.progress(match.state) == "Round 1 of 1, 3 players in"
    rules = get_ruleset("coup")
    fresh = rules.new_game(rules.parse_options({"players": 4, "rounds": 3}))
    assert rules.progress(fresh) == "Round 1 of 3: the deal"
