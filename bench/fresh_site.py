"""A throwaway site for the benchmarks that go through Django, never the site's own database:
a SQLite file in a temporary folder, or, when ``DATABASE_URL`` names a PostgreSQL server, a
fresh database on it made the way the tests make theirs (and dropped afterwards). Migrated,
with Django set up, in the settings the phones at the tables are served with (``PRODUCTION``:
debug off), not those of ``make run`` on the laptop alone: debug logs every query and notes
where every template node stands, some 15% of a deal entry's time."""

from __future__ import annotations

import os
import tempfile
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from io import StringIO
from pathlib import Path

PRODUCTION = {
    "DJANGO_DEBUG": "0",
    "DJANGO_HTTPS": "0",
    "DJANGO_SECRET_KEY": "bench-" + "x" * 50,
    "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
    "DJANGO_STATIC_MANIFEST": "0",  # no collectstatic for a throwaway site
}
"""The settings the site runs with in every bench, in its process and in a server it starts:
debug off, as under an application server."""
FORM_ENCODED = "application/x-www-form-urlencoded"
"""How a browser sends a form that names no other ``enctype``, as the deal form does: every
bench that posts a form sends it so."""


def on_postgresql() -> bool:
    return os.environ.get("DATABASE_URL", "").split(":", 1)[0] in {"postgres", "postgresql", "pgsql"}


@contextmanager
def fresh_site() -> Iterator[str]:
    """Yields the database's name for the figures: ``SQLite`` or ``PostgreSQL``."""
    os.environ.update(PRODUCTION)
    warnings.filterwarnings("ignore", "No directory at", UserWarning)  # whitenoise: no collectstatic here
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
