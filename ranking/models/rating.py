"""The skill rating as computed (issue 33, `ranking.domain.rating`): each scope's state, each
player's current rating per scope, and each player's all-time rating before and after every
rated round (its history). Derived data, rebuilt by the recompute; *not* the German ranking."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

ALL_TIME = 0
"""The scope of every year together (`RatingScope.year`)."""


class RatingScope(models.Model):
    """One list of the rating: a year (its games only, everyone starts anew on 1 January) or
    all years together (``year`` = `ALL_TIME`). ``generation`` rises with every change of
    published results, so a recompute that raced a change leaves the scope pending.

    A pending scope changed from the round ``from_date``/``from_tournament``/``from_round`` on
    in the rating's fixed order (None: maybe from the start; round 0: the tournament's first).
    ``through_*`` is the last round the list rests on: a year whose change lies after it goes
    on from its list; the all-time chain goes on from its history."""

    year = models.PositiveSmallIntegerField(_("Year"), unique=True)
    pending = models.BooleanField(_("Recalculation pending"), default=True)
    generation = models.PositiveIntegerField(default=0)
    computed_at = models.DateTimeField(_("Computed on"), null=True, blank=True)
    from_date = models.DateField(null=True, blank=True)
    from_tournament = models.PositiveIntegerField(null=True, blank=True)
    from_round = models.PositiveSmallIntegerField(null=True, blank=True)
    through_date = models.DateField(null=True, blank=True)
    through_tournament = models.PositiveIntegerField(null=True, blank=True)
    through_round = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-year"]
        verbose_name = _("Rating list")
        verbose_name_plural = _("Rating lists")
        constraints = [
            models.CheckConstraint(
                condition=Q(year=0) | Q(year__gte=1990, year__lte=2200),
                name="rating_scope_year_range",
            ),
        ]

    def __str__(self) -> str:
        return f"Rating {self.year or 'all'}"


class PlayerRating(models.Model):
    """A player's current rating in one scope, with the change of the last round played."""

    scope = models.ForeignKey(RatingScope, on_delete=models.CASCADE, related_name="ratings")
    player = models.ForeignKey("tournaments.Player", on_delete=models.CASCADE, related_name="+")
    rank = models.PositiveIntegerField()
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField()
    #: the value shown after the player's last round minus the one before it
    change = models.FloatField()
    last_date = models.DateField()

    class Meta:
        ordering = ["scope", "rank", "player_id"]
        constraints = [
            models.UniqueConstraint(fields=["scope", "player"], name="player_rating_unique"),
            models.UniqueConstraint(fields=["scope", "rank"], name="player_rating_unique_rank"),
        ]

    def __str__(self) -> str:
        return f"{self.rank}. {self.player_id} ({self.scope_id})"

    @property
    def display(self) -> float:
        return self.mu - 3 * self.sigma


class RatingChange(models.Model):
    """A player's all-time rating before and after one rated round (the rating's history, and
    "after the round" on the table's pages). Rewritten from a changed round on.

    Derived rows, 120,000 a year, written by COPY in the rating's order: the references are
    not checked by the database (deleted with their tournament or player by Django's CASCADE,
    as the scored lines' `UNINDEXED` ones), and the unique key leads with that order (date,
    tournament, round, player), so the writes append to it; only the player's index is
    written out of order (half the cost of a year's history when it led the unique key)."""

    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        related_name="+",
        db_index=False,
        db_constraint=False,
    )
    round_number = models.PositiveSmallIntegerField()
    date = models.DateField()
    player = models.ForeignKey(
        "tournaments.Player", on_delete=models.CASCADE, related_name="+", db_constraint=False
    )
    games = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    games_after = models.PositiveIntegerField()

    class Meta:
        indexes = [
            models.Index(fields=["tournament", "round_number"], name="rating_change_round"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["date", "tournament", "round_number", "player"],
                name="rating_change_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} @ {self.tournament_id}/{self.round_number}"
