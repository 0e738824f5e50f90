"""What the deal form sends for a deal: the POST a scorekeeper's phone would make."""

from __future__ import annotations

from typing import Any

from django.test import Client
from django.urls import reverse

from scoring.deal_forms import initial_from_deal
from scoring.models import Sitting


def post_data(deal: dict[str, Any], players: list[str], **extra: Any) -> dict[str, str]:
    data: dict[str, str] = {}
    for key, value in initial_from_deal(deal, players).items():
        if value is True:
            data[key] = "on"
        elif value is not False and value is not None:
            data[key] = str(value)
    data.update({k: str(v) for k, v in extra.items()})
    return data


def enter(client: Client, sitting: Sitting, deal: dict[str, Any], **extra: Any) -> Any:
    names = [p.display_name for p in sitting.seated_players()]
    url = reverse("deal_new", kwargs={"slug": sitting.club.slug, "pk": sitting.pk})
    return client.post(url, post_data(deal, names, **extra))


def correct(client: Client, sitting: Sitting, number: int, deal: dict[str, Any], reason: str) -> Any:
    names = [p.display_name for p in sitting.seated_players()]
    url = reverse("deal_correct", kwargs={"slug": sitting.club.slug, "pk": sitting.pk, "number": number})
    return client.post(url, post_data(deal, names, reason=reason))
