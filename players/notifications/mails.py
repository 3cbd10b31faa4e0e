"""The players' e-mails about their games (issue 16.4), as kinds of the outbox (tournaments/mail):
"your table" when a round is released, a note when a published result of their table is
corrected. Both end with the link to switch them off."""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse

from tournaments.mail.kinds import MailKind

YOUR_TABLE = "your_table"
RESULT_CORRECTION = "result_correction"

_PLAYER = {
    "first_name": "Ada",
    "last_name": "Lovelace",
    "round": 3,
    "tournament": "Spring Open 2026",
    "table": 7,
    "unsubscribe": "https://example.org/ranking/mein-bereich/benachrichtigungen/",
}
KINDS = (
    MailKind(
        YOUR_TABLE,
        sample=_PLAYER
        | {
            "seat": "B",
            "reserve": True,
            "link": "https://example.org/turniere/1/runden/3/namen/",
        },
    ),
    MailKind(
        RESULT_CORRECTION,
        sample=_PLAYER
        | {
            "reason": "Game 2 entered the wrong way round",
            "results": "https://example.org/turniere/1/runden/3/ergebnisse/",
            "standings": "https://example.org/turniere/1/rangliste/",
        },
    ),
)


def link(name: str, *args) -> str:
    """An absolute link for a mail a worker sends (no request to take the host from)."""
    return f"{settings.SITE_URL}{reverse(name, args=args)}"


def player_values(seat, rnd) -> dict:
    """What both mails say about the player, the round and where to switch them off."""
    return {
        "first_name": seat.player.first_name,
        "last_name": seat.player.last_name,
        "round": rnd.number,
        "tournament": rnd.tournament.name,
        "table": seat.table.number,
        "unsubscribe": link("ranking:notifications"),
    }
