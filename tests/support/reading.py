"""Reading back what the services and views wrote: seats of a round, flashed messages."""

from __future__ import annotations

from django.contrib.messages import get_messages

from tournaments.models import (
    ErasureRequest,
    PairingChange,
    Player,
    PlayerMerge,
    Registration,
    Round,
    Seat,
    TablePin,
    Team,
    Tournament,
    TournamentStaff,
)


def flashed(response) -> list[str]:
    """The messages a view flashed for the next page."""
    return [str(m) for m in get_messages(response.wsgi_request)]


def seating(rnd) -> list[tuple[int, str, int]]:
    """(table number, seat letter, player id) of every seat, in table and letter order."""
    return list(
        Seat.objects.filter(round=rnd)
        .order_by("table__number", "letter")
        .values_list("table__number", "letter", "player_id")
    )


def tables_of(rnd) -> dict[int, list[int]]:
    """Player ids per table number."""
    tables: dict[int, list[int]] = {}
    for number, _letter, pid in seating(rnd):
        tables.setdefault(number, []).append(pid)
    return tables


def seat_of(rnd, player) -> tuple[int, str]:
    seat = Seat.objects.select_related("table").get(round=rnd, player=player)
    return seat.table.number, seat.letter


def player_at(rnd, table: int, letter: str):
    return (
        Seat.objects.select_related("player")
        .get(round=rnd, table__number=table, letter=letter)
        .player
    )


def reg_of(tournament, player) -> Registration:
    """The player's registration for the tournament."""
    return Registration.objects.get(tournament=tournament, player=player)


def director_snapshot() -> tuple:
    """Everything a director URL could change: compare before and after a refused request."""
    return (
        list(
            Tournament.objects.order_by("pk").values_list(
                "pk", "name", "status", "venue", "table_entry"
            )
        ),
        list(
            Registration.objects.order_by("pk").values_list(
                "pk", "player_id", "reserve", "checked_in_at", "withdrawn_at", "team_id"
            )
        ),
        list(Round.objects.order_by("pk").values_list("pk", "status", "released_at")),
        sorted(Seat.objects.values_list("round_id", "table__number", "letter", "player_id")),
        list(TablePin.objects.values_list("player_id", "table_number")),
        PairingChange.objects.count(),
        list(Team.objects.order_by("pk").values_list("pk", "tournament_id", "name")),
        sorted(TournamentStaff.objects.values_list("tournament_id", "user_id", "role")),
        list(Player.objects.order_by("pk").values_list("pk", "federation_number", "last_name")),
        list(ErasureRequest.objects.order_by("pk").values_list("pk", "status", "reason")),
        PlayerMerge.objects.count(),
    )
