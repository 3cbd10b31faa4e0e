"""Scored lines of the commission's corrections (SPEC §8): ranking only, never the published
results. The tournament's own lines are `tournaments.ScoredLine`; a correction in force replaces
that table's lines for the ranking."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext as _


class CorrectionLine(models.Model):
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
    letter = models.CharField(max_length=1)
    reserve = models.BooleanField()
    game_number = models.PositiveSmallIntegerField()
    pool_exhausted = models.BooleanField()
    game_points = models.IntegerField()
    minus_points = models.PositiveIntegerField()
    place = models.PositiveSmallIntegerField()
    placement_points = models.PositiveSmallIntegerField()
    winner = models.BooleanField()
    no_meld = models.PositiveSmallIntegerField(null=True)

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
