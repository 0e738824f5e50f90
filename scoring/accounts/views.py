"""Logging in: Django's login page, refused while the name or the address is throttled."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scoring.accounts.throttle import client_address, forget_old_failures, locked


class LoginView(auth_views.LoginView):
    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        forget_old_failures()
        if locked(request.POST.get("username", ""), client_address(request)):
            return render(request, "registration/locked_out.html", status=429)
        return super().post(request, *args, **kwargs)
