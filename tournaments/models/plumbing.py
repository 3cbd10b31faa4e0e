"""Plumbing records: the version of each tournament's public data."""

from django.db import models


class PublicChange(models.Model):
    """One announced change of a tournament's public data, written in the change's own
    transaction (`events.public_data_changed`). Rows are only ever added: their count per
    tournament is the version a stored standings snapshot must carry to be read (issue 14), so
    a snapshot computed before any later commit is never served. Inserts take no lock.

    The same count is the version of the tournament's public pages and API answers
    (`events.public_generation`), the count of all rows that of the pages listing every
    tournament: read from the index (tournament, id) alone."""

    tournament_id = models.BigIntegerField()
    recorded_at = models.DateTimeField(auto_now_add=True)
    # A publication's or release's change is held back from the live screens' ETag until the
    # warm-up stored the new standings (`events.live_release`), at most LIVE_HOLD_SECONDS: the
    # phones' first renders after it read stored rows (issue 32.4). Pages and caches use it
    # at once.
    held = models.BooleanField(default=False)

    class Meta:
        indexes = [models.Index(fields=["tournament_id", "id"], name="publicchange_version")]

    def __str__(self) -> str:
        return f"change of {self.tournament_id} @ {self.recorded_at:%H:%M:%S}"
