"""What the round's public record says of the cards each player holds (the bluffing games).

Every claim, challenge, let-pass, proof, caught bluff, unblocked action and exchange is on
the record (the view's `heard`). Read in order, they give for each player and character
the likelihood of the record if he holds that character, beside if he does not:
- a claim nobody challenged is likelier from a player who holds the card: it counts
  against his bluffing rate (how often such a player claims without the card);
- a claim challenged and proven tells nothing more: the card shown went back to the deck
  and he drew another at random;
- a claim challenged and failed says he did not hold it;
- a player who holds a character challenges its claim more readily and lets it pass less
  readily, and blocks with it when he may;
- an exchange sends cards back: what was said of his hand before counts for less.

The imagined deals (worlds.py) are weighed by these likelihoods, so the cards a player is
imagined holding follow what the whole table has seen him do.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from game.games.coup.ai.cards import variant_of
from game.games.coup.rules.charts import Character
from game.games.coup.rules.state import Heard, Said
from game.games.coup.rules.view import CoupView

LET_PASS = 0.85  # a claim let pass, from a player who holds its character, beside not
CHALLENGED = 2.0  # a challenge of a claim, from a player who holds its character
NOT_BLOCKED = 0.35  # an action not blocked, from a player who holds a character blocking it
CAUGHT = 0.05  # a failed claim's character, still in the player's hand
KEPT = 0.5  # the share of what was said of a hand that stays true after an exchange
LIMIT = 50.0  # no likelihood ratio beyond this either way: nobody is all of one piece


@dataclass(frozen=True, slots=True)
class Evidence:
    """What the record says of one player holding one character."""

    claimed: float = 0.0  # his standing claim of it (less after an exchange)
    ratio: float = 1.0  # everything else: the record's likelihood if he holds it, beside not

    def odds(self, bluffing: float) -> float:
        """The record's likelihood if he holds the character, beside if he does not, for a
        player who claims without the card `bluffing` times as often as with it."""
        raw = self.ratio * bluffing ** -self.claimed
        return min(LIMIT, max(1 / LIMIT, raw))


Belief = Mapping[int, Mapping[Character, Evidence]]
NO_BELIEF: Belief = {}


def belief(seen: CoupView) -> dict[int, dict[Character, Evidence]]:
    """Each other player's evidence, character by character, from the round's record."""
    found: dict[int, dict[Character, Evidence]] = {}
    variant = variant_of(seen)
    for entry in seen.heard:
        if entry.seat == seen.seat:
            continue
        mine = found.setdefault(entry.seat, {})
        if entry.said is Said.EXCHANGED:
            for character, evidence in mine.items():
                mine[character] = Evidence(evidence.claimed * KEPT, evidence.ratio ** KEPT)
        elif entry.said is Said.NOT_BLOCKED:
            assert entry.action is not None
            for character in variant.rule(entry.action).blockers:
                mine[character] = _weighed(mine.get(character, Evidence()), NOT_BLOCKED)
        elif entry.character is not None:
            mine[entry.character] = _heard(mine.get(entry.character, Evidence()), entry)
    return found


def _heard(evidence: Evidence, entry: Heard) -> Evidence:
    match entry.said:
        case Said.CLAIMED:
            return replace(evidence, claimed=1.0)
        case Said.LET_PASS:
            return _weighed(evidence, LET_PASS)
        case Said.CHALLENGED:
            return _weighed(evidence, CHALLENGED)
        case Said.PROVEN:
            return Evidence()
        case Said.CAUGHT:
            return Evidence(ratio=CAUGHT)
    return evidence


def _weighed(evidence: Evidence, factor: float) -> Evidence:
    return replace(evidence, ratio=evidence.ratio * factor)
