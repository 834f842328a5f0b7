"""The save reader's soak: the fuzz tests of tests/test_save_fuzz.py with many more cases.

    python -m benchmarks.save_fuzz [--examples 5000]

Every mutated, truncated, spliced or hand-edited save must be refused with a reason (or
load, when the edit is a legal game); any other exception fails the run.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=5000, help="cases per fuzz test")
    args = parser.parse_args()
    started = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         str(ROOT / "tests" / "test_save_fuzz.py"), "--hypothesis-seed", str(time.time_ns())],
        env={**os.environ, "SAVE_FUZZ_EXAMPLES": str(args.examples)}, cwd=ROOT, check=False)
    minutes = (time.perf_counter() - started) / 60
    print(f"{args.examples} cases in each of 3 fuzz tests: "
          f"{'no exception escaped' if result.returncode == 0 else 'FAILED'} ({minutes:.1f} min)")
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
