"""Settings, read only from the environment.

Nothing set gives the embedded default (SQLite file, eager Celery, local-memory cache, DEBUG on),
so `make run` needs no services. Production sets DATABASE_URL, REDIS_URL, DJANGO_DEBUG=0,
SECRET_KEY and DJANGO_ALLOWED_HOSTS; there is no separate production settings file.
"""

import ipaddress
import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured

from config import redis

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_optional_int(name: str) -> int | None:
    value = os.environ.get(name, "").strip()
    return int(value) if value else None


# Offline venue mode (issue 18): True on the venue laptop, where a checked-out tournament is
# edited; the central server's write guard (tournaments.common.guards) does not apply there.
# The laptop's settings (docs/operations.md "Venue mode", config/venue.py) pin its environment here.
VENUE_MODE = env_bool("VENUE_MODE", False)
if VENUE_MODE:
    from config import venue

    venue.prepare_environment(BASE_DIR)

DEBUG = env_bool("DJANGO_DEBUG", True)

_DEV_SECRET_KEY = "dev-only-secret-key-not-for-production-0123456789abcdefghijklmnop"
SECRET_KEY = os.environ.get("SECRET_KEY") or (_DEV_SECRET_KEY if DEBUG else "")
if not SECRET_KEY:
    raise ImproperlyConfigured("SECRET_KEY must be set when DJANGO_DEBUG=0.")

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "axes",
    "ninja",  # serves Swagger UI from its own static files, not a CDN
    "tournaments",
    "players",  # a player's own account (issue 26); ranking builds on it
    "ranking",
]

MIDDLEWARE = [
    # First: /healthz and /readyz for the balancer, before host checks, HTTPS and sessions.
    "config.health.HealthCheckMiddleware",
    # /metrics for Prometheus (its own token or network check), then the request id and the
    # one log line per request (config.observability): health checks are not logged.
    "config.metrics.MetricsMiddleware",
    "config.observability.RequestMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "config.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # An anonymous visitor's stored public page: before sessions, language, CSRF, users (32.2).
    "tournaments.common.public_early.PublicPageMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After sessions, before CommonMiddleware: the language from the cookie or Accept-Language.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it turns lockouts into a response.
    "axes.middleware.AxesMiddleware",
]

# Scripts, styles, images and fonts only from our own static files (all vendored); no inline
# script, handler or style anywhere (tests/test_csp.py reads every template; browser tests fail
# on any violation).
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        # Django's, its check aware of the libraries config/tags replaces
        "BACKEND": "config.tags.backend.DjangoTemplates",
        "NAME": "django",  # Django's own name for it (its alias is the module's by default)
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tournaments.common.context_processors.navigation",
            ],
            # `{% url %}`, `{% static %}` and `{% translate %}` remembered (a dozen each on
            # every page): Django's tags, the same answers (config/tags)
            "libraries": {
                "site_formats": "config.formats.templatetags",
                "i18n": "config.tags.i18n",
                "static": "config.tags.static",
            },
            "builtins": ["config.tags.url"],
        },
    },
]

# --- Database: DATABASE_URL (postgres://… or sqlite:///path), else a SQLite file here.
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Wait for a writer instead of failing at once; WAL lets readers go on while one writes.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL;",
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 0
elif env_bool("DATABASE_POOL", False):
    # PostgreSQL through Django's pool (psycopg_pool), one per process, shared by its threads:
    # for gunicorn with threads; sync workers keep a persistent connection each (CONN_MAX_AGE
    # above, checked before reuse). A pool replaces persistent connections (docs/operations.md
    # "Database connections").
    DATABASES["default"]["OPTIONS"] = {
        **DATABASES["default"].get("OPTIONS", {}),
        "pool": {
            "min_size": int(os.environ.get("DATABASE_POOL_MIN_SIZE") or "2"),
            "max_size": int(os.environ.get("DATABASE_POOL_MAX_SIZE") or "4"),
            "timeout": float(os.environ.get("DATABASE_POOL_TIMEOUT") or "10"),
        },
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 0
if env_bool("DATABASE_DISABLE_SERVER_SIDE_CURSORS", False):
    # behind PgBouncer in transaction mode a named cursor (QuerySet.iterator) would outlive
    # its transaction's server connection
    DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: Celery broker and cache, else eager Celery and a local-memory cache.
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {
        # Test workers of pytest-xdist share one Redis but each has its own database, where
        # ids repeat: each gets its own key space (PYTEST_XDIST_WORKER is "gw0", "gw1", ...).
        "default": redis.cache_settings(
            REDIS_URL,
            key_prefix=os.environ.get("CACHE_KEY_PREFIX", "drv")
            + os.environ.get("PYTEST_XDIST_WORKER", ""),
        )
    }
    globals().update(redis.celery_settings(REDIS_URL))
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    CELERY_BROKER_URL = "memory://"
    CELERY_RESULT_BACKEND = "cache+memory://"
    CELERY_TASK_ALWAYS_EAGER = True
    CELERY_TASK_EAGER_PROPAGATES = True
# Public pages for anonymous visitors are cached until their tournament changes (0 = off).
PUBLIC_CACHE_SECONDS = int(os.environ.get("PUBLIC_CACHE_SECONDS", "86400"))
# How often the director's registration list asks for news while players check themselves in
# (a calm page: the live screens of the day poll every 1.5 s).
REGISTRATION_POLL_SECONDS = int(os.environ.get("REGISTRATION_POLL_SECONDS", "20"))
# After a publication or a release a worker renders the rush's public pages ahead of the
# visitors (tournaments.standings.warming). Off, they render on the first request. Tests turn
# it off except where they test it (tests/conftest.py): it changes when a page is rendered,
# never what it shows.
PUBLIC_PAGES_WARM = env_bool("PUBLIC_PAGES_WARM", True)
# Search budget for pairing rounds 2+: annealing iterations and beam width (unset = the
# domain's own, scaled to the field). Tests lower them for speed; the pure pairing tests do not.
# Draws stay reproducible: the budget used is written into Round.method.
PAIRING_SEARCH_ITERATIONS = env_optional_int("PAIRING_SEARCH_ITERATIONS")
PAIRING_SEARCH_BEAM = env_optional_int("PAIRING_SEARCH_BEAM")
# Wrong short codes that name tables of one round before that round's short codes close (QR
# codes still open its tables; the desk board warns). Issue #30.3, tournaments.tableside.limits.
TABLE_CODE_ROUND_FAILURES = int(os.environ.get("TABLE_CODE_ROUND_FAILURES", "200"))
CELERY_TASK_ACKS_LATE = True
# A task stuck in a pool process is ended (and acknowledged as failed) after this many seconds,
# so a worker that answers its health ping also takes tasks; below CELERY_VISIBILITY_TIMEOUT.
CELERY_TASK_TIME_LIMIT = int(os.environ.get("CELERY_TASK_TIME_LIMIT", "120"))
# beat ticks (renews its lock, writes its heartbeat) at least this often (config/beat.py)
CELERY_BEAT_MAX_LOOP_INTERVAL = 10
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = "Europe/Berlin"
# Periodic jobs (run `celery -A config beat` on exactly one machine): the daily ranking job
# closes appeal windows and marks tournaments final; the sweep recomputes pending ranking years
# (e.g. after the broker was down when results were published); the players' sweep queues the
# e-mails of releases and corrections whose job was lost, the outbox sweep sends queued e-mails
# whose task was lost (tournaments/mail/); the push sweep sends push messages whose task was lost.
CELERY_BEAT_SCHEDULE: dict = {
    "ranking-daily": {
        "task": "ranking.daily",
        "schedule": crontab(hour=3, minute=15),
    },
    "ranking-recompute-pending": {
        "task": "ranking.recompute_pending",
        "schedule": timedelta(minutes=int(os.environ.get("RANKING_SWEEP_MINUTES", "15"))),
    },
    "players-mails-sweep": {
        "task": "ranking.notify_sweep",
        "schedule": timedelta(minutes=10),
    },
    "push-sweep": {
        "task": "players.push_sweep",
        "schedule": timedelta(minutes=5),
    },
    "mail-outbox-sweep": {
        "task": "tournaments.mail_sweep",
        "schedule": timedelta(minutes=10),
    },
}

# --- Authentication
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "start"  # each role lands on its own start page
LOGOUT_REDIRECT_URL = "home"
# Throttle guessing for 15 minutes: five failures per user name and address lock that pair;
# twenty per user name from any addresses lock the account (config/login_throttle.py).
AXES_HANDLER = "config.login_throttle.AccountThrottleHandler"
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
# Past this many failures for one account from all addresses, an address that failed for it
# waits a growing delay before its next try; a fresh address is never refused (issue #30.2).
AXES_ACCOUNT_FAILURE_LIMIT = int(os.environ.get("AXES_ACCOUNT_FAILURE_LIMIT", "20"))
# Failures from one address for any accounts before that address is locked (15 min).
AXES_ADDRESS_FAILURE_LIMIT = int(os.environ.get("AXES_ADDRESS_FAILURE_LIMIT", "50"))
AXES_COOLOFF_TIME = timedelta(minutes=15)
# in this order: see config.login_throttle
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address", "username"]
AXES_LOCKOUT_CALLABLE = "config.login_throttle.lockout_response"
# A try refused while waiting was never checked: it does not count as a failure (nor prolong).
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_RESET_ON_SUCCESS = True
# Reset links expire after a day and work once (Django's tokens); sign-up links after 48 h.
PASSWORD_RESET_TIMEOUT = 24 * 60 * 60
AXES_IPWARE_PROXY_COUNT = int(os.environ.get("AXES_PROXY_COUNT", "0")) or None
AXES_CLIENT_IP_CALLABLE = "config.login_throttle.client_ip"  # django-ipware is not installed
# Appeals cannot flood the commission (issue 30.5): besides one open appeal per player and
# tournament, at most this many appeals are filed from one account per hour.
APPEALS_PER_HOUR = int(os.environ.get("APPEALS_PER_HOUR", "5"))
# An open appeal grows by additions instead of further appeals: at most this many per account
# and hour. Attachments per appeal (its own and its additions'): a number and a total size.
APPEAL_ADDITIONS_PER_HOUR = int(os.environ.get("APPEAL_ADDITIONS_PER_HOUR", "10"))
APPEAL_ATTACHMENTS_MAX = int(os.environ.get("APPEAL_ATTACHMENTS_MAX", "5"))
APPEAL_ATTACHMENTS_TOTAL_MB = int(os.environ.get("APPEAL_ATTACHMENTS_TOTAL_MB", "20"))
# the user name as axes finds it, without NUL and cut to its column (bad input is no 500)
AXES_USERNAME_CALLABLE = "config.login_throttle.client_username"

# --- Internationalisation: German UI, English available (docs/development.md "Languages"). The
# language comes from the switch's cookie, else Accept-Language, else German; URLs stay the same.
LANGUAGE_CODE = "de"
LANGUAGES = [("de", "Deutsch"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Dates and numbers per language: German as the pages always were, English "3 May 2026".
FORMAT_MODULE_PATH = ["config.formats"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60  # the switch is remembered for a year, not a session
TIME_ZONE = "Europe/Berlin"
USE_I18N = True
USE_TZ = True

# --- Static files, vendored (no CDN): served by WhiteNoise from every app server.
STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
MEDIA_ROOT = Path(os.environ.get("DJANGO_MEDIA_ROOT", BASE_DIR / "media"))
MEDIA_URL = "media/"

EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "turniere@rummikub-verband.de")
# The SMTP back end's server (Django's defaults: a relay on localhost:25). A mail server that
# hangs costs a worker's task EMAIL_TIMEOUT seconds, then the task is retried (claim row).
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "10"))
# Absolute links in e-mails a Celery worker sends (it has no request to take the host from).
SITE_URL = os.environ.get("SITE_URL", "http://localhost:8000").rstrip("/")

# --- Web push (issue 34): the VAPID key pair (`manage.py push_keys` makes one; both empty: no
# push, the devices page says so), the contact the push services may write to, and the push
# services a device's subscription may name (the server posts to that address: anything else is
# refused). Plain HTTP only for PUSH_INSECURE_HOSTS (the tests' local push service).
PUSH_VAPID_PUBLIC_KEY = os.environ.get("PUSH_VAPID_PUBLIC_KEY", "").strip()
PUSH_VAPID_PRIVATE_KEY = os.environ.get("PUSH_VAPID_PRIVATE_KEY", "").strip()
PUSH_VAPID_SUBJECT = os.environ.get("PUSH_VAPID_SUBJECT", "") or f"mailto:{DEFAULT_FROM_EMAIL}"
PUSH_ENDPOINT_HOSTS = env_list(
    "PUSH_ENDPOINT_HOSTS",
    "fcm.googleapis.com,push.services.mozilla.com,push.apple.com,notify.windows.com",
)
PUSH_INSECURE_HOSTS = env_list("PUSH_INSECURE_HOSTS")
# seconds a push service keeps an undelivered message (a phone off the Wi-Fi), and waits for
PUSH_TTL = int(os.environ.get("PUSH_TTL", "3600"))
PUSH_TIMEOUT = float(os.environ.get("PUSH_TIMEOUT", "10"))

# --- Production hardening: on whenever DEBUG is off (`manage.py check --deploy` clean).
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"
    X_FRAME_OPTIONS = "DENY"

if VENUE_MODE:
    globals().update(venue.settings_overrides(BASE_DIR))
# The laptop's uploader (`venue_sync`): at most one upload per interval, at once after a
# publication; a signed backup after each publication and on this timer.
VENUE_UPLOAD_SECONDS = int(os.environ.get("VENUE_UPLOAD_SECONDS", "120"))
VENUE_BACKUP_SECONDS = int(os.environ.get("VENUE_BACKUP_SECONDS", "300"))
# Its line to the central server (issue 29.3): an upload gives up after VENUE_CONNECT_TIMEOUT
# seconds without a connection or VENUE_READ_TIMEOUT seconds without an answer; beside it a
# probe asks the central /healthz every VENUE_PROBE_SECONDS (every half second while the line
# is down), waiting VENUE_PROBE_TIMEOUT seconds, and the director's light follows it.
VENUE_CONNECT_TIMEOUT = float(os.environ.get("VENUE_CONNECT_TIMEOUT", "5"))
VENUE_READ_TIMEOUT = float(os.environ.get("VENUE_READ_TIMEOUT", "30"))
VENUE_PROBE_SECONDS = float(os.environ.get("VENUE_PROBE_SECONDS", "3"))
VENUE_PROBE_TIMEOUT = float(os.environ.get("VENUE_PROBE_TIMEOUT", "3"))

# --- Logs (issue 31.3): JSON lines (one object a line, for a log collector) where DEBUG is off,
# readable lines in development; LOG_FORMAT=json|console overrides. Every record carries the
# request id (config.observability); `drv.request` writes one line per request.
LOG_FORMAT = os.environ.get("LOG_FORMAT", "").strip().lower() or ("console" if DEBUG else "json")
if LOG_FORMAT not in {"json", "console"}:
    raise ImproperlyConfigured("LOG_FORMAT must be json or console.")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "config.observability.RequestIdFilter"}},
    "formatters": {
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "format": "%(asctime)s %(levelname)s %(name)s %(message)s %(request_id)s",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        },
        "console": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": LOG_FORMAT,
            "filters": ["request_id"],
        }
    },
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO")},
    "loggers": {"axes": {"level": "WARNING"}},
}

# --- Metrics (issue 31.2): /metrics for a bearer token or a peer in these networks (CIDR,
# comma-separated; the direct peer, so not the address of a reverse proxy in front). Neither
# set: no /metrics.
METRICS_TOKEN = os.environ.get("METRICS_TOKEN", "")
METRICS_ALLOWED_NETWORKS = env_list("METRICS_ALLOWED_NETWORKS")
for _network in METRICS_ALLOWED_NETWORKS:
    try:
        ipaddress.ip_network(_network, strict=False)
    except ValueError:
        raise ImproperlyConfigured(
            f"METRICS_ALLOWED_NETWORKS: {_network!r} is no network (e.g. 10.0.0.0/8)."
        ) from None

# --- Error reports (issue 31.3) to Sentry or a compatible service, only with SENTRY_DSN set;
# no personal data is sent (config/sentry.py).
SENTRY_DSN = os.environ.get("SENTRY_DSN", "")
if SENTRY_DSN:
    from config.sentry import sentry_init

    sentry_init(
        SENTRY_DSN,
        environment=os.environ.get("SENTRY_ENVIRONMENT", "production"),
        release=os.environ.get("SENTRY_RELEASE") or None,
        traces_sample_rate=float(os.environ.get("SENTRY_TRACES_SAMPLE_RATE", "0")),
    )
