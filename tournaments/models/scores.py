"""The score columns several tables store alike (Klub 10.1): a seat's scored game, and a
player's sums over games. Abstract: each table keeps its own columns and constraints."""

from django.db import models


class GameScoreColumns(models.Model):
    """One seat's scored game: the tournament's scored lines and the ranking's correction lines
    (`domain.sheets.LINE_COLUMNS` without the player). ``no_meld`` is 100 or 200 (Klub 19.2)."""

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
        abstract = True


class ScoreSumColumns(models.Model):
    """A player's sums over some games: of a round (scored rounds), a tournament (the ranking's
    contributions) or a year (the ranking's entries)."""

    placement_points = models.IntegerField()
    game_points = models.IntegerField()
    first = models.PositiveSmallIntegerField()
    second = models.PositiveSmallIntegerField()
    third = models.PositiveSmallIntegerField()
    fourth = models.PositiveSmallIntegerField()
    minus_points = models.PositiveIntegerField()
    games = models.PositiveSmallIntegerField()

    class Meta:
        abstract = True

    @property
    def placings(self) -> tuple[int, int, int, int]:
        return (self.first, self.second, self.third, self.fourth)

    @property
    def placement_points_per_game(self) -> float:
        return self.placement_points / self.games if self.games else 0.0
