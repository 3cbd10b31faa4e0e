"""Reads for the players' e-mails and calendar feed: who gets a mail, whose feed a link is."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ranking.models import NotificationKind, PlayerAccount, PlayerPreferences
from tournaments.models import Seat

TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,64}")
"""What `secrets.token_urlsafe` makes."""


@dataclass(frozen=True)
class Recipient:
    seat: Seat
    email: str


def _email_if_wanted(account: PlayerAccount | None, kind: str) -> str:
    """The account's address (else the registry's), unless the player switched `kind` off."""
    if account is None or not account.user.is_active:
        return ""
    try:
        preferences = account.preferences
    except PlayerPreferences.DoesNotExist:
        preferences = None  # no row: every kind is on
    if preferences is not None and not preferences.wants(kind):
        return ""
    return (account.user.email or account.player.email or "").strip()


def _recipients(seats, kind: str) -> list[Recipient]:
    found = []
    rows = seats.select_related(
        "player", "table", "player__account__user", "player__account__preferences"
    ).order_by("table__number", "letter")
    for seat in rows:
        account = getattr(seat.player, "account", None)
        if email := _email_if_wanted(account, kind):
            found.append(Recipient(seat=seat, email=email))
    return found


def table_recipients(rnd) -> list[Recipient]:
    """Players of a released round who have an account, an address and want the mail."""
    return _recipients(Seat.objects.filter(round=rnd), NotificationKind.TABLE)


def correction_recipients(table) -> list[Recipient]:
    """Players of the corrected table (only them) who have an account, an address and want it."""
    return _recipients(Seat.objects.filter(table=table), NotificationKind.CORRECTION)


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
