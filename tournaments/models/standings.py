"""Stored standings (issue 14): derived data, like the scored rounds they are summed from."""

from django.db import models

from tournaments.models.setup import Tournament


class StandingsSnapshot(models.Model):
    """The standings of a tournament after a round, with their HTML rows, as computed once.

    Valid only while ``version`` equals the tournament's count of `PublicChange` rows: any
    later announced change makes it invisible at once (readers compare in the same query) and
    the next reader computes and stores it again. ``shown`` 0 is "after the newest published
    round". ``payload`` holds the values as JSON text (decoded by the reader, cheaper than
    jsonb) but the rows, ``rows`` the rows (decoded only when used), ``html`` the rows
    formatted once (`standings.rows.parts_text`).
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    shown = models.PositiveSmallIntegerField()
    full_names = models.BooleanField()
    language = models.CharField(max_length=8)
    version = models.PositiveIntegerField()
    payload = models.TextField()
    rows = models.TextField()
    html = models.TextField()
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
