"""Reads of a tournament's registrations: the director's list, search candidates."""

from __future__ import annotations

from django.db.models import Exists, OuterRef

from tournaments.enums import RoundStatus
from tournaments.models import Player, PlayerWarning, Registration, Round, Team, Tournament
from tournaments.models.collation import din5007_name_order, din5007_order


def registration_rows(tournament: Tournament) -> list[Registration]:
    """Every registration with its player and `excluded` (an active red card), active ones first,
    then by name: one query, so the registration page's query budget stays."""
    red_card = PlayerWarning.objects.red_cards_in_force().filter(
        tournament=OuterRef("tournament"), player=OuterRef("player")
    )
    return list(
        Registration.objects.filter(tournament=tournament)
        .select_related("player", "team")
        .annotate(excluded=Exists(red_card))
        .order_by("withdrawn_at", *din5007_name_order("player__"))
    )


def registration_candidates(tournament: Tournament, query: str, *, limit: int = 15) -> list[Player]:
    """Players matching the search and not registered here (withdrawn ones may come back)."""
    registered = tournament.registrations.active().values("player_id")
    # erased (anonymised) entries are not registered again (issue 16, DSGVO)
    candidates = (
        Player.objects.search(query).exclude(pk__in=registered).filter(erased_at__isnull=True)
    )
    return list(candidates[:limit])


def running_round(tournament: Tournament) -> Round | None:
    """The released, not yet published round: a withdrawal now asks "ab Spiel" (SPEC §7)."""
    return (
        Round.objects.filter(tournament=tournament, status=RoundStatus.RELEASED)
        .order_by("-number")
        .first()
    )


def team_list(tournament: Tournament) -> list[Team]:
    """The tournament's teams by name (a Städtekampf, Klub 6.2.1); empty for most tournaments."""
    return list(Team.objects.filter(tournament=tournament).order_by(*din5007_order("name")))
