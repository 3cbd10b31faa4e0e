"""Registration, reserves and check-in (Klub 6.1, 6.2.1)."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from tournaments.common import events
from tournaments.common.guards import require_not_finished, tournament_write
from tournaments.domain.formats import ANNOUNCE_DAYS_SPECIAL, field_cap
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
from tournaments.registration import mails


def registration_deadline(tournament: Tournament) -> date | None:
    """Last day a special tournament may be announced/opened (Klub 6.2.1), else None."""
    if tournament.category != Category.SPECIAL:
        return None
    return tournament.start_date - timedelta(days=ANNOUNCE_DAYS_SPECIAL)


def _lock_for_registration(tournament: Tournament) -> Tournament:
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_not_finished(locked)
    return locked


def _cap(locked: Tournament) -> int | None:
    """The field cap: the announced maximum, and 16 with a final of the table winners (SPEC §1)."""
    return field_cap(
        max_players=locked.max_players, has_final=locked.has_final, final_mode=locked.final_mode
    )


def free_places(locked: Tournament, *, exclude_pk: int | None = None) -> int | None:
    """Places left under the field cap (active, non-reserve registrations); None: no cap."""
    cap = _cap(locked)
    if not cap:
        return None
    active = locked.registrations.active().filter(reserve=False)
    if exclude_pk is not None:
        active = active.exclude(pk=exclude_pk)
    return max(cap - active.count(), 0)


def _check_capacity(locked: Tournament, *, exclude_pk: int | None = None) -> None:
    """The field cap counts active, non-reserve registrations; reserves may always be added."""
    if free_places(locked, exclude_pk=exclude_pk) != 0:
        return
    if _cap(locked) != locked.max_players:
        raise ValidationError(_table_winners_full(locked))
    raise ValidationError(
        _("The field is full with %(n)s players. Register the player as a reserve.")
        % {"n": locked.max_players}
    )


def _table_winners_full(locked: Tournament) -> str:
    return _(
        "The field is full with %(n)s players: the final of the table winners is one table, so "
        "the preliminary round has at most 4 tables (000 §1A, §1B). To take more players, "
        "change the final first."
    ) % {"n": _cap(locked)}


@tournament_write
def require_check_in_place(locked: Tournament, *, adding: int) -> None:
    """SPEC §1: with a final of the table winners at most 16 players (not reserves) are
    checked in, so the draw never makes more than four tables. The caller holds the lock."""
    final_cap = field_cap(
        max_players=None, has_final=locked.has_final, final_mode=locked.final_mode
    )
    if final_cap is None:
        return
    checked_in = locked.registrations.active().filter(reserve=False, checked_in_at__isnull=False)
    if checked_in.count() + adding > final_cap:
        raise ValidationError(_table_winners_full(locked))


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
        message = (
            _("%(name)s is already registered in the junior field.")
            if other.tournament.is_junior_field
            else _("%(name)s is already registered in the main field.")
        )
        raise ValidationError(message % {"name": player.full_name})


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
            _("After the draw of the first round only reserves can be registered.")
        )
    if player.erased_at is not None:
        raise ValidationError(_("This entry was erased at the person's request (anonymised)."))
    existing = Registration.objects.filter(tournament=locked, player=player).first()
    if existing is not None and existing.withdrawn_at is None:
        raise ValidationError(_("%(name)s is already registered.") % {"name": player.full_name})
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
        raise ValidationError(
            _("%(name)s is already registered.") % {"name": player.full_name}
        ) from exc
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
                _("After the draw of the first round the reserve status can no longer be changed.")
            )
        reg.reserve = reserve
    if checked_in is not None:
        if reg.withdrawn_at and checked_in:
            raise ValidationError(_("Withdrawn players cannot check in."))
        if checked_in and reg.checked_in_at is None and not reg.reserve:
            require_check_in_place(locked_t, adding=1)
        reg.checked_in_at = (reg.checked_in_at or timezone.now()) if checked_in else None
    if from_game is not None and not withdrawn:
        raise ValidationError(_("“From game” applies only together with a withdrawal."))
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
    up gets an e-mail (queued with this transaction). The caller holds the tournament's lock."""
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
        mails.entry_mail_queue(request=request)
        events.announce(events.waitlist_moved_up, tournament_id=locked.pk, request_id=request.pk)
        moved.append(request)
    return moved


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
            _(
                "%(name)s has no seat in a running round; “from game” applies only during a "
                "released round that is not yet published."
            )
            % {"name": reg.player.full_name}
        )
    if not 1 <= from_game <= tournament.games_per_round:
        last = tournament.games_per_round
        raise ValidationError(_("“From game” must be between 1 and %(last)s.") % {"last": last})
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
    locked = _lock_for_registration(tournament)
    waiting = tournament.registrations.active().filter(checked_in_at__isnull=True)
    require_check_in_place(locked, adding=waiting.filter(reserve=False).count())
    return waiting.update(checked_in_at=timezone.now())


@transaction.atomic
@tournament_write
def tournament_open_registration(*, tournament: Tournament, now: datetime | None = None) -> None:
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if locked.is_junior_field:
        raise ValidationError(
            _("The junior field opens its registration with the main tournament.")
        )
    if locked.status != TournamentStatus.DRAFT:
        raise ValidationError(_("Registration can only be opened from a draft."))
    today = timezone.localdate(now or timezone.now())
    deadline = registration_deadline(locked)
    if deadline is not None and today > deadline:
        raise ValidationError(
            _(
                "Special tournaments must be announced at least 14 days before they start "
                "(Klub 6.2.1). The last possible day for this tournament was %(day)s."
            )
            % {"day": formats.date_format(deadline, "SHORT_DATE_FORMAT")}
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
        raise ValidationError(_("Only the director of this tournament may change teams."))


def _require_teams_allowed(tournament: Tournament) -> None:
    if tournament.category != Category.SPECIAL:
        raise ValidationError(
            _(
                "Teams exist only in special tournaments, e.g. a match between cities "
                "(Klub 6.2.1); this tournament has a Klub category."
            )
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
        raise ValidationError(_("Please enter a name for the team."))
    if len(name) > Team._meta.get_field("name").max_length:
        raise ValidationError(_("The team's name is too long (at most 100 characters)."))
    if locked.rounds.exists():
        raise ValidationError(_("After the draw of the first round no more teams can be created."))
    if Team.objects.filter(tournament=locked, name__iexact=name).exists():
        raise ValidationError(
            _("The team “%(name)s” already exists in this tournament.") % {"name": name}
        )
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
        raise ValidationError(_("This team belongs to another tournament."))
    if locked_t.rounds.exists():
        raise ValidationError(
            _("After the draw of the first round teams can no longer be changed.")
        )
    reg.team = team
    reg.save(update_fields=["team"])
    events.public_data_changed(locked_t.pk)
    return reg
