"""Every page of the site as each persona reads it: the permission matrix's GET rows
(``tests/test_permissions.py``) in its public club; one sitting of each game at a table of four
for the pages whose form or sheet differs by game (its start page with the house rules, its
sheet with a player sitting out, a deal's breakdown, the deal form, a correction); and the
forms that come back refused, with their problems next to their controls, and the sheets of
sittings without a deal yet. All in English; and the admin's, who sees every page, again in
Danish, the language of the longest words.

The accessibility and HTML checks walk these pages; a URL added to the matrix is walked too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.test import Client
from django.urls import reverse

from scoring.engine.registry import VARIANTS
from scoring.sittings.services import import_sitting

from ..factories import GOLDEN, golden, make_sitting
from ..pages import form_on, send
from ..test_permissions import PERSONAS, ROWS, expected


@dataclass(frozen=True)
class Page:
    """A page as ``persona`` gets it at ``url`` in ``language``: its HTML, and for a form sent
    back refused (the answer to a POST), what was sent."""

    persona: str
    url: str
    html: str = field(compare=False, repr=False)
    sent: str = ""
    language: str = "en"

    def __str__(self) -> str:
        said = f"{self.persona} {self.url}" + (f" ({self.sent})" if self.sent else "")
        return said if self.language == "en" else f"{said} [{self.language}]"


def client_for(world: dict[str, Any], persona: str, language: str = "en") -> Client:
    client = Client()
    if persona != "anonymous":
        client.force_login(world["users"][persona])
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def html_of(client: Client, url: str) -> str | None:
    """The page's HTML, or ``None`` for a download."""
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode() if response["Content-Type"].startswith("text/html") else None


def each_game(world: dict[str, Any]) -> list[str]:
    """The pages of one sitting of each game, at a table of four where the game has one."""
    club = world["club"]
    urls = []
    for variant in VARIANTS:
        name = "four-at-the-table" if (GOLDEN / variant / "four-at-the-table.in.json").exists() else "random-sitting"
        sitting = import_sitting(club, golden(variant, name), user=None)
        at = {"slug": club.slug, "pk": sitting.pk}
        urls += [
            reverse("scorekeeping:start", kwargs={"slug": club.slug}) + f"?variant={variant}",
            reverse("sittings:detail", kwargs=at),
            reverse("sittings:deal", kwargs={**at, "number": 1}),
            reverse("scorekeeping:deal_new", kwargs=at),
            reverse("scorekeeping:deal_correct", kwargs={**at, "number": 1}),
        ]
    return urls


REFUSED: dict[str, tuple[str, list[str], dict[str, str]]] = {
    "a Kosakeln event row refused": (
        "kosakeln",
        ["Anna", "Bernd"],
        {"declarer": "Anna", "contract": "einblatt", "declarer_points": "55", "ev-0-type": "panzer"}
        | {"ev-0-who": "Anna", "ev-0-result": "won"},
    ),
    "a Dreiertarock deal without its contract": (
        "dreiertarock",
        ["Anna", "Bernd", "Carla"],
        {"declarer": "Anna", "declarer_points": "40"},
    ),
}
"""Deal forms sent with a problem: the game, its players and what is typed into the form."""


def refused(world: dict[str, Any], client: Client) -> list[Page]:
    """Deal forms and other forms sent back refused, as the admin sees them; and the sheets of
    those sittings, without a deal yet."""
    club = world["club"]
    found = []
    for what, (variant, players, typed) in REFUSED.items():
        sitting = make_sitting(club, variant, *players)
        url = reverse("scorekeeping:deal_new", kwargs={"slug": club.slug, "pk": sitting.pk})
        response = send(client, url, form_on(client.get(url), having="dealer"), typed, button="save")
        assert response.status_code == 200 and b"errorlist" in response.content, what
        found.append(Page("admin", url, response.content.decode(), what))
        sheet = reverse("sittings:detail", kwargs={"slug": club.slug, "pk": sitting.pk})
        found.append(Page("admin", sheet, html_of(client, sheet) or ""))
    for name, query, typed in [
        ("tournaments:new", "?variant=kosakeln", {"name": "", "rounds": "0"}),
        ("ledger:rule", "", {"list_length": "0", "minimum_attendance": ""}),
    ]:
        url = reverse(name, kwargs={"slug": club.slug}) + query
        response = send(client, url, form_on(client.get(url), having=next(iter(typed))), typed)
        assert response.status_code == 200 and b"errorlist" in response.content, name
        found.append(Page("admin", url, response.content.decode(), f"{name} refused"))
    return found


def readable(world: dict[str, Any], persona: str) -> list[str]:
    """The URLs of the matrix's GET rows the persona may open."""
    return [
        reverse(row.name, kwargs=row.kwargs(world))
        for row in ROWS
        if row.method == "get" and expected(row, persona, public=True) == 200
    ]


def pages(world: dict[str, Any]) -> list[Page]:
    """Every HTML page a persona may GET, persona by persona, then the pages of each game and the
    refused forms for the admin, then the admin's pages in Danish. ``world`` is the permission
    matrix's, with a public club."""
    assert world["club"].public
    found: list[Page] = []
    games = each_game(world)
    for persona in PERSONAS:
        client = client_for(world, persona)
        urls = readable(world, persona) + (games if persona == "admin" else [])
        found += [Page(persona, url, html) for url in urls if (html := html_of(client, url)) is not None]
    found += refused(world, client_for(world, "admin"))
    danish = client_for(world, "admin", "da")
    urls = readable(world, "admin") + games
    found += [Page("admin", url, html, language="da") for url in urls if (html := html_of(danish, url)) is not None]
    return found
