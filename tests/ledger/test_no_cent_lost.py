"""No cent is lost or created, end to end: random sittings of every game, scored by the engine and
stored as the services store them, at random tariffs (fractional ones included), with and
without sheet fees and shared pots, read back as the season's money and settled by transfers.

Each example stores a season of 30 to 50 sittings: 60 examples, about 2,400 sittings a run
(``HYPOTHESIS_PROFILE=fuzz`` runs 5,000 examples, about 200,000 sittings).
"""

from __future__ import annotations

import random
from decimal import Decimal
from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.club.models import Club, LedgerSettings, Tariff
from scoring.engine import VARIANTS
from scoring.ledger.results import calendar_year, money_of, parts, season_money_of, season_sittings
from scoring.money import season_balances, sitting_money, transfers
from scoring.samples import NAMES, random_sitting
from scoring.sittings.models import Breakdown
from scoring.sittings.services import import_sitting

from .settling import settles

pytestmark = pytest.mark.django_db

TARIFFS = st.one_of(
    st.sampled_from([Decimal(t) for t in ("0.25", "0.5", "12.5", "0.01", "0.33", "1.33", "0.1", "10", "1", "0")]),
    st.decimals(min_value=0, max_value=500, places=2, allow_nan=False, allow_infinity=False),
)


@st.composite
def sitting(draw: st.DrawFn) -> dict[str, Any]:
    """What one stored sitting is made of: its game and table, its deals, the money terms in
    force when it was imported, and its day of the season."""
    variant = draw(st.sampled_from(sorted(VARIANTS)))
    return {
        "variant": variant,
        "seed": draw(st.integers(0, 2**32)),
        "deals": draw(st.integers(1, 6)),
        "tariff": draw(TARIFFS),
        "fee": draw(st.sampled_from([0, 0, 0, 7, 50, 133])),
        "share": draw(st.booleans()),
        "day": draw(st.integers(1, 28)),
        "month": draw(st.integers(1, 12)),
    }


def last_pots(sitting: int) -> dict[str, int]:
    """What the sitting's pots held after its last deal, as its breakdown stored them."""
    last = Breakdown.objects.filter(revision__sitting_id=sitting, revision__live=True)
    pots: dict[str, int] = last.order_by("-revision__number").values_list("pots", flat=True).first()
    return pots


@settings(
    max_examples=60 if settings().max_examples < 5000 else settings().max_examples,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.lists(sitting(), min_size=30, max_size=50))
def test_no_cent_is_lost_or_created_from_stored_sittings_to_transfers(db: Any, season: list[dict[str, Any]]) -> None:
    with transaction.atomic():
        club = Club.objects.create(name="Property", slug="property")
        for made in season:
            Tariff.objects.update_or_create(
                club=club, variant=made["variant"], defaults={"cents_per_point": made["tariff"]}
            )
            LedgerSettings.objects.update_or_create(
                club=club, defaults={"sheet_fee_cents": made["fee"], "share_pots": made["share"]}
            )
            rng = random.Random(made["seed"])
            table = rng.choice(VARIANTS[made["variant"]].table_sizes)
            doc = random_sitting(rng, made["variant"], deals=made["deals"], players=rng.sample(NAMES, table), items=2)
            doc["date"] = f"2026-{made['month']:02d}-{made['day']:02d}"
            import_sitting(club, doc, user=None)

        year = calendar_year(2026)
        money = season_money_of(club, year)
        sittings = money_of(parts(club, year, season_sittings(club, year)))
        assert len(sittings) == len(season)
        worked_out = []
        for stored in sittings:
            terms = stored.terms
            again = sitting_money(
                [(name, stored.points[name]) for name in stored.players],
                terms.cents_per_point,
                pots_left=sum(last_pots(terms.pk).values()),
                share_pots=terms.share_pots,
                sheet_fee_cents=terms.sheet_fee_cents,
            )
            assert (stored.balances, stored.kasse) == (again.balances, again.kasse), "as stored with the deals"
            assert again.kasse_from_fees == terms.sheet_fee_cents * len(stored.players)
            parties = again.parties(money.kasse)
            settles(parties, transfers(parties))
            worked_out.append(again)
        assert money.money == season_balances(worked_out), "the months sum each sitting's money"
        assert sum(money.money.balances.values()) + money.money.kasse == 0
        settles(money.money.parties(money.kasse), money.transfers)

        by_game = [season_money_of(club, calendar_year(2026), variant) for variant in VARIANTS]
        assert sum(game.money.kasse for game in by_game) == money.money.kasse
        for name, cents in money.money.balances.items():
            assert sum(game.money.balances.get(name, 0) for game in by_game) == cents
        transaction.set_rollback(True)


def test_the_json_of_every_game_balances_to_the_cent(client: Client) -> None:
    club = Club.objects.create(name="Every game", slug="every-game", public=True)
    rng = random.Random(1754)
    for number, variant in enumerate(sorted(VARIANTS) * 3):
        Tariff.objects.update_or_create(
            club=club, variant=variant, defaults={"cents_per_point": Decimal("0.25") * number}
        )
        doc = random_sitting(rng, variant, deals=5, players=rng.sample(NAMES, max(VARIANTS[variant].table_sizes)))
        import_sitting(club, {**doc, "date": f"2026-05-{number + 1:02d}"}, user=None)
    for variant in VARIANTS:
        document = client.get(f"/clubs/{club.slug}/ledger.json?variant={variant}&year=2026").json()
        balances = {player["player"]: player["balance_cents"] for player in document["players"]}
        assert sum(balances.values()) + document["kasse_cents"] == 0
        settled = {**dict.fromkeys(balances, 0), "Kasse": 0}
        for transfer in document["transfers"]:
            settled[transfer["from"]] -= transfer["cents"]
            settled[transfer["to"]] += transfer["cents"]
        assert settled == {**balances, "Kasse": document["kasse_cents"]}
