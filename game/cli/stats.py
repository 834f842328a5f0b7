"""`coup-detat stats [--json]`: the player's statistics and history of games, as the
Statistics screen shows them, in words or as JSON. It only reads: a file that cannot be
read is said in a line on the standard error, and what could be read is shown."""

from __future__ import annotations

import json
import sys

from game.services import stats_summary

PROGRAM = "coup-detat"


def run(as_json: bool) -> int:
    summary = stats_summary.read()
    for notice in summary.notices:
        print(f"{PROGRAM}: {' '.join(notice.split())}", file=sys.stderr)
    if as_json:
        print(json.dumps(stats_summary.to_json(summary), indent=2, ensure_ascii=False))
    else:
        print("\n".join(stats_summary.text_lines(summary)))
    return 0
