# Two commands: `make run` and `make test`. Everything else is set up on the way.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint format bench setup migrate demo browser clean catalogues venue

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): requirements.lock | $(BIN)/python
	$(BIN)/pip install --quiet --require-hashes -r requirements.lock
	touch $(STAMP)

setup: $(STAMP)

migrate: setup
	$(BIN)/python manage.py migrate --noinput

demo: migrate
	$(BIN)/python manage.py seed_demo

run: demo
	$(BIN)/python manage.py runserver 127.0.0.1:8000

# The venue laptop (README "Venue mode"): SQLite in VENUE_DIR, no services, DEBUG off, on every
# address of the laptop (port VENUE_PORT); gunicorn serves (one process: the local-memory cache
# must see every publication), whitenoise the static files; beside it the uploader `venue_sync`.
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

test: setup browser
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

format: setup
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# New or changed texts into locale/*/django.po, then compiled (README "Languages"; no gettext needed).
catalogues: setup
	$(BIN)/python -m config.catalogues update
	$(BIN)/python -m config.catalogues compile

bench: setup
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) db.sqlite3  # never the venue's files: venue_erase does that
