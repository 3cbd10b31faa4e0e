"""Reads of a player's or director's appeals."""

from __future__ import annotations

import contextlib

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from ranking.domain import appeals as domain_appeals
from ranking.enums import AppealStatus
from ranking.models import Appeal, AppealAddition
from tournaments import permissions
from tournaments.common.formats import local_format
from tournaments.common.http import int_or_404
from tournaments.enums import RoundStatus, StaffRole, TournamentStatus
from tournaments.models import (
    Player,
    Round,
    Seat,
    Tournament,
)
from tournaments.models.collation import din5007_name_order


def deadline_text(end_date) -> str:
    """The last second of the appeal period in the user's language: '21.06.2026, 23:59:59 Uhr',
    '21 Jun 2026, 23:59:59 (Berlin time)'."""
    deadline = domain_appeals.appeal_deadline(end_date)
    moment = local_format(deadline, "SHORT_DATE_COMMA_TIME_SECONDS_FORMAT")
    return _("%(moment)s (Berlin time)") % {"moment": moment}


def appeals_of_player(player: Player) -> list[Appeal]:
    return list(
        Appeal.objects.filter(player=player)
        .select_related("tournament", "round", "decision")
        .order_by("-filed_at")
    )


def appealable_tournaments_for_player(player: Player, *, now) -> list[Tournament]:
    """Finished tournaments the player played (withdrawn later or not) whose appeal window is
    still open."""
    played = Seat.objects.played().filter(player=player).values("round__tournament")
    qs = Tournament.objects.filter(status=TournamentStatus.FINISHED, pk__in=played)
    return [t for t in qs.order_by("-end_date") if domain_appeals.appeal_in_time(t.end_date, now)]


def tournaments_for_appeal_staff(user, *, now) -> list[Tournament]:
    """Finished tournaments the user may file appeals for (director, federation admin)."""

    qs = Tournament.objects.filter(status=TournamentStatus.FINISHED)
    if not permissions.is_federation_admin(user):
        qs = qs.filter(staff__user=user, staff__role=StaffRole.DIRECTOR)
    return [
        t
        for t in qs.distinct().order_by("-end_date")
        if domain_appeals.appeal_in_time(t.end_date, now)
    ]


def appeals_filed_by(user) -> list[Appeal]:
    return list(
        Appeal.objects.filter(filed_by=user)
        .select_related("tournament", "player", "decision")
        .order_by("-filed_at")
    )


def published_rounds(tournament: Tournament) -> list[Round]:
    return list(tournament.rounds.filter(status=RoundStatus.PUBLISHED).order_by("number"))


def appeal_or_404(pk) -> Appeal:
    return get_object_or_404(
        Appeal.objects.select_related("tournament", "player", "round", "filed_by"),
        pk=int_or_404(pk),
    )


def players_who_played(tournament: Tournament) -> list[Player]:
    """Everyone with a seat in a published round, withdrawn later or not, by name: those the
    director may file an appeal for (Klub 4.2.3)."""
    played = Seat.objects.played().filter(round__tournament=tournament).values("player_id")
    return list(Player.objects.filter(pk__in=played).order_by(*din5007_name_order(), "pk"))


def open_appeal(tournament: Tournament, player: Player) -> Appeal | None:
    """The player's undecided appeal on the tournament (at most one, issue 30.5)."""
    return (
        Appeal.objects.filter(tournament=tournament, player=player)
        .exclude(status=AppealStatus.DECIDED)
        .order_by("pk")
        .first()
    )


def additions_of(appeal: Appeal) -> list[AppealAddition]:
    """The appeal's additions in the order they came, with who added them."""
    return list(appeal.additions.select_related("added_by").order_by("added_at", "pk"))


def addition_or_404(appeal: Appeal, pk) -> AppealAddition:
    return get_object_or_404(AppealAddition, appeal=appeal, pk=int_or_404(pk))


def attachments_used(appeal: Appeal) -> tuple[int, int]:
    """How many attachments the appeal and its additions carry, and their bytes together. The
    appeal's own file is measured in the storage (a missing file counts 0 bytes)."""
    count, total = 0, 0
    if appeal.attachment:
        count += 1
        with contextlib.suppress(OSError):  # FileNotFoundError too
            total += appeal.attachment.size
    sizes = list(appeal.additions.exclude(attachment="").values_list("attachment_size", flat=True))
    return count + len(sizes), total + sum(sizes)
