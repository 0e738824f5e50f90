"""The models and the migrations agree."""

from io import StringIO

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_there_are_no_pending_migrations() -> None:
    out = StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=StringIO())
