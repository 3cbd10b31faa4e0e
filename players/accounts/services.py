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

from django.contrib.auth import forms as auth_forms
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.tokens import default_token_generator
from django.core import signing
from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _

from players.accounts import mails
from players.accounts.language import language_of, mail_language
from players.models import PlayerAccount, PlayerInvitation, PlayerPreferences
from tournaments import permissions
from tournaments.common import breaker
from tournaments.mail.services import mail_queue
from tournaments.models import Player

log = logging.getLogger(__name__)
INVITATION_DAYS = 14
OPEN_LINK_HOURS = 48
OPEN_SALT = "ranking.accounts.signup"  # as before the players app: links already sent stay valid


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
    permissions.require(
        can_invite(user), _("Only tournament directors and the federation invite players.")
    )
    player = Player.objects.select_for_update().get(pk=player.pk)
    if PlayerAccount.objects.filter(player=player).exists():
        raise ValidationError(_("This player already has an account."))
    if not player.federation_number:
        raise ValidationError(_("Guests without a member number cannot get an account."))
    email = (email or player.email or "").strip()
    if not email:
        raise ValidationError({"email": _("The invitation needs an e-mail address.")})
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
    mail_queue(
        kind=mails.INVITATION,
        key=str(invitation.pk),
        to=[email],
        language=mail_language(),
        context=_names(player)
        | {
            "days": INVITATION_DAYS,
            "link": base_url + reverse("ranking:invitation_accept", args=[token]),
        },
    )
    return invitation, token


def _names(player: Player) -> dict:
    return {
        "first_name": player.first_name,
        "last_name": player.last_name,
        "number": player.federation_number,
    }


def invitation_for_token(token: str, *, now: datetime | None = None) -> PlayerInvitation:
    """The open invitation of a link, or a German error (unknown, used, expired)."""
    now = now or timezone.now()
    invitation = (
        PlayerInvitation.objects.select_related("player")
        .filter(token_hash=token_hash(token or ""))
        .first()
    )
    if invitation is None:
        raise ValidationError(_("This invitation link is invalid."))
    if invitation.accepted_at is not None:
        raise ValidationError(_("This invitation link has already been used. Please log in."))
    if invitation.expires_at <= now:
        raise ValidationError(
            _("This invitation link has expired. Please ask for a new invitation.")
        )
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
        raise ValidationError(_("This invitation link has already been used. Please log in."))
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
        raise ValidationError(_("This player already has an account. Please log in."))
    if not player.federation_number:
        raise ValidationError(_("Guests without a member number cannot create an account."))
    if password != password_again:
        raise ValidationError({"password_again": _("The two passwords differ.")})
    User = get_user_model()
    username = player.federation_number
    if User.objects.filter(username__iexact=username).exists():
        raise ValidationError(_("A user with this member number already exists."))
    user = User(
        username=username, first_name=player.first_name, last_name=player.last_name, email=email
    )
    try:
        password_validation.validate_password(password, user)
    except ValidationError as exc:
        raise ValidationError({"password": exc.messages}) from exc
    user.set_password(password)
    user.save()
    account = PlayerAccount.objects.create(user=user, player=player)
    # e-mails go out in the language the player used to create the account (issue 17)
    PlayerPreferences.objects.create(account=account, language=mail_language())
    return account


# --- Sign-up by member number and the e-mail the federation holds ---------------------------


def _signer() -> signing.TimestampSigner:
    return signing.TimestampSigner(salt=OPEN_SALT)


def account_open_token(player: Player) -> str:
    """A signed link token naming the player and the e-mail it was sent to (no table)."""
    return _signer().sign_object({"p": player.pk, "e": player.email.strip().lower()})


def account_open_request(*, federation_number: str, email: str, base_url: str = "") -> bool:
    """E-mail a sign-up link if number and e-mail match the registry; else send nothing.

    The caller shows the same page either way (no page tells whether an address is known); a
    player who already has an account gets a note pointing to the password reset instead.
    Returns whether a mail was queued (for tests and the log only).
    """
    number, email = federation_number.strip(), email.strip().lower()
    player = Player.objects.filter(federation_number__iexact=number).first() if number else None
    if player is None or not email or player.email.strip().lower() != email:
        log.info("Sign-up without a match for member number %r.", number)
        return False
    account = PlayerAccount.objects.filter(player=player).first()
    if account is not None:
        return _existing_account_mail(player, account, email, base_url)
    mail_queue(
        kind=mails.OPEN,
        to=[email],
        language=mail_language(),
        context=_names(player)
        | {
            "hours": OPEN_LINK_HOURS,
            "link": base_url + reverse("signup_verify", args=[account_open_token(player)]),
        },
    )
    return True


def _existing_account_mail(player: Player, account, email: str, base_url: str) -> bool:
    """The note for a player who already has an account: in the account's language."""
    mail_queue(
        kind=mails.EXISTS,
        to=[email],
        language=language_of(account),
        context=_names(player) | {"link": base_url + reverse("password_reset")},
    )
    return True


def password_reset_request(*, email: str, base_url: str = "") -> int:
    """Django's password reset, its lookup and tokens (active users with a usable password and
    this address), each link queued in the outbox in the active language; returns how many."""
    users = list(auth_forms.PasswordResetForm().get_users(email))
    for user in users:
        path = reverse(
            "password_reset_confirm",
            kwargs={
                "uidb64": urlsafe_base64_encode(force_bytes(user.pk)),
                "token": default_token_generator.make_token(user),
            },
        )
        mail_queue(
            kind=mails.PASSWORD_RESET,
            to=[getattr(user, user.get_email_field_name())],
            language=mail_language(),
            context={"username": user.get_username(), "link": base_url + path},
        )
    return len(users)


# --- The two requests that must not tell whether an address is known -----------------------

ACCOUNT_OPEN_TASK = "players.account_open_request"
PASSWORD_RESET_TASK = "players.password_reset_request"


def account_request_enqueue(*, task: str, language: str, **fields: str) -> None:
    """Sign-up and password reset are looked up and mailed by a worker, not in the request:
    the request only enqueues the typed fields, after commit, the same work whether or not
    they match anything, so its answer takes as long either way (issue 30.6). Queued as every
    task is (`breaker.publish`): a Redis that does not answer costs one short wait and is
    logged; the player asks again (nothing was promised but the page)."""

    def enqueue() -> None:
        breaker.publish(task, **fields, language=language)

    transaction.on_commit(enqueue)


def account_open_player(token: str) -> tuple[Player, str]:
    """The player and e-mail of a sign-up link, or a German error (invalid, expired, used)."""
    try:
        data = _signer().unsign_object(token or "", max_age=timedelta(hours=OPEN_LINK_HOURS))
    except signing.SignatureExpired as exc:
        raise ValidationError(
            _("This confirmation link has expired. Please sign up again.")
        ) from exc
    except signing.BadSignature as exc:
        raise ValidationError(_("This confirmation link is invalid.")) from exc
    player = Player.objects.filter(pk=data.get("p")).first() if isinstance(data, dict) else None
    if player is None or player.email.strip().lower() != data.get("e"):
        raise ValidationError(_("This confirmation link is invalid."))
    if PlayerAccount.objects.filter(player=player).exists():
        raise ValidationError(_("This confirmation link has already been used. Please log in."))
    return player, data["e"]


@transaction.atomic
def account_open_complete(*, token: str, password: str, password_again: str) -> PlayerAccount:
    """The verified player sets a password: the account exists, the link is spent."""
    player, email = account_open_player(token)
    return _account_create(
        player=player, email=email, password=password, password_again=password_again
    )
