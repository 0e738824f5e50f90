"""What the tests of tonight's pages share: the club's players, a signed-in client, the page's
address, a check-in sent as the page renders it, and the proposed tables by name."""

from __future__ import annotations

from typing import Any

from django.test import Client
from django.utils import translation

from scoring.club.models import Club
from scoring.engine.reasons import why
from scoring.evenings.models import Evening

from ..factories import make_member
from ..pages import form_on, send

NAMES = ["Anna", "Bernd", "Carla", "Dora", "Emil", "Fritz", "Gerda", "Hans"]


def signed_in(club: Club, username: str, role: str) -> Client:
    client = Client()
    client.force_login(make_member(club, username, role))
    return client


def url_of(club: Club, what: str = "") -> str:
    return f"/clubs/{club.slug}/tonight/grosstarock/{what}"


def asking(language: str) -> dict[str, Any]:
    return {"headers": {"accept-language": language}}


def said_in(language: str, template: str, **values: object) -> str:
    """A refusal's words in ``language``, which differ from the English."""
    with translation.override(language):
        words = why(template, **values).render(translation.gettext)
    assert words != why(template, **values).render(), f"not translated into {language}"
    return words


def check_in(client: Client, club: Club, names: list[str], language: str = "en") -> Any:
    page = client.get(url_of(club), **asking(language))
    form = form_on(page, action="check-in/")
    ids = [str(p.pk) for p in club.players.filter(display_name__in=names)]
    return send(client, url_of(club), form, {"players": ids}, follow=True, **asking(language))


def tables(club: Club) -> list[list[str]]:
    round_ = Evening.objects.get(club=club).rounds.order_by("-number").first()
    assert round_ is not None
    by_id = {p.pk: p.display_name for p in club.players.all()}
    return [[by_id[p] for p in table] for table in round_.tables]
