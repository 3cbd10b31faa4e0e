"""Back-fill the scored lines of every sheet that has a valid (confirmed) version.

Scores with the pure domain (`tournaments.domain.sheets.sheet_lines`), the same code the sheet
services use from now on; `python manage.py check_scored_lines` proves the result.
"""

from collections import defaultdict

from django.db import migrations

BATCH = 5000


def backfill(apps, schema_editor):
    from tournaments.domain.rules import get_ruleset
    from tournaments.domain.sheets import sheet_lines

    ResultSheet = apps.get_model("tournaments", "ResultSheet")
    Seat = apps.get_model("tournaments", "Seat")
    ScoredLine = apps.get_model("tournaments", "ScoredLine")
    tournament_ids = sorted(
        set(
            ResultSheet.objects.filter(confirmed__isnull=False).values_list(
                "round__tournament_id", flat=True
            )
        )
    )
    for tid in tournament_ids:  # one tournament at a time: memory stays small
        seats = defaultdict(dict)
        for table_id, letter, player_id, reserve in Seat.objects.filter(
            round__tournament_id=tid
        ).values_list("table_id", "letter", "player_id", "reserve"):
            seats[table_id][letter] = (player_id, reserve)
        rows = []
        for table_id, version_id, round_id, round_number, number, games, rule_set in (
            ResultSheet.objects.filter(round__tournament_id=tid, confirmed__isnull=False)
            .values_list(
                "table_id", "confirmed_id", "round_id", "round__number", "table__number",
                "confirmed__games", "round__tournament__rule_set",
            )
        ):  # fmt: skip
            by_letter = seats[table_id]
            letters = tuple(sorted(by_letter))
            for line in sheet_lines(games, letters=letters, ruleset=get_ruleset(rule_set)):
                player_id, reserve = by_letter[line.letter]
                rows.append(
                    ScoredLine(
                        table_id=table_id,
                        version_id=version_id,
                        tournament_id=tid,
                        round_id=round_id,
                        round_number=round_number,
                        table_number=number,
                        player_id=player_id,
                        letter=line.letter,
                        reserve=reserve,
                        game_number=line.game_number,
                        pool_exhausted=line.pool_exhausted,
                        game_points=line.game_points,
                        minus_points=line.minus_points,
                        place=line.place,
                        placement_points=line.placement_points,
                        winner=line.winner,
                        no_meld=line.no_meld,
                    )
                )
        ScoredLine.objects.filter(tournament_id=tid).delete()
        ScoredLine.objects.bulk_create(rows, batch_size=BATCH)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0014_scored_lines"),
    ]

    operations = [
        migrations.RunPython(backfill, migrations.RunPython.noop, elidable=False),
    ]
