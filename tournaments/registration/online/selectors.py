"""Reads for online registration: what a player sees per tournament, the director's lists."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.utils import timezone

from tournaments.enums import SignupStatus, TournamentStatus
from tournaments.models import Player, Registration, SignupRequest, Tournament
from tournaments.registration.online.services import signup_closes_at, waiting_position
from tournaments.registration.services import free_places


@dataclass
class FieldOffer:
    """One field (main or juniors') as the player sees it."""

    tournament: Tournament
    registration: Registration | None = None
    request: SignupRequest | None = None
    position: int | None = None  # on the waiting list
    free: int | None = None  # places left; None: no cap


@dataclass
class EventOffer:
    main: Tournament
    closes_at: datetime
    open: bool  # online registration and withdrawal possible now
    check_in: bool = False  # the players' own check-in is open now
    fields: list[FieldOffer] = field(default_factory=list)

    @property
    def signed_up(self) -> bool:
        return any(f.registration or f.request for f in self.fields)


def offers_for_player(player: Player, *, now: datetime | None = None) -> list[EventOffer]:
    """Tournaments open for registration or running until their last day, soonest first, with
    the player's place, request or waiting position in each field."""
    now = now or timezone.now()
    mains = list(
        Tournament.objects.main_fields()
        .filter(
            status__in=(TournamentStatus.REGISTRATION, TournamentStatus.RUNNING),
            end_date__gte=timezone.localdate(now),
        )
        .select_related("junior_field")
        .order_by("start_date", "name")
    )
    ids = [t.pk for t in mains] + [t.junior_field.pk for t in mains if _junior(t)]
    regs = {
        r.tournament_id: r
        for r in Registration.objects.active().filter(player=player, tournament_id__in=ids)
    }
    requests = {
        r.tournament_id: r
        for r in SignupRequest.objects.open().filter(player=player, tournament_id__in=ids)
    }
    offers = []
    for main in mains:
        started = main.status == TournamentStatus.RUNNING
        if started and not any(t in regs for t in (main.pk, getattr(_junior(main), "pk", 0))):
            continue  # a running tournament only matters to its players (check-in)
        closes = signup_closes_at(main)
        offer = EventOffer(
            main=main,
            closes_at=closes,
            open=not started and now < closes,
            check_in=main.check_in_open(now),
        )
        for t in (main, _junior(main)):
            if t is None:
                continue
            request = requests.get(t.pk)
            offer.fields.append(
                FieldOffer(
                    tournament=t,
                    registration=regs.get(t.pk),
                    request=request,
                    position=waiting_position(request)
                    if request and request.status == SignupStatus.WAITING
                    else None,
                    free=free_places(t),
                )
            )
        offers.append(offer)
    return offers


def _junior(main: Tournament) -> Tournament | None:
    try:
        return main.junior_field
    except Tournament.DoesNotExist:
        return None


def open_requests(tournament: Tournament) -> list[SignupRequest]:
    """The director's lists: requests to approve, then the waiting list, each in its order."""
    requests = list(
        SignupRequest.objects.open()
        .filter(tournament=tournament)
        .select_related("player")
        .order_by("created_at", "pk")
    )
    position = 0
    for r in requests:
        if r.status == SignupStatus.WAITING:
            position += 1
            r.position = position
    return requests


@dataclass
class CheckInState:
    main: Tournament
    registration: Registration | None
    open: bool


def check_in_state(tournament: Tournament, player: Player) -> CheckInState:
    """The player's registration in either field of the event and whether check-in is open."""
    main = Tournament.objects.get(pk=tournament.main_tournament_id)
    registration = (
        Registration.objects.active()
        .filter(player=player, tournament__in=Tournament.objects.same_event(main))
        .select_related("tournament")
        .first()
    )
    return CheckInState(
        main=main, registration=registration, open=main.check_in_open(timezone.now())
    )
