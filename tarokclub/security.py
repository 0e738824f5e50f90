"""What every request and answer passes through for safety.

- A Content-Security-Policy on every answer: only the site's own scripts, styles and images. The
  pages have no inline script or style (the deal form's data travels as a JSON block, which is
  never run), so the policy needs no nonces; the browser tests fail on any violation.
- An upload larger than ``TAROKCLUB_UPLOAD_MAX_BYTES`` is refused (413) before anything reads it.
- A successful sign-in's answer carries the device cookie the sign-in throttle made
  (``scoring.accounts.throttle``), whichever page signed in: the site's or the admin's.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scoring.accounts.throttle import set_device_cookie
from scoring.spreadsheets.reader import megabytes

POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", POLICY)
        return response


UPLOAD_MARGIN = 100_000
"""Room for the form's other fields beside the file."""


class UploadLimitMiddleware:
    """Refuses a request body larger than the upload limit before Django parses it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.TAROKCLUB_UPLOAD_MAX_BYTES
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > limit + UPLOAD_MARGIN:
            context = {"size": megabytes(length), "limit": megabytes(limit)}
            return render(request, "413.html", context, status=413)
        return self.get_response(request)


class DeviceCookieMiddleware:
    """Sets the device cookie of a successful sign-in on its answer (the backend that signs in
    has the request only)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        set_device_cookie(request, response)
        return response
