"""Builders shared by the rule tests (tests/test_coup_detat_*.py); this module holds no tests.

A test writes its deals as card codes and its tricks as the cards in play order; the seat
of each card is looked up from the deal, so a trick reads like a score sheet:
"7D AD 8H 9C" is a trick led with 7♦ and followed, to the left, by A♦, 8♥ and 9♣.

Standard deals (4 players), used where many hands are needed:

- `sweep_coup(c, t)`: each seat holds one whole suit; the coup player c holds `COUP`
  instead of his 7, which is the centre card. c attempts a coup in t, leads all eight
  tricks and wins them all (nobody else holds his suit; his `COUP` is led last, naming his
  suit, and a led `COUP` wins). In Dominos c swaps `COUP` for his 7, starts with it and
  goes out first. The coup succeeds whatever t is.
- `failed_coup(c, t)` (t not Dominos): c holds `COUP` and his suit without its Ace; the
  seat n to his left holds that Ace and his own suit without its 7 (the centre card). c
  leads his 7, n must take it with the Ace, then leads his Ace (c throws `COUP` under it:
  the Ace of the suit led came first, so it wins) and the rest of his suit. n takes all
  eight tricks: c takes nothing, so his coup fails.
- `penalty_hand(d, p, t)` (Director d, t not Dominos): d holds A♠..8♠ and 7♦, p holds
  A♦..8♦ and 7♠, the two others a whole suit each (Hearts, Clubs; `COUP` replaces 7♣, the
  centre card, and is declined). d leads 7♦ (allowed in every hand type), p takes it and
  leads his Diamonds: he wins tricks 1-7. Trick 8 is his 7♠, which d takes with his last
  Spade. p thus takes every card but 7♠, d's last Spade (Q♠ in Waterloo, 8♠ otherwise),
  7♥ and 7♣. His penalty: Barbu 800 (K♥); Waterloo 600 (Q♥ Q♦ Q♣); Siege 600 (A♠ 10♠ K♠
  Q♠ J♠ 9♠); Touché 400 (first trick); Guillotine 800 + 4x200 + 6x100 + 400 = 2600. He
  never takes all the Spades nor the last trick, nor in Waterloo all the Queens: no
  hidden coup. Nobody else takes a card.
- `dominos_last_out(d, p)`: a Director's Dominos on whole suits; d starts with his King,
  everyone must start his own suit with his King; then each seat but p lays his Ace on his
  King and runs off his Q J 10 9 8 7, while p, on his turn, lays his Queen instead of his
  Ace. p is last out.
- `director_sweep(d, t)` (t not Dominos): whole suits, `COUP` declined; d leads all eight
  tricks with his suit and takes everything: nobody pays anything.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from helpers import match_after, run_scenario

from game.engine.match import Match

RANKS = ("A", "10", "K", "Q", "J", "9", "8", "7")  # trick order, high to low
UPWARDS = ("7", "8", "9", "10", "J", "Q", "K", "A")  # Dominos order, low to high
DEFAULT_SUITS = "SHDC"  # whole-suit deals: seat 0 Spades, 1 Hearts, 2 Diamonds, 3 Clubs

Move = dict[str, Any]


def suit_cards(suit: str, ranks: Iterable[str] = RANKS) -> list[str]:
    return [rank + suit for rank in ranks]


@dataclass
class HandPlan:
    """One deal and the moves that play it out."""

    hands: list[list[str]]
    center: str
    moves: list[Move] = field(default_factory=list)

    @property
    def deal(self) -> tuple[list[str], str]:
        return [" ".join(hand) for hand in self.hands], self.center


def holders(hands: Sequence[Sequence[str]], center: str, taker: int | None) -> dict[str, int]:
    """Who holds each card; `taker` (the seat that took the centre card) holds it too."""
    seat_of = {card: seat for seat, hand in enumerate(hands) for card in hand}
    if taker is not None:
        seat_of[center] = taker
    return seat_of


def trick_moves(seat_of: dict[str, int], *tricks: str) -> list[Move]:
    """Moves for tricks written as the cards in play order ("COUP:S" leads COUP as a Spade)."""
    moves: list[Move] = []
    for trick in tricks:
        for token in trick.split():
            card, _, suit = token.partition(":")
            move: Move = {"seat": seat_of[card], "play": card}
            if suit:
                move["suit"] = suit
            moves.append(move)
    return moves


def dominos_moves(seat_of: dict[str, int], sequence: str) -> list[Move]:
    """Dominos moves: a card code lays it; "P2" is seat 2 passing; "X2" is seat 2 stopping."""
    moves: list[Move] = []
    for token in sequence.split():
        if token[0] == "P" and token[1:].isdigit():
            moves.append({"seat": int(token[1:]), "pass": True})
        elif token[0] == "X" and token[1:].isdigit():
            moves.append({"seat": int(token[1:]), "stop": True})
        else:
            moves.append({"seat": seat_of[token], "play": token})
    return moves


@dataclass
class Script:
    """A scenario built hand by hand: the deals in order and every move."""

    players: int = 4
    deals: list[tuple[list[str], str]] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)

    def add(self, plan: HandPlan) -> Script:
        self.deals.append(plan.deal)
        self.moves.extend(plan.moves)
        return self

    def run(self, **options: Any) -> dict[str, Any]:
        return run_scenario(self.players, self.deals, self.moves, **options)

    def match(self, **options: Any) -> Match:
        return match_after(self.players, self.deals, self.moves, **options)


# Standard 4-player hands -------------------------------------------------------------------


def _whole_suits(coup_seat: int, suits: str = DEFAULT_SUITS) -> tuple[list[list[str]], str]:
    """Each seat one whole suit; `coup_seat` holds COUP instead of his 7, the centre card."""
    hands = []
    for seat in range(4):
        cards = suit_cards(suits[seat])
        if seat == coup_seat:
            cards[-1] = "COUP"
        hands.append(cards)
    return hands, "7" + suits[coup_seat]


def _whole_suit_dominos(hands: list[list[str]], first: int) -> list[Move]:
    """Everyone lays his own suit upwards from the 7, in turn from `first`; the hand ends
    when three seats are out (the Ace on the King is each one's last card: no run)."""
    order = [(first + step) % 4 for step in range(4)]
    own = {seat: sorted(hands[seat], key=lambda card: UPWARDS.index(card[:-1]))
           for seat in range(4)}
    moves: list[Move] = []
    for rank_index in range(8):
        for seat in order:
            if rank_index == 7 and seat == order[3]:
                return moves
            moves.append({"seat": seat, "play": own[seat][rank_index]})
    return moves


def sweep_coup(coup_seat: int, hand_type: str) -> HandPlan:
    hands, center = _whole_suits(coup_seat)
    moves: list[Move] = [{"seat": coup_seat, "coup": hand_type}]
    if hand_type == "dominos":
        full = [list(hand) for hand in hands]
        full[coup_seat][-1] = center
        moves += _whole_suit_dominos(full, coup_seat)
        return HandPlan(hands, center, moves)
    suit = DEFAULT_SUITS[coup_seat]
    for index in range(8):
        for step in range(4):
            seat = (coup_seat + step) % 4
            card = hands[seat][index]
            move: Move = {"seat": seat, "play": card}
            if card == "COUP":
                move["suit"] = suit
            moves.append(move)
    return HandPlan(hands, center, moves)


def director_sweep(director: int, hand_type: str, coup_seat: int = 3) -> HandPlan:
    assert hand_type != "dominos"
    hands, center = _whole_suits(coup_seat)
    moves: list[Move] = [{"seat": coup_seat, "decline": True},
                         {"seat": director, "choose": hand_type}]
    full = [list(hand) for hand in hands]
    full[coup_seat][-1] = center
    for index in range(8):
        for step in range(4):
            seat = (director + step) % 4
            moves.append({"seat": seat, "play": full[seat][index]})
    return HandPlan(hands, center, moves)


def dominos_last_out(director: int, last: int, coup_seat: int | None = None) -> HandPlan:
    assert last != director
    if coup_seat is None:
        coup_seat = last
    hands, center = _whole_suits(coup_seat)
    full = [list(hand) for hand in hands]
    full[coup_seat][-1] = center
    moves: list[Move] = [{"seat": coup_seat, "decline": True},
                         {"seat": director, "choose": "dominos"}]
    order = [(director + step) % 4 for step in range(4)]
    moves += [{"seat": seat, "play": "K" + DEFAULT_SUITS[seat]} for seat in order]
    for seat in order:
        suit = DEFAULT_SUITS[seat]
        if seat == last:
            if seat != order[-1]:  # others still to run out after him
                moves.append({"seat": seat, "play": "Q" + suit})
        else:
            moves += [{"seat": seat, "play": rank + suit}
                      for rank in ("A", "Q", "J", "10", "9", "8", "7")]
    return HandPlan(hands, center, moves)


def failed_coup(coup_seat: int, hand_type: str) -> HandPlan:
    assert hand_type != "dominos"
    c, n = coup_seat, (coup_seat + 1) % 4
    sc, sn = DEFAULT_SUITS[c], DEFAULT_SUITS[n]
    hands = [suit_cards(DEFAULT_SUITS[seat]) for seat in range(4)]
    hands[c] = ["COUP", *suit_cards(sc, RANKS[1:])]
    hands[n] = ["A" + sc, *suit_cards(sn, RANKS[:-1])]
    center = "7" + sn
    others = [(c + 2) % 4, (c + 3) % 4]
    moves: list[Move] = [{"seat": c, "coup": hand_type}]
    # Trick 1: c leads his 7, n takes it with the Ace of c's suit.
    t1 = {c: "7" + sc, n: "A" + sc, others[0]: hands[others[0]][0],
          others[1]: hands[others[1]][0]}
    moves += [{"seat": seat, "play": t1[seat]} for seat in (c, n, *others)]
    # Tricks 2-8: n leads A 10 K Q J 9 8 of his suit; c throws COUP under the Ace.
    c_rest = ["COUP", *suit_cards(sc, ("10", "K", "Q", "J", "9", "8"))]
    for index in range(7):
        plays = {n: hands[n][1 + index], others[0]: hands[others[0]][1 + index],
                 others[1]: hands[others[1]][1 + index], c: c_rest[index]}
        moves += [{"seat": seat, "play": plays[seat]} for seat in (n, *others, c)]
    return HandPlan(hands, center, moves)


def penalty_hand(director: int, payer: int, hand_type: str) -> HandPlan:
    assert hand_type != "dominos" and payer != director
    d, p = director, payer
    o1, o2 = [(d + step) % 4 for step in range(1, 4) if (d + step) % 4 != p]
    hands: list[list[str]] = [[] for _ in range(4)]
    hands[d] = [*suit_cards("S", RANKS[:-1]), "7D"]
    hands[p] = [*suit_cards("D", RANKS[:-1]), "7S"]
    hands[o1] = suit_cards("H")
    hands[o2] = [*suit_cards("C", RANKS[:-1]), "COUP"]
    center = "7C"
    kept = "QS" if hand_type == "waterloo" else "8S"
    d_throws = [card for card in suit_cards("S", RANKS[:-1]) if card != kept]
    moves: list[Move] = [{"seat": o2, "decline": True}, {"seat": d, "choose": hand_type}]
    order = [(d + step) % 4 for step in range(4)]
    t1 = {d: "7D", p: "AD", o1: "AH", o2: "AC"}
    moves += [{"seat": seat, "play": t1[seat]} for seat in order]
    p_leads = suit_cards("D", ("10", "K", "Q", "J", "9", "8"))
    o1_throws = suit_cards("H", ("10", "K", "Q", "J", "9", "8"))
    o2_throws = suit_cards("C", ("10", "K", "Q", "J", "9", "8"))
    p_order = [(p + step) % 4 for step in range(4)]
    for index in range(6):
        plays = {p: p_leads[index], d: d_throws[index], o1: o1_throws[index],
                 o2: o2_throws[index]}
        moves += [{"seat": seat, "play": plays[seat]} for seat in p_order]
    t8 = {p: "7S", d: kept, o1: "7H", o2: "7C"}
    moves += [{"seat": seat, "play": t8[seat]} for seat in p_order]
    return HandPlan(hands, center, moves)
