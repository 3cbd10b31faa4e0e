"""The account e-mails, as kinds of the outbox (tournaments/mail): the invitation, the sign-up
link, the note to a player who already has an account, and the password reset link."""

from __future__ import annotations

from tournaments.mail.kinds import MailKind

INVITATION = "account_invitation"
OPEN = "account_open"
EXISTS = "account_exists"
PASSWORD_RESET = "password_reset"

_PLAYER = {"first_name": "Ada", "last_name": "Lovelace", "number": "DRV-01815"}
KINDS = (
    MailKind(
        INVITATION,
        sample=_PLAYER | {"days": 14, "link": "https://example.org/ranking/einladung/abc123/"},
    ),
    MailKind(
        OPEN,
        sample=_PLAYER | {"hours": 48, "link": "https://example.org/konto/registrieren/abc123/"},
    ),
    MailKind(EXISTS, sample=_PLAYER | {"link": "https://example.org/konto/passwort-vergessen/"}),
    MailKind(
        PASSWORD_RESET,
        sample={"username": "DRV-01815", "link": "https://example.org/konto/passwort-neu/x/y/"},
    ),
)
