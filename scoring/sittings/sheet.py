"""The score sheet as a page shows it: each deal's scores with the running totals and pots, its
breakdown (why), and where to correct it. Read from the stored rows.

The sitting's page and a tournament table's link page show the same sheet; only the address of
a deal's correction differs, so the caller gives it.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import accumulate
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from scoring.engine.base import GAME_POINTS, word
from scoring.models import Sitting
from scoring.sittings.results import stored_deals, stored_result


def sheet_context(sitting: Sitting, correct_url: Callable[[int], str] | None) -> dict[str, Any]:
    """What ``sittings/sheet.html`` shows: players, a row per live deal, totals and pots.

    ``correct_url`` gives the address of a deal's correction, or is ``None`` for a reader who
    may not correct."""
    rules = sitting.rules
    deals = stored_deals(sitting)
    result = stored_result(sitting, translate=_, deals=deals)
    names = result["players"]
    running = list(accumulate(([d["scores"][n] for n in names] for d in result["deals"]), _add))
    rows = [
        {
            "number": deal["number"],
            "dealer": names[stored.dealer],
            "cells": list(zip(names, [deal["scores"][n] for n in names], totals, strict=True)),
            "pots": [(pot, deal["pots"][pot]) for pot in rules.pots],
            "lines": [
                {**line, "pot": capfirst(_(rules.pot_word(line["pot"]))) if "pot" in line else None}
                for line in deal["lines"]
            ],
            "corrected": stored.corrected,
            "correct_url": correct_url(deal["number"]) if correct_url else None,
        }
        for stored, deal, totals in zip(deals, result["deals"], running, strict=True)
    ]
    return {
        "unit": _(word(rules.unit)) if rules.unit != GAME_POINTS else None,
        "players": names,
        "pot_names": [capfirst(_(rules.pot_word(pot))) for pot in rules.pots],
        "rows": rows,
        "totals": [result["totals"][n] for n in names],
        "pots": [(pot, result["pots"][pot]) for pot in rules.pots],
    }


def _add(a: list[int], b: list[int]) -> list[int]:
    return [x + y for x, y in zip(a, b, strict=True)]
