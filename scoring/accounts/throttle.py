"""Throttling failed logins without locking a club evening out.

Every phone at a club evening shares the club's Wi-Fi address, so failures are counted two ways:

- per **name and address**: a few wrong passwords for one name lock that name out from that
  address for a while; other members at the same table log in as usual;
- per **address**, across names: many failures from one address, whatever names they try, lock
  the address out for a while (someone guessing through the member list).

The client's address is the connection's, unless that connection is a proxy named in
``TAROKCLUB_TRUSTED_PROXIES``: then it is the last address the trusted proxies added to
``X-Forwarded-For``. Behind a proxy nobody trusts, every client looks like the proxy, and the
per-address lock would lock out everybody, so the proxy must be named.
"""

from __future__ import annotations

import datetime
import ipaddress
from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.db import models
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils import timezone

NAME_LENGTH = 150


class LoginFailure(models.Model):
    """One wrong password (or unknown name): which name, from which address, when."""

    username = models.CharField(max_length=NAME_LENGTH)
    address = models.GenericIPAddressField()
    at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        indexes = [models.Index(fields=["address", "at"]), models.Index(fields=["username", "address", "at"])]

    def __str__(self) -> str:
        return f"{self.username} from {self.address} at {self.at}"


def client_address(request: HttpRequest) -> str:
    """The client's address, read through the trusted proxies only."""
    trusted = set(settings.TAROKCLUB_TRUSTED_PROXIES)
    address = _valid(request.META.get("REMOTE_ADDR", "")) or "0.0.0.0"
    if address not in trusted:
        return address
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    for hop in reversed(forwarded):
        hop = _valid(hop)
        if hop is None:
            return address
        if hop not in trusted:
            return hop
        address = hop
    return address


def _valid(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        return None


def name_of(username: object) -> str:
    """The name as counted: case does not matter, and no record overflows its column."""
    return str(username or "").strip().casefold()[:NAME_LENGTH]


def locked(username: object, address: str) -> bool:
    """Whether a login for this name from this address must wait for the cool-off."""
    since = timezone.now() - settings.TAROKCLUB_LOGIN_COOL_OFF
    recent = LoginFailure.objects.filter(address=address, at__gte=since)
    if recent.count() >= settings.TAROKCLUB_ADDRESS_FAILURE_LIMIT:
        return True
    return recent.filter(username=name_of(username)).count() >= settings.TAROKCLUB_NAME_FAILURE_LIMIT


@receiver(user_login_failed)
def count_failure(sender: Any, credentials: dict[str, Any], request: HttpRequest | None = None, **kwargs: Any) -> None:
    if request is not None:
        LoginFailure.objects.create(username=name_of(credentials.get("username")), address=client_address(request))


@receiver(user_logged_in)
def forget_failures(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """A successful login clears that name's failures from that address (not the address's)."""
    if request is not None:
        LoginFailure.objects.filter(username=name_of(user.get_username()), address=client_address(request)).delete()


def forget_old_failures(now: datetime.datetime | None = None) -> int:
    """Failures older than the cool-off count for nothing: remove them."""
    since = (now or timezone.now()) - settings.TAROKCLUB_LOGIN_COOL_OFF
    deleted, _ = LoginFailure.objects.filter(at__lt=since).delete()
    return deleted
