"""Reads for the players' e-mails and calendar feed: who gets a mail, whose feed a link is."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db.models import F

from players.accounts.language import language_of
from players.models import Notification, NotificationKind, PlayerAccount, PlayerPreferences
from tournaments.enums import RoundStatus, SheetStatus
from tournaments.models import Round, Seat, SheetVersion

TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,64}")
"""What `secrets.token_urlsafe` makes."""


@dataclass(frozen=True)
class Recipient:
    seat: Seat
    email: str
    language: str = settings.LANGUAGE_CODE  # the player's mails are written in it (issue 17)


def _email_if_wanted(account: PlayerAccount | None, kind: str | None) -> str:
    """The account's address (else the registry's), unless the player switched `kind` off
    (None: whatever the choice, for a push message given up)."""
    if account is None or not account.user.is_active:
        return ""
    if kind is None:
        return (account.user.email or account.player.email or "").strip()
    try:
        preferences = account.preferences
    except PlayerPreferences.DoesNotExist:
        preferences = None  # no row: every kind is on
    if preferences is not None and not preferences.wants(kind):
        return ""
    return (account.user.email or account.player.email or "").strip()


def _recipients(seats, kind: str | None) -> list[Recipient]:
    found = []
    rows = seats.select_related(
        "player", "table", "player__account__user", "player__account__preferences"
    ).order_by("table__number", "letter")
    for seat in rows:
        account = getattr(seat.player, "account", None)
        if email := _email_if_wanted(account, kind):
            found.append(Recipient(seat=seat, email=email, language=language_of(account)))
    return found


def table_recipients(rnd) -> list[Recipient]:
    """Players of a released round who have an account, an address and want the mail."""
    return _recipients(Seat.objects.filter(round=rnd), NotificationKind.TABLE)


def correction_recipients(table) -> list[Recipient]:
    """Players of the corrected table (only them) who have an account, an address and want it."""
    return _recipients(Seat.objects.filter(table=table), NotificationKind.CORRECTION)


def fallback_recipients(kind: str, ref_id: int, player_id: int) -> list[Recipient]:
    """The player of a push message given up (issue 34), as the e-mail of its kind would reach
    them, whatever their choice of e-mails: the seat in the released round, at the corrected
    table."""
    if kind == NotificationKind.TABLE:
        seats = Seat.objects.filter(round_id=ref_id, player_id=player_id)
    else:
        table_id = SheetVersion.objects.filter(pk=ref_id).values_list("sheet__table_id", flat=True)
        seats = Seat.objects.filter(table_id__in=list(table_id), player_id=player_id)
    return _recipients(seats, None)


def already_claimed(kind: str, ref_id: int) -> set[int]:
    """Players this mail went (or is going) to: skipped before any insert is tried."""
    return set(
        Notification.objects.filter(kind=kind, ref_id=ref_id).values_list("player_id", flat=True)
    )


def rounds_to_sweep(since: datetime) -> list[int]:
    """Rounds released since then and still being played: their "your table" mails are still
    worth sending if the job was lost (a broker that was down)."""
    return list(
        Round.objects.filter(status=RoundStatus.RELEASED, released_at__gte=since)
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def corrections_to_sweep(since: datetime) -> list[int]:
    """Sheet versions confirmed after their round's publication since then, whose games differ
    from the confirmed version before them (the same test as the sheet service's)."""
    found = []
    versions = (
        SheetVersion.objects.filter(
            created_at__gte=since,
            status=SheetStatus.CONFIRMED,
            sheet__round__status=RoundStatus.PUBLISHED,
            created_at__gt=F("sheet__round__published_at"),
        )
        .order_by("pk")
        .values_list("pk", "sheet_id", "number", "games")
    )
    for pk, sheet_id, number, games in versions:
        previous = (
            SheetVersion.objects.filter(
                sheet_id=sheet_id, status=SheetStatus.CONFIRMED, number__lt=number
            )
            .order_by("-number")
            .values_list("games", flat=True)
            .first()
        )
        if previous != games:
            found.append(pk)
    return found


def preferences_of(account: PlayerAccount) -> PlayerPreferences:
    """The stored choices, or the defaults (all on, no feed link) without writing a row."""
    found = PlayerPreferences.objects.filter(account=account).first()
    return found or PlayerPreferences(account=account)


def account_for_calendar_token(token: str) -> PlayerAccount | None:
    """The account whose current feed link carries `token` (a revoked or unknown one: None)."""
    if not TOKEN_SHAPE.fullmatch(token or ""):  # NUL bytes and the like never reach the DB
        return None
    preferences = (
        PlayerPreferences.objects.select_related("account__player", "account__user")
        .filter(calendar_token=token)
        .first()
    )
    if preferences is None or not preferences.account.user.is_active:
        return None
    return preferences.account
