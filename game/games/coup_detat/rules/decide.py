"""`decide(state, decision)`: check a decision against the rules and chronicle its events,
automatic consequences included (a trick won, a player out, the hand settled, the round
and the game ended)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.cards import COUP
from game.engine.chronicle import Chronicle
from game.engine.errors import IllegalMove, quoted
from game.games.coup_detat.rules import events as ev
from game.games.coup_detat.rules import ledger
from game.games.coup_detat.rules.apply import apply
from game.games.coup_detat.rules.charts import (
    COUP_CHART,
    HANDS_PER_ROUND,
    HIDDEN_COUP_TYPES,
    SHORT_GAME_TYPES,
    HandType,
    deck_for,
)
from game.games.coup_detat.rules.decisions import (
    AppointDirector,
    AttemptCoup,
    ChooseHandType,
    Deal,
    Decision,
    DeclineCoup,
    DrawForDirector,
    Pass,
    PlayCard,
    StopRun,
)
from game.games.coup_detat.rules.dominos import can_lay, explain_refusal, is_ace_on_king, layable
from game.games.coup_detat.rules.scoring import achievements, coup_goal_met, penalty
from game.games.coup_detat.rules.state import HandState, Phase, State, left_of, seats_from_left_of
from game.games.coup_detat.rules.tricks import check_play, forbidden_first_lead, trick_winner
from game.rules.card_play import checked_pass, checked_stop
from game.rules.referee import BY_A_SEAT, BY_CHANCE, Referee, Rule

Events = Chronicle[State, ev.Event]


def decide(state: State, decision: Decision) -> Events:
    return _REFEREE.decide(state, decision)


# Whose turn --------------------------------------------------------------------------------


def hand_types_in_play(state: State) -> tuple[HandType, ...]:
    return SHORT_GAME_TYPES if state.options.short_game else tuple(HandType)


def available_hand_types(state: State) -> list[HandType]:
    """The hand types that may still be named this round."""
    return [t for t in hand_types_in_play(state) if t not in state.played_this_round]


def awaited(state: State) -> str:
    """What the game waits for, in words."""
    hand = state.hand
    match state.phase:
        case Phase.DRAW:
            return "the players must first draw for the Director"
        case Phase.DEAL:
            return "the Director must deal first"
        case Phase.COUP:
            assert hand is not None
            return f"seat {hand.coup_holder}, holding COUP, must decide on a coup"
        case Phase.CHOOSE:
            return f"the Director, seat {state.director}, must name the hand"
        case Phase.PLAY:
            assert hand is not None
            return f"seat {hand.to_act} is to play"
    return "the game is over"


def _seat_to_act(state: State) -> int | None:
    hand = state.hand
    if hand is None:
        return None
    if state.phase is Phase.COUP:
        return hand.coup_holder
    if state.phase is Phase.CHOOSE:
        return state.director
    return hand.to_act


# Chance ------------------------------------------------------------------------------------


def _draw(events: Events, decision: DrawForDirector) -> None:
    state = events.state
    deck = deck_for(state.players)
    seats = [seat for seat, _ in decision.draws]
    drawn = [card for _, card in decision.draws]
    if sorted(seats) != sorted(state.drawing):
        raise IllegalMove(f"Seats {list(state.drawing)} must each draw one card.")
    if len(set(drawn)) != len(drawn) or any(card not in deck.trick_strength for card in drawn):
        raise IllegalMove("The cards drawn must be different cards of the pack.")
    events.add(ev.DrewForDirector(decision.draws))
    best = max(deck.trick_strength[card] for card in drawn)
    highest = tuple(seat for seat, card in decision.draws if deck.trick_strength[card] == best)
    if len(highest) == 1:
        events.add(ev.DirectorAppointed(highest[0]))
    else:
        events.add(ev.DrawTied(highest))


def _appoint(events: Events, decision: AppointDirector) -> None:
    players = events.state.players
    if not isinstance(decision.director, int) or not 0 <= decision.director < players:
        raise IllegalMove(f"There is no seat {quoted(decision.director)} to be Director.")
    events.add(ev.DirectorAppointed(decision.director))


def _deal(events: Events, decision: Deal) -> None:
    check_deal(events.state.players, decision)
    events.add(ev.Dealt(decision.hands, decision.center))
    if decision.center is COUP:
        events.add(ev.DealThrownIn())
    else:
        events.add(ev.CoupHolderAnnounced(events.state.hand.coup_holder))  # type: ignore[union-attr]


def check_deal(players: int, deal: Deal) -> None:
    """A deal must give every seat its share and use exactly the pack."""
    deck = deck_for(players)
    if len(deal.hands) != players or any(len(h) != deck.hand_size for h in deal.hands):
        raise IllegalMove(f"A deal gives {deck.hand_size} cards to each of {players} seats.")
    dealt = Counter([*(card for hand in deal.hands for card in hand), deal.center])
    if dealt != Counter(deck.cards):
        missing = [c.code for c in deck.cards if dealt[c] == 0]
        extra = [c.code for c, n in dealt.items() if c not in deck.trick_strength or n > 1]
        raise IllegalMove(
            f"The deal must use exactly the {len(deck.cards)}-card pack"
            f" (missing: {' '.join(missing) or 'none'}; extra or repeated:"
            f" {' '.join(extra) or 'none'})."
        )


# The coup decision and the choice of hand ---------------------------------------------------


def _check_hand_type(state: State, hand_type: HandType) -> None:
    if hand_type not in hand_types_in_play(state):
        raise IllegalMove(f"{hand_type.label} is not played in the short game.")
    if hand_type in state.played_this_round:
        raise IllegalMove(f"{hand_type.label} has already been played this round.")


def _attempt_coup(events: Events, decision: AttemptCoup) -> None:
    state = events.state
    _check_hand_type(state, decision.hand_type)
    events.add(ev.CoupAttempted(decision.seat, decision.hand_type))
    if decision.hand_type is HandType.DOMINOS:
        events.add(ev.CoupCardExchanged(decision.seat, state.hand.center))  # type: ignore[union-attr]


def _decline_coup(events: Events, decision: DeclineCoup) -> None:
    events.add(ev.CoupDeclined(decision.seat, events.state.hand.center))  # type: ignore[union-attr]


def _choose(events: Events, decision: ChooseHandType) -> None:
    _check_hand_type(events.state, decision.hand_type)
    events.add(ev.HandTypeChosen(decision.seat, decision.hand_type))


# Tricks ------------------------------------------------------------------------------------


def _hand(state: State) -> HandState:
    assert state.hand is not None
    return state.hand


def _play(events: Events, decision: PlayCard) -> None:
    if _hand(events.state).dominos is not None:
        _lay(events, decision)
    else:
        _play_to_trick(events, decision)


def trick_lead_limits(state: State) -> frozenset:
    """The suits the player to act may not lead (only on a Director's first lead)."""
    hand = _hand(state)
    tricks = hand.tricks
    assert tricks is not None and hand.hand_type is not None
    if tricks.done or tricks.plays:
        return frozenset()
    return forbidden_first_lead(hand.hand_type, hand.is_coup)


def _play_to_trick(events: Events, decision: PlayCard) -> None:
    state = events.state
    hand = _hand(state)
    tricks = hand.tricks
    assert tricks is not None and hand.hand_type is not None
    seat, card = decision.seat, decision.card
    led_suit = tricks.led_suit if tricks.plays else None
    check_play(hand.hands[seat], card, led_suit, trick_lead_limits(state), hand.hand_type)
    named_suit = None
    if card is COUP and not tricks.plays:
        if decision.suit is None:
            raise IllegalMove("When you lead COUP, name the suit it leads: S, H, D or C.")
        named_suit = decision.suit
    events.add(ev.CardPlayed(seat, card, named_suit))
    tricks = _hand(events.state).tricks
    assert tricks is not None
    if len(tricks.plays) < state.players:
        return
    deck = deck_for(state.players)
    winner = trick_winner(tricks.plays, tricks.led_suit, deck.trick_strength)  # type: ignore[arg-type]
    number = len(tricks.done) + 1
    center = hand.center if hand.is_coup and number == 1 else None
    events.add(ev.TrickWon(winner, number, center))
    if number == deck.tricks_per_hand:
        _end_hand(events)


# Dominos -----------------------------------------------------------------------------------


def _lay(events: Events, decision: PlayCard) -> None:
    state = events.state
    hand = _hand(state)
    layout = hand.dominos
    assert layout is not None
    deck = deck_for(state.players)
    seat, card = decision.seat, decision.card
    if card not in hand.hands[seat]:
        raise IllegalMove(f"You do not hold {card.label}.")
    if not can_lay(card, layout, deck.dominos_position):
        raise explain_refusal(card, layout, deck.dominos_ladder)
    running = layout.runner == seat
    starts_run = not running and is_ace_on_king(card, layout, deck.dominos_position)
    events.add(ev.CardPlayed(seat, card))
    after = _hand(events.state)
    remaining = after.hands[seat]
    if not remaining:
        if running:
            events.add(ev.RunEnded(seat, stopped=False))
        events.add(ev.WentOut(seat, len(layout.out) + 1))
        holders = [other for other, cards in enumerate(after.hands) if cards]
        if len(holders) == 1:
            events.add(ev.LastOut(holders[0]))
            _end_hand(events)
        return
    can_go_on = bool(layable(remaining, after.dominos, deck.dominos_position))  # type: ignore[arg-type]
    if running and not can_go_on:
        events.add(ev.RunEnded(seat, stopped=False))
    elif starts_run and can_go_on:
        events.add(ev.RunStarted(seat))


def _pass(events: Events, decision: Pass) -> None:
    hand = _hand(events.state)
    layout = hand.dominos
    if layout is None:
        raise IllegalMove("Passing is only for Dominos: play a card.")
    deck = deck_for(events.state.players)
    options = layable(hand.hands[decision.seat], layout, deck.dominos_position)
    events.add(checked_pass(decision.seat, layout.runner, options))


def _stop(events: Events, decision: StopRun) -> None:
    layout = _hand(events.state).dominos
    events.add(checked_stop(decision.seat, layout.runner if layout else None, "Dominos"))


# Settling ----------------------------------------------------------------------------------


def _end_hand(events: Events) -> None:
    state = events.state
    hand = _hand(state)
    hand_type = hand.hand_type
    assert hand_type is not None and state.director is not None
    deck = deck_for(state.players)
    records = achievements(hand, deck)
    chart = COUP_CHART[hand_type]
    if hand.coup_player is not None:
        seat = hand.coup_player
        if coup_goal_met(hand_type, records[seat], deck):
            events.add(ev.CoupSucceeded(seat, hand_type))
            _overthrow(events, seat, chart.reward, ev.Reason.COUP)
        else:
            events.add(ev.CoupFailed(seat, hand_type))
            ledger.pay(events, seat, None, chart.failure, ev.Reason.FAILED_COUP)
    else:
        hidden = _hidden_coup(state, hand_type, records, deck)
        if hidden is not None:
            events.add(ev.HiddenCoup(hidden, hand_type))
            _overthrow(events, hidden, chart.reward, ev.Reason.HIDDEN_COUP)
        else:
            for payer in seats_from_left_of(state.director, state.players):
                amount = penalty(hand_type, records[payer])
                if amount:
                    ledger.pay(events, payer, state.director, amount, ev.Reason.PENALTY)
    events.add(ev.HandEnded(hand_type))
    state = events.state
    if len(state.played_this_round) == HANDS_PER_ROUND[state.options.short_game]:
        _end_round(events)


def _hidden_coup(state: State, hand_type: HandType, records: tuple, deck: Any) -> int | None:
    """The player other than the Director who achieved the coup goal unannounced."""
    if hand_type not in HIDDEN_COUP_TYPES:
        return None
    for seat in seats_from_left_of(state.director, state.players):  # type: ignore[arg-type]
        if coup_goal_met(hand_type, records[seat], deck):
            return seat
    return None


def _overthrow(events: Events, seat: int, reward: int, reason: ev.Reason) -> None:
    """A successful coup, regular or hidden: each other player pays, starting on the left;
    the winner takes the Treasury and is (or stays) Director."""
    for payer in seats_from_left_of(seat, events.state.players):
        ledger.pay(events, payer, seat, reward, reason)
    ledger.take_treasury(events, seat)
    if events.state.director != seat:
        events.add(ev.DirectorChanged(seat))


def _end_round(events: Events) -> None:
    state = events.state
    assert state.director is not None and state.round_director is not None
    ledger.take_treasury(events, state.director)
    events.add(ev.RoundEnded(state.round_index))
    if state.round_index + 1 == state.players:  # as many rounds as players
        events.add(ev.GameEnded(winners(events.state)))
    else:
        events.add(ev.RoundStarted(state.round_index + 1, left_of(state.round_director,
                                                                   state.players)))


def winners(state: State) -> tuple[int, ...]:
    """Every player with the highest final worth."""
    worth = [state.worth(seat) for seat in range(state.players)]
    best = max(worth)
    return tuple(seat for seat, value in enumerate(worth) if value == best)


_REFEREE = Referee(
    game="Coup d'État",
    rules={
        DrawForDirector: Rule(_draw, Phase.DRAW, BY_CHANCE),
        AppointDirector: Rule(_appoint, Phase.DRAW, BY_CHANCE),
        Deal: Rule(_deal, Phase.DEAL, BY_CHANCE),
        AttemptCoup: Rule(_attempt_coup, Phase.COUP, BY_A_SEAT),
        DeclineCoup: Rule(_decline_coup, Phase.COUP, BY_A_SEAT),
        ChooseHandType: Rule(_choose, Phase.CHOOSE, BY_A_SEAT),
        PlayCard: Rule(_play, Phase.PLAY, BY_A_SEAT),
        Pass: Rule(_pass, Phase.PLAY, BY_A_SEAT),
        StopRun: Rule(_stop, Phase.PLAY, BY_A_SEAT),
    },
    apply=apply,
    awaited=awaited,
    seat_to_act=_seat_to_act,
)
