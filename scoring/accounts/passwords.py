"""Passwords: the site's own validator beside Django's, and the one-time link that lets a member
choose a new password when a club admin resets his (a club has no e-mail to send it by).

Every path that sets a password runs the validators of ``AUTH_PASSWORD_VALIDATORS``: a club admin
adding a member or creating a club with a new admin, a member changing his password, the one-time
link, the Django admin and ``createsuperuser``.

Whoever holds a reset link can take the account over, so a club admin may reset only the
passwords of accounts that are his club's alone (:func:`may_reset`); any other account's, a
superuser resets.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from scoring.club.models import Club, Membership
from scoring.engine.reasons import _, why
from scoring.limits import PASSWORD_LENGTH, damaged_key
from scoring.refusals import shown

SENT_KEYS = "tarokclub_password_forms_sent"
"""The session's list of the keys of the password forms it carried out, newest last."""
MOST_SENT_KEYS = 10


class MaximumLengthValidator:
    """Refuses a password longer than ``most`` characters (``scoring.limits.PASSWORD_LENGTH``)."""

    def __init__(self, most: int = PASSWORD_LENGTH) -> None:
        self.most = most

    def validate(self, password: str, user: Any = None) -> None:
        if len(password) > self.most:
            said = why(
                _("A password has at most {most} characters, not {length}."), most=self.most, length=len(password)
            )
            raise ValidationError(shown(said), code="password_too_long")

    def get_help_text(self) -> str:
        return shown(why(_("Your password may have at most {most} characters."), most=self.most))


def resettable(by: Any, club: Club) -> set[int]:
    """The ids of the club's members (users) whose passwords ``by``, an admin of the club, may
    reset: a superuser anyone's; a club admin those of accounts that are the club's alone (a
    member of no other club, neither staff nor superuser), since the link lets him set the
    password."""
    members = Membership.objects.filter(club=club)
    if not by.is_superuser:
        elsewhere = Membership.objects.filter(user__memberships__club=club).exclude(club=club).values("user")
        members = members.filter(user__is_staff=False, user__is_superuser=False).exclude(user__in=elsewhere)
    return set(members.values_list("user_id", flat=True))


def may_reset(by: Any, user: Any, club: Club) -> bool:
    """Whether ``by`` may reset the password of ``user``, a member of ``club`` (:func:`resettable`)."""
    return bool(user.pk in resettable(by, club))


def reset_link(request: HttpRequest, user: Any) -> str:
    """The address at which ``user`` chooses a new password, once: Django's reset token, which
    stops working when the password changes or the user signs in, and after
    ``PASSWORD_RESET_TIMEOUT`` (three days)."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    return request.build_absolute_uri(reverse("password_reset_confirm", kwargs={"uidb64": uid, "token": token}))


def sent_before(request: HttpRequest, key: str) -> bool:
    """Whether this browser's session carried out the password form of this key already."""
    return bool(key) and not damaged_key(key) and key in request.session.get(SENT_KEYS, [])


def remember_sent(request: HttpRequest, key: str) -> None:
    """Remember that the password form of this key was carried out (its last few keys)."""
    if key and not damaged_key(key):
        request.session[SENT_KEYS] = [*request.session.get(SENT_KEYS, []), key][-MOST_SENT_KEYS:]
