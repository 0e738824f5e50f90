"""Throttling failed sign-ins without locking a club evening out: device cookies (OWASP).

Every phone at a club evening shares the club's Wi-Fi address, so an address alone cannot tell a
guesser from the members around him. A **device cookie** can: a successful sign-in sets one, signed
with the site's secret key, that says "this browser signed in as this user name" (one random
**device** id per name; a shared phone keeps a few names). An attempt is then counted one of two
ways:

- from a **trusted device** (its cookie names the user name typed): its failures count against
  that device alone; too many, and that device waits for the cool-off. Nobody else's failures
  lock it out, whatever the address;
- from an **unknown device**: per **name and address**, a few wrong passwords lock that name out
  from that address; per **address**, across names, many failures (someone guessing one password
  for many names, password spraying) lock the address for every unknown device. The members who
  signed in there before still sign in from their phones, with their cookies.

Each attempt is recorded before its password is checked and counts at once, so guesses sent in
parallel count as they arrive. A successful sign-in forgets the failures it would have counted
against (its device's, or its name's from the address), and sets or renews the cookie.
:class:`ThrottledBackend` does this on every sign-in path, the site's page and the admin's;
``tarokclub.security.DeviceCookieMiddleware`` puts the cookie on the answer.

The client's address is the connection's, unless that connection is a proxy named in
``TAROKCLUB_TRUSTED_PROXIES`` (addresses, networks such as ``10.0.0.0/8``, or ``unix`` for a
proxy on the same machine talking over a socket, where the connection has no address): then it
is the last address the trusted proxies added to ``X-Forwarded-For``. Behind a proxy nobody
trusts, every client looks like the proxy, so the proxy must be named.
"""

from __future__ import annotations

import datetime
import ipaddress
import secrets
import unicodedata
from typing import Any

from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import User
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.db import models
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext_lazy

NAME_LENGTH = 150
UNIX = "unix"
NOWHERE = "0.0.0.0"
DEVICE_COOKIE = "tarokclub_device"
DEVICE_SALT = "tarokclub.accounts.device"
DEVICE_LENGTH = 32
MOST_DEVICE_NAMES = 8
"""User names one browser keeps a device id for (a club's shared phone); the oldest goes first."""


class LoginFailure(models.Model):
    """One sign-in attempt that has not succeeded (yet): which name, from which address, when."""

    username = models.CharField(gettext_lazy("user name"), max_length=NAME_LENGTH)
    address = models.GenericIPAddressField(gettext_lazy("address"))
    device = models.CharField(
        gettext_lazy("device"),
        max_length=DEVICE_LENGTH,
        blank=True,
        default="",
        help_text=gettext_lazy("The device id of a browser that signed in as this user name before; empty: unknown."),
    )
    at = models.DateTimeField(gettext_lazy("at"), default=timezone.now, db_index=True)

    class Meta:
        indexes = [
            models.Index(fields=["address", "at"]),
            models.Index(fields=["username", "address", "at"]),
            models.Index(fields=["device", "at"]),
        ]
        verbose_name = gettext_lazy("failed sign-in")
        verbose_name_plural = gettext_lazy("failed sign-ins")

    def __str__(self) -> str:
        return f"{self.username} from {self.address} at {self.at}"


class ThrottledBackend(ModelBackend):
    """Django's sign-in by name and password, throttled: the attempt is recorded first, a
    throttled one is refused without looking at the password (the sign-in page then answers
    429), and a successful one forgets the failures it counted against and renews the device
    cookie (``request.device_cookie``, put on the answer by the middleware)."""

    def authenticate(
        self, request: HttpRequest | None, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> User | None:
        if request is None:  # not a web sign-in: nothing to throttle by
            return super().authenticate(request, username, password, **kwargs)
        name, address = name_of(username), client_address(request)
        devices = devices_of(request)
        device = devices.get(name, "")
        forget_old_failures()
        LoginFailure.objects.create(username=name, address=address, device=device)
        if throttled(name, address, device):
            request.throttled = True  # type: ignore[attr-defined]
            raise PermissionDenied("too many failed sign-ins")
        user = super().authenticate(request, username, password, **kwargs)
        if user is not None:
            if device:
                LoginFailure.objects.filter(device=device).delete()
            else:
                LoginFailure.objects.filter(username=name, address=address, device="").delete()
            request.device_cookie = device_cookie(devices, name)  # type: ignore[attr-defined]
        return user


def throttled(name: str, address: str, device: str = "") -> bool:
    """Whether this attempt (already recorded) must wait for the cool-off: a trusted device's by
    its own failures alone; an unknown device's by its name's failures from the address, or by
    all unknown devices' failures from the address."""
    since = timezone.now() - settings.TAROKCLUB_LOGIN_COOL_OFF
    recent = LoginFailure.objects.filter(at__gte=since)
    if device:
        return recent.filter(device=device).count() > settings.TAROKCLUB_DEVICE_FAILURE_LIMIT
    unknown = recent.filter(address=address, device="")
    if unknown.filter(username=name).count() > settings.TAROKCLUB_NAME_FAILURE_LIMIT:
        return True
    return unknown.count() > settings.TAROKCLUB_ADDRESS_FAILURE_LIMIT


def devices_of(request: HttpRequest) -> dict[str, str]:
    """The device ids the request's cookie holds, by user name: none if it has no cookie, or one
    that is not ours (not signed with the secret key, too old, or not a list of names and ids)."""
    raw = request.COOKIES.get(DEVICE_COOKIE)
    if not raw:
        return {}
    try:
        entries = signing.loads(raw, salt=DEVICE_SALT, max_age=settings.TAROKCLUB_DEVICE_COOKIE_AGE)
    except (signing.BadSignature, ValueError):
        return {}
    if not isinstance(entries, list):
        return {}
    return {
        name: device
        for name, device in (entry for entry in entries if isinstance(entry, list) and len(entry) == 2)
        if isinstance(name, str) and isinstance(device, str) and 0 < len(device) <= DEVICE_LENGTH
    }


def device_cookie(devices: dict[str, str], name: str) -> str:
    """The cookie's new value after ``name`` signed in: his device id (kept, or a new one) first,
    then the other names this browser signed in as, at most ``MOST_DEVICE_NAMES`` in all."""
    mine = devices.get(name) or secrets.token_urlsafe(16)
    entries = [[name, mine], *([other, device] for other, device in devices.items() if other != name)]
    return signing.dumps(entries[:MOST_DEVICE_NAMES], salt=DEVICE_SALT, compress=True)


def set_device_cookie(request: HttpRequest, response: HttpResponse) -> None:
    """Put the cookie a successful sign-in made on its answer: read by this site only (not by
    scripts), over HTTPS only where the site is served so."""
    value = getattr(request, "device_cookie", None)
    if value:
        response.set_cookie(
            DEVICE_COOKIE,
            value,
            max_age=settings.TAROKCLUB_DEVICE_COOKIE_AGE,
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )


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
