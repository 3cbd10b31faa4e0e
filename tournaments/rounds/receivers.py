"""What the rounds hear of: a red card after the draw (SPEC §7, Klub 4.5.1)."""

from __future__ import annotations

from tournaments.common import events
from tournaments.rounds import services as round_services


def connect() -> None:
    events.player_excluded.connect(_excluded, dispatch_uid="rounds-red-card-redraw")


def _excluded(sender, *, tournament, player, user, **kwargs) -> str | None:
    return round_services.round_take_out(tournament=tournament, player=player, user=user)
