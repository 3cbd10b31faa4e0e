"""Registration, reserves and check-in (Klub 6.1, 6.2.1)."""

from __future__ import annotations

import logging
from datetime import date, datetime, timedelta

from celery import current_app
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from tournaments.common import events
from tournaments.common.guards import require_not_finished, tournament_write
from tournaments.domain.formats import (
    ANNOUNCE_DAYS_SPECIAL,
)
from tournaments.enums import (
    AbsenceReason,
    Category,
    RegistrationSource,
    RoundStatus,
    SignupStatus,
    TournamentStatus,
)
from tournaments.models import (
    Absence,
    Player,
    Registration,
    Seat,
    SignupRequest,
    Team,
    Tournament,
)
from tournaments.permissions import can_direct

log = logging.getLogger(__name__)
SIGNUP_MAIL_TASK = "tournaments.signup_mail"


def registration_deadline(tournament: Tournament) -> date | None:
    """Last day a special tournament may be announced/opened (Klub 6.2.1), else None."""
    if tournament.category != Category.SPECIAL:
        return None
    return tournament.start_date - timedelta(days=ANNOUNCE_DAYS_SPECIAL)


def _lock_for_registration(tournament: Tournament) -> Tournament:
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_not_finished(locked)
    return locked


def free_places(locked: Tournament, *, exclude_pk: int | None = None) -> int | None:
    """Places left under the field cap (active, non-reserve registrations); None: no cap."""
    if not locked.max_players:
        return None
    active = locked.registrations.active().filter(reserve=False)
    if exclude_pk is not None:
        active = active.exclude(pk=exclude_pk)
    return max(locked.max_players - active.count(), 0)


def _check_capacity(locked: Tournament, *, exclude_pk: int | None = None) -> None:
    """The field cap counts active, non-reserve registrations; reserves may always be added."""
    if free_places(locked, exclude_pk=exclude_pk) == 0:
        raise ValidationError(
            f"Das Teilnehmerfeld ist mit {locked.max_players} Spielern voll. "
            "Melden Sie den Spieler als Ersatzspieler an."
        )


def _require_not_in_other_field(tournament: Tournament, player: Player) -> None:
    """A player plays in the main field or in the juniors' field, not in both (Klub 6.3).
    Both fields' registrations serialise on the main tournament's row."""
    list(Tournament.objects.select_for_update().filter(pk=tournament.main_tournament_id))
    other = (
        Registration.objects.active()
        .filter(player=player, tournament__in=Tournament.objects.same_event(tournament))
        .exclude(tournament=tournament)
        .select_related("tournament")
        .first()
    )
    if other is not None:
        where = "im Juniorenfeld" if other.tournament.is_junior_field else "im Hauptfeld"
        raise ValidationError(f"{player.full_name} ist bereits {where} angemeldet.")


@transaction.atomic
@tournament_write
def registration_add(
    *,
    tournament: Tournament,
    player: Player,
    reserve: bool,
    user,
    source: str = RegistrationSource.STAFF,
    settle_request: bool = True,
) -> Registration:
    """A place in the field (or as a reserve); an online request of the player is settled by it
    unless the caller settles it itself (``settle_request=False``: moving up)."""
    locked = _lock_for_registration(tournament)
    events.public_data_changed(locked.pk)  # player count and standings list
    if locked.rounds.exists() and not reserve:
        raise ValidationError(
            "Nach der Auslosung der ersten Runde können nur noch Ersatzspieler gemeldet werden."
        )
    if player.erased_at is not None:
        raise ValidationError("Dieser Eintrag ist auf eigenen Antrag gelöscht (anonymisiert).")
    existing = Registration.objects.filter(tournament=locked, player=player).first()
    if existing is not None and existing.withdrawn_at is None:
        raise ValidationError(f"{player.full_name} ist bereits angemeldet.")
    _require_not_in_other_field(locked, player)
    if not reserve:
        _check_capacity(locked)
    if existing is not None:
        existing.withdrawn_at = None
        existing.reserve = reserve
        existing.source = source
        existing.registered_by = user
        existing.save(update_fields=["withdrawn_at", "reserve", "source", "registered_by"])
        if settle_request:
            _settle_open_request(locked, existing, user)
        return existing
    try:
        with transaction.atomic():
            registration = Registration.objects.create(
                tournament=locked, player=player, reserve=reserve, registered_by=user, source=source
            )
    except IntegrityError as exc:
        raise ValidationError(f"{player.full_name} ist bereits angemeldet.") from exc
    if settle_request:
        _settle_open_request(locked, registration, user)
    return registration


def _settle_open_request(locked: Tournament, registration: Registration, user) -> None:
    """The director registered a player who waited online: the request is settled by it."""
    SignupRequest.objects.open().filter(tournament=locked, player_id=registration.player_id).update(
        status=SignupStatus.ACCEPTED,
        registration=registration,
        decided_at=timezone.now(),
        decided_by=user,
    )


@transaction.atomic
@tournament_write
def registration_update(
    *,
    registration: Registration,
    reserve: bool | None = None,
    checked_in: bool | None = None,
    withdrawn: bool | None = None,
    from_game: int | None = None,
    user=None,
) -> Registration:
    """Change a registration. A withdrawal with ``from_game`` during a released, unpublished
    round marks the player's games of that round from that game on as not played (SPEC §7)."""
    locked_t = _lock_for_registration(registration.tournament)
    reg = Registration.objects.select_for_update().get(pk=registration.pk)
    started = locked_t.rounds.exists()
    was_in_field = reg.withdrawn_at is None and not reg.reserve
    if reserve is not None and reserve != reg.reserve:
        if started:
            raise ValidationError(
                "Nach der Auslosung der ersten Runde kann der Ersatzspieler-Status nicht mehr "
                "geändert werden."
            )
        reg.reserve = reserve
    if checked_in is not None:
        if reg.withdrawn_at and checked_in:
            raise ValidationError("Abgemeldete Spieler können nicht einchecken.")
        reg.checked_in_at = (reg.checked_in_at or timezone.now()) if checked_in else None
    if from_game is not None and not withdrawn:
        raise ValidationError("„Ab Spiel“ gilt nur zusammen mit einer Abmeldung.")
    if withdrawn is not None:
        if withdrawn and from_game is not None and reg.withdrawn_at is None:
            _absent_from_game(locked_t, reg, from_game, user)
        elif not withdrawn and reg.withdrawn_at is not None:
            _require_not_in_other_field(locked_t, reg.player)
            reg.absences.in_force().exclude(round__status=RoundStatus.PUBLISHED).update(
                cancelled_at=timezone.now(), cancelled_by=user
            )
        reg.withdrawn_at = (reg.withdrawn_at or timezone.now()) if withdrawn else None
        if withdrawn:
            reg.checked_in_at = None
    if not was_in_field and reg.withdrawn_at is None and not reg.reserve:
        _check_capacity(locked_t, exclude_pk=reg.pk)  # reinstated or no longer a reserve
    reg.save()
    if was_in_field and reg.withdrawn_at is not None:
        waitlist_move_up(locked=locked_t)
    events.public_data_changed(locked_t.pk)
    return reg


@tournament_write
def waitlist_move_up(*, locked: Tournament, now: datetime | None = None) -> list[SignupRequest]:
    """Free places go to the waiting list in its order, before round 1 only; each player moved
    up is e-mailed by a task after commit. The caller holds the tournament's lock."""
    if locked.rounds.exists():
        return []
    now = now or timezone.now()
    moved = []
    for request in (
        SignupRequest.objects.select_for_update().filter(tournament=locked).waiting_list()
    ):
        if free_places(locked) == 0:
            break
        try:
            with transaction.atomic():
                registration = registration_add(
                    tournament=locked,
                    player=request.player,
                    reserve=False,
                    user=request.requested_by,
                    source=RegistrationSource.ONLINE,
                    settle_request=False,
                )
        except ValidationError:  # meanwhile in the other field: that request is void
            request.status = SignupStatus.DECLINED
            request.decided_at = now
            request.save(update_fields=["status", "decided_at"])
            continue
        request.status = SignupStatus.ACCEPTED
        request.registration = registration
        request.moved_up_at = now
        request.save(update_fields=["status", "registration", "moved_up_at"])
        signup_mail_enqueue(request.pk)
        moved.append(request)
    return moved


def signup_mail_enqueue(request_id: int) -> None:
    """After commit, the task that tells the player their request's status (by id; idempotent)."""
    transaction.on_commit(lambda: _enqueue_signup_mail(request_id))


def _enqueue_signup_mail(request_id: int) -> None:
    try:
        current_app.signature(SIGNUP_MAIL_TASK).apply_async(
            args=(request_id,),
            retry=True,
            retry_policy={"max_retries": 1, "interval_start": 0, "interval_step": 0.2},
        )
    except Exception:  # broker down: the status stands, only the e-mail is missing (logged)
        log.warning("Mail zur Online-Anmeldung %s nicht eingereiht.", request_id, exc_info=True)


def _absent_from_game(tournament: Tournament, reg: Registration, from_game: int, user) -> None:
    """The director's withdrawal in game n of the running round (SPEC §7, Klub 4.2): the player's
    games n to the last of that round are not played; the others finish them as a game of 3."""
    seat = (
        Seat.objects.filter(round__tournament=tournament, player_id=reg.player_id)
        .filter(round__status=RoundStatus.RELEASED)
        .select_related("round")
        .order_by("-round__number")
        .first()
    )
    if seat is None:
        raise ValidationError(
            f"{reg.player.full_name} sitzt in keiner laufenden Runde; „ab Spiel“ gilt nur "
            "während einer freigegebenen, noch nicht veröffentlichten Runde."
        )
    if not 1 <= from_game <= tournament.games_per_round:
        last = tournament.games_per_round
        raise ValidationError(f"„Ab Spiel“ muss zwischen 1 und {last} liegen.")
    if Absence.objects.in_force().filter(round=seat.round, player_id=reg.player_id).exists():
        return  # already out of this round (red card): the earlier absence stands
    Absence.objects.create(
        round=seat.round,
        player_id=reg.player_id,
        from_game=from_game,
        reason=AbsenceReason.WITHDRAWAL,
        registration=reg,
        created_by=user,
    )


@transaction.atomic
@tournament_write
def registrations_check_in_all(*, tournament: Tournament) -> int:
    _lock_for_registration(tournament)
    return (
        tournament.registrations.active()
        .filter(checked_in_at__isnull=True)
        .update(checked_in_at=timezone.now())
    )


@transaction.atomic
@tournament_write
def tournament_open_registration(*, tournament: Tournament, now: datetime | None = None) -> None:
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if locked.is_junior_field:
        raise ValidationError("Das Juniorenfeld öffnet seine Anmeldung mit dem Hauptturnier.")
    if locked.status != TournamentStatus.DRAFT:
        raise ValidationError("Die Anmeldung kann nur aus dem Entwurf heraus geöffnet werden.")
    today = timezone.localdate(now or timezone.now())
    deadline = registration_deadline(locked)
    if deadline is not None and today > deadline:
        raise ValidationError(
            f"Sonderturniere müssen mindestens 14 Tage vor Beginn bekannt gegeben werden "
            f"(Klub 6.2.1). Letzter möglicher Tag für dieses Turnier war der "
            f"{deadline:%d.%m.%Y}."
        )
    locked.status = TournamentStatus.REGISTRATION
    locked.registration_opened_at = now or timezone.now()
    locked.save(update_fields=["status", "registration_opened_at", "updated_at"])
    Tournament.objects.filter(juniors_of=locked).update(
        status=locked.status, registration_opened_at=locked.registration_opened_at
    )
    events.public_data_changed(locked.pk)
    tournament.status = locked.status


def _require_team_director(tournament: Tournament, user) -> None:
    if not can_direct(user, tournament):
        raise ValidationError("Nur die Turnierleitung dieses Turniers darf Mannschaften ändern.")


def _require_teams_allowed(tournament: Tournament) -> None:
    if tournament.category != Category.SPECIAL:
        raise ValidationError(
            "Mannschaften gibt es nur bei Sonderturnieren, z. B. einem Städtekampf "
            "(Klub 6.2.1); dieses Turnier hat eine Klub-Kategorie."
        )


@transaction.atomic
@tournament_write
def team_create(*, tournament: Tournament, name: str, user) -> Team:
    """A team (city, club) of a special tournament (Klub 6.2.1), before round 1 is drawn."""
    locked = _lock_for_registration(tournament)
    _require_team_director(locked, user)
    _require_teams_allowed(locked)
    name = " ".join(name.split())
    if not name:
        raise ValidationError("Bitte einen Namen für die Mannschaft angeben.")
    if len(name) > Team._meta.get_field("name").max_length:
        raise ValidationError("Der Name der Mannschaft ist zu lang (höchstens 100 Zeichen).")
    if locked.rounds.exists():
        raise ValidationError(
            "Nach der Auslosung der ersten Runde können keine Mannschaften mehr angelegt werden."
        )
    if Team.objects.filter(tournament=locked, name__iexact=name).exists():
        raise ValidationError(f"Die Mannschaft „{name}“ gibt es in diesem Turnier schon.")
    return Team.objects.create(tournament=locked, name=name)


@transaction.atomic
@tournament_write
def registration_team_set(*, registration: Registration, team: Team | None, user) -> Registration:
    """Put a registered player into a team (or none), before round 1 is drawn (Klub 6.2.1)."""
    locked_t = _lock_for_registration(registration.tournament)
    _require_team_director(locked_t, user)
    _require_teams_allowed(locked_t)
    reg = Registration.objects.select_for_update().get(pk=registration.pk)
    if team is not None and team.tournament_id != locked_t.pk:
        raise ValidationError("Diese Mannschaft gehört zu einem anderen Turnier.")
    if locked_t.rounds.exists():
        raise ValidationError(
            "Nach der Auslosung der ersten Runde können Mannschaften nicht mehr geändert werden."
        )
    reg.team = team
    reg.save(update_fields=["team"])
    events.public_data_changed(locked_t.pk)
    return reg
