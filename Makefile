# Two commands: `make run` and `make test`. Everything else is set up on the way.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint format bench setup migrate demo browser clean catalogues

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
	rm -rf $(VENV) db.sqlite3
