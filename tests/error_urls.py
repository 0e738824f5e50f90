"""The site's addresses and three that fail on purpose, to see what a visitor gets when they do."""

from django.core.exceptions import SuspiciousOperation
from django.http import HttpRequest, HttpResponse
from django.urls import path

from tarokclub.urls import urlpatterns as site


def broken(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug on purpose")


def suspicious(request: HttpRequest) -> HttpResponse:
    raise SuspiciousOperation("a request that makes no sense")


urlpatterns = [path("boom/", broken), path("odd/", suspicious), *site]
