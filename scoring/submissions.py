"""Every write form is safe to send twice: a one-time key in the form, honoured by its service.

A form carries a fresh ``key`` (a hidden field) each time it is shown. The service that carries
the form out records the key with what it made, in the same transaction; the same key sent again
(a double tap, a resend after a slow answer, two sends at once) finds that record and gets the
first send's answer instead of a second write. Deals keep their key on the revision they make
(``DealRevision.idempotency_key``); every other write keeps it here.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from django import forms
from django.contrib import messages
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import IntegrityError, models
from django.http import HttpRequest
from django.utils import timezone

from scoring.club.changes import changing
from scoring.club.models import Club
from scoring.limits import DAMAGED, FORM_KEY_LENGTH, damaged_key
from scoring.refusals import shown

T = TypeVar("T", bound=models.Model)


class Submission(models.Model):
    """A write form that was carried out: its key, and what it made (gone when it removed)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=100, default="")
    """Which write the key was for: a key sent to another form is a new key there."""
    key = models.CharField(max_length=FORM_KEY_LENGTH)
    content_type = models.ForeignKey(ContentType, on_delete=models.CASCADE, null=True)
    object_id = models.BigIntegerField(null=True)
    answer = GenericForeignKey("content_type", "object_id")
    done_at = models.DateTimeField(default=timezone.now)

    objects: ClassVar[models.Manager[Submission]] = models.Manager()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "kind", "key"], name="one_write_per_form_key")]

    def __str__(self) -> str:
        return f"form {self.key} in {self.club}"


@dataclass(frozen=True)
class Done(Generic[T]):
    """What a keyed write did: its result (``None`` for a removal), and whether this send did it."""

    result: T | None
    first: bool


def once(club: Club, key: str, write: Callable[[], T | None]) -> Done[T]:
    """Carry out ``write`` once per form key; a repeated key returns the first send's result.

    Keys are kept per write (the place of ``write`` in the code), so a key sent to another form
    than the one it was made for is a new key there, never another form's answer.

    Two sends at once: the transaction opens with ``changing``, which locks the club's row
    first, so the second waits until the first commits and then finds its record (on SQLite
    the whole database is locked anyway). The key is still claimed (its record inserted) before
    the write: should two sends ever meet, the unique key makes the second collide, its
    transaction is rolled back, and the retry finds the first's record. The second never runs
    ``write`` beside the first, so it cannot see half of the first's work and refuse because of it.
    """
    if not key:
        with changing(club):
            return Done(write(), first=True)
    kind = write.__qualname__[:100]  # the write's place in the code, such as save_player.<locals>.write
    for attempt in range(2):
        try:
            with changing(club):
                earlier = Submission.objects.filter(club=club, kind=kind, key=key).first()
                if earlier is not None:
                    return Done(earlier.answer, first=False)
                claim = Submission.objects.create(club=club, kind=kind, key=key)
                result = write()
                if result is not None:
                    claim.answer = result
                    claim.save(update_fields=["content_type", "object_id"])
                return Done(result, first=True)
        except IntegrityError:
            if attempt:
                raise
    raise AssertionError("unreachable")


def tell(request: HttpRequest, done: Done[Any], first: str, again: str) -> None:
    """Say what a keyed write did: ``first`` when this send did it, ``again`` when an earlier
    send of the same form had (a double tap, a reload)."""
    if done.first:
        messages.success(request, first)
    else:
        messages.info(request, again)


def new_key() -> str:
    """A fresh one-time key: one per rendered form."""
    return uuid.uuid4().hex


class KeyedForm(forms.Form):
    """A write form with its one-time key (hidden); a damaged key is refused like any bad value,
    with a message for the whole form (nobody sees the hidden field)."""

    key = forms.CharField(widget=forms.HiddenInput, required=False)

    def clean_key(self) -> str:
        key: str = self.cleaned_data["key"]
        if damaged_key(key):
            raise forms.ValidationError(shown(DAMAGED))
        return key

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.has_error("key"):
            self.errors.pop("key")
            self.add_error(None, shown(DAMAGED))
        return data
