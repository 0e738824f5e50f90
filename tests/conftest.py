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
