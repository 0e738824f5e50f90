"""Settings for tarokclub, read from the environment with safe development defaults.

Environment:

- ``DJANGO_SECRET_KEY``: required when ``DJANGO_DEBUG`` is off.
- ``DJANGO_DEBUG``: ``1``/``0`` (also true/false, yes/no, on/off); default ``1``.
- ``DJANGO_ALLOWED_HOSTS``: comma-separated host names; default ``127.0.0.1,localhost``.
- ``TAROKCLUB_PUBLIC_URL``: the site's address as the phones at the tables open it,
  ``scheme://host[:port]`` (such as ``http://192.168.1.20:8000`` on the club's Wi-Fi); every table
  link and QR code carries it. Default unset: the host the director's browser used.
- ``DATABASE_URL``: ``sqlite:///path/to/file.sqlite3`` or ``postgres://user:password@host:port/name``
  (a socket folder as host: ``postgres://user@%2Fvar%2Frun%2Fpostgresql/name``); default a SQLite
  file ``tarokclub.sqlite3`` in the project.
- ``DJANGO_HTTPS``: with ``DJANGO_DEBUG`` off, the site is served over HTTPS (secure cookies,
  redirect to HTTPS, HSTS); default ``1``. Behind a proxy that terminates TLS, the proxy must
  send ``X-Forwarded-Proto``.
- ``DJANGO_HSTS_SECONDS``: how long browsers remember to use HTTPS only; default one year.
- ``DJANGO_ADMINS``: who is sent an e-mail for every server error, ``Name <address>`` separated
  by commas; default nobody. E-mail goes through ``DJANGO_EMAIL_HOST`` (port
  ``DJANGO_EMAIL_PORT``, default 25; ``DJANGO_EMAIL_USER``, ``DJANGO_EMAIL_PASSWORD``,
  ``DJANGO_EMAIL_TLS``) from ``DJANGO_EMAIL_FROM``.
- ``SENTRY_DSN``: report errors to a Sentry (or Sentry-compatible) service as well; default off.

Whatever is set, every server error is logged to standard error with its request and traceback.

A value that makes no sense stops the start with an ``ImproperlyConfigured`` error naming it.
"""

import datetime
import ipaddress
import os
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

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


def env_address(name: str) -> str:
    """A site's address, ``scheme://host[:port]`` without a path, or ``""`` when unset."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return ""
    try:
        parts = urlsplit(raw)
        sound = (
            parts.scheme in {"http", "https"}
            and bool(parts.hostname)
            and (parts.port is None or parts.port > 0)
            and "@" not in parts.netloc
            and " " not in raw
            and parts.path in {"", "/"}
            and not parts.query
            and not parts.fragment
        )
    except ValueError:  # a port that is no number or out of range, a broken IPv6 address
        sound = False
    if not sound:
        raise ImproperlyConfigured(
            f"{name}={raw!r}: give the address the phones open, such as http://192.168.1.20:8000"
        )
    return f"{parts.scheme}://{parts.netloc}"


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


def env_admins(name: str) -> list[tuple[str, str]]:
    """``Name <address>, …`` as Django's ``ADMINS``: whom server errors are mailed to."""
    found = []
    for part in (p.strip() for p in os.environ.get(name, "").split(",")):
        if not part:
            continue
        person, sep, rest = part.partition("<")
        address = rest.rstrip(">").strip() if sep else person.strip()
        if "@" not in address or " " in address:
            raise ImproperlyConfigured(f"{name}: give Name <address> separated by commas, not {part!r}")
        found.append((person.strip() if sep else address, address))
    return found


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
# Where the phones at the tables reach the site: the table links and their QR codes are made
# under it (scoring.tournaments.table_link), not under whatever host the director's browser used.
TAROKCLUB_PUBLIC_URL = env_address("TAROKCLUB_PUBLIC_URL")

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
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # after the language is chosen (its 413 page is in the page's language), before anything
    # reads the body (the CSRF check does)
    "tarokclub.security.UploadLimitMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "tarokclub.security.DeviceCookieMiddleware",  # puts a sign-in's device cookie on its answer
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

# Sign-in throttling (scoring.accounts.throttle), on every sign-in path through the backend.
# Every phone at a club evening shares one Wi-Fi address, so a successful sign-in leaves a signed
# device cookie: a device that signed in as that name before counts its own failures only; an
# unknown device counts per user name and address (a member mistyping locks out only his name
# from there), and per address across names with a higher limit (someone guessing one password
# for many names: then every unknown device there waits); all only for the cool-off.
AUTHENTICATION_BACKENDS = ["scoring.accounts.throttle.ThrottledBackend"]
TAROKCLUB_NAME_FAILURE_LIMIT = 5
TAROKCLUB_ADDRESS_FAILURE_LIMIT = 20
TAROKCLUB_DEVICE_FAILURE_LIMIT = 5
TAROKCLUB_LOGIN_COOL_OFF = datetime.timedelta(minutes=15)
TAROKCLUB_DEVICE_COOKIE_AGE = datetime.timedelta(days=365)
TAROKCLUB_TRUSTED_PROXIES = env_proxies("DJANGO_TRUSTED_PROXIES")

# Every path that sets a password checks it (scoring.accounts.passwords): Django's rules, and at
# most 128 characters, so that nobody makes the site hash a 100 KB "password".
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "scoring.accounts.passwords.MaximumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

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
FORM_RENDERER = "django.forms.renderers.Jinja2"
"""Form controls are rendered by Django's Jinja2 templates of its widgets, the same HTML as its
own templates but for whitespace: a deal form renders some 40 controls and their options, each a
template, which in Django's template language took 70% of the form page's CPU (the page: 41 ms
then, 24 ms with Jinja2)."""

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
# With debug off the static files are served from ``collectstatic`` under names that hold their
# content's hash (``site.3f2a1c.css``), so phones may keep them for a year; while developing,
# the plain names straight from the app.
STATIC_MANIFEST = env_bool("DJANGO_STATIC_MANIFEST", not DEBUG)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if STATIC_MANIFEST
        else "whitenoise.storage.CompressedStaticFilesStorage"
    },
}

# Dates as a club in Vienna or Copenhagen writes them, also on English pages (en-GB style):
# tarokclub/formats/en/ overrides Django's US formats.
FORMAT_MODULE_PATH = ["tarokclub.formats"]

# Errors that reach someone: every server error is logged to standard error with its request
# and traceback (a service manager or gunicorn keeps it), mailed to ``ADMINS`` when there are any,
# and sent to Sentry when ``SENTRY_DSN`` is set.
ADMINS = env_admins("DJANGO_ADMINS")
SERVER_EMAIL = DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_EMAIL_FROM", "tarokclub@localhost")
EMAIL_HOST = os.environ.get("DJANGO_EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("DJANGO_EMAIL_PORT", 25)
EMAIL_HOST_USER = os.environ.get("DJANGO_EMAIL_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("DJANGO_EMAIL_PASSWORD", "")
EMAIL_USE_TLS = env_bool("DJANGO_EMAIL_TLS", False)
LOGGING: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"}},
    "handlers": {
        "stderr": {"class": "logging.StreamHandler", "formatter": "plain"},
        "mail_admins": {"class": "django.utils.log.AdminEmailHandler", "level": "ERROR"},
    },
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        # a server error: its message names the request, and the record carries the traceback
        "django.request": {"handlers": ["stderr", "mail_admins"], "level": "ERROR", "propagate": False},
        "django.security": {"handlers": ["stderr", "mail_admins"], "level": "ERROR", "propagate": False},
    },
}
SENTRY_DSN = os.environ.get("SENTRY_DSN", "").strip()
if SENTRY_DSN:
    import sentry_sdk

    sentry_sdk.init(dsn=SENTRY_DSN, send_default_pii=False, traces_sample_rate=0)

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
