# Two commands: `make run` and `make test`. Everything else is set up on the way.
PYTHON ?= python3
# Byte code is cached (some machines switch it off): otherwise every test process compiles and
# assertion-rewrites some 500 modules again, ~10 s of CPU per process (pytest-xdist starts several).
unexport PYTHONDONTWRITEBYTECODE
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint format bench bench-quick setup migrate demo browser validator clean catalogues venue prod-check nginx wrk

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# --no-compile: byte code is written on first import, for the modules a run imports (pip would
# compile every file of every package first: ~25 s more on a 2-core machine).
$(STAMP): requirements.lock | $(BIN)/python
	$(BIN)/pip install --quiet --no-compile --require-hashes -r requirements.lock
	touch $(STAMP)

setup: $(STAMP)

migrate: setup
	$(BIN)/python manage.py migrate --noinput

demo: migrate
	$(BIN)/python manage.py seed_demo

# Links in e-mails (printed on the console in a local run) point at the address served.
RUN_ADDRESS ?= 127.0.0.1:8000
run: demo
	SITE_URL=http://$(RUN_ADDRESS) $(BIN)/python manage.py runserver $(RUN_ADDRESS)

# The venue laptop (docs/operations.md "Venue mode"): SQLite in VENUE_DIR, no services, DEBUG off,
# on every address of the laptop (port VENUE_PORT); gunicorn serves (one process: the local-memory
# cache must see every publication), whitenoise the static files; beside it the uploader
# `venue_sync`.
VENUE_PORT ?= 8000
venue: setup
	VENUE_MODE=1 $(BIN)/python manage.py migrate --noinput
	VENUE_MODE=1 $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	VENUE_MODE=1 $(BIN)/python manage.py venue_serve --port $(VENUE_PORT)

# Browser tests need Debian's Chromium; install it when we are root, else the tests skip with a reason.
browser:
	@if [ ! -x /usr/bin/chromium ] && [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
		|| echo "Chromium konnte nicht installiert werden: Browser-Tests werden übersprungen."; \
	fi

# The W3C Nu HTML Checker for the browser tests' page crawl (tests/support/vnu.py): fetched once,
# pinned by version and SHA-512; runs on Java where there is one, else that check is skipped.
validator: setup
	@if ! command -v java >/dev/null && [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null) \
		|| echo "Java konnte nicht installiert werden: die HTML-Prüfung wird übersprungen."; \
	fi
	@$(BIN)/python -m tests.support.vnu

# The suite on every core (pytest-xdist: one test database per worker); PYTEST_WORKERS=0 runs it
# in this process (e.g. for a debugger), PYTEST_ARGS picks tests: make test PYTEST_ARGS=tests/browser
PYTEST_WORKERS ?= auto
test: setup browser validator
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist loadgroup $(PYTEST_ARGS)

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

format: setup
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# New or changed texts into locale/*/django.po, then compiled (docs/development.md "Languages";
# no gettext needed).
catalogues: setup
	$(BIN)/python -m config.catalogues update
	$(BIN)/python -m config.catalogues compile

# Benchmarks (docs/development.md "Benchmarks"): the full run takes long; the quick one (CI) runs
# every line with small sizes in about a minute and fails on a crash or a reference not measured.
bench: setup wrk
	$(BIN)/python -m bench

bench-quick: setup wrk
	$(BIN)/python -m bench --quick

# wrk, the compiled load generator of the page lines (Debian's package, installed when we are
# root; without it the bench's own Python client measures and says so).
wrk:
	@if ! command -v wrk >/dev/null && [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null) \
		|| echo "wrk konnte nicht installiert werden: die Seiten misst der Python-Client."; \
	fi

# The production stack of deploy/ started on this machine without systemd and used: two gunicorn
# app servers behind nginx, a Celery worker and beat, on PostgreSQL and Redis (deploy/prod_check.py,
# docs/operations.md "The stack in deploy/"). Needs PostgreSQL and Redis running; nginx is
# installed (Debian's nginx-light) when we are root.
prod-check: setup nginx
	$(BIN)/python deploy/prod_check.py

nginx:
	@if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ] && [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null) \
		|| echo "nginx konnte nicht installiert werden."; \
	fi

clean:
	rm -rf $(VENV) db.sqlite3  # never the venue's files: venue_erase does that
