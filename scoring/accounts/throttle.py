"""Throttling failed sign-ins without locking a club evening out.

Every phone at a club evening shares the club's Wi-Fi address, so failures are counted two ways:

- per **name and address**: a few wrong passwords for one name lock that name out from that
  address for a while; other members at the same table sign in as usual;
- per **address**, across names: when many names failed from one address (someone guessing
  through the member list), every name that already failed from there waits for the cool-off.
  A name that has not failed still gets its try, so a member who types his password right signs
  in even while somebody at the next table guesses: the guesser gets one try per name.

Each attempt is recorded before its password is checked and counts at once, so guesses sent in
parallel count as they arrive; a successful sign-in forgets its name's failures from that address.
:class:`ThrottledBackend` does this on every sign-in path, the site's page and the admin's.

The client's address is the connection's, unless that connection is a proxy named in
``TAROKCLUB_TRUSTED_PROXIES`` (addresses, networks such as ``10.0.0.0/8``, or ``unix`` for a
proxy on the same machine talking over a socket, where the connection has no address): then it
is the last address the trusted proxies added to ``X-Forwarded-For``. Behind a proxy nobody
trusts, every client looks like the proxy, so the proxy must be named.
"""

from __future__ import annotations

import datetime
import ipaddress
import unicodedata
from typing import Any

from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import models
from django.http import HttpRequest
from django.utils import timezone

NAME_LENGTH = 150
UNIX = "unix"
NOWHERE = "0.0.0.0"


class LoginFailure(models.Model):
    """One sign-in attempt that has not succeeded (yet): which name, from which address, when."""

    username = models.CharField(max_length=NAME_LENGTH)
    address = models.GenericIPAddressField()
    at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        indexes = [models.Index(fields=["address", "at"]), models.Index(fields=["username", "address", "at"])]

    def __str__(self) -> str:
        return f"{self.username} from {self.address} at {self.at}"


class ThrottledBackend(ModelBackend):
    """Django's sign-in by name and password, throttled: the attempt is recorded first, a
    throttled one is refused without looking at the password (the sign-in page then answers
    429), and a successful one forgets its name's failures from that address."""

    def authenticate(
        self, request: HttpRequest | None, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> User | None:
        if request is None:  # not a web sign-in: nothing to throttle by
            return super().authenticate(request, username, password, **kwargs)
        name, address = name_of(username), client_address(request)
        forget_old_failures()
        LoginFailure.objects.create(username=name, address=address)
        if throttled(name, address):
            request.throttled = True  # type: ignore[attr-defined]
            raise PermissionDenied("too many failed sign-ins")
        user = super().authenticate(request, username, password, **kwargs)
        if user is not None:
            LoginFailure.objects.filter(username=name, address=address).delete()
        return user


def throttled(name: str, address: str) -> bool:
    """Whether this attempt (already recorded) must wait for the cool-off."""
    since = timezone.now() - settings.TAROKCLUB_LOGIN_COOL_OFF
    recent = LoginFailure.objects.filter(address=address, at__gte=since)
    mine = recent.filter(username=name).count()
    if mine > settings.TAROKCLUB_NAME_FAILURE_LIMIT:
        return True
    return mine > 1 and recent.count() > settings.TAROKCLUB_ADDRESS_FAILURE_LIMIT


def client_address(request: HttpRequest) -> str:
    """The client's address, read through the trusted proxies only."""
    connection = _valid(request.META.get("REMOTE_ADDR") or "")
    if not _trusted(connection):
        return connection or NOWHERE
    address = connection
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    for hop in reversed(forwarded):
        valid = _valid(hop)
        if valid is None:
            break
        if not _trusted(valid):
            return valid
        address = valid
    return address or NOWHERE


def _trusted(address: str | None) -> bool:
    proxies = settings.TAROKCLUB_TRUSTED_PROXIES
    if address is None:
        return UNIX in proxies
    ip = ipaddress.ip_address(address)
    return any(ip in ipaddress.ip_network(proxy) for proxy in proxies if proxy != UNIX)


def _valid(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        return None


def name_of(username: object) -> str:
    """The name as counted and stored: compared as Unicode compatibility-normalised text without
    control characters, whatever its case, and never longer than its column."""
    text = unicodedata.normalize("NFKC", str(username or ""))
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")
    return text.strip().casefold()[:NAME_LENGTH]


def forget_old_failures(now: datetime.datetime | None = None) -> int:
    """Failures older than the cool-off count for nothing: remove them."""
    since = (now or timezone.now()) - settings.TAROKCLUB_LOGIN_COOL_OFF
    deleted, _ = LoginFailure.objects.filter(at__lt=since).delete()
    return deleted
