"""Settings for tarokclub, read from the environment with safe development defaults.

Environment:

- ``DJANGO_SECRET_KEY``: required when ``DJANGO_DEBUG`` is off.
- ``DJANGO_DEBUG``: ``1``/``0`` (also true/false, yes/no, on/off); default ``1``.
- ``DJANGO_ALLOWED_HOSTS``: comma-separated host names; default ``127.0.0.1,localhost``.
- ``DATABASE_URL``: ``sqlite:///path/to/file.sqlite3`` or ``postgres://user:password@host:port/name``
  (a socket folder as host: ``postgres://user@%2Fvar%2Frun%2Fpostgresql/name``); default a SQLite
  file ``tarokclub.sqlite3`` in the project.
- ``DJANGO_HTTPS``: with ``DJANGO_DEBUG`` off, the site is served over HTTPS (secure cookies,
  redirect to HTTPS, HSTS); default ``1``. Behind a proxy that terminates TLS, the proxy must
  send ``X-Forwarded-Proto``.
- ``DJANGO_HSTS_SECONDS``: how long browsers remember to use HTTPS only; default one year.

A value that makes no sense stops the start with an ``ImproperlyConfigured`` error naming it.
"""

import datetime
import ipaddress
import os
from pathlib import Path
from typing import Any

import dj_database_url
import django_stubs_ext
from django.core.exceptions import ImproperlyConfigured

# Generic classes such as ModelAdmin[Club] are subscriptable at run time too, as the type checker sees them.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent

TRUE = {"1", "true", "yes", "on"}
FALSE = {"0", "false", "no", "off"}
DEVELOPMENT_KEY = "development-only-key-never-use-in-production"
SQLITE_OPTIONS = {"transaction_mode": "IMMEDIATE", "init_command": "PRAGMA journal_mode=WAL;", "timeout": 20}


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    if raw.strip().lower() in TRUE:
        return True
    if raw.strip().lower() in FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r}: use 1 or 0 (or true/false, yes/no, on/off)")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    if not raw.isdigit():
        raise ImproperlyConfigured(f"{name}={raw!r}: give a whole number")
    return int(raw)


def env_hosts(name: str, default: str) -> list[str]:
    hosts = [h.strip() for h in os.environ.get(name, default).split(",")]
    if not all(hosts) or any(" " in h or "/" in h for h in hosts):
        raise ImproperlyConfigured(f"{name}: give host names separated by commas, such as example.org,www.example.org")
    return hosts


def env_proxies(name: str) -> list[str]:
    """A comma-separated list of proxies: IP addresses, networks (``10.0.0.0/8``) or ``unix`` (a
    proxy on this machine talking over a socket); empty by default."""
    raw = [part.strip() for part in os.environ.get(name, "").split(",") if part.strip()]
    try:
        return [part if part == "unix" else str(ipaddress.ip_network(part, strict=False)) for part in raw]
    except ValueError:
        raise ImproperlyConfigured(
            f"{name}: give IP addresses or networks separated by commas, such as 10.0.0.2 or 10.0.0.0/8, or unix"
        ) from None


def database(url: str | None) -> dict[str, Any]:
    """The default database: SQLite in the project unless ``DATABASE_URL`` names another."""
    if not url:
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": BASE_DIR / "tarokclub.sqlite3",
            "OPTIONS": dict(SQLITE_OPTIONS),
        }
    scheme = url.split(":", 1)[0].lower()
    if scheme not in {"sqlite", "postgres", "postgresql", "pgsql"}:
        raise ImproperlyConfigured(f"DATABASE_URL: {scheme!r} is not supported; use sqlite:///… or postgres://…")
    try:
        config: dict[str, Any] = dict(dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True))
    except ValueError as error:
        raise ImproperlyConfigured(f"DATABASE_URL: {error}") from error
    if not config.get("NAME"):
        raise ImproperlyConfigured("DATABASE_URL: name the database (sqlite:///file or postgres://…/name)")
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = dict(SQLITE_OPTIONS)
        config["CONN_MAX_AGE"] = 0
    return config


DEBUG = env_bool("DJANGO_DEBUG", True)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off")
    SECRET_KEY = DEVELOPMENT_KEY
ALLOWED_HOSTS = env_hosts("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost")

INSTALLED_APPS = [
    "scoring",  # first, so that its runserver (loopback only while debug is on) replaces Django's
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
]

MIDDLEWARE = [
    # first, so that every answer carries the policy, the upload limit's 413 too
    "tarokclub.security.ContentSecurityPolicyMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "tarokclub.security.UploadLimitMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

# Sign-in throttling (scoring.accounts.throttle), on every sign-in path through the backend.
# Every phone at a club evening shares one Wi-Fi address, so failures count per user name and
# address (a member mistyping locks out only his name from there), and per address across names
# with a higher limit (someone guessing through the member list: then names that failed from
# there wait); both only for the cool-off.
AUTHENTICATION_BACKENDS = ["scoring.accounts.throttle.ThrottledBackend"]
TAROKCLUB_NAME_FAILURE_LIMIT = 5
TAROKCLUB_ADDRESS_FAILURE_LIMIT = 20
TAROKCLUB_LOGIN_COOL_OFF = datetime.timedelta(minutes=15)
TAROKCLUB_TRUSTED_PROXIES = env_proxies("DJANGO_TRUSTED_PROXIES")

# The largest spreadsheet or document a club may upload (a 2,000-deal sitting's workbook is
# about 1 MB); a larger upload is refused before it is read.
TAROKCLUB_UPLOAD_MAX_BYTES = env_int("DJANGO_UPLOAD_MAX_MB", 10) * 1_000_000

ROOT_URLCONF = "tarokclub.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "tarokclub.wsgi.application"

DATABASES = {"default": database(os.environ.get("DATABASE_URL"))}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A file, not memory: tests with several threads need one database they all see.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "test-tarokclub.sqlite3")}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("de", "Deutsch"), ("da", "Dansk")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Vienna"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
WHITENOISE_USE_FINDERS = True  # serve the app's static files without collectstatic (laptops, tests)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

if not DEBUG and env_bool("DJANGO_HTTPS", True):
    SECURE_SSL_REDIRECT = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 365 * 24 * 3600)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
