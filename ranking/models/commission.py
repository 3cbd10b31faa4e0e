"""The rules commission's decisions (SPEC §8, Klub 3): on an appeal (with the corrected games
of a table and their scored lines) or on its own (a tournament struck from the ranking). Final
once recorded: decisions, corrections and strikes are never updated (database triggers), a later
decision adds newer rows. They change the ranking only, never the published tournament result
(`tournaments.ScoredLine`)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from ranking.enums import DecisionOutcome
from ranking.models.appeals import Appeal
from tournaments.models import GameScoreColumns


class Decision(models.Model):
    """The commission's decision on one appeal: final, recorded once, never edited (Klub 3).

    One per appeal (unique), and a database trigger refuses any UPDATE of a stored row.
    """

    appeal = models.OneToOneField(Appeal, on_delete=models.PROTECT, related_name="decision")
    outcome = models.CharField(_("Decision"), max_length=20, choices=DecisionOutcome.choices)
    reasoning = models.TextField(_("Reasoning"))
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField()

    class Meta:
        ordering = ["decided_at", "pk"]
        verbose_name = _("Decision of the rules commission")
        verbose_name_plural = _("Decisions of the rules commission")
        constraints = [
            models.CheckConstraint(
                condition=Q(outcome__in=DecisionOutcome.values), name="decision_outcome_valid"
            ),
            models.CheckConstraint(
                condition=~Q(reasoning=""),
                name="decision_reasoning_required",
                violation_error_message=_("A decision needs a reasoning."),
            ),
        ]

    def __str__(self) -> str:
        return _("Decision on appeal %(number)s: %(outcome)s") % {
            "number": self.appeal_id,
            "outcome": self.get_outcome_display(),
        }

    @property
    def is_rejected(self) -> bool:
        return self.outcome == DecisionOutcome.REJECTED


class ResultCorrectionQuerySet(models.QuerySet):
    def newest_first(self) -> "ResultCorrectionQuerySet":
        """Newest decision first: per table, the first row is the correction in force.

        A later decision on the same table supersedes an earlier one (Klub 3: each decision is
        final in itself, so the commission corrects a correction by deciding again).
        """
        return self.order_by("-decision__decided_at", "-pk")


class ResultCorrection(models.Model):
    """Corrected games of one table from an upheld decision: they replace the published games
    for the ranking only. Never updated (trigger); a later decision adds a newer row."""

    decision = models.ForeignKey(Decision, on_delete=models.PROTECT, related_name="corrections")
    round = models.ForeignKey("tournaments.Round", on_delete=models.PROTECT, related_name="+")
    table_number = models.PositiveIntegerField()
    games = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    objects = ResultCorrectionQuerySet.as_manager()

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["decision", "round", "table_number"], name="correction_unique_table"
            ),
            models.CheckConstraint(
                condition=Q(table_number__gte=1), name="correction_table_positive"
            ),
        ]

    def __str__(self) -> str:
        return _("Correction table %(table)s (%(round)s)") % {
            "table": self.table_number,
            "round": self.round_id,
        }


class RankingStrikeQuerySet(models.QuerySet):
    def newest_first(self) -> "RankingStrikeQuerySet":
        return self.order_by("-decided_at", "-pk")


class RankingStrike(models.Model):
    """The commission's own decision, without an appeal (Klub 3.1.1, SPEC §8): a tournament
    does not count for the ranking, or counts again. Final: a newer row supersedes, a database
    trigger refuses any UPDATE."""

    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("Tournament"),
    )
    struck = models.BooleanField(_("Struck"))
    reasoning = models.TextField(_("Reasoning"))
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("Decided by"),
    )
    decided_at = models.DateTimeField(verbose_name=_("Decided at"))

    objects = RankingStrikeQuerySet.as_manager()

    class Meta:
        ordering = ["decided_at", "pk"]
        verbose_name = _("Strike by the rules commission")
        verbose_name_plural = _("Strikes by the rules commission")
        constraints = [
            models.CheckConstraint(
                condition=~Q(reasoning=""),
                name="ranking_strike_reasoning_required",
                violation_error_message=_("A decision needs a reasoning."),
            ),
        ]

    def __str__(self) -> str:
        state = _("struck") if self.struck else _("counts again")
        return f"{self.tournament_id}: {state}"


class CorrectionLine(GameScoreColumns):
    """One player's game of a corrected table, scored once when the decision is recorded
    (Klub 3, 4.2.3). Never updated: a later decision brings its own correction and lines."""

    correction = models.ForeignKey(
        "ranking.ResultCorrection", on_delete=models.CASCADE, related_name="lines"
    )
    table = models.ForeignKey("tournaments.Table", on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.PROTECT, related_name="+"
    )
    round_number = models.PositiveSmallIntegerField()
    player = models.ForeignKey("tournaments.Player", on_delete=models.PROTECT, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["correction", "game_number", "letter"], name="correction_line_unique"
            ),
            models.CheckConstraint(
                condition=Q(place__gte=1, place__lte=4), name="correction_line_place_1_4"
            ),
        ]

    def __str__(self) -> str:
        return _("Correction %(number)s game %(game)s %(letter)s") % {
            "number": self.correction_id,
            "game": self.game_number,
            "letter": self.letter,
        }
