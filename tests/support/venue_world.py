"""The venue mode's part of the permission world (issue 18): the director's tournament V,
checked out by her; an earlier checkout of V was revoked by the federation and holds an
upload for review, with a registry conflict of one of V's players."""

from __future__ import annotations

from django.utils import timezone

from tests.support import builders
from tournaments.models import VenueRegistryConflict
from tournaments.venue import checkout as venue
from tournaments.venue.apply import venue_upload_receive
from tournaments.venue.document import tournament_document
from tournaments.venue.signing import sign_document


def make_venue_world(*, director, admin, players) -> tuple:
    """(V, the held upload's id, the conflict's id)."""
    t = builders.make_tournament(director=director, open=True, name="Am Spielort")
    builders.register_players(t, players, count=4, user=director)
    revoked = venue.venue_checkout_open(tournament=t, by=director)
    document = tournament_document(
        tournament=t, checkout=revoked, sequence=1, made_at=timezone.now()
    )
    raw = sign_document(checkout_uuid=revoked.uuid, key=revoked.key, document=document)
    venue.venue_checkout_revoke(checkout=revoked, by=admin, reason="Laptop verloren")
    held = venue_upload_receive(raw=raw)
    venue.venue_checkout_open(tournament=t, by=director)
    conflict = VenueRegistryConflict.objects.create(
        upload=held, player=players[0], field="club", base="Alt", central="Neu", venue="Ort"
    )
    return t, held.pk, conflict.pk
