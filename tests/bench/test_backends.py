"""Which back ends the benchmarks use (bench/backends.py): the services CI names in
DATABASE_URL and REDIS_URL, required; otherwise PostgreSQL and Redis when reachable."""

import pytest

from bench import backends

PG = "postgres://postgres@127.0.0.1:5432"


@pytest.fixture
def env(monkeypatch):
    for name in ("DATABASE_URL", "REDIS_URL", "BENCH_POSTGRES_URL", "BENCH_REDIS_URL"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_a_postgres_database_url_names_the_server_and_is_required(env):
    env.setenv("DATABASE_URL", f"{PG}/drv_ci")
    assert backends.postgres_asked() is True
    assert backends.postgres_url("pages") == (f"{PG}/drv_ci_pages", True)
    assert backends._template_name(f"{PG}/drv_ci_pages") == f"{PG}/drv_ci_template"
    assert backends.redis_url("redis://127.0.0.1:6379/15") == (None, False)


def test_a_sqlite_database_url_means_the_embedded_default(env):
    env.setenv("DATABASE_URL", "sqlite:////tmp/somewhere.sqlite3")
    assert backends.postgres_asked() is False
    assert backends.postgres_url("pages") == (None, False)
    assert backends.redis_url("redis://127.0.0.1:6379/15") == (None, False)


def test_a_redis_url_is_used_as_given_and_required(env):
    env.setenv("DATABASE_URL", f"{PG}/drv_ci")
    env.setenv("REDIS_URL", "redis://127.0.0.1:6379/12")
    assert backends.redis_url("redis://127.0.0.1:6379/15") == ("redis://127.0.0.1:6379/12", True)


def test_without_either_the_defaults_are_tried(env):
    assert backends.postgres_asked() is False
    assert backends.postgres_url("live") == (f"{PG}/drv_bench_live", False)
    assert backends._template_name(f"{PG}/drv_bench_live") == f"{PG}/drv_bench_template"
    assert backends.redis_url("redis://127.0.0.1:6379/14") == ("redis://127.0.0.1:6379/14", False)
    env.setenv("BENCH_POSTGRES_URL", f"{PG}/mine")
    env.setenv("BENCH_REDIS_URL", "redis://127.0.0.1:6379/3")
    assert backends.postgres_url("live") == (f"{PG}/mine", False)
    assert backends._template_name(f"{PG}/mine") == f"{PG}/mine_template"
    assert backends.redis_url("redis://127.0.0.1:6379/14") == ("redis://127.0.0.1:6379/3", False)


def test_an_unusable_postgres_that_was_asked_for_is_an_error(env, tmp_path):
    env.setenv("DATABASE_URL", f"{PG}/drv_ci")
    env.setattr(backends, "prepare_postgres", lambda url: "PostgreSQL nicht erreichbar: X")
    env.setattr(backends, "sqlite_database", lambda path: pytest.fail("no silent SQLite"))
    with pytest.raises(backends.BackendError, match="DATABASE_URL: PostgreSQL nicht"):
        backends.database("pages", str(tmp_path))


def test_an_unreachable_default_postgres_falls_back_to_sqlite(env, tmp_path):
    env.setattr(backends, "prepare_postgres", lambda url: "PostgreSQL nicht erreichbar: X")
    env.setattr(backends, "sqlite_database", lambda path: f"sqlite:///{path}")
    assert backends.database("pages", str(tmp_path)) == (
        "SQLite",
        f"sqlite:///{tmp_path}/pages.sqlite3",
        "PostgreSQL nicht erreichbar: X",
    )


def test_the_bench_process_gets_the_chosen_back_ends(env, tmp_path):
    env.setenv("DATABASE_URL", f"{PG}/drv_ci")
    env.setenv("REDIS_URL", "redis://127.0.0.1:6379/12")
    env.setattr(backends, "prepare_postgres", lambda url: None)
    env.setattr(backends, "prepare_redis", lambda url, prefix: None)
    started = []
    env.setattr(backends.subprocess, "run", lambda cmd, **kw: started.append((cmd, kw["env"])))
    backends.run_with_backends(
        "bench.bench_pages", bench="pages", redis_default="redis://x/15", prefix="bench-pages"
    )
    [(command, bench_env)] = started
    assert command[1:] == ["-m", "bench.bench_pages", "--run"]
    assert bench_env["DATABASE_URL"] == f"{PG}/drv_ci_pages"
    assert bench_env["REDIS_URL"] == "redis://127.0.0.1:6379/12"
    assert bench_env["CACHE_KEY_PREFIX"] == "bench-pages"


def test_an_unusable_redis_that_was_asked_for_is_an_error(env):
    env.setenv("DATABASE_URL", f"{PG}/drv_ci")
    env.setenv("REDIS_URL", "redis://127.0.0.1:6379/12")
    env.setattr(backends, "prepare_postgres", lambda url: None)
    env.setattr(backends, "prepare_redis", lambda url, prefix: "Redis nicht erreichbar: X")
    env.setattr(backends.subprocess, "run", lambda *a, **kw: pytest.fail("ran without Redis"))
    with pytest.raises(backends.BackendError, match="REDIS_URL: Redis nicht erreichbar"):
        backends.run_with_backends(
            "bench.bench_pages", bench="pages", redis_default="redis://x/15", prefix="p"
        )
