"""The migrations: each app's history starts with one squashed step (players, younger, with its
own 0001), the models agree with them, and a database that applied the old history before the
squash is taken as having applied the squash: only the steps after it are left to run (the test
database itself is built by applying every migration from zero, on SQLite and again on
PostgreSQL in CI)."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder

SQUASHED = {
    "tournaments": "0001_squashed_0032_admin_labels",
    "ranking": "0001_squashed_0009_admin_labels",
}
AFTER_THE_SQUASH = [
    # issue 26: a player's account moves from ranking to players, tables kept (no SQL)
    ("players", "0001_initial"),
    ("ranking", "0010_player_models_to_players"),
    # issue 26: the outbox of e-mails
    ("tournaments", "0033_outgoingmail"),
    # issue 27.7: special tournaments play any number of rounds
    ("tournaments", "0034_special_rounds_any_number"),
    # issue 30.1: public versions from the database; the cache's lost bumps are gone
    ("tournaments", "0035_public_version_from_database"),
    # issue 30.5: an open appeal grows by additions
    ("ranking", "0011_appeal_addition"),
    # issue 29.1: the venue's helpers and their links to accounts
    ("tournaments", "0036_venue_people"),
    # issue 29.3: the venue laptop notes when its line probe saw the line come back
    ("tournaments", "0037_venue_line_back_at"),
    # issue 32.4: a publication is held from the live screens until its pages are warm
    ("tournaments", "0038_publicchange_held"),
    # issue 33: the skill rating's lists and history
    ("ranking", "0012_rating"),
    # issue 33.2: a tournament's optional organising club (the club pages list what it hosted)
    ("tournaments", "0039_organising_club"),
    # issue 34: devices with push messages and each message's claim
    ("players", "0002_push_subscriptions"),
    # issue 33.6: the rating's marks name the changed round; its history appends in its order
    ("ranking", "0013_rating_incremental"),
    # issue 33.6: who placed where in each tournament's newest standings, for the careers
    ("tournaments", "0040_standings_places"),
    # issue 32: the stored standings keep their HTML and rows compressed, spliced into pages
    ("tournaments", "0041_standings_parts"),
]


@pytest.mark.django_db
def test_the_models_need_no_new_migration():
    out = StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out)
    assert "No changes detected" in out.getvalue()


def test_each_app_has_one_migration_that_replaces_the_old_history():
    loader = MigrationLoader(None, ignore_no_migrations=True)
    for app, name in SQUASHED.items():
        own = sorted(key for key in loader.disk_migrations if key[0] == app)
        assert own == [(app, name)] + sorted(key for key in AFTER_THE_SQUASH if key[0] == app)
        replaced = loader.disk_migrations[(app, name)].replaces
        assert replaced[0] == (app, "0001_initial")
        assert replaced[-1] == (app, name.removeprefix("0001_squashed_"))
    ours = {"tournaments", "ranking", "players"}
    every = sorted(key for key in loader.disk_migrations if key[0] in ours)
    assert every == sorted([(app, name) for app, name in SQUASHED.items()] + AFTER_THE_SQUASH)
    for key in AFTER_THE_SQUASH:  # new steps, not squashes
        assert not loader.disk_migrations[key].replaces


@pytest.mark.django_db
def test_a_database_migrated_before_the_squash_is_up_to_date():
    recorder = MigrationRecorder(connection)
    on_disk = MigrationLoader(None, ignore_no_migrations=True).disk_migrations
    old = []
    for app, name in SQUASHED.items():
        old += on_disk[(app, name)].replaces
        recorder.record_unapplied(app, name)
    for app, name in old:
        recorder.record_applied(app, name)

    for key in AFTER_THE_SQUASH:  # a database from before the squash has not run these yet
        recorder.record_unapplied(*key)

    executor = MigrationExecutor(connection)
    targets = executor.loader.graph.leaf_nodes()

    plan = [
        (migration.app_label, migration.name) for migration, _ in executor.migration_plan(targets)
    ]
    assert sorted(plan) == sorted(AFTER_THE_SQUASH)
    for app, name in SQUASHED.items():
        assert (app, name) in executor.loader.applied_migrations
