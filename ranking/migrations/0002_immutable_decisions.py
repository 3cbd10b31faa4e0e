"""Decisions and their result corrections are final (Klub 3): the database refuses any UPDATE.

Only UPDATE is blocked: deleting stays possible for the test database flush and for the admin
of a broken install (Appeal -> Decision is PROTECT, so nothing cascades by accident).
"""

from django.db import migrations

TABLES = ("ranking_decision", "ranking_resultcorrection")


def create_triggers(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    for table in TABLES:
        if vendor == "sqlite":
            schema_editor.execute(
                f"CREATE TRIGGER {table}_no_update BEFORE UPDATE ON {table} "
                "BEGIN SELECT RAISE(ABORT, 'Entscheidungen der Regelkommission sind endgültig "
                "und werden nicht geändert.'); END;"
            )
        elif vendor == "postgresql":
            schema_editor.execute(
                "CREATE OR REPLACE FUNCTION ranking_refuse_update() RETURNS trigger AS $$ "
                "BEGIN RAISE EXCEPTION 'Entscheidungen der Regelkommission sind endgültig und "
                "werden nicht geändert.'; END; $$ LANGUAGE plpgsql;"
            )
            schema_editor.execute(
                f"CREATE TRIGGER {table}_no_update BEFORE UPDATE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION ranking_refuse_update();"
            )


def drop_triggers(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    for table in TABLES:
        if vendor == "sqlite":
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_no_update;")
        elif vendor == "postgresql":
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_no_update ON {table};")
    if vendor == "postgresql":
        schema_editor.execute("DROP FUNCTION IF EXISTS ranking_refuse_update();")


class Migration(migrations.Migration):
    dependencies = [("ranking", "0001_initial")]
    operations = [migrations.RunPython(create_triggers, drop_triggers)]
