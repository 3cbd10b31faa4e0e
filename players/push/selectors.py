"""Reads for push messages (issue 34): a user's devices, which kinds a user may choose, and who
gets a message about an event (the devices that chose its kind, with their values)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from players.models import PushDelivery, PushKind, PushSubscription
from players.push.kinds import DESK_KINDS, HEAD_REFEREE_KINDS, PLAYER_KINDS, REFEREE_KINDS
from tournaments import permissions
from tournaments.enums import GlobalRole, RoundStatus, SheetStatus, StaffRole, TournamentStatus
from tournaments.models import (
    RefereeCall,
    Registration,
    Round,
    Seat,
    SheetSignoff,
    SheetVersion,
    SignupRequest,
    Table,
    Tournament,
    TournamentStaff,
)
from tournaments.standings.selectors import standings_table


@dataclass(frozen=True)
class Addressee:
    """One device to tell, with the values of its message."""

    subscription_id: int
    context: dict[str, Any]


def devices_of(user) -> list[PushSubscription]:
    return list(PushSubscription.objects.filter(user=user).order_by("created_at", "pk"))


def device_of(user, subscription_id: int) -> PushSubscription | None:
    """The user's own device with this id; another user's is None (as if it were not there)."""
    return PushSubscription.objects.filter(user=user, pk=subscription_id).first()


def kinds_for(user) -> list[str]:
    """The kinds this user may choose: a player's with a player account; a table's call for the
    referees (by role, or named referee of some tournament); objections for head referees;
    "all tables entered" for the desk and the directors."""
    if not getattr(user, "is_authenticated", False):
        return []
    roles = set(TournamentStaff.objects.filter(user=user).values_list("role", flat=True))
    found: list[str] = []
    if hasattr(user, "player_account"):
        found += PLAYER_KINDS
    if permissions.is_referee(user) or roles & {StaffRole.REFEREE, StaffRole.HEAD_REFEREE}:
        found += REFEREE_KINDS
    if permissions.has_global_role(user, GlobalRole.HEAD_REFEREE) or (
        StaffRole.HEAD_REFEREE in roles
    ):
        found += HEAD_REFEREE_KINDS
    if permissions.is_director(user) or roles & {StaffRole.DESK, StaffRole.DIRECTOR}:
        found += DESK_KINDS
    return found


def _by_player(player_ids, kind: str) -> dict[int, list[int]]:
    """Player id → ids of the devices of that player's account that chose `kind`."""
    found: dict[int, list[int]] = {}
    rows = PushSubscription.objects.filter(
        user__player_account__player_id__in=list(player_ids), user__is_active=True
    ).values_list("pk", "kinds", "user__player_account__player_id")
    for pk, kinds, player_id in rows:
        if kind in (kinds or []):  # JSON lists: filtered here (SQLite has no JSON contains)
            found.setdefault(player_id, []).append(pk)
    return found


def _each(devices: dict[int, list[int]], values: dict[int, dict]) -> list[Addressee]:
    return [
        Addressee(subscription_id=pk, context=values[player_id])
        for player_id, pks in devices.items()
        if player_id in values
        for pk in pks
    ]


def round_released_addressees(round_id: int) -> tuple[str, list[Addressee]]:
    """ "Your table": every seated player's devices (table, seat, who starts game 1)."""
    rnd = Round.objects.select_related("tournament").filter(pk=round_id).first()
    if rnd is None or rnd.status == RoundStatus.DRAWN:
        return "", []
    seats = list(Seat.objects.filter(round=rnd).select_related("player", "table"))
    devices = _by_player({seat.player_id for seat in seats}, PushKind.TABLE)
    starters = {seat.table_id: seat.player.full_name for seat in seats if seat.letter == "A"}
    values = {
        seat.player_id: {
            "tournament": rnd.tournament.name,
            "round": rnd.number,
            "table": seat.table.number,
            "seat": seat.letter,
            "reserve": seat.reserve,
            "starter": starters.get(seat.table_id, ""),
            "url": reverse("pairing_by_name", args=[rnd.tournament_id, rnd.number]),
        }
        for seat in seats
        if seat.player_id in devices
    }
    return str(rnd.pk), _each(devices, values)


def round_published_addressees(round_id: int) -> tuple[str, list[Addressee]]:
    """ "Round published": every seated player's devices, with their place now."""
    rnd = Round.objects.select_related("tournament").filter(pk=round_id).first()
    if rnd is None or rnd.status != RoundStatus.PUBLISHED:
        return "", []
    player_ids = set(Seat.objects.filter(round=rnd).values_list("player_id", flat=True))
    devices = _by_player(player_ids, PushKind.PUBLISHED)
    if not devices:
        return str(rnd.pk), []
    table = standings_table(rnd.tournament, after_round=rnd.number)
    ranks = {entry.player.pk: entry.rank for entry in table.entries}
    common = {"tournament": rnd.tournament.name, "round": rnd.number, "ranked": table.ranked_count}
    values = {
        pk: common | {"rank": ranks.get(pk), "url": reverse("standings", args=[rnd.tournament_id])}
        for pk in devices
    }
    return str(rnd.pk), _each(devices, values)


def _points(value) -> str:
    return "" if value is None else f"{int(value):+d}"


def correction_addressees(version_id: int) -> tuple[str, list[Addressee]]:
    """ "Your result corrected": the devices of that table's players, with the games whose
    points changed for them and the reason."""
    version = (
        SheetVersion.objects.select_related("sheet__table__round__tournament")
        .filter(pk=version_id)
        .first()
    )
    if version is None or version.sheet.table.round.status != RoundStatus.PUBLISHED:
        return "", []
    table = version.sheet.table
    rnd = table.round
    seats = list(Seat.objects.filter(table=table))
    devices = _by_player({seat.player_id for seat in seats}, PushKind.CORRECTION)
    before = (
        SheetVersion.objects.filter(
            sheet_id=version.sheet_id, status=SheetStatus.CONFIRMED, number__lt=version.number
        )
        .order_by("-number")
        .values_list("games", flat=True)
        .first()
    ) or []
    old = {game.get("number"): game.get("scores", {}) for game in before}
    values = {}
    for seat in seats:
        changes = [
            {"game": game.get("number"), "before": _points(was), "after": _points(now)}
            for game in version.games
            if (now := game.get("scores", {}).get(seat.letter))
            != (was := old.get(game.get("number"), {}).get(seat.letter))
        ]
        values[seat.player_id] = {
            "tournament": rnd.tournament.name,
            "round": rnd.number,
            "table": table.number,
            "changes": changes,
            "reason": version.reason[:200],
            "url": reverse("round_results", args=[rnd.tournament_id, rnd.number]),
        }
    return str(version.pk), _each(devices, values)


def moved_up_addressees(request_id: int) -> tuple[str, list[Addressee]]:
    """ "You have a place": the devices of the player who moved up from the waiting list."""
    request = SignupRequest.objects.select_related("tournament").filter(pk=request_id).first()
    if request is None or request.moved_up_at is None:
        return "", []
    devices = _by_player({request.player_id}, PushKind.MOVED_UP)
    values = {
        request.player_id: {
            "tournament": request.tournament.name,
            "date": request.tournament.start_date.isoformat(),
            "url": reverse("ranking:my_tournaments"),
        }
    }
    return str(request.pk), _each(devices, values)


def check_in_addressees(tournament_id: int, opens_at: str) -> tuple[str, list[Addressee]]:
    """ "Check-in is open": the devices of the event's registered players not checked in."""
    main = Tournament.objects.filter(pk=tournament_id).first()
    if main is None or main.check_in_closes_at is None:
        return "", []
    player_ids = set(
        Registration.objects.active()
        .filter(tournament__in=Tournament.objects.same_event(main), checked_in_at=None)
        .values_list("player_id", flat=True)
    )
    devices = _by_player(player_ids, PushKind.CHECK_IN)
    common = {
        "tournament": main.name,
        "closes": main.check_in_closes_at.isoformat(),
        "url": reverse("ranking:check_in", args=[main.pk]),
    }
    return f"{main.pk}:{opens_at}"[:80], _each(devices, dict.fromkeys(player_ids, common))


def call_addressees(call_id: int) -> tuple[str, list[Addressee]]:
    """ "Table 6 calls a referee": the devices of the tournament's referees and head referees
    (assigned to it, its juniors' field included) that chose calls, while it runs."""
    call = (
        RefereeCall.objects.select_related("tournament", "round", "table")
        .filter(pk=call_id, closed_at=None)
        .first()
    )
    if call is None or call.tournament.status != TournamentStatus.RUNNING:
        return "", []
    context = {
        "tournament": call.tournament.name,
        "round": call.round.number,
        "table": call.table.number,
        "reason": call.reason[:200],
        "url": reverse("referee:calls", args=[call.tournament_id]),
    }
    found = _staff_devices(
        call.tournament, (StaffRole.REFEREE, StaffRole.HEAD_REFEREE), PushKind.CALL, context
    )
    return str(call.pk), found


def _staff_devices(tournament, roles, kind: str, context: dict) -> list[Addressee]:
    """The devices that chose `kind` of the users in `roles` of the tournament's event (a
    juniors' field is staffed by its main tournament)."""
    users = TournamentStaff.objects.filter(
        tournament_id=tournament.main_tournament_id, role__in=roles
    ).values_list("user_id", flat=True)
    return [
        Addressee(subscription_id=pk, context=context)
        for pk, kinds in PushSubscription.objects.filter(
            user_id__in=list(users), user__is_active=True
        ).values_list("pk", "kinds")
        if kind in (kinds or [])
    ]


def dispute_addressees(signoff_id: int) -> tuple[str, list[Addressee]]:
    """ "Table 6: position C objects": the devices of the head referees of a running tournament
    (Klub 4.2.2: they decide when players object)."""
    signoff = (
        SheetSignoff.objects.select_related("version__sheet__table__round__tournament")
        .filter(pk=signoff_id)
        .first()
    )
    if signoff is None:
        return "", []
    table = signoff.version.sheet.table
    tournament = table.round.tournament
    if tournament.status != TournamentStatus.RUNNING:
        return "", []
    context = {
        "tournament": tournament.name,
        "round": table.round.number,
        "table": table.number,
        "letter": signoff.letter,
        "note": signoff.note[:200],
        "url": reverse("referee:tournament", args=[tournament.pk]),
    }
    found = _staff_devices(tournament, (StaffRole.HEAD_REFEREE,), PushKind.DISPUTE, context)
    return str(signoff.pk), found


def round_entered(round_id: int) -> bool:
    """Every table of the round has figures (a first sheet version, at the desk or the table)."""
    tables = Table.objects.filter(round_id=round_id)
    return tables.exists() and not tables.exclude(sheet__version__gt=0).exists()


def entered_addressees(round_id: int) -> tuple[str, list[Addressee]]:
    """ "Round 2: all tables entered": the devices of the desk and the directors of the event,
    once every table of a released round has its figures."""
    rnd = Round.objects.select_related("tournament").filter(pk=round_id).first()
    if rnd is None or rnd.status != RoundStatus.RELEASED or not round_entered(round_id):
        return "", []
    context = {
        "tournament": rnd.tournament.name,
        "round": rnd.number,
        "tables": rnd.tables.count(),
        "url": reverse("director:desk_board", args=[rnd.tournament_id, rnd.number]),
    }
    found = _staff_devices(
        rnd.tournament, (StaffRole.DESK, StaffRole.DIRECTOR), PushKind.ENTERED, context
    )
    return str(rnd.pk), found


def rounds_since(since) -> tuple[list[int], list[int]]:
    """Rounds released (still in play) and rounds published since then: the sweep runs their
    jobs again (a broker that was down lost them; claimed devices are skipped)."""
    released = Round.objects.filter(status=RoundStatus.RELEASED, released_at__gte=since)
    published = Round.objects.filter(status=RoundStatus.PUBLISHED, published_at__gte=since)
    return (
        list(released.order_by("pk").values_list("pk", flat=True)),
        list(published.order_by("pk").values_list("pk", flat=True)),
    )


def claimed(kind: str, event: str) -> set[int]:
    """Devices already claimed for this message (sent or on the way)."""
    return set(
        PushDelivery.objects.filter(kind=kind, event=event).values_list(
            "subscription_id", flat=True
        )
    )


def unsent(kind: str, event: str) -> list[int]:
    """Deliveries of this message never tried: the ones a fan-out just wrote (or a lost one)."""
    return list(
        PushDelivery.objects.filter(kind=kind, event=event, sent_at=None, attempts=0)
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def device_export(user) -> list[dict]:
    """The devices of a user for the data export (DSGVO Art. 15): no keys, no endpoint path."""
    return [
        {
            "device": device.label,
            "messages": list(device.kinds or []),
            "language": device.language,
            "push_service": device.endpoint.split("/")[2] if "//" in device.endpoint else "",
            "switched_on": device.created_at.isoformat(),
            "last_message": device.last_sent_at and device.last_sent_at.isoformat(),
        }
        for device in devices_of(user)
    ]
