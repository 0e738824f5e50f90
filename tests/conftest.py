"""Test-wide settings: Hypothesis profiles (``HYPOTHESIS_PROFILE=fuzz`` for a long hunt)."""

import os
from typing import Any

import pytest
from hypothesis import settings

settings.register_profile("default", max_examples=150, deadline=None)
settings.register_profile("fuzz", max_examples=5000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(autouse=True)
def fast_password_hashing(settings: Any) -> None:
    """Real hashing costs a quarter second per user; tests make hundreds of users."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def empty_cache() -> None:
    """Every test starts with an empty cache: its rolled-back database hands out the same ids and
    counts of changes again, which would find the cached pages of an earlier test."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def site_language() -> Any:
    """Every test starts in the site's own language: a page requested in German or Danish leaves
    its language active in the thread, which a later test on the same worker would find."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


DATABASE_FIXTURES = frozenset({"db", "transactional_db", "live_server"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that uses the database, however it asks for it, as ``django_db``.

    CI selects ``-m django_db`` to run the database tests again on PostgreSQL; a test that
    reached the database only through a fixture would otherwise be left out of that leg.
    """
    for item in items:
        if item.get_closest_marker("django_db") is None and DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.django_db)


@pytest.fixture
def admin(db: Any) -> tuple[Any, Any]:
    """A club, and a test client signed in as Ada, its admin."""
    from django.test import Client

    from scoring.club.models import Membership

    from .factories import make_club, make_member

    club = make_club()
    client = Client()
    client.force_login(make_member(club, "ada", Membership.Role.ADMIN))
    return client, club


@pytest.fixture
def keeper(db: Any) -> tuple[Any, Any]:
    """A club, and a test client signed in as Kim, its scorekeeper (enters and corrects deals)."""
    from django.test import Client

    from scoring.club.models import Membership

    from .factories import make_club, make_member

    club = make_club()
    client = Client()
    client.force_login(make_member(club, "kim", Membership.Role.SCOREKEEPER))
    return client, club
