"""What the deal form sends for a deal: the POST a scorekeeper's phone would make."""

from __future__ import annotations

from typing import Any

from django.test import Client
from django.urls import reverse

from scoring.engine import VARIANTS
from scoring.scorekeeping.deal_form import form_data
from scoring.sittings.models import Sitting


def post_data(variant: str, deal: dict[str, Any], players: list[str], **extra: Any) -> dict[str, str]:
    return form_data(deal, VARIANTS[variant], players) | {k: str(v) for k, v in extra.items()}


def enter(client: Client, sitting: Sitting, deal: dict[str, Any], **extra: Any) -> Any:
    names = [p.display_name for p in sitting.seated_players()]
    url = reverse("scorekeeping:deal_new", kwargs={"slug": sitting.club.slug, "pk": sitting.pk})
    return client.post(url, post_data(sitting.variant, deal, names, **extra))


def correct(client: Client, sitting: Sitting, number: int, deal: dict[str, Any], reason: str) -> Any:
    names = [p.display_name for p in sitting.seated_players()]
    url = reverse("scorekeeping:deal_correct", kwargs={"slug": sitting.club.slug, "pk": sitting.pk, "number": number})
    return client.post(url, post_data(sitting.variant, deal, names, reason=reason))
