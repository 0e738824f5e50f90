"""Small ``make_*`` helpers for database tests, and the personas of a club."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from django.contrib.auth.models import User

from scoring.club.models import Club, Membership, Player
from scoring.engine import Variant, register, unregister
from scoring.sittings.models import Sitting
from scoring.sittings.services import start_sitting

GOLDEN = Path(__file__).resolve().parents[1] / "fixtures" / "golden"


def make_user(username: str, **fields: Any) -> User:
    return User.objects.create_user(username=username, password="tarock-1754", **fields)


def make_club(slug: str = "stammtisch", **fields: Any) -> Club:
    return Club.objects.create(name=fields.pop("name", slug.title()), slug=slug, **fields)


def make_member(club: Club, username: str, role: str) -> User:
    user = make_user(username)
    Membership.objects.create(user=user, club=club, role=role)
    return user


def make_players(club: Club, *names: str) -> list[Player]:
    return [Player.objects.get_or_create(club=club, display_name=name)[0] for name in names]


def make_sitting(club: Club, variant: str, *names: str, user: Any = None, **options: Any) -> Sitting:
    return start_sitting(club, variant, make_players(club, *names), user=user, options=options)


def golden(variant: str, name: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((GOLDEN / variant / f"{name}.in.json").read_text())
    return document


def golden_documents() -> list[Path]:
    return sorted(GOLDEN.glob("*/*.in.json"))


def renamed(doc: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """The document with one player's name written differently everywhere."""
    text = json.dumps(doc, ensure_ascii=False).replace(json.dumps(old, ensure_ascii=False), json.dumps(new))
    renamed_doc: dict[str, Any] = json.loads(text)
    return renamed_doc


@contextmanager
def registered(variant: Variant) -> Iterator[Variant]:
    """A made-up variant, known to the site while the block runs."""
    register(variant)
    try:
        yield variant
    finally:
        unregister(variant.key)
