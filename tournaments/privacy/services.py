"""A player's privacy (issue 16, DSGVO): the consent to publish the name, erasure requests and
their execution as anonymisation.

Erasure keeps the person's results, seats, warnings and ranking rows under a pseudonym
("Gelöschte Person, #<id>"), so table-mates' histories, standings and the ranking stay as they
were; it clears every personal field. Warnings stay: they are results of a tournament (Klub 4).
The executed request is the log: who, when, which record id, no reason, no name.
"""

from __future__ import annotations

from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import permissions
from tournaments.common import events
from tournaments.enums import ErasureStatus, TournamentStatus
from tournaments.mail.services import mail_forget
from tournaments.models import ErasureRequest, Player, PlayerMerge, SignupRequest, TablePin

MAX_REASON = 2000


def _announce_names(player_id: int) -> None:
    """Name or privacy choice show on cached public pages of the player's tournaments (the
    ranking's lines are cached under the global generation that every bump moves on too)."""
    for tournament_id in (
        Player.objects.filter(pk=player_id)
        .values_list("registrations__tournament_id", flat=True)
        .distinct()
    ):
        if tournament_id is not None:
            events.public_data_changed(tournament_id)


@transaction.atomic
def player_publish_name_set(*, player: Player, publish_name: bool) -> Player:
    """The player's own consent to publish the full name (otherwise initials and club)."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.erased_at:
        raise ValidationError(_("This entry is erased."))
    if player.publish_name != publish_name:
        player.publish_name = publish_name
        player.save(update_fields=["publish_name", "updated_at"])
        _announce_names(player.pk)
    return player


@transaction.atomic
def erasure_request_file(
    *, player: Player, user, reason: str = "", now: datetime | None = None
) -> ErasureRequest:
    """The player asks to be erased; the federation admin executes it (one open request)."""
    reason = (reason or "").strip()
    if len(reason) > MAX_REASON:
        raise ValidationError(
            {"reason": _("Please use at most %(limit)s characters.") % {"limit": MAX_REASON}}
        )
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.erased_at:
        raise ValidationError(_("This entry is already erased."))
    if ErasureRequest.objects.filter(player=player, status=ErasureStatus.OPEN).exists():
        raise ValidationError(_("The federation already has an erasure request for this entry."))
    return ErasureRequest.objects.create(
        player=player,
        reason=reason,
        requested_by=user,
        requested_at=now or timezone.now(),
        status=ErasureStatus.OPEN,
    )


def _refuse_while_playing(player: Player) -> None:
    """Not while a tournament of the player runs or the player is still in a coming field."""
    running = (
        player.registrations.filter(tournament__status=TournamentStatus.RUNNING)
        .values_list("tournament__name", flat=True)
        .first()
    )
    if running:
        raise ValidationError(
            _(
                "“%(tournament)s” is running with this player right now: please erase only "
                "after the tournament (results and ranking must be complete)."
            )
            % {"tournament": running}
        )
    coming = (
        player.registrations.active()
        .exclude(tournament__status=TournamentStatus.FINISHED)
        .values_list("tournament__name", flat=True)
        .first()
    ) or (
        SignupRequest.objects.open()
        .filter(player=player)
        .values_list("tournament__name", flat=True)
        .first()
    )
    if coming:
        raise ValidationError(
            _("The player is still registered for “%(tournament)s”: please withdraw them first.")
            % {"tournament": coming}
        )


def _anonymise(player: Player, now: datetime) -> None:
    pseudonym = {"last_name": "Gelöschte Person", "first_name": f"#{player.pk}"}
    for field, value in {
        **pseudonym,
        "federation_number": None,
        "is_guest": True,
        "club": "",
        "city": "",
        "birth_year": None,
        "email": "",
        "publish_name": True,
        "erased_at": now,
    }.items():
        setattr(player, field, value)
    player.save()
    label = str(player)
    PlayerMerge.objects.filter(kept=player).update(
        kept_name=label, removed_name=label, reason="[gelöscht]"
    )
    TablePin.objects.filter(player=player).update(reason="")


def erasure_execute(*, request: ErasureRequest, user, now: datetime | None = None):
    """Anonymise the requesting player; the request becomes the log row (no personal data)."""
    permissions.require(
        permissions.is_federation_admin(user), _("Only the federation carries out erasures.")
    )
    now = now or timezone.now()
    with transaction.atomic():
        request = ErasureRequest.objects.select_for_update().get(pk=request.pk)
        if request.status != ErasureStatus.OPEN:
            raise ValidationError(_("This erasure request has already been carried out."))
        player = Player.objects.select_for_update().get(pk=request.player_id)
        _refuse_while_playing(player)
        mail_forget(addresses=[player.email])
        _anonymise(player, now)
        events.player_erased.send(sender=None, player_id=player.pk)
        ErasureRequest.objects.filter(player=player).update(reason="")
        request.reason = ""
        request.status = ErasureStatus.DONE
        request.executed_by = user
        request.executed_at = now
        request.save()
        _announce_names(player.pk)
    return request
