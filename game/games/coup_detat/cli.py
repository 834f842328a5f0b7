"""`coup-detat play`: Coup d'État in a terminal, one human against computer players.

Everything printed comes from the human seat's view and from the narration told to that
seat, so the terminal shows exactly what the player at that seat may know.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from game.ai import RandomPlayer
from game.cards import Card, Suit
from game.engine.follower import Follower
from game.engine.match import Match, seeded_chance
from game.games.coup_detat.rules import RULESET
from game.games.coup_detat.rules.charts import (
    COUP_CHART,
    DIRECTORS_GOALS,
    HandType,
    deck_for,
    in_display_order,
)
from game.games.coup_detat.rules.decisions import (
    AttemptCoup,
    ChooseHandType,
    Decision,
    DeclineCoup,
    Pass,
    PlayCard,
    StopRun,
)
from game.games.coup_detat.rules.narration import Narrator, francs, uncapitalized
from game.games.coup_detat.rules.view import CoupDetatView

HUMAN = 0
NAMES = ("Antoine", "Brigitte", "Camille", "Didier")
HELP = "Type the number of your choice (or the card, e.g. KH), u to undo, q to quit."

Ask = Callable[[str], str]
Say = Callable[[str], None]


def play(chosen: Mapping[str, object], seed: int | None = None, ask: Ask = input,
         say: Say = print) -> int:
    """A game with the options `chosen` (as JSON: players, short_game), seat 0 typed."""
    rules = RULESET
    options = rules.parse_options(chosen)
    players = options.players
    seed = seed if seed is not None else random.randrange(2**32)
    names = list(NAMES[:players])
    match = Match(rules, options, chance=seeded_chance(rules, seed))
    narrator = Narrator(names, viewer=HUMAN)
    computers = {seat: RandomPlayer(f"{seed}:{seat}") for seat in range(1, players)}
    say(f"Coup d'État, {players} players{', short game' if options.short_game else ''}. "
        f"You are {names[HUMAN]}; your opponents play at random for now.")
    say(HELP)
    story = Follower(match, from_start=True)
    tell(story, narrator, say)
    while not (pending := match.pending).over:
        seat = pending.seat
        assert seat is not None
        if seat != HUMAN:
            match.submit(computers[seat].decide(match.view(seat), match.legal()))
        elif not human_turn(match, names, ask, say):
            say("Goodbye.")
            return 0
        tell(story, narrator, say)
    return 0


def tell(story: Follower, narrator: Narrator, say: Say) -> None:
    """Say what happened since the last telling, as the human seat may know it."""
    for event, state in story.new_events():
        for line in narrator.lines(event, state):
            say(line)


def human_turn(match: Match, names: Sequence[str], ask: Ask, say: Say) -> bool:
    """Ask the human for a decision until one is made; False when he quits."""
    view: CoupDetatView = match.view(HUMAN)
    legal = list(match.legal())
    say("")
    for line in describe_table(view, names):
        say(line)
    for number, decision in enumerate(legal, start=1):
        say(f"  {number:>2}) {describe_choice(decision)}")
    while True:
        try:
            answer = ask("Your choice: ").strip()
        except EOFError:
            return False
        if answer.lower() in ("q", "quit"):
            return False
        if answer.lower() in ("u", "undo"):
            if match.undo(HUMAN):
                say("Taken back.")
                return True
            say("Nothing to take back since the deal.")
            continue
        decision = parse_choice(answer, legal)
        if decision is None:
            say(HELP)
            continue
        match.submit(decision)
        return True


def parse_choice(answer: str, legal: Sequence[Decision]) -> Decision | None:
    if answer.isdigit() and 1 <= int(answer) <= len(legal):
        return legal[int(answer) - 1]
    matching = [d for d in legal if isinstance(d, PlayCard) and d.card.code == answer.upper()]
    return matching[0] if len(matching) == 1 else None


def describe_choice(decision: Decision) -> str:
    match decision:
        case AttemptCoup(_, hand_type):
            return f"Attempt a coup in {hand_type.label} ({COUP_CHART[hand_type].goal})"
        case DeclineCoup():
            return "Decline the coup (take the centre card)"
        case ChooseHandType(_, hand_type):
            return f"{hand_type.label}: {DIRECTORS_GOALS[hand_type]}"
        case PlayCard(_, card, suit) if suit is not None:
            return f"{card.label}, leading {suit.plural}"
        case PlayCard(_, card):
            return card.label
        case Pass():
            return "Pass"
        case StopRun():
            return "Stop the run"
    return str(decision)


def describe_table(view: CoupDetatView, names: Sequence[str]) -> list[str]:
    lines = [_headline(view, names)]
    money = " · ".join(f"{names[seat]} {francs(cash)}" for seat, cash in enumerate(view.money))
    lines.append(f"Money: {money} · Treasury {francs(view.treasury)}")
    for debt in view.debts:
        lines.append(f"  {names[debt.debtor]} owes {names[debt.lender]} {francs(debt.owed)}")
    if view.coup_holder is not None and view.hand_type is None:
        lines.append(f"{names[view.coup_holder]} holds COUP.")
    if view.center is not None:
        lines.append(f"Centre card: {view.center.label}")
    if view.dominos is not None:
        lines += _layout(view)
    elif view.trick:
        lines.append("Trick so far: " + ", ".join(f"{names[s]} {c.label}" for s, c in view.trick))
    others = ", ".join(f"{names[s]} {n}" for s, n in enumerate(view.hand_sizes) if s != view.seat)
    lines.append(f"Cards in hand: {others}")
    lines.append("Your hand: " + _hand(view))
    return lines


def _headline(view: CoupDetatView, names: Sequence[str]) -> str:
    director = names[view.director] if view.director is not None else "?"
    head = f"Round {view.round_index + 1} of {view.rounds} · Director {director}"
    if view.hand_type is None:
        return head
    if view.coup_player is not None:
        goal = f"coup by {names[view.coup_player]}: {COUP_CHART[view.hand_type].goal}"
    else:
        goal = f"Director's hand: {uncapitalized(DIRECTORS_GOALS[view.hand_type])}"
    return f"{head} · {view.hand_type.label} ({goal})"


def _hand(view: CoupDetatView) -> str:
    dominos = view.hand_type is HandType.DOMINOS
    cards = in_display_order(view.hand, view.players, dominos)
    return " ".join(card.label for card in cards)


def _layout(view: CoupDetatView) -> list[str]:
    layout = view.dominos
    assert layout is not None
    ladder = deck_for(view.players).dominos_ladder
    starting = layout.starting_rank.word if layout.starting_rank else "-"
    lines = [f"Dominos, starting rank {starting}:"]
    for suit in Suit:
        row = layout.row(suit)
        low_to_high = [] if row is None else [ladder[p] for p in range(row[1], row[0] - 1, -1)]
        cards = " ".join(Card.parse(f"{rank.value}{suit.value}").label for rank in low_to_high)
        lines.append(f"  {suit.symbol} {cards}")
    return lines
