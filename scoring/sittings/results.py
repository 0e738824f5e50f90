"""What pages, JSON and exports read about sittings: documents and results from the stored rows.

The services write; this module only reads. Results come from the stored rows (``ScoreRow`` and
``Breakdown``), never from rescoring, so a page costs the same however the rules are written.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch, QuerySet

from scoring.engine import Variant
from scoring.engine.base import Reason
from scoring.models import Club, Seat, Sitting
from scoring.sittings.documents import deal_by_name


def sittings_of(club: Club) -> QuerySet[Sitting]:
    """The club's own sittings (a tournament's tables are listed with the tournament) with their
    players, in few queries whatever the club's size: the deal count is kept on the sitting."""
    return (
        club.sittings.filter(round_table__isnull=True)
        .select_related("club", "created_by")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("number")))
    )


def sitting_document(
    sitting: Sitting, deals: Sequence[dict[str, Any]] | None = None, names: Sequence[str] | None = None
) -> dict[str, Any]:
    """The sitting in the sitting format (players by name); its live deals unless given.

    ``import_sitting`` reads it back: the export of an import exports the same.
    """
    names = names or [p.display_name for p in sitting.seated_players()]
    if deals is None:
        deals = [deal_by_name(d.inputs, sitting.rules, names) for d in sitting.live_deals()]
    return {
        "variant": sitting.variant,
        "players": list(names),
        "options": dict(sitting.options),
        "date": sitting.date.isoformat(),
        "deals": list(deals),
    }


def next_dealer(sitting: Sitting) -> tuple[str, str | None]:
    """Who deals next and who then sits out, by the rotation of the dealing order.

    The deal passes to the next seat after the last dealer; who sits out at a table of four is
    the variant's rule (the dealer, or in Danish Tarok the player opposite him).
    """
    _number, dealer, out = deals_ahead(sitting, 1)[0]
    return dealer, out


def deals_ahead(sitting: Sitting, count: int) -> list[tuple[int, str, str | None]]:
    """The next ``count`` deals as a score sheet lists them: number, dealer and who sits out."""
    names = [p.display_name for p in sitting.seated_players()]
    last = sitting.live_deals().last()
    number, seat = (1, 1) if last is None else (last.number + 1, (last.inputs["dealer"] + 1) % len(names) + 1)
    ahead = []
    for n in range(number, number + count):
        out = sitting.rules.sits_out(seat, len(names))
        ahead.append((n, names[seat - 1], names[out - 1] if out else None))
        seat = seat % len(names) + 1
    return ahead


def sat_out(rules: Variant, dealer: int, sitting_out: int | None, players: int) -> int | None:
    """The seat index of who sat a deal out (at a table of four): as entered, or by the
    variant's rule where it is fixed and the form does not ask (Droggn: the dealer)."""
    if players != 4:
        return None
    if sitting_out is not None:
        return sitting_out
    seat = rules.sits_out(dealer + 1, players)
    return seat - 1 if seat else None


@dataclass(frozen=True)
class StoredDeal:
    """A live deal as the sheet reads it: inputs' dealer, its revision, breakdown and pots."""

    number: int
    revision: int
    dealer: int
    sitting_out: int | None
    lines: list[list[Any]]
    pots: dict[str, int]

    @property
    def corrected(self) -> bool:
        return self.revision > 1

    def scores(self, names: Sequence[str]) -> dict[str, int]:
        """Each player's game points: the sum of his lines (the same as his stored score row)."""
        scores = dict.fromkeys(names, 0)
        for index, _pot, points, _reason, _why in self.lines:
            if index is not None:
                scores[names[index]] += points
        return scores


def stored_deals(sitting: Sitting, first: int = 1, last: int | None = None) -> list[StoredDeal]:
    """The live deals (from deal ``first`` to ``last``, all by default) with their breakdowns, in
    order, read in one query: a correction or a take-back committing meanwhile is seen whole or
    not at all."""
    rows = sitting.live_deals().filter(number__gte=first).select_related("breakdown")
    if last is not None:
        rows = rows.filter(number__lte=last)
    return [
        StoredDeal(
            row.number,
            row.revision,
            row.inputs["dealer"],
            row.inputs.get("sitting_out"),
            row.breakdown.lines,
            row.breakdown.pots,
        )
        for row in rows
    ]


def stored_result(
    sitting: Sitting, translate: Callable[[str], str] | None = None, deals: Sequence[StoredDeal] | None = None
) -> dict[str, Any]:
    """The ``score`` output document of a sitting, built from the stored rows (no rescoring).

    With ``translate`` (``gettext``), the breakdown's reasons are in the page's language.
    """
    names = [p.display_name for p in sitting.seated_players()]
    deals = stored_deals(sitting) if deals is None else deals
    pot_names = list(sitting.rules.pots)
    out_deals = []
    for deal in deals:
        entry: dict[str, Any] = {
            "number": deal.number,
            "scores": deal.scores(names),
            "lines": named_lines(deal.lines, names, translate),
        }
        if pot_names:
            entry["pots"] = {p: deal.pots.get(p, 0) for p in pot_names}
        out_deals.append(entry)
    doc: dict[str, Any] = {
        "variant": sitting.variant,
        "players": names,
        "deals": out_deals,
        "totals": {n: sum(d["scores"][n] for d in out_deals) for n in names},
    }
    if pot_names:
        doc["pots"] = out_deals[-1]["pots"] if out_deals else dict.fromkeys(pot_names, 0)
    return doc


def named_lines(
    lines: Sequence[Sequence[Any]], names: Sequence[str], translate: Callable[[str], str] | None = None
) -> list[dict[str, object]]:
    """Stored breakdown lines as the ``score`` output writes them, players by name; with
    ``translate``, each reason in the language it gives."""
    return [
        {
            **({"player": names[index]} if index is not None else {"pot": pot}),
            "points": points,
            "reason": reason if translate is None else Reason.from_data(data).render(translate),
        }
        for index, pot, points, reason, data in lines
    ]


def describe_differences(sitting: Sitting, stored: dict[str, Any], computed: dict[str, Any]) -> list[str]:
    """Every deal whose stored scores, pots or breakdown differ from the engine's, in words."""
    found = []
    for have, want in zip(stored["deals"], computed["deals"], strict=True):
        where = f"sitting {sitting.pk} deal {want['number']}"
        for name, points in want["scores"].items():
            if have["scores"].get(name) != points:
                found.append(f"{where}: {name} stored {have['scores'].get(name)}, computed {points}")
        if have.get("pots") != want.get("pots"):
            found.append(f"{where}: pots stored {have.get('pots')}, computed {want.get('pots')}")
        if have["lines"] != want["lines"]:
            found.append(f"{where}: breakdown differs")
    return found
