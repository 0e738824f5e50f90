"""Small builders for engine tests: a sitting of one deal, its scores, lines and problems."""

from __future__ import annotations

from typing import Any

from scoring.engine import InvalidSitting, score_sitting

THREE = ["A", "B", "C"]
TWO = ["A", "B"]


def make_sitting(
    variant: str, *deals: dict[str, Any], players: list[str] | None = None, **options: Any
) -> dict[str, Any]:
    """A sitting document; players default to A, B, C (A, B in Kosakeln), dealer to the first."""
    players = players or (TWO if variant == "kosakeln" else THREE)
    return {
        "variant": variant,
        "players": players,
        "options": options,
        "deals": [{"dealer": players[0], **deal} for deal in deals],
    }


def scores(
    variant: str, players: list[str] | None = None, options: dict[str, Any] | None = None, **deal: Any
) -> list[int]:
    """The scores of a one-deal sitting, in player order."""
    result = score_sitting(make_sitting(variant, deal, players=players, **(options or {})))
    return list(result["deals"][0]["scores"].values())


def lines(variant: str, players: list[str] | None = None, **deal: Any) -> list[tuple[str, int]]:
    """The breakdown of a one-deal sitting as (player or ``pot:name``, points), zero lines left out."""
    result = score_sitting(make_sitting(variant, deal, players=players))
    return [
        (line.get("player") or f"pot:{line['pot']}", line["points"])
        for line in result["deals"][0]["lines"]
        if line["points"]
    ]


def problems(doc: dict[str, Any]) -> list[tuple[int | None, str | None]]:
    """(deal, field) of every problem of a document that must be refused."""
    try:
        score_sitting(doc)
    except InvalidSitting as error:
        return [(p.deal, p.field) for p in error.problems]
    raise AssertionError("the document was accepted")


def refused(
    variant: str, players: list[str] | None = None, options: dict[str, Any] | None = None, **deal: Any
) -> list[tuple[int | None, str | None]]:
    """(deal, field) of every problem of a one-deal sitting that must be refused."""
    return problems(make_sitting(variant, deal, players=players, **(options or {})))


def cp(a: int, b: int, c: int) -> dict[str, int]:
    """Card points of A, B and C."""
    return {"A": a, "B": b, "C": c}


def ev(kind: str, **fields: Any) -> dict[str, Any]:
    """An event or declaration of a type with its fields."""
    return {"type": kind, **fields}
