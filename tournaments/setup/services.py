"""Tournament set-up (Klub 6): create, edit, open registration; staff roles."""

from __future__ import annotations

from datetime import date

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import permissions
from tournaments.common import events, guards
from tournaments.common.guards import tournament_write
from tournaments.domain import formats
from tournaments.enums import (
    Category,
    GlobalRole,
    RuleSetCode,
    StaffRole,
    TablePolicy,
    TournamentStatus,
)
from tournaments.models import StaffChange, StaffChangeKind, Tournament, TournamentStaff
from tournaments.registration import services as registration_services


def tournament_format_errors(
    *,
    category: str,
    rounds_planned: int,
    games_per_round: int,
    has_final: bool,
    finalists_count: int,
    table_policy: str,
    final_mode: str = formats.FINAL_TOP_N,
    max_players: int | None,
    start_date: date,
    end_date: date,
    ranking_year: int,
    rule_set: str,
    seconds_per_move: int | None = formats.SECONDS_PER_MOVE,
    junior_field: bool = False,
) -> dict[str, str]:
    """Field → German message for every format rule the settings break (SPEC §1, in the domain)."""
    special = category == Category.SPECIAL
    return formats.move_time_errors(
        special=special, seconds_per_move=seconds_per_move
    ) | formats.format_errors(
        category=category,
        rounds_planned=rounds_planned,
        games_per_round=games_per_round,
        has_final=has_final,
        finalists_count=finalists_count,
        three_player_tables=table_policy == TablePolicy.THREE_PLAYER,
        final_mode=final_mode,
        max_players=max_players,
        start_date=start_date,
        end_date=end_date,
        ranking_year=ranking_year,
        rule_set=rule_set,
        junior_field=junior_field,
    )


def _raise_if(errors: dict[str, str]) -> None:
    if errors:
        raise ValidationError(errors)


@transaction.atomic
def tournament_create(*, user, **fields) -> Tournament:
    """The creator becomes the tournament's director. Without a chosen way of filling the final,
    a house-format tournament takes the table winners (SPEC §1, 000 §1B)."""
    if "final_mode" not in fields:
        fields["final_mode"] = formats.default_final_mode(
            rule_set=fields.get("rule_set", RuleSetCode.RULES_2014)
        )
    tournament = Tournament(created_by=user, **fields)
    _raise_if(tournament_format_errors(**_format_fields(tournament)))
    tournament.full_clean()
    tournament.save()
    TournamentStaff.objects.create(tournament=tournament, user=user, role=StaffRole.DIRECTOR)
    _staff_log(tournament, user, StaffRole.DIRECTOR, StaffChangeKind.ASSIGNED, by=user)
    return tournament


def _staff_log(tournament, person, role: str, kind: str, *, by, reason: str = "") -> None:
    """Who served when (issue #17.7): every change of a staff role, with who, when and why."""
    StaffChange.objects.create(
        tournament=tournament,
        person=person,
        person_name=person.get_username(),
        role=role,
        kind=kind,
        reason=reason[:300],
        by=by,
    )


def _format_fields(t: Tournament) -> dict:
    return {
        "category": t.category,
        "rounds_planned": t.rounds_planned,
        "games_per_round": t.games_per_round,
        "has_final": t.has_final,
        "finalists_count": t.finalists_count,
        "final_mode": t.final_mode,
        "table_policy": t.table_policy,
        "max_players": t.max_players,
        "start_date": t.start_date,
        "end_date": t.end_date,
        "ranking_year": t.ranking_year,
        "rule_set": t.rule_set,
        "seconds_per_move": t.seconds_per_move,
        "junior_field": t.is_junior_field,
    }


@transaction.atomic
@tournament_write
def tournament_update(*, tournament: Tournament, **fields) -> Tournament:
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if locked.rounds.exists():
        format_keys = {
            "category", "rounds_planned", "games_per_round", "table_policy", "rule_set",
            "seconds_per_move",
        }  # fmt: skip
        changed = {k for k in format_keys & fields.keys() if getattr(locked, k) != fields[k]}
        if changed:
            raise ValidationError(
                _("The format can no longer be changed after the draw of the first round.")
            )
        _raise_if(
            formats.final_change_errors(
                before={k: getattr(locked, k) for k in formats.FINAL_FIELDS},
                after={k: fields.get(k, getattr(locked, k)) for k in formats.FINAL_FIELDS},
            )
        )
        ranking_keys = {"ranking_year", "counts_for_ranking"}
        if any(getattr(locked, k) != fields[k] for k in ranking_keys & fields.keys()):
            raise ValidationError(
                _(
                    "Ranking year and ranking count are fixed after the draw of the first round; "
                    "only the rules commission can take a tournament out of the ranking "
                    "(Klub 3.1.1)."
                )
            )
    if locked.is_junior_field and not fields.keys() <= JUNIOR_OWN_FIELDS:
        raise ValidationError(
            _(
                "A junior field sets only its rounds and tables itself; everything else comes "
                "from the main tournament."
            )
        )
    announced_change = _announced_special_change(locked, fields)
    for key, value in fields.items():
        setattr(locked, key, value)
    _raise_if(tournament_format_errors(**_format_fields(locked)))
    if announced_change:
        refusal = formats.special_change_error(
            today=timezone.localdate(), start_date=locked.start_date
        )
        _raise_if({"start_date": refusal} if refusal else {})
    _raise_if(_field_over_cap(locked))
    locked.full_clean()
    locked.save()
    _junior_field_sync(locked)
    if "max_players" in fields:  # more places: the waiting list moves up (issue 16)
        registration_services.waitlist_move_up(locked=locked)
    events.public_data_changed(locked.pk)
    return locked


@transaction.atomic
@tournament_write
def tournament_table_entry_set(*, tournament: Tournament, enabled: bool, user) -> Tournament:
    """The director's switch (issue #15.4): results entered and signed at the table on a phone,
    or paper only, as before. Any time until the tournament ends: switched off, the tables'
    links stop taking entries; what they entered stays, for the desk to compare. The juniors'
    field follows the main tournament."""
    permissions.require_director(user, tournament)
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    guards.require_not_finished(locked)
    if locked.is_junior_field:
        raise ValidationError(_("Here the junior field follows the main tournament."))
    Tournament.objects.same_event(locked).update(table_entry=enabled, updated_at=timezone.now())
    locked.table_entry = enabled
    events.public_data_changed(locked.pk)  # the tables' pages and printed codes follow it
    return locked


@transaction.atomic
@tournament_write(
    after_end="the rules commission's note (Klub 3.1.1, 10.4: after the end only the commission)"
)
def tournament_ranking_note_set(*, tournament: Tournament, note: str) -> None:
    """The rules commission's note on the tournament page (Klub 3.1.1: struck from the ranking).
    Called by the ranking app, which decides; the published results stay as they are."""
    Tournament.objects.filter(pk=tournament.pk).update(ranking_note=note[:300])
    events.public_data_changed(tournament.pk)


def _field_over_cap(locked: Tournament) -> dict[str, str]:
    """A final of the table winners seats at most 16 players (000 §1A, §1B): a tournament whose
    field is already larger cannot take it (the director checks players out first)."""
    cap = formats.field_cap(
        max_players=None, has_final=locked.has_final, final_mode=locked.final_mode
    )
    if cap is None:
        return {}
    registered = locked.registrations.active().filter(reserve=False).count()
    if registered <= cap:
        return {}
    return {
        "final_mode": _(
            "%(count)s players are registered, but the final of the table winners is one table: "
            "at most 4 tables, i.e. at most %(cap)s players (000 §1A, §1B). Please withdraw "
            "players first or keep the final as it is."
        )
        % {"count": registered, "cap": cap}
    }


def _announced_special_change(locked: Tournament, fields: dict) -> bool:
    """Klub 6.2.1: the format or start of an announced special tournament (before or after the
    change) is about to change; a draft is not announced yet (opening registration checks 14
    days)."""
    if locked.status == TournamentStatus.DRAFT:
        return False
    if Category.SPECIAL not in (locked.category, fields.get("category", locked.category)):
        return False
    before = {k: getattr(locked, k) for k in (*formats.FORMAT_FIELDS, "start_date")}
    after = {k: fields.get(k, value) for k, value in before.items()}
    return formats.announcement_changed(before=before, after=after)


ASSIGNABLE_ROLES = (StaffRole.DESK, StaffRole.REFEREE, StaffRole.HEAD_REFEREE)


@transaction.atomic
@tournament_write
def staff_assign(
    *, tournament: Tournament, username: str, role: str, user, reason: str = ""
) -> TournamentStaff:
    """Desk staff, referees and the one head referee of a tournament. Referees come from the
    federation's referee list (the global role); anyone with an account may work the desk."""
    permissions.require_director(user, tournament)
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if locked.is_junior_field:
        raise ValidationError(
            _("Staff are assigned at the main tournament; they serve both fields.")
        )
    if role not in ASSIGNABLE_ROLES:
        raise ValidationError({"role": _("Please choose desk, referee or head referee.")})
    username = (username or "").strip()
    person = (
        get_user_model().objects.filter(username__iexact=username, is_active=True).first()
        if username
        else None
    )
    if person is None:
        raise ValidationError(
            {"username": _("No active user account “%(username)s”.") % {"username": username}}
        )
    if role == StaffRole.HEAD_REFEREE and not permissions.has_global_role(
        person, GlobalRole.HEAD_REFEREE
    ):
        raise ValidationError(
            {
                "username": _("%(user)s is not listed as a head referee.")
                % {"user": person.get_username()}
            }
        )
    if role == StaffRole.REFEREE and not permissions.is_referee(person):
        raise ValidationError(
            {
                "username": _("%(user)s is not listed as a referee.")
                % {"user": person.get_username()}
            }
        )
    if role == StaffRole.HEAD_REFEREE:
        current = locked.staff.filter(role=StaffRole.HEAD_REFEREE).exclude(user=person).first()
        if current is not None:
            raise ValidationError(
                _(
                    "%(user)s is already head referee of this tournament. There is only one; "
                    "please end that assignment first."
                )
                % {"user": current.user.get_username()}
            )
    if locked.staff.filter(user=person, role=role).exists():
        raise ValidationError(
            _("%(user)s is already assigned as %(role)s.")
            % {"user": person.get_username(), "role": StaffRole(role).label}
        )
    assignment = TournamentStaff.objects.create(tournament=locked, user=person, role=role)
    _staff_log(locked, person, role, StaffChangeKind.ASSIGNED, by=user, reason=reason.strip())
    return assignment


@transaction.atomic
@tournament_write
def staff_unassign(*, assignment: TournamentStaff, user, reason: str) -> None:
    """Ends an assignment, with a reason; the history keeps who served when (`StaffChange`).
    Directors are not managed here (the creator stays director)."""
    permissions.require_director(user, assignment.tournament)
    locked = Tournament.objects.select_for_update().get(pk=assignment.tournament_id)
    if assignment.role not in ASSIGNABLE_ROLES:
        raise ValidationError(_("The director is not changed here."))
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": _("Please say why the assignment ends.")})
    if not TournamentStaff.objects.filter(pk=assignment.pk).delete()[0]:
        raise ValidationError(_("This assignment has meanwhile been ended already."))
    _staff_log(
        locked, assignment.user, assignment.role, StaffChangeKind.ENDED, by=user, reason=reason
    )


# --- Juniors' field (Klub 6.3 last sentence, 7.1; SPEC §1) -----------------------------------

JUNIOR_OWN_FIELDS = frozenset(
    {"rounds_planned", "has_final", "final_mode", "finalists_count", "table_policy", "max_players"}
)
"""What a juniors' field sets itself: its rounds and its tables. Everything else is the main
tournament's and follows it (`_junior_shared_fields`)."""

JUNIOR_SUFFIX = " – Junioren"


def _junior_shared_fields(main: Tournament) -> dict:
    return {
        "name": f"{main.name}{JUNIOR_SUFFIX}"[:200],
        "category": main.category,
        "games_per_round": main.games_per_round,
        "ranking_year": main.ranking_year,
        "rule_set": main.rule_set,
        "counts_for_ranking": main.counts_for_ranking,
        "seconds_per_move": main.seconds_per_move,
        "start_date": main.start_date,
        "end_date": main.end_date,
        "venue": main.venue,
        "organising_club": main.organising_club,
        "status": main.status,
        "registration_opened_at": main.registration_opened_at,
        "signup_deadline": main.signup_deadline,
        "signup_approval": main.signup_approval,
        "table_entry": main.table_entry,
        "check_in_opens_at": main.check_in_opens_at,
        "check_in_closes_at": main.check_in_closes_at,
    }


def _junior_field_sync(main: Tournament) -> None:
    """After the main tournament changed: its juniors' field follows, and must still be valid."""
    junior = Tournament.objects.select_for_update().filter(juniors_of=main).first()
    if junior is None:
        return
    shared = _junior_shared_fields(main)
    if junior.rounds.exists():
        shared.pop("status")  # a field that plays moves on by its own rounds
    for key, value in shared.items():
        setattr(junior, key, value)
    errors = tournament_format_errors(**_format_fields(junior))
    if errors:
        raise ValidationError(
            _("The junior field does not fit this change: %(errors)s")
            % {"errors": " ".join(map(str, errors.values()))}
        )
    junior.full_clean()
    junior.save()
    events.public_data_changed(junior.pk)


@transaction.atomic
@tournament_write
def junior_field_create(*, tournament: Tournament, rounds_planned: int, user) -> Tournament:
    """Juniors who play apart from the main field, with their own round count (Klub 6.3)."""
    permissions.require_director(user, tournament)
    main = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if main.is_junior_field:
        raise ValidationError(_("A junior field has no junior field of its own."))
    if Tournament.objects.filter(juniors_of=main).exists():
        raise ValidationError(_("This tournament already has a junior field."))
    guards.require_not_finished(main)
    junior = Tournament(
        juniors_of=main,
        rounds_planned=rounds_planned,
        has_final=False,
        table_policy=main.table_policy,
        created_by=user,
        **_junior_shared_fields(main),
    )
    _raise_if(tournament_format_errors(**_format_fields(junior)))
    junior.full_clean()
    junior.save()
    events.public_data_changed(main.pk)
    return junior


@transaction.atomic
@tournament_write
def junior_field_delete(*, tournament: Tournament, user) -> None:
    """Only an empty juniors' field goes (no registration, no round): nothing is lost."""
    permissions.require_director(user, tournament)
    junior = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not junior.is_junior_field:
        raise ValidationError(_("Only a junior field can be removed here."))
    if junior.registrations.exists() or junior.rounds.exists():
        raise ValidationError(
            _("The junior field already has registrations or rounds and therefore stays.")
        )
    main_id = junior.juniors_of_id
    junior.delete()
    events.public_data_changed(main_id)
