"""The standings arithmetic is pure Python: importing and using it loads no Django."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import sys
from scoring.tournaments.ranking import ClosedRound, Entrant, TableResult, standings
standings([Entrant(1, 1, "Anna"), Entrant(2, 2, "Bernd")], [ClosedRound([TableResult({1: 5, 2: -5})])], lot_seed=1)
print(sorted(m for m in sys.modules if m == "django" or m.startswith("django.")))
"""


def test_it_ranks_without_importing_django() -> None:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
