"""The site's addresses and one bare page beside them: what every benchmark that says
"× bare page" divides by (``site_with_bare_page()`` while it runs).

The bare page is the least a page of the site does: Django's request handling through the site's
middleware, one query (a trivial read, where a page of the site reads its rows) and the site's
base template, with nothing of its own. Signed in, the visitor's session and user are read as for
any page; a page that costs five bare pages costs five times the least a page can cost.
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.test import override_settings
from django.urls import include, path

from scoring.club.models import Club

ADDRESS = "/bench/bare/"


def bare(request: HttpRequest) -> HttpResponse:
    """The bare page: one query, the base template, through the same middleware."""
    return render(request, "base.html", {"clubs": Club.objects.exists()})


def site_with_bare_page() -> override_settings:
    """The site's addresses with the bare page at ``ADDRESS`` beside them."""
    return override_settings(ROOT_URLCONF=__name__)


urlpatterns = [path(ADDRESS.strip("/") + "/", bare), path("", include("tarokclub.urls"))]
