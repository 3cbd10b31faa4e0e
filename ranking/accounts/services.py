"""Player accounts linked to the registry entry: by an e-mailed invitation or by signing up.

Staff invite a registry player; the e-mail carries a one-time link (only its SHA-256 is stored).
A player can also sign up with the member number and the e-mail the federation holds: the link
is signed (no table), expires, and is single-use because it names a player without an account.
Either way the player sets a password and logs in with the federation number as user name.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model, password_validation
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from ranking.models import PlayerAccount, PlayerInvitation
from tournaments import permissions
from tournaments.models import Player

log = logging.getLogger(__name__)
INVITATION_DAYS = 14
SIGNUP_LINK_HOURS = 48
SIGNUP_SALT = "ranking.accounts.signup"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def can_invite(user) -> bool:
    """Registry maintainers: directors and federation admins."""
    return permissions.is_director(user)


@transaction.atomic
def player_invite(
    *, player: Player, user, email: str = "", base_url: str = "", now: datetime | None = None
) -> tuple[PlayerInvitation, str]:
    """Create an invitation and e-mail its link; returns the invitation and the raw token."""
    permissions.require(can_invite(user), "Nur Turnierleitung und Verband laden Spieler ein.")
    player = Player.objects.select_for_update().get(pk=player.pk)
    if PlayerAccount.objects.filter(player=player).exists():
        raise ValidationError("Dieser Spieler hat bereits ein Konto.")
    if not player.federation_number:
        raise ValidationError("Gäste ohne Mitgliedsnummer können kein Konto bekommen.")
    email = (email or player.email or "").strip()
    if not email:
        raise ValidationError({"email": "Für die Einladung wird eine E-Mail-Adresse gebraucht."})
    now = now or timezone.now()
    token = secrets.token_urlsafe(32)
    invitation = PlayerInvitation.objects.create(
        player=player,
        email=email,
        token_hash=token_hash(token),
        created_by=user,
        created_at=now,
        expires_at=now + timedelta(days=INVITATION_DAYS),
    )
    link = base_url + reverse("ranking:invitation_accept", args=[token])
    body = (
        f"Guten Tag {player.first_name} {player.last_name},\n\n"
        "Sie wurden zu einem Spielerkonto beim Deutschen Rummikub Verband eingeladen. Damit "
        "sehen Sie Ihr Ranking und können Einsprüche an die Regelkommission einlegen.\n\n"
        f"Bitte legen Sie hier Ihr Passwort fest (gültig {INVITATION_DAYS} Tage):\n{link}\n\n"
        f"Ihr Benutzername ist Ihre Mitgliedsnummer: {player.federation_number}\n"
    )
    transaction.on_commit(lambda: _send(email, body))
    return invitation, token


def _send(email: str, body: str, subject: str = "Einladung zu Ihrem Spielerkonto") -> None:
    try:
        send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [email])
    except Exception:
        log.exception("Einladung an %s konnte nicht gesendet werden.", email)


def invitation_for_token(token: str, *, now: datetime | None = None) -> PlayerInvitation:
    """The open invitation of a link, or a German error (unknown, used, expired)."""
    now = now or timezone.now()
    invitation = (
        PlayerInvitation.objects.select_related("player")
        .filter(token_hash=token_hash(token or ""))
        .first()
    )
    if invitation is None:
        raise ValidationError("Dieser Einladungslink ist ungültig.")
    if invitation.accepted_at is not None:
        raise ValidationError("Dieser Einladungslink wurde bereits benutzt. Bitte anmelden.")
    if invitation.expires_at <= now:
        raise ValidationError("Dieser Einladungslink ist abgelaufen. Bitte neu einladen lassen.")
    return invitation


@transaction.atomic
def invitation_accept(
    *, token: str, password: str, password_again: str, now: datetime | None = None
) -> PlayerAccount:
    """The player sets a password: creates the user and links it to the registry entry."""
    now = now or timezone.now()
    invitation = invitation_for_token(token, now=now)
    invitation = PlayerInvitation.objects.select_for_update().get(pk=invitation.pk)
    if invitation.accepted_at is not None:
        raise ValidationError("Dieser Einladungslink wurde bereits benutzt. Bitte anmelden.")
    account = _account_create(
        player=invitation.player,
        email=invitation.email,
        password=password,
        password_again=password_again,
    )
    invitation.accepted_at = now
    invitation.account = account
    invitation.save(update_fields=["accepted_at", "account"])
    return account


def _account_create(
    *, player: Player, email: str, password: str, password_again: str
) -> PlayerAccount:
    """The user (name: the member number) and its link to the registry entry."""
    Player.objects.select_for_update().filter(pk=player.pk).first()
    if PlayerAccount.objects.filter(player_id=player.pk).exists():
        raise ValidationError("Dieser Spieler hat bereits ein Konto. Bitte anmelden.")
    if not player.federation_number:
        raise ValidationError("Gäste ohne Mitgliedsnummer können kein Konto anlegen.")
    if password != password_again:
        raise ValidationError({"password_again": "Die beiden Passwörter sind verschieden."})
    User = get_user_model()
    username = player.federation_number
    if User.objects.filter(username__iexact=username).exists():
        raise ValidationError("Es gibt bereits einen Benutzer mit dieser Mitgliedsnummer.")
    user = User(
        username=username, first_name=player.first_name, last_name=player.last_name, email=email
    )
    try:
        password_validation.validate_password(password, user)
    except ValidationError as exc:
        raise ValidationError({"password": exc.messages}) from exc
    user.set_password(password)
    user.save()
    return PlayerAccount.objects.create(user=user, player=player)


# --- Sign-up by member number and the e-mail the federation holds ---------------------------


def _signer() -> signing.TimestampSigner:
    return signing.TimestampSigner(salt=SIGNUP_SALT)


def signup_token(player: Player) -> str:
    """A signed link token naming the player and the e-mail it was sent to (no table)."""
    return _signer().sign_object({"p": player.pk, "e": player.email.strip().lower()})


def account_signup_request(*, federation_number: str, email: str, base_url: str = "") -> bool:
    """E-mail a sign-up link if number and e-mail match the registry; else send nothing.

    The caller shows the same page either way (no page tells whether an address is known); a
    player who already has an account gets a note pointing to the password reset instead.
    Returns whether a mail went out (for tests and the log only).
    """
    number, email = federation_number.strip(), email.strip().lower()
    player = Player.objects.filter(federation_number__iexact=number).first() if number else None
    if player is None or not email or player.email.strip().lower() != email:
        log.info("Registrierung ohne Treffer für Mitgliedsnummer %r.", number)
        return False
    if PlayerAccount.objects.filter(player=player).exists():
        reset = base_url + reverse("password_reset")
        body = (
            f"Guten Tag {player.first_name} {player.last_name},\n\n"
            "für Ihre Mitgliedsnummer gibt es bereits ein Spielerkonto. Ihr Benutzername ist "
            f"Ihre Mitgliedsnummer: {player.federation_number}\n\n"
            f"Passwort vergessen? Hier können Sie ein neues festlegen:\n{reset}\n"
        )
        transaction.on_commit(lambda: _send(email, body, "Ihr Spielerkonto"))
        return True
    link = base_url + reverse("signup_verify", args=[signup_token(player)])
    body = (
        f"Guten Tag {player.first_name} {player.last_name},\n\n"
        "Sie möchten ein Spielerkonto beim Deutschen Rummikub Verband anlegen. Damit melden Sie "
        "sich zu Turnieren an, checken am Turniertag ein, sehen Ihr Ranking und können "
        "Einsprüche einlegen.\n\n"
        f"Bitte bestätigen Sie Ihre E-Mail-Adresse und legen Sie Ihr Passwort fest (gültig "
        f"{SIGNUP_LINK_HOURS} Stunden, nur einmal verwendbar):\n{link}\n\n"
        f"Ihr Benutzername ist Ihre Mitgliedsnummer: {player.federation_number}\n\n"
        "Falls Sie das nicht waren, ignorieren Sie diese E-Mail einfach.\n"
    )
    transaction.on_commit(lambda: _send(email, body, "Spielerkonto bestätigen"))
    return True


def signup_player_for_token(token: str) -> tuple[Player, str]:
    """The player and e-mail of a sign-up link, or a German error (invalid, expired, used)."""
    try:
        data = _signer().unsign_object(token or "", max_age=timedelta(hours=SIGNUP_LINK_HOURS))
    except signing.SignatureExpired as exc:
        raise ValidationError(
            "Dieser Bestätigungslink ist abgelaufen. Bitte registrieren Sie sich erneut."
        ) from exc
    except signing.BadSignature as exc:
        raise ValidationError("Dieser Bestätigungslink ist ungültig.") from exc
    player = Player.objects.filter(pk=data.get("p")).first() if isinstance(data, dict) else None
    if player is None or player.email.strip().lower() != data.get("e"):
        raise ValidationError("Dieser Bestätigungslink ist ungültig.")
    if PlayerAccount.objects.filter(player=player).exists():
        raise ValidationError("Dieser Bestätigungslink wurde bereits benutzt. Bitte anmelden.")
    return player, data["e"]


@transaction.atomic
def account_signup_complete(*, token: str, password: str, password_again: str) -> PlayerAccount:
    """The verified player sets a password: the account exists, the link is spent."""
    player, email = signup_player_for_token(token)
    return _account_create(
        player=player, email=email, password=password, password_again=password_again
    )
