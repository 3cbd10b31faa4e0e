"""Referees (Klub 4): warnings and cards, rulings and the head referee's final word."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import permissions
from tournaments.common import events
from tournaments.common.guards import require_not_finished, require_running, tournament_write
from tournaments.domain import referees as referee_domain
from tournaments.enums import (
    AbsenceReason,
    RoundStatus,
    RulingStatus,
    StaffRole,
    TournamentStatus,
    WarningGround,
    WarningKind,
)
from tournaments.models import (
    Absence,
    Player,
    PlayerWarning,
    Registration,
    ResultSheet,
    Round,
    Ruling,
    Seat,
    Tournament,
)

REFEREE_ONLY = gettext_lazy("Only referees of this tournament may do that.")


HEAD_OR_DIRECTOR_ONLY = gettext_lazy("Only the head referee or the director of this tournament.")


HEAD_ONLY = gettext_lazy("Only the head referee of this tournament decides finally (Klub 4.2.2).")


def _lock_tournament(tournament: Tournament) -> Tournament:
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if locked.status == TournamentStatus.DRAFT:
        raise ValidationError(_("The tournament is still a draft."))
    require_not_finished(locked)
    return locked


def _check_round(tournament: Tournament, rnd: Round | None, game_number: int | None) -> None:
    if rnd is not None and rnd.tournament_id != tournament.pk:
        raise ValidationError({"round": _("This round does not belong to this tournament.")})
    if game_number is not None and not 1 <= game_number <= tournament.games_per_round:
        raise ValidationError(
            {
                "game_number": _("The game must be between 1 and %(last)s.")
                % {"last": tournament.games_per_round}
            }
        )


@transaction.atomic
@tournament_write
def warning_give(
    *,
    tournament: Tournament,
    player: Player,
    kind: str,
    ground: str,
    user,
    ground_text: str = "",
    note: str = "",
    rnd: Round | None = None,
    game_number: int | None = None,
) -> PlayerWarning:
    """Log a warning or card now, by this referee. A red card excludes the player from every
    round drawn after it (SPEC §7); the public standings show that, so their cache is dropped."""
    permissions.require(permissions.can_referee(user, tournament), REFEREE_ONLY)
    locked = _lock_tournament(tournament)
    require_running(locked)
    if kind not in WarningKind.values:
        raise ValidationError({"kind": _("Please choose the kind of warning.")})
    if ground not in WarningGround.values:
        raise ValidationError({"ground": _("Please choose a ground.")})
    ground_text = (ground_text or "").strip()
    if ground == WarningGround.FREE_TEXT and not ground_text:
        raise ValidationError({"ground_text": _("Please give the ground as free text.")})
    _check_round(locked, rnd, game_number)
    if not Registration.objects.filter(tournament=locked, player=player).exists():
        raise ValidationError(
            {
                "player": _("%(name)s is not registered in this tournament.")
                % {"name": player.full_name}
            }
        )
    table_number = None
    if rnd is not None:
        seat = Seat.objects.filter(round=rnd, player=player).select_related("table").first()
        if seat is None:
            raise ValidationError(
                {
                    "round": _("%(name)s has no table in round %(number)s.")
                    % {"name": player.full_name, "number": rnd.number}
                }
            )
        table_number = seat.table.number
    if kind == WarningKind.RED:
        earlier = _red_card_in_force(locked, player)
        if earlier is not None:
            raise ValidationError(_already_red(player, earlier))
    try:
        with transaction.atomic():
            warning = PlayerWarning.objects.create(
                tournament=locked,
                player=player,
                round=rnd,
                game_number=game_number,
                table_number=table_number,
                kind=kind,
                ground=ground,
                ground_text=ground_text if ground == WarningGround.FREE_TEXT else "",
                note=(note or "").strip(),
                given_by=user,
            )
    except IntegrityError as exc:  # a second referee was faster with the same red card
        earlier = _red_card_in_force(locked, player)
        raise ValidationError(_already_red(player, earlier)) from exc
    warning.consequences = []  # what the card did to the rounds, for the referee (SPEC §7)
    if kind == WarningKind.RED:  # standings and the ranking leave the player out
        for _receiver, text in events.player_excluded.send(
            sender=PlayerWarning, tournament=locked, player=player, user=user
        ):
            warning.consequences += [text] if text else []
        absence = _absent_from_game(warning, user)
        if absence is not None:
            warning.consequences.append(
                _("%(name)s does not play round %(number)s from game %(game)s on.")
                % {
                    "name": player.full_name,
                    "number": absence.round.number,
                    "game": absence.from_game,
                }
            )
        events.published_results_changed(locked.pk)
    return warning


def _absent_from_game(warning: PlayerWarning, user) -> Absence | None:
    """A red card while a released round is not published (SPEC §7, Klub 4.5.1) is an absence
    from the first game not yet played, at once: *our reading*, the player does not finish the
    game the referee names, so games n to the last are not played; without a game (in a break)
    the first game the table's sheet does not hold yet. A drawn round is drawn again instead
    (`rounds.services.round_take_out`)."""
    seat = (
        Seat.objects.select_for_update(of=("self",))
        .filter(
            round__tournament_id=warning.tournament_id,
            round__status=RoundStatus.RELEASED,
            player_id=warning.player_id,
        )
        .select_related("round")
        .first()
    )
    if seat is None:
        return None
    rnd = seat.round
    if Absence.objects.in_force().filter(round=rnd, player_id=warning.player_id).exists():
        return None  # already out of this round (withdrawn): the earlier absence stands
    if warning.round_id == rnd.pk and warning.game_number is not None:
        from_game = warning.game_number
    else:
        from_game = referee_domain.first_game_not_played(
            games_entered=_games_entered(seat.table_id),
            games_per_round=warning.tournament.games_per_round,
        )
    if from_game is None:
        return None  # every game of the round is on the sheet: the next round leaves him out
    return Absence.objects.create(
        round=rnd,
        player_id=warning.player_id,
        from_game=from_game,
        reason=AbsenceReason.RED_CARD,
        warning=warning,
        created_by=user,
    )


def _games_entered(table_id: int) -> int:
    """How many games the table's current sheet holds (0 before anything was entered)."""
    sheet = ResultSheet.objects.filter(table_id=table_id).select_related("current").first()
    return len(sheet.current.games) if sheet is not None and sheet.current is not None else 0


def _red_card_in_force(tournament: Tournament, player: Player) -> PlayerWarning | None:
    return (
        PlayerWarning.objects.red_cards_in_force()
        .filter(tournament=tournament, player=player)
        .first()
    )


def _already_red(player: Player, earlier: PlayerWarning | None) -> str:
    if earlier is None:
        return _("%(name)s is already excluded (red card).") % {"name": player.full_name}
    return _("%(name)s is already excluded (red card on %(when)s).") % {
        "name": player.full_name,
        "when": _when(earlier.given_at),
    }


def _when(moment) -> str:
    local = timezone.localtime(moment)
    return _("%(date)s at %(time)s") % {
        "date": formats.date_format(local, "SHORT_DATE_FORMAT"),
        "time": local.strftime("%H:%M"),
    }


@transaction.atomic
@tournament_write
def warning_withdraw(*, warning: PlayerWarning, reason: str, user) -> PlayerWarning:
    """A warning given by mistake is withdrawn, never deleted; a withdrawn red card re-admits
    the player for the rounds drawn after it. A second withdrawal is a conflict."""
    permissions.require(
        permissions.can_head_referee(user, warning.tournament), HEAD_OR_DIRECTOR_ONLY
    )
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": _("Please give a reason for the withdrawal.")})
    _lock_tournament(warning.tournament)
    locked = PlayerWarning.objects.select_for_update().select_related("player").get(pk=warning.pk)
    if locked.withdrawn_at is not None:
        raise ValidationError(
            _("This warning was already withdrawn on %(when)s.")
            % {"when": _when(locked.withdrawn_at)}
        )
    locked.withdrawn_at = timezone.now()
    locked.withdrawn_by = user
    locked.withdrawal_reason = reason
    locked.save(update_fields=["withdrawn_at", "withdrawn_by", "withdrawal_reason"])
    if locked.kind == WarningKind.RED:
        # Before publication the player's games of that round are his again (SPEC §7).
        Absence.objects.in_force().filter(warning=locked).exclude(
            round__status=RoundStatus.PUBLISHED
        ).update(cancelled_at=timezone.now(), cancelled_by=user)
        events.published_results_changed(locked.tournament_id)
    return locked


@transaction.atomic
@tournament_write
def ruling_record(
    *,
    tournament: Tournament,
    question: str,
    decision: str,
    user,
    rule_cited: str = "",
    objections: int = 0,
    rnd: Round | None = None,
    table_number: int | None = None,
    game_number: int | None = None,
) -> Ruling:
    """A referee's call at a table. With more than two objecting players it goes to the head
    referee (Klub 4.2.2) – if the tournament has one; otherwise the referee's call is binding."""
    permissions.require(permissions.can_referee(user, tournament), REFEREE_ONLY)
    locked = _lock_tournament(tournament)
    question, decision = (question or "").strip(), (decision or "").strip()
    errors = {}
    if not question:
        errors["question"] = _("Please state the question or the facts.")
    if not decision:
        errors["decision"] = _("Please state the decision.")
    if errors:
        raise ValidationError(errors)
    try:
        escalate = referee_domain.goes_to_head_referee(objections)
    except ValueError as exc:
        raise ValidationError({"objections": str(exc)}) from exc
    _check_round(locked, rnd, game_number)
    if table_number is not None:
        if table_number < 1:
            raise ValidationError({"table_number": _("Table numbers start at 1.")})
        if rnd is not None and not rnd.tables.filter(number=table_number).exists():
            raise ValidationError(
                {
                    "table_number": _("There is no table %(table)s in round %(number)s.")
                    % {"table": table_number, "number": rnd.number}
                }
            )
    if escalate and not locked.staff.filter(role=StaffRole.HEAD_REFEREE).exists():
        escalate = False  # Klub 4.2.2: "falls auf dem Turnier vorhanden"
    return Ruling.objects.create(
        tournament=locked,
        round=rnd,
        table_number=table_number,
        game_number=game_number,
        question=question,
        decision=decision,
        rule_cited=(rule_cited or "").strip(),
        objections=objections,
        status=RulingStatus.ESCALATED if escalate else RulingStatus.DECIDED,
        decided_by=user,
    )


@transaction.atomic
@tournament_write
def ruling_decide_finally(*, ruling: Ruling, decision: str, user, rule_cited: str = "") -> Ruling:
    """The head referee's final ruling on an escalated call: a new row, never changed again."""
    permissions.require(permissions.is_head_referee_of(user, ruling.tournament), HEAD_ONLY)
    decision = (decision or "").strip()
    if not decision:
        raise ValidationError({"decision": _("Please state the final decision.")})
    _lock_tournament(ruling.tournament)
    locked = Ruling.objects.select_for_update().get(pk=ruling.pk)
    if locked.status != RulingStatus.ESCALATED:
        raise ValidationError(_("Only decisions referred to the head referee."))
    if Ruling.objects.filter(escalated_from=locked).exists():
        raise ValidationError(_("There is already a final decision on this; it cannot be changed."))
    try:
        with transaction.atomic():
            return Ruling.objects.create(
                tournament_id=locked.tournament_id,
                round_id=locked.round_id,
                table_number=locked.table_number,
                game_number=locked.game_number,
                question=locked.question,
                decision=decision,
                rule_cited=(rule_cited or "").strip(),
                objections=locked.objections,
                status=RulingStatus.FINAL,
                escalated_from=locked,
                decided_by=user,
            )
    except IntegrityError as exc:
        raise ValidationError(
            _("There is already a final decision on this; it cannot be changed.")
        ) from exc
