"""Who may see and log what in a tournament's referee area."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from tournaments import permissions
from tournaments.common import access
from tournaments.common.http import int_or_404
from tournaments.models import Tournament
from tournaments.referees import selectors as selectors_referee
from tournaments.referees import services as referees_services

SEE_DENIED = _("Only the staff of this tournament see warnings and decisions.")


def seen_tournament(request, pk) -> Tournament:
    """Any staff of this tournament may look; writing is checked per view and in the service."""
    tournament = access.tournament_or_404(int_or_404(pk))
    permissions.require(permissions.can_see_referee_log(request.user, tournament), SEE_DENIED)
    return tournament


def logging_tournament(request, pk) -> Tournament:
    tournament = access.tournament_or_404(int_or_404(pk))
    permissions.require(
        permissions.can_referee(request.user, tournament), referees_services.REFEREE_ONLY
    )
    return tournament


def rights(user, tournament: Tournament) -> dict:
    return {
        "can_log": permissions.can_referee(user, tournament),
        "can_withdraw": permissions.can_head_referee(user, tournament),
        "is_head": permissions.is_head_referee_of(user, tournament),
        "is_director": permissions.can_direct(user, tournament),
    }


def id_or_none(value) -> int | None:
    """A database id from user input, or None for anything else (no 500 on odd input)."""
    value = str(value or "")
    if value.isdecimal() and 0 < int(value) < 2**31:
        return int(value)
    return None


def history_context(tournament: Tournament, player_id: int | None) -> dict:
    if not player_id:
        return {"history_player": None, "history": [], "summary": None}
    reg = selectors_referee.registration_of(tournament, player_id)
    if reg is None:
        return {"history_player": None, "history": [], "summary": None}
    history = selectors_referee.player_warnings(tournament, player_id)
    return {
        "history_player": reg.player,
        "history": history,
        "summary": selectors_referee.summary_of(history),
    }
