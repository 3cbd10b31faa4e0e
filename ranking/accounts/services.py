"""Player accounts linked to the registry entry, created through an e-mailed invitation.

Staff invite a registry player; the e-mail carries a one-time link (only its SHA-256 is stored);
the player sets a password there and logs in with the federation number as user name.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model, password_validation
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


def _send(email: str, body: str) -> None:
    try:
        send_mail("Einladung zu Ihrem Spielerkonto", body, settings.DEFAULT_FROM_EMAIL, [email])
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
    if PlayerAccount.objects.filter(player_id=invitation.player_id).exists():
        raise ValidationError("Dieser Spieler hat bereits ein Konto. Bitte anmelden.")
    if password != password_again:
        raise ValidationError({"password_again": "Die beiden Passwörter sind verschieden."})
    player = invitation.player
    User = get_user_model()
    username = player.federation_number
    if User.objects.filter(username__iexact=username).exists():
        raise ValidationError("Es gibt bereits einen Benutzer mit dieser Mitgliedsnummer.")
    user = User(
        username=username,
        first_name=player.first_name,
        last_name=player.last_name,
        email=invitation.email,
    )
    try:
        password_validation.validate_password(password, user)
    except ValidationError as exc:
        raise ValidationError({"password": exc.messages}) from exc
    user.set_password(password)
    user.save()
    account = PlayerAccount.objects.create(user=user, player=player)
    invitation.accepted_at = now
    invitation.account = account
    invitation.save(update_fields=["accepted_at", "account"])
    return account
