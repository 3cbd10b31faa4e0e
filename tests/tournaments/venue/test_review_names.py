"""The review screen names players and tournaments in its paths (issue 18, review): a uuid
tells the federation admin nothing."""

from tests.support.builders import make_user
from tests.tournaments.venue.conftest import at_venue, envelope
from tournaments.enums import GlobalRole
from tournaments.models import Registration, UploadOutcome
from tournaments.registry.services import player_save
from tournaments.venue import checkout as venue
from tournaments.venue.apply import venue_upload_receive
from tournaments.venue.review import held_upload_preview


def test_the_paths_name_the_player_and_the_tournament(running):
    t = running.tournament
    player = Registration.objects.filter(tournament=t).order_by("player__uuid").first().player
    city = player.city

    def edit():
        player.city = "Spielort-Stadt"
        player_save(player=player)

    doc = at_venue(running, edit, sequence=1)
    admin = make_user("verband", role=GlobalRole.FEDERATION_ADMIN)
    venue.venue_checkout_revoke(checkout=running, by=admin, reason="Laptop verloren")
    held = venue_upload_receive(raw=envelope(running, doc))
    assert held.outcome == UploadOutcome.REVIEW
    preview = held_upload_preview(upload=held)
    name = f"{player.first_name} {player.last_name}"
    assert [(c.path, c.before, c.after) for c in preview.changes] == [
        (f"players[{name}].city", city, "Spielort-Stadt")
    ]
