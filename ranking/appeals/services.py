"""Appeals (Klub 4.2.3): who may file, filing within 14 days."""

from __future__ import annotations

import secrets
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from ranking.appeals.files import validate_attachment
from ranking.domain import appeals as domain_appeals
from ranking.models import Appeal, PlayerAccount
from tournaments import permissions
from tournaments.enums import RoundStatus, TournamentStatus
from tournaments.models import Player, Registration, Round, Tournament


def account_player_id(user) -> int | None:
    """The registry entry linked to a user's player account, if any."""
    if not getattr(user, "is_authenticated", False):
        return None
    return PlayerAccount.objects.filter(user=user).values_list("player_id", flat=True).first()


def can_file_for(user, tournament: Tournament, player: Player) -> bool:
    """The player (own account) or, on the player's behalf, the tournament's director or a
    federation admin."""
    if permissions.can_direct(user, tournament):
        return True
    return account_player_id(user) == player.pk


def can_see_appeal(user, appeal: Appeal) -> bool:
    if permissions.is_commission(user) or permissions.is_federation_admin(user):
        return True
    if appeal.filed_by_id is not None and appeal.filed_by_id == getattr(user, "pk", None):
        return True
    if permissions.can_direct(user, appeal.tournament):
        return True
    return account_player_id(user) == appeal.player_id


@transaction.atomic
def appeal_file(
    *,
    user,
    tournament: Tournament,
    player: Player,
    what_is_wrong: str,
    correction_requested: str,
    round_number: int | None = None,
    table_number: int | None = None,
    game_number: int | None = None,
    attachment=None,
    now: datetime | None = None,
) -> Appeal:
    """File an appeal within 14 days of the tournament's last day (23:59:59 Berlin, day 14)."""
    now = now or timezone.now()
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    permissions.require(
        can_file_for(user, tournament, player),
        "Einsprüche legt der Spieler selbst oder die Turnierleitung für ihn ein.",
    )
    if tournament.status != TournamentStatus.FINISHED:
        raise ValidationError("Einsprüche sind erst nach dem Ende des Turniers möglich.")
    if not domain_appeals.appeal_in_time(tournament.end_date, now):
        raise ValidationError(
            "Die Einspruchsfrist ist abgelaufen: Einsprüche waren bis "
            f"{domain_appeals.deadline_text(tournament.end_date)} möglich (14 Tage nach dem "
            "letzten Turniertag, Klub 3)."
        )
    if not Registration.objects.active().filter(tournament=tournament, player=player).exists():
        raise ValidationError({"player": "Dieser Spieler hat an dem Turnier nicht teilgenommen."})
    errors: dict[str, str] = {}
    what_is_wrong = (what_is_wrong or "").strip()
    correction_requested = (correction_requested or "").strip()
    if not what_is_wrong:
        errors["what_is_wrong"] = "Bitte beschreiben, was falsch ist."
    if not correction_requested:
        errors["correction_requested"] = "Bitte angeben, welche Korrektur beantragt wird."
    rnd = None
    if round_number is not None:
        rnd = Round.objects.filter(
            tournament=tournament, number=round_number, status=RoundStatus.PUBLISHED
        ).first()
        if rnd is None:
            errors["round_number"] = f"Runde {round_number} gibt es in diesem Turnier nicht."
    if table_number is not None:
        if rnd is None:
            errors.setdefault("round_number", "Zum Tisch bitte auch die Runde angeben.")
        elif not rnd.tables.filter(number=table_number).exists():
            errors["table_number"] = f"Tisch {table_number} gibt es in Runde {rnd.number} nicht."
    if game_number is not None and not 1 <= game_number <= tournament.games_per_round:
        errors["game_number"] = f"Eine Runde hat hier {tournament.games_per_round} Spiele."
    if game_number is not None and table_number is None:
        errors.setdefault("table_number", "Zum Spiel bitte auch Runde und Tisch angeben.")
    if errors:
        raise ValidationError(errors)
    validate_attachment(attachment)
    appeal = Appeal(
        tournament=tournament,
        player=player,
        filed_by=user,
        on_behalf=account_player_id(user) != player.pk,
        filed_at=now,
        filed_token=secrets.token_hex(6),
        round=rnd,
        table_number=table_number,
        game_number=game_number,
        what_is_wrong=what_is_wrong,
        correction_requested=correction_requested,
    )
    if attachment is not None:
        appeal.attachment.save(attachment.name, attachment, save=False)
    appeal.save()
    return appeal
