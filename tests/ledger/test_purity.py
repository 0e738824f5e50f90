"""The ledger's arithmetic is pure Python: importing and using it loads no Django."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import datetime
import sys
from decimal import Decimal
from scoring.ledger.money import sitting_money, transfers
from scoring.ledger.ranking import Mode, SittingResult, season_table
money = sitting_money([("A", 3), ("B", -3)], Decimal("0.25"))
transfers(money.parties())
season_table(Mode("scaled", list_length=48), {"A": [SittingResult(datetime.date(2026, 1, 9), 3, 12)]})
print(sorted(m for m in sys.modules if m == "django" or m.startswith("django.")))
"""


def test_it_keeps_the_ledger_without_importing_django() -> None:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
