"""A throwaway site for the benchmarks that go through Django: a SQLite file in a temporary
folder (never the site's own database), migrated, with Django set up."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from io import StringIO
from pathlib import Path


@contextmanager
def fresh_site() -> Iterator[None]:
    with tempfile.TemporaryDirectory() as folder:
        os.environ["DATABASE_URL"] = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokclub.settings")
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", verbosity=0, stdout=StringIO())
        yield
