"""Large ranking data written straight with bulk_create (benchmark, real-worker CI test).

Not for the site: it skips the services (no pairing rules, no four-eyes check) and writes
finished tournaments with published rounds and confirmed, valid random sheets directly; their
scored lines are written by `scored_lines_rebuild`, as a repair would.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, timedelta

from django.db.models import F, OuterRef, Subquery

from tournaments.enums import (
    Category,
    RoundStatus,
    RuleSetCode,
    SheetStatus,
    TournamentStatus,
)
from tournaments.models import (
    Player,
    Registration,
    ResultSheet,
    Round,
    Seat,
    SheetVersion,
    Table,
    Tournament,
)
from tournaments.results.services import scored_lines_rebuild
from tournaments.simulation.sheets import random_sheet

LETTERS = ("A", "B", "C", "D")
BATCH = 5000


@dataclass(frozen=True, slots=True)
class BulkYear:
    year: int
    tournament_ids: list[int]
    player_ids: list[int]


def create_players(count: int, *, prefix: str) -> list[int]:
    players = Player.objects.bulk_create(
        [
            Player(
                federation_number=f"{prefix}{i:06d}",
                first_name=f"Vorname{i}",
                last_name=f"Nachname{i}",
            )
            for i in range(count)
        ],
        batch_size=BATCH,
    )
    return [p.pk for p in players]


def create_year(
    year: int,
    *,
    tournaments: int,
    players_per_tournament: int,
    rounds: int = 4,
    games: int = 4,
    player_ids: list[int],
    seed: int = 1,
    name_prefix: str = "Bench",
    first_day: date | None = None,
) -> BulkYear:
    """`tournaments` finished tournaments of a year, every round published and confirmed; one
    every other day from ``first_day`` (10 January)."""
    if players_per_tournament % 4:
        raise ValueError("players_per_tournament must be a multiple of 4")
    rng = random.Random(seed)
    start = first_day or date(year, 1, 10)
    created = Tournament.objects.bulk_create(
        [
            Tournament(
                name=f"{name_prefix} {year} #{n + 1}",
                category=Category.NATIONAL if rounds == 4 else Category.SPECIAL,
                rounds_planned=rounds,
                games_per_round=games,
                ranking_year=year,
                rule_set=RuleSetCode.for_year(year),
                counts_for_ranking=True,
                start_date=start + timedelta(days=(n * 2) % 340),
                end_date=start + timedelta(days=(n * 2) % 340),
                status=TournamentStatus.FINISHED,
            )
            for n in range(tournaments)
        ],
        batch_size=BATCH,
    )
    fields = {t.pk: rng.sample(player_ids, players_per_tournament) for t in created}
    Registration.objects.bulk_create(
        [
            Registration(tournament_id=tid, player_id=pid)
            for tid, pids in fields.items()
            for pid in pids
        ],
        batch_size=BATCH,
    )
    round_objs = Round.objects.bulk_create(
        [
            Round(
                tournament_id=t.pk,
                number=r,
                status=RoundStatus.PUBLISHED,
                seed=rng.randrange(2**31),
                method="bulk",
            )
            for t in created
            for r in range(1, rounds + 1)
        ],
        batch_size=BATCH,
    )
    tables_per_round = players_per_tournament // 4
    table_objs = Table.objects.bulk_create(
        [
            Table(round_id=rnd.pk, number=n)
            for rnd in round_objs
            for n in range(1, tables_per_round + 1)
        ],
        batch_size=BATCH,
    )
    by_round: dict[int, list[Table]] = {}
    for table in table_objs:
        by_round.setdefault(table.round_id, []).append(table)
    seats = []
    for rnd in round_objs:
        order = fields[rnd.tournament_id][:]
        rng.shuffle(order)
        for index, table in enumerate(by_round[rnd.pk]):
            for offset, letter in enumerate(LETTERS):
                seats.append(
                    Seat(
                        round_id=rnd.pk,
                        table_id=table.pk,
                        player_id=order[index * 4 + offset],
                        letter=letter,
                    )
                )
    Seat.objects.bulk_create(seats, batch_size=BATCH)
    sheets = ResultSheet.objects.bulk_create(
        [
            ResultSheet(
                table_id=table.pk, round_id=table.round_id, status=SheetStatus.CONFIRMED, version=1
            )
            for table in table_objs
        ],
        batch_size=BATCH,
    )
    SheetVersion.objects.bulk_create(
        [
            SheetVersion(
                sheet_id=sheet.pk,
                number=1,
                games=random_sheet(rng, LETTERS, games),
                status=SheetStatus.CONFIRMED,
                action="entered",
            )
            for sheet in sheets
        ],
        batch_size=BATCH,
    )
    # Point every sheet at its version in one UPDATE (bulk_update would send 30,000 CASEs).
    mine = ResultSheet.objects.filter(round__tournament_id__in=[t.pk for t in created])
    mine.update(
        current_id=Subquery(
            SheetVersion.objects.filter(sheet_id=OuterRef("pk"), number=1).values("pk")[:1]
        )
    )
    mine.update(confirmed_id=F("current_id"))
    # Scored once, as the sheet services do when a version is confirmed.
    scored_lines_rebuild(tournament_ids=[t.pk for t in created], announce=False)
    return BulkYear(year=year, tournament_ids=[t.pk for t in created], player_ids=player_ids)


def delete_bulk(tournament_ids: list[int], player_ids: list[int]) -> None:
    """Remove bulk data again (sheets point at their versions with PROTECT: unlink first)."""
    ResultSheet.objects.filter(round__tournament_id__in=tournament_ids).update(
        current=None, confirmed=None
    )
    Tournament.objects.filter(pk__in=tournament_ids).delete()
    Player.objects.filter(pk__in=player_ids).delete()
