"""Back-fill the scored lines of the commission's corrections (ranking only), scored with the
pure domain (`tournaments.domain.sheets.sheet_lines`) as the commission services do from now on.
"""

from django.db import migrations


def backfill(apps, schema_editor):
    from tournaments.domain.rules import get_ruleset
    from tournaments.domain.sheets import sheet_lines

    ResultCorrection = apps.get_model("ranking", "ResultCorrection")
    CorrectionLine = apps.get_model("ranking", "CorrectionLine")
    Seat = apps.get_model("tournaments", "Seat")
    Table = apps.get_model("tournaments", "Table")
    rows = []
    for correction in ResultCorrection.objects.select_related("round__tournament"):
        rnd = correction.round
        table = Table.objects.get(round=rnd, number=correction.table_number)
        seats = {
            letter: (player_id, reserve)
            for letter, player_id, reserve in Seat.objects.filter(table=table).values_list(
                "letter", "player_id", "reserve"
            )
        }
        ruleset = get_ruleset(rnd.tournament.rule_set)
        for line in sheet_lines(correction.games, letters=tuple(sorted(seats)), ruleset=ruleset):
            player_id, reserve = seats[line.letter]
            rows.append(
                CorrectionLine(
                    correction_id=correction.pk,
                    table_id=table.pk,
                    tournament_id=rnd.tournament_id,
                    round_number=rnd.number,
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
    CorrectionLine.objects.bulk_create(rows, batch_size=2000)


class Migration(migrations.Migration):
    dependencies = [
        ("ranking", "0004_correction_lines"),
    ]

    operations = [
        migrations.RunPython(backfill, migrations.RunPython.noop, elidable=False),
    ]
