"""Stored standings (issue 14): derived data, like the scored rounds they are summed from."""

from django.db import models

from tournaments.models.setup import Tournament


class StandingsSnapshot(models.Model):
    """The standings of a tournament after a round, with their HTML rows, as computed once.

    Valid only while ``version`` equals the tournament's count of `PublicChange` rows: any
    later announced change makes it invisible at once (readers compare in the same query) and
    the next reader computes and stores it again. ``shown`` 0 is "after the newest published
    round". ``payload`` holds the values as JSON text (decoded by the reader, cheaper than
    jsonb) but the rows; ``parts`` the rows' HTML, formatted once, and their values,
    compressed (`standings.html.Parts`: a page splices the rows in as they are stored,
    `common.spliced`; the values are decoded only when used).
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    shown = models.PositiveSmallIntegerField()
    full_names = models.BooleanField()
    language = models.CharField(max_length=8)
    version = models.PositiveIntegerField()
    payload = models.TextField()
    parts = models.BinaryField()
    computed_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "shown", "full_names", "language"],
                name="standings_snapshot_unique",
            )
        ]

    def __str__(self) -> str:
        return f"standings {self.tournament_id} after {self.shown or 'last'} v{self.version}"


class StandingsPlaces(models.Model):
    """Who placed where in a tournament's standings after its newest published round (issue
    33.6): each listed player's rank and final flag, in the standings' order, without names or
    points. A career reads its place in dozens of tournaments from these short rows instead of
    decoding each tournament's whole stored table. One row per tournament (the places depend
    on neither the language nor the names choice), stored whenever the newest standings are
    (`standings.snapshots`). Valid only while ``version`` equals the tournament's count of
    `PublicChange` rows, like `StandingsSnapshot`. ``places`` is JSON text:
    ``{"player_ids": [...], "ranks": [rank or null, ...], "finalists": [0 or 1, ...]}``.
    """

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="+")
    version = models.PositiveIntegerField()
    places = models.TextField()
    computed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"places {self.tournament_id} v{self.version}"
