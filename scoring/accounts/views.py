"""Signing in, and passwords: Django's pages in the site's templates.

- Signing in answers 429 while the name, the address or the device is throttled
  (``scoring.accounts.throttle`` refuses the attempt itself, on this page and the admin's).
- A signed-in member changes his password (he gives the old one).
- A member whose club admin reset his password chooses a new one at the one-time link the admin
  handed him (``scoring.accounts.passwords.reset_link``; a club sends no e-mail).

The password forms are keyed like every write form of the site (``scoring.submissions``): the
same form sent again (a double tap, a reload) is told it was done, instead of being refused
because the old password or the link no longer holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib import messages
from django.contrib.auth import forms as auth_forms
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse_lazy
from django.utils.decorators import method_decorator
from django.utils.translation import gettext_lazy as _
from django.views.decorators.debug import sensitive_post_parameters

from scoring.accounts.passwords import remember_sent, sent_before
from scoring.submissions import KeyedForm, new_key

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class LoginView(auth_views.LoginView):
    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        if getattr(self.request, "throttled", False):
            return render(self.request, "registration/locked_out.html", status=429)
        return super().form_invalid(form)


class PasswordChangeForm(auth_forms.PasswordChangeForm, KeyedForm):
    """Django's form (the old password, the new one twice, checked by the validators), keyed."""


class SetPasswordForm(auth_forms.SetPasswordForm, KeyedForm):  # type: ignore[type-arg]
    """Django's form of the one-time link (the new password twice, checked), keyed."""


class KeyedPasswordView:
    """A password form sent with a key that this browser's session has carried out already is
    told so and sent on, as the first send was; a carried-out form's key is remembered."""

    request: HttpRequest
    again: StrOrPromise

    def get_initial(self) -> dict[str, Any]:
        return {"key": new_key()}

    @method_decorator(sensitive_post_parameters())
    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method == "POST" and sent_before(request, request.POST.get("key", "")):
            messages.info(request, self.again)
            return HttpResponseRedirect(self.get_success_url())  # type: ignore[attr-defined]
        response: HttpResponse = super().dispatch(request, *args, **kwargs)  # type: ignore[misc]
        return response

    def form_valid(self, form: KeyedForm) -> HttpResponse:
        response: HttpResponse = super().form_valid(form)  # type: ignore[misc]
        remember_sent(self.request, form.cleaned_data["key"])
        return response


class PasswordChangeView(KeyedPasswordView, auth_views.PasswordChangeView):
    form_class = PasswordChangeForm
    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("password_change_done")
    again = _("Your password was changed already.")


class PasswordChangeDoneView(auth_views.PasswordChangeDoneView):
    template_name = "accounts/password_change_done.html"


class PasswordResetConfirmView(KeyedPasswordView, auth_views.PasswordResetConfirmView):
    form_class = SetPasswordForm
    template_name = "accounts/password_reset_confirm.html"
    success_url = reverse_lazy("password_reset_complete")
    again = _("Your new password was set already: log in with it.")


class PasswordResetCompleteView(auth_views.PasswordResetCompleteView):
    template_name = "accounts/password_reset_complete.html"
