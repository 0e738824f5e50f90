"""Initials only in public: a player listed publicly by his initials is never named in full to
anyone but the club's members, on any page, JSON document or export they can reach.

The walk takes every address of the permission matrix that a reader who is not a member may open
(``tests/test_permissions.py``: the rows for anyone and for readers), in a public club whose every
player asked for initials, with an evening's sitting, a public tournament's table and a season,
and reads each answer whole (a workbook's every sheet) as an anonymous visitor and as a member of
another club. A table's own link is left out: it is the secret of the players at that table, who
sit face to face (``docs/tournaments.md``). The club's own members see the names.
"""

from __future__ import annotations

import io
import zipfile
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.club.models import Membership, Player
from scoring.club.names import initials, names_for
from scoring.club.roles import Access
from scoring.ledger.services import add_season
from scoring.sittings.services import import_sitting, record_deal
from scoring.tournaments.services import draw_round, publish_round

from .factories import golden, make_club, make_member, make_players, renamed
from .pages import fill_and_send
from .test_permissions import ROWS, Row
from .tournaments.helpers import make_tournament

pytestmark = pytest.mark.django_db

FULL_NAMES = {"Anna": "Anna Maria Huber", "Bernd": "Bernd Otto Kranz", "Carla": "Carla Fink"}
ENTRANTS = ["Theresia Lang", "Tobias Vogel"]
NAMES = [*FULL_NAMES.values(), *ENTRANTS]
WORDS = {word for name in NAMES for word in name.split()}


def text_of(response: Any) -> str:
    """Everything an answer says: a page, a JSON document, a CSV, or every part of a workbook."""
    body = b"".join(response.streaming_content) if response.streaming else response.content
    if body.startswith(b"PK"):
        with zipfile.ZipFile(io.BytesIO(body)) as book:
            return " ".join(book.read(name).decode() for name in book.namelist())
    return body.decode("utf-8-sig")


def named_in_full(text: str) -> set[str]:
    """The words of the players' full names that the text holds."""
    return {word for word in WORDS if word in text}


@pytest.fixture
def world(db: Any) -> dict[str, Any]:
    club = make_club("offen", public=True)
    sitting = import_sitting(club, renamed_all(golden("danish_tarok", "three-deals-pots")), user=None)
    make_players(club, *ENTRANTS)
    Player.objects.filter(club=club).update(initials_only=True)
    tournament = make_tournament(club, *ENTRANTS, rounds=2, public=True, live_standings=True)
    round_ = draw_round(tournament, user=None)
    publish_round(round_)
    table = round_.tables.get()
    players = [p.display_name for p in table.sitting.seated_players()]
    record_deal(
        table.sitting,
        {"dealer": players[0], "declarer": players[0], "contract": "solo", "declarer_points": 40},
        user=None,
    )
    season = add_season(
        club, name="This year", start=sitting.date.replace(month=1, day=1), end=sitting.date.replace(month=12, day=31)
    )
    return {
        "club": club,
        "sitting": sitting,
        "table_sitting": table.sitting,
        "player": club.players.get(display_name="Anna Maria Huber"),
        "target": None,
        "tournament": tournament,
        "entrant": tournament.entrants.first(),
        "table": table,
        "season": season.result,
    }


def renamed_all(document: dict[str, Any]) -> dict[str, Any]:
    for short, full in FULL_NAMES.items():
        document = renamed(document, short, full)
    return document


def readable_rows() -> list[Row]:
    """Every address of the matrix a reader who is no member may open, but a table's link."""
    return [
        row
        for row in ROWS
        if row.method == "get" and row.access in ("anyone", "read") and not row.name.startswith("table_link:")
    ]


def addresses(world: dict[str, Any]) -> list[tuple[str, str]]:
    """Each readable row's address, a sitting's pages for the evening's sitting and for the
    tournament's table both."""
    found = []
    for row in readable_rows():
        found.append((row.name, reverse(row.name, kwargs=row.kwargs(world))))
        if row.name.startswith("sittings:") and "pk" in row.kwargs(world):
            table = {**world, "sitting": world["table_sitting"]}
            found.append((f"{row.name} (a tournament's table)", reverse(row.name, kwargs=row.kwargs(table))))
    return found


def test_no_reader_but_a_member_sees_a_full_name_on_any_address_he_can_reach(world: dict[str, Any]) -> None:
    club = world["club"]
    anonymous = Client()
    other_clubs_member = Client()
    other_clubs_member.force_login(make_member(make_club("nachbar"), "nina", Membership.Role.ADMIN))
    member = Client()
    member.force_login(make_member(club, "vera", Membership.Role.VIEWER))

    named_to_members = []
    for name, address in addresses(world):
        for reader in (anonymous, other_clubs_member):
            response = reader.get(address)
            assert response.status_code == 200, (name, response.status_code)
            assert not named_in_full(text_of(response)), (name, named_in_full(text_of(response)))
        if named_in_full(text_of(member.get(address))):
            named_to_members.append(name)
    assert len(named_to_members) >= 20, named_to_members  # the walk reads pages that do name players


def test_the_public_players_list_names_each_by_initials_and_members_in_full(world: dict[str, Any]) -> None:
    club = world["club"]
    address = reverse("club:players", kwargs={"slug": club.slug})
    page = Client().get(address).content.decode()
    assert all(initials(name) in page for name in NAMES)
    member = Client()
    member.force_login(make_member(club, "vera", Membership.Role.VIEWER))
    assert all(name in member.get(address).content.decode() for name in NAMES)


def test_two_players_of_the_same_initials_are_told_apart(world: dict[str, Any]) -> None:
    club = world["club"]
    admin = Client()
    admin.force_login(make_member(club, "ada", Membership.Role.ADMIN))
    typed = {"display_name": "Anton Mayer Huth", "initials_only": True}
    added = fill_and_send(admin, reverse("club:player_add", kwargs={"slug": club.slug}), typed, having="display_name")
    assert added.status_code == 302
    names = names_for(club, Access(None))
    anna, anton = (club.players.get(display_name=name) for name in ("Anna Maria Huber", "Anton Mayer Huth"))
    assert (names(anna), names(anton)) == ("A. M. H.", "A. M. H. 2")
