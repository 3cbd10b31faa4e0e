"""Back-fill the scored lines and round sums of every sheet that has a valid (confirmed) version.

Scores with the pure domain (`tournaments.domain.sheets`), the same code the sheet services use
from now on; `python manage.py check_scored_lines` proves the result.
"""

from collections import defaultdict

from django.db import migrations

BATCH = 5000


def backfill(apps, schema_editor):
    from tournaments.domain.rules import get_ruleset
    from tournaments.domain.sheets import seat_totals, sheet_lines

    ResultSheet = apps.get_model("tournaments", "ResultSheet")
    Seat = apps.get_model("tournaments", "Seat")
    ScoredLine = apps.get_model("tournaments", "ScoredLine")
    ScoredRound = apps.get_model("tournaments", "ScoredRound")
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
        lines, rounds = [], []
        for table_id, version_id, round_id, round_number, number, games, rule_set in (
            ResultSheet.objects.filter(round__tournament_id=tid, confirmed__isnull=False)
            .values_list(
                "table_id", "confirmed_id", "round_id", "round__number", "table__number",
                "confirmed__games", "round__tournament__rule_set",
            )
        ):  # fmt: skip
            by_letter = seats[table_id]
            key = {
                "table_id": table_id,
                "version_id": version_id,
                "tournament_id": tid,
                "round_id": round_id,
                "round_number": round_number,
            }
            scored = sheet_lines(
                games, letters=tuple(sorted(by_letter)), ruleset=get_ruleset(rule_set)
            )
            for x in scored:
                player_id, reserve = by_letter[x.letter]
                lines.append(
                    ScoredLine(
                        **key,
                        table_number=number,
                        player_id=player_id,
                        letter=x.letter,
                        reserve=reserve,
                        game_number=x.game_number,
                        pool_exhausted=x.pool_exhausted,
                        game_points=x.game_points,
                        minus_points=x.minus_points,
                        place=x.place,
                        placement_points=x.placement_points,
                        winner=x.winner,
                        no_meld=x.no_meld,
                    )
                )
            players = {letter: player_id for letter, (player_id, _) in by_letter.items()}
            for letter, t in seat_totals(scored, players).items():
                rounds.append(
                    ScoredRound(
                        **key,
                        player_id=t.player_id,
                        reserve=by_letter[letter][1],
                        placement_points=t.placement_points,
                        game_points=t.game_points,
                        first=t.placings[0],
                        second=t.placings[1],
                        third=t.placings[2],
                        fourth=t.placings[3],
                        minus_points=t.minus_points,
                        games=t.games,
                    )
                )
        ScoredLine.objects.filter(tournament_id=tid).delete()
        ScoredRound.objects.filter(tournament_id=tid).delete()
        ScoredLine.objects.bulk_create(lines, batch_size=BATCH)
        ScoredRound.objects.bulk_create(rounds, batch_size=BATCH)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0014_scored_lines"),
    ]

    operations = [
        migrations.RunPython(backfill, migrations.RunPython.noop, elidable=False),
    ]
