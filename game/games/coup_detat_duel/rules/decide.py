"""`decide(state, decision)`: check a decision against the rules and chronicle its events,
automatic consequences included (a draw from the Bastille, a Marie redeal, a trick won,
the hand's point, the round, the tiebreak and the game ended)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.cards import JOKER, Card, Suit
from game.engine.chronicle import Chronicle
from game.engine.errors import IllegalMove, quoted
from game.games.coup_detat_duel.rules import events as ev
from game.games.coup_detat_duel.rules.apply import apply
from game.games.coup_detat_duel.rules.charts import (
    BASTILLE_SIZE,
    CHART,
    CUT_STRENGTH,
    DECK,
    EXCHANGE_LIMITS,
    HAND_SIZE,
    HANDS_PER_ROUND,
    PLAYERS,
    QUEEN_OF_HEARTS,
    ROUNDS,
    TRICK_STRENGTH,
    TRICKS_PER_HAND,
    HandType,
    Role,
)
from game.games.coup_detat_duel.rules.decisions import (
    AnnounceCoup,
    AppointPrimeMinister,
    ChooseHandType,
    CutForPrimeMinister,
    Deal,
    Decision,
    KeepQuiet,
    Pass,
    PlayCard,
    SetAside,
    StopRun,
)
from game.games.coup_detat_duel.rules.dominoes import (
    can_lay,
    explain_refusal,
    is_ace_on_king,
    layable,
)
from game.games.coup_detat_duel.rules.scoring import (
    blocked_winner,
    coup_succeeds,
    prime_minister_succeeds,
    takings,
)
from game.games.coup_detat_duel.rules.state import HandState, Phase, State, other
from game.rules.card_play import checked_pass, checked_stop
from game.rules.referee import BY_A_SEAT, BY_CHANCE, Referee, Rule
from game.rules.trick_taking import check_play, trick_winner

Events = Chronicle[State, ev.Event]


def decide(state: State, decision: Decision) -> Events:
    return _REFEREE.decide(state, decision)


# Whose turn --------------------------------------------------------------------------------


def available_hand_types(state: State) -> list[HandType]:
    """The hand types that may still be named this round."""
    return [t for t in HandType if t not in state.played_this_round]


def awaited(state: State) -> str:
    """What the game waits for, in words."""
    hand = state.hand
    match state.phase:
        case Phase.CUT:
            return "the players must first cut for Prime Minister"
        case Phase.DEAL:
            return "the Prime Minister must deal first"
        case Phase.COUP:
            return f"the Peasant, seat {state.peasant}, must announce JOKER or keep quiet"
        case Phase.CHOOSE:
            return f"the Prime Minister, seat {state.prime_minister}, must name the hand"
        case Phase.EXCHANGE:
            assert hand is not None
            return f"seat {hand.to_act} must set cards aside for the Bastille exchange"
        case Phase.PLAY:
            assert hand is not None
            return f"seat {hand.to_act} is to play"
    return "the game is over"


def _seat_to_act(state: State) -> int | None:
    return state.hand.to_act if state.hand is not None else None


def _hand(state: State) -> HandState:
    assert state.hand is not None
    return state.hand


# Chance ------------------------------------------------------------------------------------


def _cut(events: Events, decision: CutForPrimeMinister) -> None:
    seats = sorted(seat for seat, _ in decision.cuts)
    cards = [card for _, card in decision.cuts]
    if seats != list(range(PLAYERS)):
        raise IllegalMove("Each player cuts one card.")
    if len(set(cards)) != len(cards) or any(card not in CUT_STRENGTH for card in cards):
        raise IllegalMove("The cards cut must be different cards of the pack.")
    events.add(ev.Cut(decision.cuts))
    strength = {seat: CUT_STRENGTH[card] for seat, card in decision.cuts}
    best = max(strength.values())
    highest = [seat for seat, value in strength.items() if value == best]
    if len(highest) == 1:
        events.add(ev.PrimeMinisterAppointed(highest[0]))
    else:
        events.add(ev.CutTied())


def _appoint(events: Events, decision: AppointPrimeMinister) -> None:
    seat = decision.prime_minister
    if not isinstance(seat, int) or not 0 <= seat < PLAYERS:
        raise IllegalMove(f"There is no seat {quoted(seat)} to be Prime Minister.")
    events.add(ev.PrimeMinisterAppointed(seat))


def _deal(events: Events, decision: Deal) -> None:
    check_deal(decision)
    events.add(ev.Dealt(decision.hands, decision.bastille))


def check_deal(deal: Deal) -> None:
    """A deal gives each player twelve cards and the Bastille nine, exactly the pack."""
    if (len(deal.hands) != PLAYERS or any(len(hand) != HAND_SIZE for hand in deal.hands)
            or len(deal.bastille) != BASTILLE_SIZE):
        raise IllegalMove(f"A deal gives {HAND_SIZE} cards to each player and "
                          f"{BASTILLE_SIZE} to the Bastille.")
    dealt = Counter([*(card for hand in deal.hands for card in hand), *deal.bastille])
    if dealt != Counter(DECK):
        missing = [c.code for c in DECK if dealt[c] == 0]
        extra = [c.code for c, n in dealt.items() if c not in CUT_STRENGTH or n > 1]
        raise IllegalMove(
            f"The deal must use exactly the {len(DECK)}-card pack"
            f" (missing: {' '.join(missing) or 'none'}; extra or repeated:"
            f" {' '.join(extra) or 'none'})."
        )


# The coup and the choice of hand -----------------------------------------------------------


def _check_hand_type(state: State, hand_type: HandType) -> None:
    if hand_type in state.played_this_round:
        raise IllegalMove(f"{hand_type.label} has already been played this round.")


def _announce(events: Events, decision: AnnounceCoup) -> None:
    _check_hand_type(events.state, decision.hand_type)
    events.add(ev.CoupAnnounced(decision.seat, decision.hand_type))


def _keep_quiet(events: Events, decision: KeepQuiet) -> None:
    events.add(ev.NoCoup(decision.seat))


def _choose(events: Events, decision: ChooseHandType) -> None:
    _check_hand_type(events.state, decision.hand_type)
    events.add(ev.HandTypeChosen(decision.seat, decision.hand_type))


# The Bastille exchange ---------------------------------------------------------------------


def _set_aside(events: Events, decision: SetAside) -> None:
    state = events.state
    hand = _hand(state)
    role = state.role(decision.seat)
    check_set_aside(hand, decision.seat, role, decision.cards)
    events.add(ev.SetAside(decision.seat, decision.cards))
    events.add(ev.DrewFromBastille(decision.seat, hand.bastille[: len(decision.cards)]))
    if role is Role.PEASANT:
        _end_exchange(events)


def check_set_aside(hand: HandState, seat: int, role: Role, cards: Sequence[Card]) -> None:
    """Raise `IllegalMove`, with the reason, unless `seat` may set `cards` aside."""
    repeated = [card for card, count in Counter(cards).items() if count > 1]
    if repeated:
        raise IllegalMove(f"Set aside different cards: {_labels(repeated)} named twice.")
    missing = [card for card in cards if card not in hand.hands[seat]]
    if missing:
        raise IllegalMove(f"You do not hold {_labels(missing)}.")
    limits = EXCHANGE_LIMITS[role]
    if not limits.fewest <= len(cards) <= limits.most:
        raise IllegalMove(f"The {role.title} sets aside {limits.fewest} to {limits.most} "
                          f"cards, not {len(cards)}.")
    assert hand.hand_type is not None
    line = CHART[hand.hand_type]
    barred = [card for card in cards if card in line.not_to_set_aside]
    if barred:
        raise IllegalMove(f"In {hand.hand_type.label} nobody may set aside "
                          f"{line.not_to_set_aside_words}: {_labels(barred)}.")


def _labels(cards: Sequence[Card]) -> str:
    return " ".join(card.label for card in cards)


def _end_exchange(events: Events) -> None:
    """Marie is dealt again if `QH` is left in the Bastille; otherwise play begins."""
    state = events.state
    hand = _hand(state)
    if hand.hand_type is HandType.MARIE and QUEEN_OF_HEARTS in hand.bastille:
        events.add(ev.QueenOfHeartsInBastille())
        return
    assert state.leader is not None
    events.add(ev.ExchangeEnded(state.leader))


# Tricks ------------------------------------------------------------------------------------


def _play(events: Events, decision: PlayCard) -> None:
    if _hand(events.state).dominoes is not None:
        _lay(events, decision)
    else:
        _play_to_trick(events, decision)


def first_lead_limits(state: State) -> frozenset[Suit]:
    """The suits that may not be led now: only for the first lead of a hand."""
    hand = _hand(state)
    tricks = hand.tricks
    assert tricks is not None and hand.hand_type is not None
    if tricks.done or tricks.plays:
        return frozenset()
    return CHART[hand.hand_type].no_first_lead


def _play_to_trick(events: Events, decision: PlayCard) -> None:
    state = events.state
    hand = _hand(state)
    tricks = hand.tricks
    assert tricks is not None and hand.hand_type is not None
    seat, card = decision.seat, decision.card
    leading = not tricks.plays
    limits = first_lead_limits(state)
    label = hand.hand_type.label
    check_play(hand.hands[seat], card, None if leading else tricks.led_suit, limits,
               lambda: f"In {label} nobody may lead")
    named_suit = _joker_lead_suit(decision.suit, limits, hand.hand_type) \
        if card is JOKER and leading else None
    events.add(ev.CardPlayed(seat, card, named_suit))
    tricks = _hand(events.state).tricks
    assert tricks is not None and tricks.led_suit is not None
    if len(tricks.plays) < PLAYERS:
        return
    number = len(tricks.done) + 1
    events.add(ev.TrickWon(trick_winner(tricks.plays, tricks.led_suit, TRICK_STRENGTH), number))
    if number == TRICKS_PER_HAND:
        _end_hand(events)


def _joker_lead_suit(suit: Suit | None, limits: frozenset[Suit], hand_type: HandType) -> Suit:
    if suit is None:
        raise IllegalMove("When you lead JOKER, name the suit it stands for: S, H, D or C.")
    if suit in limits:
        raise IllegalMove(f"In {hand_type.label} JOKER may not stand for a {suit.singular} "
                          "on the first lead.")
    return suit


# Dominoes ----------------------------------------------------------------------------------


def _lay(events: Events, decision: PlayCard) -> None:
    hand = _hand(events.state)
    layout = hand.dominoes
    assert layout is not None
    seat, card = decision.seat, decision.card
    if card not in hand.hands[seat]:
        raise IllegalMove(f"You do not hold {card.label}.")
    if not can_lay(card, layout):
        raise explain_refusal(card, layout)
    named_suit = None
    if card is JOKER and layout.start is None:
        if decision.suit is None:
            raise IllegalMove("When you lay JOKER first, name the suit of which it is the 6: "
                              "S, H, D or C.")
        named_suit = decision.suit
    running = layout.runner == seat
    starts_run = not running and is_ace_on_king(card, layout)
    events.add(ev.CardPlayed(seat, card, named_suit))
    after = _hand(events.state)
    remaining = after.hands[seat]
    if not remaining:
        if running:
            events.add(ev.RunEnded(seat, stopped=False))
        events.add(ev.WentOut(seat))
        _end_hand(events)
        return
    can_go_on = bool(layable(remaining, after.dominoes))  # type: ignore[arg-type]
    if running and not can_go_on:
        events.add(ev.RunEnded(seat, stopped=False))
    elif starts_run and can_go_on:
        events.add(ev.RunStarted(seat))
    _end_if_blocked(events)


def _end_if_blocked(events: Events) -> None:
    """Neither player can lay a card: the hand ends at once, without passes."""
    hand = _hand(events.state)
    layout = hand.dominoes
    assert layout is not None
    if any(layable(cards, layout) for cards in hand.hands):
        return
    events.add(ev.LayoutBlocked(tuple(len(cards) for cards in hand.hands), blocked_winner(hand)))
    _end_hand(events)


def _pass(events: Events, decision: Pass) -> None:
    hand = _hand(events.state)
    layout = hand.dominoes
    if layout is None:
        raise IllegalMove("Passing is only for Dominoes: play a card.")
    options = layable(hand.hands[decision.seat], layout)
    events.add(checked_pass(decision.seat, layout.runner, options))


def _stop(events: Events, decision: StopRun) -> None:
    layout = _hand(events.state).dominoes
    events.add(checked_stop(decision.seat, layout.runner if layout else None, "Dominoes"))


# The hand's point, the rounds, the tiebreak --------------------------------------------------


def _end_hand(events: Events) -> None:
    state = events.state
    hand = _hand(state)
    hand_type = hand.hand_type
    pm, peasant = state.prime_minister, state.peasant
    assert hand_type is not None and pm is not None and peasant is not None
    records = takings(hand)
    if hand.coup:
        chooser, goal_met = peasant, coup_succeeds(hand_type, records[peasant], records[pm])
    else:
        chooser, goal_met = pm, prime_minister_succeeds(hand_type, records[pm], records[peasant])
    events.add(ev.HandWon(chooser if goal_met else other(chooser), hand_type, hand.coup,
                          goal_met))
    if hand.coup and goal_met:
        events.add(ev.PrimeMinisterChanged(peasant))
    events.add(ev.HandEnded(hand_type))
    state = events.state
    if state.tiebreak:
        events.add(ev.GameEnded(winners(state)))
    elif len(state.played_this_round) == HANDS_PER_ROUND:
        _end_round(events)


def round_prime_minister(state: State, round_index: int) -> int:
    """Who starts a round as Prime Minister: each player in turn, from the first."""
    assert state.first_prime_minister is not None
    return (state.first_prime_minister + round_index) % PLAYERS


def _end_round(events: Events) -> None:
    state = events.state
    events.add(ev.RoundEnded(state.round_index))
    next_round = state.round_index + 1
    if next_round < ROUNDS:
        events.add(ev.RoundStarted(next_round, round_prime_minister(state, next_round)))
    elif len(winners(state)) > 1:
        events.add(ev.TiebreakStarted(round_prime_minister(state, 0)))
    else:
        events.add(ev.GameEnded(winners(state)))


def winners(state: State) -> tuple[int, ...]:
    """Every player with the most points."""
    points = state.points
    best = max(points)
    return tuple(seat for seat, value in enumerate(points) if value == best)


_REFEREE = Referee(
    game="Coup d'État for two",
    rules={
        CutForPrimeMinister: Rule(_cut, Phase.CUT, BY_CHANCE),
        AppointPrimeMinister: Rule(_appoint, Phase.CUT, BY_CHANCE),
        Deal: Rule(_deal, Phase.DEAL, BY_CHANCE),
        AnnounceCoup: Rule(_announce, Phase.COUP, BY_A_SEAT),
        KeepQuiet: Rule(_keep_quiet, Phase.COUP, BY_A_SEAT),
        ChooseHandType: Rule(_choose, Phase.CHOOSE, BY_A_SEAT),
        SetAside: Rule(_set_aside, Phase.EXCHANGE, BY_A_SEAT),
        PlayCard: Rule(_play, Phase.PLAY, BY_A_SEAT),
        Pass: Rule(_pass, Phase.PLAY, BY_A_SEAT),
        StopRun: Rule(_stop, Phase.PLAY, BY_A_SEAT),
    },
    apply=apply,
    awaited=awaited,
    seat_to_act=_seat_to_act,
)
