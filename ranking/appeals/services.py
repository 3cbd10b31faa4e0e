"""Appeals (Klub 4.2.3): who may file, filing within 14 days, additions to an open appeal."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from players.models import PlayerAccount
from ranking.appeals import selectors as appeals_selectors
from ranking.appeals.files import validate_attachment, validate_attachment_caps
from ranking.appeals.selectors import deadline_text
from ranking.domain import appeals as domain_appeals
from ranking.models import Appeal, AppealAddition
from tournaments import permissions
from tournaments.enums import RoundStatus, TournamentStatus
from tournaments.models import Player, Round, Seat, Tournament

WHO_MAY_FILE = gettext_lazy(
    "Appeals are lodged by the player or by the tournament director on the player's behalf."
)
NOT_PLAYED = gettext_lazy(
    "This player did not play a game in this tournament. Only those who played may appeal, "
    "including those withdrawn later (Klub 4.2.3)."
)


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
        _("Appeals are lodged by the player or by the tournament director on the player's behalf."),
    )
    if tournament.status != TournamentStatus.FINISHED:
        raise ValidationError(_("Appeals are possible only after the tournament has ended."))
    _require_in_time(tournament, now)
    if not Seat.objects.played().filter(round__tournament=tournament, player=player).exists():
        raise ValidationError({"player": NOT_PLAYED})
    _within_limits(user=user, tournament=tournament, player=player, now=now)
    errors: dict[str, str] = {}
    what_is_wrong = (what_is_wrong or "").strip()
    correction_requested = (correction_requested or "").strip()
    if not what_is_wrong:
        errors["what_is_wrong"] = _("Please describe what is wrong.")
    if not correction_requested:
        errors["correction_requested"] = _("Please state which correction you request.")
    rnd = None
    if round_number is not None:
        rnd = Round.objects.filter(
            tournament=tournament, number=round_number, status=RoundStatus.PUBLISHED
        ).first()
        if rnd is None:
            errors["round_number"] = _("This tournament has no round %(round)s.") % {
                "round": round_number
            }
    if table_number is not None:
        if rnd is None:
            errors.setdefault("round_number", _("With the table, please give the round too."))
        elif not rnd.tables.filter(number=table_number).exists():
            errors["table_number"] = _("Round %(round)s has no table %(table)s.") % {
                "round": rnd.number,
                "table": table_number,
            }
    if game_number is not None and not 1 <= game_number <= tournament.games_per_round:
        errors["game_number"] = _("A round has %(games)s games here.") % {
            "games": tournament.games_per_round
        }
    if game_number is not None and table_number is None:
        errors.setdefault("table_number", _("With the game, please give round and table too."))
    if errors:
        raise ValidationError(errors)
    validate_attachment(attachment)
    validate_attachment_caps(attachment, count=0, used_bytes=0)
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


def _within_limits(*, user, tournament: Tournament, player: Player, now: datetime) -> None:
    """Appeals cannot flood the commission (issue 30.5): one open appeal per player and
    tournament (a new one once it is decided), and settings.APPEALS_PER_HOUR per account.
    The tournament is locked by the caller; the account's row is locked here, so two requests
    of one account count one after the other."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    open_appeal = appeals_selectors.open_appeal(tournament, player)
    if open_appeal is not None:
        raise ValidationError(
            _(
                "Appeal no. %(number)s of this player for this tournament is still open: the "
                "rules commission decides it first. Until then no further appeal can be filed "
                "for this tournament; add to the open one instead."
            )
            % {"number": open_appeal.pk}
        )
    limit = settings.APPEALS_PER_HOUR
    recent = Appeal.objects.filter(filed_by=user, filed_at__gt=now - timedelta(hours=1)).count()
    if recent >= limit:
        raise ValidationError(
            ngettext(
                "At most %(limit)s appeal per hour can be filed from one account. Please try "
                "again later.",
                "At most %(limit)s appeals per hour can be filed from one account. Please try "
                "again later.",
                limit,
            )
            % {"limit": limit}
        )


def _require_in_time(tournament: Tournament, now: datetime) -> None:
    if not domain_appeals.appeal_in_time(tournament.end_date, now):
        raise ValidationError(
            _(
                "The appeal period has ended: appeals were possible until %(deadline)s "
                "(14 days after the last day of the tournament, Klub 3)."
            )
            % {"deadline": deadline_text(tournament.end_date)}
        )


def can_add_to(user, appeal: Appeal) -> bool:
    """Who may file the appeal may add to it: the player, or on the player's behalf the
    tournament's director or a federation admin."""
    return can_file_for(user, appeal.tournament, appeal.player)


@transaction.atomic
def appeal_addition_file(
    *, user, appeal: Appeal, text: str, attachment=None, now: datetime | None = None
) -> AppealAddition:
    """Add text (and optionally an attachment) to an open appeal instead of filing another
    (issue 30.5). Refused once the appeal is decided and, like the appeal itself, after the
    14-day window (Klub 3); attachments count against the appeal's caps."""
    now = now or timezone.now()
    appeal = (
        Appeal.objects.select_for_update().select_related("tournament", "player").get(pk=appeal.pk)
    )
    permissions.require(can_add_to(user, appeal), str(WHO_MAY_FILE))
    if appeal.is_decided:
        raise ValidationError(
            _("Appeal no. %(number)s has been decided: nothing can be added to it any more.")
            % {"number": appeal.pk}
        )
    _require_in_time(appeal.tournament, now)
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    limit = settings.APPEAL_ADDITIONS_PER_HOUR
    recent = AppealAddition.objects.filter(
        added_by=user, added_at__gt=now - timedelta(hours=1)
    ).count()
    if recent >= limit:
        raise ValidationError(
            ngettext(
                "At most %(limit)s addition per hour can be made from one account. Please try "
                "again later.",
                "At most %(limit)s additions per hour can be made from one account. Please try "
                "again later.",
                limit,
            )
            % {"limit": limit}
        )
    text = (text or "").strip()
    if not text:
        raise ValidationError({"text": _("Please write what you want to add.")})
    validate_attachment(attachment)
    count, used = appeals_selectors.attachments_used(appeal)
    validate_attachment_caps(attachment, count=count, used_bytes=used)
    addition = AppealAddition(
        appeal=appeal,
        added_by=user,
        on_behalf=account_player_id(user) != appeal.player_id,
        added_at=now,
        added_token=secrets.token_hex(6),
        text=text,
    )
    if attachment is not None:
        addition.attachment_size = attachment.size
        addition.attachment.save(attachment.name, attachment, save=False)
    addition.save()
    return addition
