"""Sittings stored with chosen results, for the ledger's table tests.

The ledger reads only the stored rows (the seats' totals: a player's game points and deals
played per sitting; ``ScoreRow``: his game points per deal and whether he played it;
``Breakdown``: the pots after each deal), never the engine. So a season worked out by hand is
stored directly, as the services would keep it: each player's game points, deals played and
balance per sitting, his points all in the first deal he played, the deals he sat out first,
and his months summed from those seats. Real sittings (scored by the engine) are what the money tests and the
property test store.
"""

from __future__ import annotations

import datetime
import json
from decimal import Decimal
from pathlib import Path
from typing import Any

from django.utils import timezone

from scoring.club.models import Club
from scoring.sittings import months
from scoring.sittings.models import Breakdown, DealRevision, ScoreRow, Seat, Sitting
from scoring.sittings.stored import with_cents

from ..factories import make_players

GOLDEN = Path(__file__).resolve().parent / "golden"


def store_sitting(
    club: Club,
    variant: str,
    day: str | datetime.date,
    deals: int,
    results: dict[str, tuple[int, int]],
    *,
    closed: bool = True,
    cents_per_point: Decimal = Decimal(10),
) -> Sitting:
    """A sitting of ``deals`` deals in which each player (in seat order) made ``(game points,
    deals played)``. The game points of a sitting sum to 0 (no pots)."""
    assert sum(points for points, _played in results.values()) == 0, "a sitting without pots is zero-sum"
    players = make_players(club, *results)
    sitting = Sitting.objects.create(
        club=club,
        variant=variant,
        options={},
        date=datetime.date.fromisoformat(day) if isinstance(day, str) else day,
        closed_at=timezone.now() if closed else None,
        cents_per_point=cents_per_point,
        deal_count=deals,
    )
    seats = [
        Seat(sitting=sitting, number=n, player=p, points=points, deals_played=played)
        for n, (p, (points, played)) in enumerate(zip(players, results.values(), strict=True), start=1)
    ]
    Seat.objects.bulk_create(with_cents(sitting, seats))
    revisions = DealRevision.objects.bulk_create(
        DealRevision(sitting=sitting, number=number, data={"dealer": (number - 1) % len(players)})
        for number in range(1, deals + 1)
    )
    Breakdown.objects.bulk_create(Breakdown(revision=revision, lines=[], pots={}) for revision in revisions)
    rows = []
    for player, (points, played) in zip(players, results.values(), strict=True):
        assert 0 <= played <= deals
        sat_out = deals - played
        for index, revision in enumerate(revisions):
            plays = index >= sat_out
            scored = points if index == sat_out else 0
            rows.append(ScoreRow(revision=revision, sitting=sitting, player=player, points=scored, played=plays))
    ScoreRow.objects.bulk_create(rows)
    months.refresh_sitting(sitting)
    return sitting


def golden(name: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((GOLDEN / f"{name}.json").read_text())
    return document


def golden_names() -> list[str]:
    return sorted(path.stem for path in GOLDEN.glob("*.json"))


def store_golden(club: Club, document: dict[str, Any]) -> None:
    """Every sitting of a golden season."""
    for sitting in document["sittings"]:
        results = {name: (points, played) for name, (points, played) in sitting["players"].items()}
        store_sitting(club, document["variant"], sitting["date"], sitting["deals"], results)
