"""The rules commission (Klub 3, 4.2.3): review and final decisions; ranking only."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from ranking.commission import mails as commission_mails
from ranking.compute import selectors as compute_selectors
from ranking.compute.services import tournament_mark_changed, year_mark_pending
from ranking.enums import AppealStatus, DecisionOutcome
from ranking.models import Appeal, CorrectionLine, Decision, RankingStrike, ResultCorrection
from tournaments import permissions
from tournaments.domain.scoring import validate_game
from tournaments.domain.sheets import game_inputs
from tournaments.enums import RoundStatus
from tournaments.models import Round, Seat, Tournament
from tournaments.setup import services as setup_services
from tournaments.sheets.codec import normalise_games


def _lock_open(appeal: Appeal) -> Appeal:
    locked = Appeal.objects.select_for_update().select_related("tournament").get(pk=appeal.pk)
    if locked.status == AppealStatus.DECIDED:
        raise ValidationError(
            _(
                "This appeal has already been decided; the decision is final. Anything further "
                "needs a new appeal."
            )
        )
    return locked


@transaction.atomic
def appeal_start_review(*, appeal: Appeal, user, now: datetime | None = None) -> Appeal:
    """Received → under review (who and when are kept)."""
    permissions.require(
        permissions.is_commission(user),
        _("Only members of the rules commission review appeals."),
    )
    locked = _lock_open(appeal)
    if locked.status == AppealStatus.UNDER_REVIEW:
        raise ValidationError(_("This appeal is already under review."))
    locked.status = AppealStatus.UNDER_REVIEW
    locked.review_started_at = now or timezone.now()
    locked.review_started_by = user
    locked.save(update_fields=["status", "review_started_at", "review_started_by"])
    return locked


def corrected_games_errors(tournament: Tournament, letters: tuple[str, ...], games: list[dict]):
    """Messages for corrected games (the same checks as a result sheet, Klub 10.1)."""
    expected = list(range(1, tournament.games_per_round + 1))
    if sorted(int(g["number"]) for g in games) != expected:
        return [
            _("The correction needs exactly the games %(games)s.")
            % {"games": ", ".join(map(str, expected))}
        ]
    ruleset = tournament.ruleset
    return [
        str(e.message)
        for game in game_inputs(games, letters=letters)
        for e in validate_game(game, ruleset=ruleset)
    ]


@transaction.atomic
def appeal_decide(
    *,
    appeal: Appeal,
    user,
    outcome: str,
    reasoning: str,
    round_number: int | None = None,
    table_number: int | None = None,
    games: list[dict] | None = None,
    now: datetime | None = None,
) -> Decision:
    """Record the commission's final decision; upheld needs corrected games of one table."""
    permissions.require(
        permissions.is_commission(user),
        _("Only members of the rules commission decide appeals."),
    )
    now = now or timezone.now()
    locked = _lock_open(appeal)
    tournament = locked.tournament
    reasoning = (reasoning or "").strip()
    if outcome not in DecisionOutcome.values:
        raise ValidationError({"outcome": _("Please choose a decision.")})
    if not reasoning:
        raise ValidationError({"reasoning": _("A decision needs a reasoning.")})
    correction = None
    if outcome == DecisionOutcome.UPHELD:
        correction = _correction(tournament, round_number, table_number, games)
    current = compute_selectors.strike_states(tournament_id=tournament.pk).get(tournament.pk)
    if outcome == DecisionOutcome.STRUCK and current is not None and current.struck:
        raise ValidationError(
            {"outcome": _("This tournament has already been struck from the ranking.")}
        )
    try:
        with transaction.atomic():
            decision = Decision.objects.create(
                appeal=locked,
                outcome=outcome,
                reasoning=reasoning,
                decided_by=user,
                decided_at=now,
            )
    except IntegrityError as exc:  # a second decision at the same moment
        raise ValidationError(_("This appeal has already been decided.")) from exc
    if correction is not None:
        rnd, number, normalised = correction
        _correction_lines_store(
            ResultCorrection.objects.create(
                decision=decision, round=rnd, table_number=number, games=normalised
            )
        )
    if locked.review_started_at is None:
        locked.review_started_at = now
        locked.review_started_by = user
    locked.status = AppealStatus.DECIDED
    locked.save(update_fields=["status", "review_started_at", "review_started_by"])
    if outcome == DecisionOutcome.UPHELD:
        tournament_mark_changed(tournament_id=tournament.pk, now=now)
    elif outcome == DecisionOutcome.STRUCK:
        year_mark_pending(year=tournament.ranking_year, now=now)
        note = struck_note(now, reasoning)
        setup_services.tournament_ranking_note_set(tournament=tournament, note=note)
    commission_mails.decision_mail_queue(decision_id=decision.pk)  # sent after commit
    return decision


def _correction(tournament, round_number, table_number, games):
    if round_number is None or table_number is None:
        raise ValidationError({"table_number": _("For a correction, please give round and table.")})
    rnd = (
        Round.objects.filter(
            tournament=tournament, number=round_number, status=RoundStatus.PUBLISHED
        )
        .select_related("tournament")
        .first()
    )
    if rnd is None:
        raise ValidationError(
            {"round_number": _("Round %(round)s is not published.") % {"round": round_number}}
        )
    letters = tuple(
        sorted(
            Seat.objects.filter(round=rnd, table__number=table_number).values_list(
                "letter", flat=True
            )
        )
    )
    if not letters:
        raise ValidationError(
            {"table_number": _("This round has no table %(table)s.") % {"table": table_number}}
        )
    sheet_games = (
        rnd.sheets.filter(table__number=table_number)
        .values_list("confirmed__games", flat=True)
        .first()
    )
    # Seats that did not play a game (SPEC §7) stay out of the corrected game too.
    not_played = {int(g["number"]): tuple(g.get("not_played", ())) for g in sheet_games or []}
    normalised = normalise_games(games or [], letters=letters, not_played=not_played)
    errors = corrected_games_errors(tournament, letters, normalised)
    if errors:
        raise ValidationError(errors)
    if sheet_games is not None and normalise_games(sheet_games, letters=letters) == normalised:
        raise ValidationError(
            _(
                "The corrected results equal the published ones; please enter the correction "
                "or reject the appeal."
            )
        )
    return rnd, table_number, normalised


def _correction_lines_store(correction: ResultCorrection) -> None:
    """Score the corrected games once, with the decision: the ranking reads these lines in
    place of the table's own (ranking only; the published result keeps its lines)."""
    tournament_id = correction.round.tournament_id
    CorrectionLine.objects.bulk_create(
        CorrectionLine(
            correction=correction,
            tournament_id=tournament_id,
            **dict(zip(compute_selectors.CORRECTION_LINE_FIELDS, row, strict=True)),
        )
        for row in compute_selectors.correction_rows(correction)
    )


def struck_note(now: datetime, reasoning: str) -> str:
    """The tournament's stored ranking note: a record, written in the site's default language."""
    with translation.override(settings.LANGUAGE_CODE):
        return _(
            "Struck from the ranking by the rules commission on %(date)s (Klub 3.1.1): %(reason)s"
        ) % {"date": timezone.localtime(now).strftime("%d.%m.%Y"), "reason": reasoning}


@transaction.atomic
def tournament_strike_set(
    *, tournament: Tournament, struck: bool, reasoning: str, user, now: datetime | None = None
) -> RankingStrike:
    """The commission strikes a tournament from the ranking, or lets it count again, on its own
    and at any time (Klub 3.1.1). Final like its appeal decisions; ranking only."""
    permissions.require(
        permissions.is_commission(user),
        _("Only the rules commission strikes tournaments (Klub 3.1.1)."),
    )
    reasoning = (reasoning or "").strip()
    if not reasoning:
        raise ValidationError({"reasoning": _("A decision needs a reasoning.")})
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not locked.counts_for_ranking:
        raise ValidationError(_("This tournament does not count for the ranking anyway."))
    current = compute_selectors.strike_states(tournament_id=locked.pk).get(locked.pk)
    if struck == bool(current and current.struck):
        raise ValidationError(
            _("This tournament has already been struck from the ranking.")
            if struck
            else _("This tournament already counts for the ranking.")
        )
    now = now or timezone.now()
    strike = RankingStrike.objects.create(
        tournament=locked, struck=struck, reasoning=reasoning, decided_by=user, decided_at=now
    )
    note = struck_note(now, reasoning) if struck else ""
    setup_services.tournament_ranking_note_set(tournament=locked, note=note)
    tournament_mark_changed(tournament_id=locked.pk, now=now)
    return strike
