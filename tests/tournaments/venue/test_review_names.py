"""The review screen names players and tournaments in its paths (issue 18, review): a uuid
tells the federation admin nothing."""

from django.utils import translation

from tests.support.builders import make_user
from tests.tournaments.venue.conftest import at_venue, envelope
from tournaments.enums import GlobalRole
from tournaments.models import Registration, Seat, UploadOutcome
from tournaments.registry.services import player_save
from tournaments.rounds.services import round_pair_next, round_swap_players
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


def test_a_pairing_change_reads_as_text_in_the_readers_language(running, staff):
    """A round drawn and changed at the venue: the held copy's new change log entry shows the
    sentence (stored as msgid and values) in the admin's language, not its JSON."""
    t = running.tournament
    director = staff["director"]

    def work():
        rnd = round_pair_next(tournament=t, user=director)
        a, b = (
            Seat.objects.filter(round=rnd, table__number=n).order_by("letter").first().player
            for n in (1, 2)
        )
        with translation.override("de"):
            round_swap_players(rnd=rnd, player_a=a, player_b=b, user=director)
        return a, b

    doc = at_venue(running, work, sequence=1)
    admin = make_user("verband", role=GlobalRole.FEDERATION_ADMIN)
    venue.venue_checkout_revoke(checkout=running, by=admin, reason="Laptop verloren")
    held = venue_upload_receive(raw=envelope(running, doc))
    with translation.override("en"):
        preview = held_upload_preview(upload=held)
    (added,) = [c.after for c in preview.changes if c.path.endswith("rounds[number=2]")]
    shown = [change["description"] for change in added["changes"]]
    assert len(shown) == 1
    assert shown[0].startswith("Swapped: ")
    assert "{" not in shown[0]
