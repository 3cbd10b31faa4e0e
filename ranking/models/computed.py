"""The ranking as computed (SPEC §9): each tournament's state for the ranking, its players'
contributions, and each year's snapshot with its lines. Derived data: the recompute rebuilds
contributions and entries as a whole."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import ScoreSumColumns


class TournamentRanking(models.Model):
    """A tournament's state for the ranking: stale contributions, appeal window, final.

    ``change_count`` rises with every change of published results; a recompute clears
    ``stale`` only if nothing changed while it ran (no lost update, no lock held while computing).
    """

    tournament = models.OneToOneField(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="ranking_state",
    )
    stale = models.BooleanField(default=True)
    change_count = models.PositiveIntegerField(default=0)
    computed_at = models.DateTimeField(null=True, blank=True)
    appeals_closed_at = models.DateTimeField(_("Appeal period closed"), null=True, blank=True)
    final_at = models.DateTimeField(_("Final for the ranking"), null=True, blank=True)

    class Meta:
        verbose_name = _("Ranking status of a tournament")
        verbose_name_plural = _("Ranking status of the tournaments")
        constraints = [
            models.CheckConstraint(
                condition=Q(final_at__isnull=True) | Q(appeals_closed_at__isnull=False),
                name="tournament_ranking_final_after_close",
            ),
        ]

    def __str__(self) -> str:
        return f"Ranking-Status {self.tournament_id}"


class TournamentContribution(ScoreSumColumns):
    """A player's sums from one tournament (derived data, rebuilt by every recompute)."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="ranking_contributions"
    )
    player = models.ForeignKey("tournaments.Player", on_delete=models.CASCADE, related_name="+")
    rounds = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"], name="contribution_unique_player"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player_id} @ {self.tournament_id}"


class RankingYear(models.Model):
    """The ranking snapshot of one calendar year: when computed, by which rules, pending?"""

    year = models.PositiveSmallIntegerField(_("Ranking year"), unique=True)
    computed_at = models.DateTimeField(_("Computed on"), null=True, blank=True)
    rule_version = models.CharField(_("Rules version"), max_length=20, blank=True)
    pending = models.BooleanField(_("Recalculation pending"), default=False)
    pending_since = models.DateTimeField(null=True, blank=True)
    generation = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-year"]
        verbose_name = _("Ranking year")
        verbose_name_plural = _("Ranking years")
        constraints = [
            models.CheckConstraint(
                condition=Q(year__gte=1990, year__lte=2200), name="ranking_year_range"
            ),
        ]

    def __str__(self) -> str:
        return f"Ranking {self.year}"


class RankingEntry(ScoreSumColumns):
    """One player's line in a year's ranking (replaced as a whole by every recompute)."""

    ranking_year = models.ForeignKey(RankingYear, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(
        "tournaments.Player", on_delete=models.CASCADE, related_name="ranking_entries"
    )
    rank = models.PositiveIntegerField()
    tournaments = models.PositiveSmallIntegerField()
    rounds = models.PositiveSmallIntegerField()
    # a year's counts have wider columns than a round's or a tournament's
    games = models.PositiveIntegerField()
    first = models.PositiveIntegerField()
    second = models.PositiveIntegerField()
    third = models.PositiveIntegerField()
    fourth = models.PositiveIntegerField()

    class Meta:
        ordering = ["ranking_year", "rank", "player_id"]
        constraints = [
            models.UniqueConstraint(
                fields=["ranking_year", "player"], name="ranking_entry_unique_player"
            ),
            models.CheckConstraint(condition=Q(rank__gte=1), name="ranking_entry_rank_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.rank}. {self.player_id} ({self.ranking_year_id})"
