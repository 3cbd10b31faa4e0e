"""Plumbing records: what the site still owes the shared cache."""

from django.db import models


class LostBump(models.Model):
    """A public-page generation bump the cache did not take (Redis down or hanging): kept here
    and applied again when the cache answers, so a published change is never hidden behind a
    stale page (issue #19.3). ``tournament_id`` empty: the global generation only."""

    tournament_id = models.BigIntegerField(null=True, blank=True)
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"bump {self.tournament_id or 'global'} @ {self.recorded_at:%H:%M:%S}"


class PublicChange(models.Model):
    """One announced change of a tournament's public data, written in the change's own
    transaction (`events.public_data_changed`). Rows are only ever added: their count per
    tournament is the version a stored standings snapshot must carry to be read (issue 14), so
    a snapshot computed before any later commit is never served. Inserts take no lock."""

    tournament_id = models.BigIntegerField(db_index=True)
    recorded_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"change of {self.tournament_id} @ {self.recorded_at:%H:%M:%S}"
