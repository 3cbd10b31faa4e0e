"""Referees (Klub 4): warnings and cards, rulings and the head referee's final word."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

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
    Round,
    Ruling,
    Seat,
    Tournament,
)

REFEREE_ONLY = "Nur Schiedsrichter dieses Turniers dürfen das."


HEAD_OR_DIRECTOR_ONLY = "Nur der Hauptschiedsrichter oder die Turnierleitung dieses Turniers."


HEAD_ONLY = "Nur der Hauptschiedsrichter dieses Turniers entscheidet endgültig (Klub 4.2.2)."


def _lock_tournament(tournament: Tournament) -> Tournament:
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if locked.status == TournamentStatus.DRAFT:
        raise ValidationError("Das Turnier ist noch ein Entwurf.")
    require_not_finished(locked)
    return locked


def _check_round(tournament: Tournament, rnd: Round | None, game_number: int | None) -> None:
    if rnd is not None and rnd.tournament_id != tournament.pk:
        raise ValidationError({"round": "Diese Runde gehört nicht zu diesem Turnier."})
    if game_number is not None and not 1 <= game_number <= tournament.games_per_round:
        raise ValidationError(
            {"game_number": f"Das Spiel muss zwischen 1 und {tournament.games_per_round} liegen."}
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
        raise ValidationError({"kind": "Bitte die Art der Verwarnung wählen."})
    if ground not in WarningGround.values:
        raise ValidationError({"ground": "Bitte einen Grund wählen."})
    ground_text = (ground_text or "").strip()
    if ground == WarningGround.FREE_TEXT and not ground_text:
        raise ValidationError({"ground_text": "Bitte den Grund als Freitext angeben."})
    _check_round(locked, rnd, game_number)
    if not Registration.objects.filter(tournament=locked, player=player).exists():
        raise ValidationError(
            {"player": f"{player.full_name} ist in diesem Turnier nicht gemeldet."}
        )
    table_number = None
    if rnd is not None:
        seat = Seat.objects.filter(round=rnd, player=player).select_related("table").first()
        if seat is None:
            raise ValidationError(
                {"round": f"{player.full_name} sitzt in Runde {rnd.number} an keinem Tisch."}
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
    if kind == WarningKind.RED:  # standings and the ranking leave the player out
        _absent_from_game(warning, user)
        events.published_results_changed(locked.pk)
    return warning


def _absent_from_game(warning: PlayerWarning, user) -> None:
    """A red card in game n of a released, unpublished round (SPEC §7, Klub 4.5.1): *our
    reading*, the player does not finish game n, so games n to the last are not played."""
    if warning.round_id is None or warning.game_number is None:
        return  # given in a break: the round's games stand, the next round pairs without him
    rnd = Round.objects.select_for_update().get(pk=warning.round_id)
    if rnd.status != RoundStatus.RELEASED:
        return
    if Absence.objects.in_force().filter(round=rnd, player_id=warning.player_id).exists():
        return  # already out of this round (withdrawn): the earlier absence stands
    Absence.objects.create(
        round=rnd,
        player_id=warning.player_id,
        from_game=warning.game_number,
        reason=AbsenceReason.RED_CARD,
        warning=warning,
        created_by=user,
    )


def _red_card_in_force(tournament: Tournament, player: Player) -> PlayerWarning | None:
    return (
        PlayerWarning.objects.red_cards_in_force()
        .filter(tournament=tournament, player=player)
        .first()
    )


def _already_red(player: Player, earlier: PlayerWarning | None) -> str:
    when = timezone.localtime(earlier.given_at).strftime(" am %d.%m.%Y um %H:%M") if earlier else ""
    return f"{player.full_name} ist bereits ausgeschlossen (Rote Karte{when})."


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
        raise ValidationError({"reason": "Bitte die Rücknahme begründen."})
    _lock_tournament(warning.tournament)
    locked = PlayerWarning.objects.select_for_update().select_related("player").get(pk=warning.pk)
    if locked.withdrawn_at is not None:
        raise ValidationError(
            f"Diese Verwarnung wurde bereits am "
            f"{timezone.localtime(locked.withdrawn_at):%d.%m.%Y um %H:%M} zurückgenommen."
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
        errors["question"] = "Bitte die Frage oder den Sachverhalt angeben."
    if not decision:
        errors["decision"] = "Bitte die Entscheidung angeben."
    if errors:
        raise ValidationError(errors)
    try:
        escalate = referee_domain.goes_to_head_referee(objections)
    except ValueError as exc:
        raise ValidationError({"objections": str(exc)}) from exc
    _check_round(locked, rnd, game_number)
    if table_number is not None:
        if table_number < 1:
            raise ValidationError({"table_number": "Die Tischnummer beginnt bei 1."})
        if rnd is not None and not rnd.tables.filter(number=table_number).exists():
            raise ValidationError(
                {"table_number": f"Tisch {table_number} gibt es in Runde {rnd.number} nicht."}
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
        raise ValidationError({"decision": "Bitte die endgültige Entscheidung angeben."})
    _lock_tournament(ruling.tournament)
    locked = Ruling.objects.select_for_update().get(pk=ruling.pk)
    if locked.status != RulingStatus.ESCALATED:
        raise ValidationError("Nur an den Hauptschiedsrichter übergebene Entscheidungen.")
    if Ruling.objects.filter(escalated_from=locked).exists():
        raise ValidationError(
            "Hierzu gibt es bereits eine endgültige Entscheidung; sie kann nicht geändert werden."
        )
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
            "Hierzu gibt es bereits eine endgültige Entscheidung; sie kann nicht geändert werden."
        ) from exc
