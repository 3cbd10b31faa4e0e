"""Settings come only from the environment: each case runs Django in a fresh process."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import json, django; from django.conf import settings; django.setup();"
    "print(json.dumps({'engine': settings.DATABASES['default']['ENGINE'],"
    "'name': str(settings.DATABASES['default']['NAME']),"
    "'host': settings.DATABASES['default'].get('HOST'),"
    "'cache': settings.CACHES['default']['BACKEND'],"
    "'eager': settings.CELERY_TASK_ALWAYS_EAGER, 'broker': settings.CELERY_BROKER_URL,"
    "'debug': settings.DEBUG, 'tz': settings.TIME_ZONE, 'lang': settings.LANGUAGE_CODE,"
    "'languages': [code for code, _ in settings.LANGUAGES], 'use_tz': settings.USE_TZ,"
    "'secure_cookie': settings.SESSION_COOKIE_SECURE, 'hsts': settings.SECURE_HSTS_SECONDS}))"
)
CONTROLLED = (
    "DATABASE_URL",
    "REDIS_URL",
    "DJANGO_DEBUG",
    "SECRET_KEY",
    "DJANGO_ALLOWED_HOSTS",
    "CELERY_WORKER_RUNNING",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
)


def run_django(env_overrides: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in CONTROLLED}
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    env.update(env_overrides)
    command = [sys.executable, *args] if args else [sys.executable, "-c", PROBE]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)


def probe(env_overrides: dict[str, str]) -> dict:
    result = run_django(env_overrides)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_settings_default_is_embedded_without_services():
    config = probe({})
    assert config["engine"] == "django.db.backends.sqlite3"
    assert config["name"] == str(ROOT / "db.sqlite3")
    assert config["cache"] == "django.core.cache.backends.locmem.LocMemCache"
    assert config["eager"] is True
    assert config["debug"] is True
    assert config["tz"] == "Europe/Berlin"
    assert config["lang"] == "de"
    assert config["languages"] == ["de", "en"]
    assert config["use_tz"] is True


def test_settings_database_url_selects_postgresql():
    config = probe({"DATABASE_URL": "postgres://drv:geheim@db.example:5433/turniere"})
    assert config["engine"] == "django.db.backends.postgresql"
    assert config["name"] == "turniere"
    assert config["host"] == "db.example"


def test_settings_sqlite_url_names_another_file(tmp_path):
    target = tmp_path / "andere.sqlite3"
    config = probe({"DATABASE_URL": f"sqlite:///{target}"})
    assert config["engine"] == "django.db.backends.sqlite3"
    assert config["name"] == str(target)


def test_settings_redis_url_is_broker_and_cache():
    config = probe({"REDIS_URL": "redis://cache.example:6379/2"})
    assert config["cache"] == "config.redis_cache.ReusingRedisCache"  # Django's, reusing clients
    assert config["broker"] == "redis://cache.example:6379/2"
    assert config["eager"] is False


def test_settings_production_requires_secret_key():
    result = run_django({"DJANGO_DEBUG": "0"})
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_settings_production_passes_deploy_check():
    env = {
        "DJANGO_DEBUG": "0",
        "SECRET_KEY": "x7!kQ2#pL9@vR4$wZ8^mN3&bT6*cY1(dF5)gH0-jK2_lP9+sA4=eU7?iO3<qW8>rE",
        "DJANGO_ALLOWED_HOSTS": "turniere.example.org",
    }
    config = probe(env)
    assert config["debug"] is False
    assert config["secure_cookie"] is True
    assert config["hsts"] == 31536000
    result = run_django(env, "manage.py", "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout
