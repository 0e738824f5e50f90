"""Signing in: Django's sign-in page, answering 429 while the name or the address is throttled
(``scoring.accounts.throttle`` refuses the attempt itself, on this page and the admin's)."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpResponse
from django.shortcuts import render


class LoginView(auth_views.LoginView):
    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        if getattr(self.request, "throttled", False):
            return render(self.request, "registration/locked_out.html", status=429)
        return super().form_invalid(form)
