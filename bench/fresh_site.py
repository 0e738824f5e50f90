"""A throwaway site for the benchmarks that go through Django, never the site's own database:
a SQLite file in a temporary folder, or, when ``DATABASE_URL`` names a PostgreSQL server, a
fresh database on it made the way the tests make theirs (and dropped afterwards). Migrated,
with Django set up."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from io import StringIO
from pathlib import Path


def on_postgresql() -> bool:
    return os.environ.get("DATABASE_URL", "").split(":", 1)[0] in {"postgres", "postgresql", "pgsql"}


@contextmanager
def fresh_site() -> Iterator[str]:
    """Yields the database's name for the figures: ``SQLite`` or ``PostgreSQL``."""
    with tempfile.TemporaryDirectory() as folder:
        postgres = on_postgresql()
        if not postgres:
            os.environ["DATABASE_URL"] = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokclub.settings")
        import django
        from django.core.management import call_command
        from django.db import connection

        django.setup()
        if postgres:
            made = connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
            try:
                yield f"PostgreSQL ({made})"
            finally:
                connection.creation.destroy_test_db(made, verbosity=0)
        else:
            call_command("migrate", verbosity=0, stdout=StringIO())
            yield "SQLite"
