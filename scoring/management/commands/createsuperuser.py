"""``python manage.py createsuperuser``: Django's, with the site's password rules
(``AUTH_PASSWORD_VALIDATORS``) also for a password from ``DJANGO_SUPERUSER_PASSWORD`` with
``--noinput``, which Django would set unchecked. Typed at the prompt, Django checks it itself.
"""

from __future__ import annotations

import os
from typing import Any

from django.contrib.auth.management.commands.createsuperuser import Command as DjangoCommand
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import CommandError


class Command(DjangoCommand):
    def handle(self, *args: Any, **options: Any) -> None:
        password = os.environ.get("DJANGO_SUPERUSER_PASSWORD")
        if not options["interactive"] and password is not None:
            username = options["username"] or os.environ.get("DJANGO_SUPERUSER_USERNAME") or ""
            try:
                validate_password(password, User(username=username))
            except ValidationError as error:
                raise CommandError("DJANGO_SUPERUSER_PASSWORD: " + " ".join(error.messages)) from None
        super().handle(*args, **options)
