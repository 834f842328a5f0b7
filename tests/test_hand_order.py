"""One order for a hand: the log writes the cards dealt in the order the table shows them
(the 1966 game: by suit, then trick rank, A 10 K Q...; the game for two: suits S H C D,
high to low, JOKER last)."""

from __future__ import annotations

import pytest

from game.engine.match import Match, seeded_chance
from game.games import get_ruleset
from game.ui.table.kit import kit_for


def dealt_match(ruleset_id: str, seed: int) -> Match:
    """A game up to its first deal."""
    rules = get_ruleset(ruleset_id)
    match = Match(rules, rules.parse_options({"players": rules.max_players}),
                  chance=seeded_chance(rules, seed))
    while not any(type(event).__name__ == "Dealt" for event in match.events):
        pending = match.pending
        assert pending.seat is None, "a deal comes before any seat decides"
        match.submit(match.legal()[0])
    return match


@pytest.mark.parametrize("ruleset_id", ["coup-detat", "coup-detat-duel"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_log_writes_a_hand_dealt_as_the_table_shows_it(ruleset_id: str, seed: int) -> None:
    match = dealt_match(ruleset_id, seed)
    names = [f"P{seat}" for seat in range(match.players)]
    narrator = match.ruleset.narrator(names, 0, tell_all=False, second_person=True)
    state = match.ruleset.new_game(match.options)
    told: list[str] = []
    for event in match.events:
        state = match.ruleset.apply(state, event)
        told += narrator.lines(event, state)
    mine = [line for line in told if line.strip().startswith("Your hand:")]
    assert len(mine) == 1, told
    shown = kit_for(ruleset_id).cards.in_hand_order(match.ruleset.view(state, 0))
    assert mine[0].split(":", 1)[1].split() == [card.label for card in shown]
