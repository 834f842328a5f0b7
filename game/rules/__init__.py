"""The rulesets, by id (the ids of RULES.md, used in saves and on the command line)."""

from __future__ import annotations

from game.engine.ruleset import Ruleset
from game.rules.coup_bluff import COUP, COUP_INQUISITOR
from game.rules.coup_detat import RULESET as COUP_DETAT
from game.rules.coup_detat_duel import RULESET as COUP_DETAT_DUEL

RULESETS: dict[str, Ruleset] = {
    ruleset.id: ruleset for ruleset in (COUP_DETAT, COUP_DETAT_DUEL, COUP, COUP_INQUISITOR)
}
PLANNED: tuple[str, ...] = ()  # rules planned but not built yet


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset with this id; `KeyError` with a readable message if there is none."""
    if not isinstance(ruleset_id, str):
        raise KeyError(f"no ruleset named by {ruleset_id!r}")
    try:
        return RULESETS[ruleset_id]
    except KeyError:
        if ruleset_id in PLANNED:
            raise KeyError(f"the ruleset {ruleset_id!r} is not available yet") from None
        known = ", ".join(RULESETS)
        raise KeyError(f"unknown ruleset {ruleset_id!r} (known: {known})") from None

