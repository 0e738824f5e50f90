"""The site's addresses and a bare page beside them, for benchmarks that compare a page's time
with a bare Django page's (``ROOT_URLCONF = "bench.bare_page"`` while they run)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import include, path


def bare(request: HttpRequest) -> HttpResponse:
    """A bare Django page: the site's base template, through the same middleware."""
    return render(request, "base.html", {})


urlpatterns = [path("bench/bare/", bare), path("", include("tarokclub.urls"))]
