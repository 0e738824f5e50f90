"""The forms of a sitting's import: the upload, and the confirmation of the players it would add.

The confirmation carries the document read from the upload, signed (``django.core.signing``), so
that it finishes the import without the file being sent again and comes back exactly as it was
read: a document changed on the way, or older than a day, is refused.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core import signing
from django.utils.translation import gettext_lazy as _

from scoring.club.forms import UploadForm
from scoring.engine.reasons import gettext_noop, why
from scoring.refusals import shown
from scoring.submissions import KeyedForm

SALT = "scoring.sittings.import"
VALID_FOR = 24 * 3600
"""How long, in seconds, a confirmation of an import's new players may wait."""
EXPIRED = why(gettext_noop("the confirmation is older than a day or was changed: upload the file again"))


def sealed_for(club: int, user: int | None) -> str:
    """The signature's salt of a confirmation: a confirmation made in one club, or for one
    admin, is refused in another or by another, where he would add players he was never shown."""
    return f"{SALT}:{club}:{user}"


class SittingImportForm(UploadForm):
    """The file, and whether to import it even where the site has the sitting already."""

    as_new = forms.BooleanField(
        label=_("Import as a new sitting"),
        required=False,
        help_text=_(
            "Even when the site has this sitting already: one of this club's own, or the same export imported before."
        ),
    )


class ConfirmImportForm(KeyedForm):
    """The second step of an import that adds players: the document read and the names shown,
    signed, and the choice of a new sitting made on the upload."""

    document = forms.CharField(widget=forms.HiddenInput)
    as_new = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, club: int, user: int | None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.salt = sealed_for(club, user)

    @classmethod
    def of(
        cls, key: str, doc: object, names: list[str], as_new: bool, *, club: int, user: int | None
    ) -> ConfirmImportForm:
        """The confirmation of an upload whose document adds the players ``names``: sealed for
        this club and this admin, so that it finishes this import and no other."""
        sealed = signing.dumps({"doc": doc, "names": names}, salt=sealed_for(club, user), compress=True)
        return cls(initial={"key": key, "document": sealed, "as_new": as_new}, club=club, user=user)

    def clean_document(self) -> tuple[Any, list[str]]:
        """The document and the names confirmed, as the upload read them."""
        try:
            payload = signing.loads(self.cleaned_data["document"], salt=self.salt, max_age=VALID_FOR)
        except signing.BadSignature:
            raise forms.ValidationError(shown(EXPIRED)) from None
        return payload["doc"], list(payload["names"])
