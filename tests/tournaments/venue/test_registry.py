"""The player registry at check-in (issue 18, acceptance 9): a field edited centrally and at
the venue is a conflict with its three values and never blocks the results; an edit made only
at the venue is taken, one made only centrally stays; a venue guest arrives as a guest."""

import copy

from django.test import override_settings

from tests.tournaments.venue.conftest import at_venue, envelope, play
from tournaments.models import (
    Player,
    Registration,
    Round,
    UploadOutcome,
    VenueRegistryConflict,
)
from tournaments.registration.guests import guest_add
from tournaments.registry.services import player_save
from tournaments.venue.apply import venue_upload_receive


def _edit(player: Player, **fields) -> None:
    player.refresh_from_db()
    for name, value in fields.items():
        setattr(player, name, value)
    player_save(player=player)


def test_conflicts_are_recorded_and_the_results_still_import(running, staff):
    t = running.tournament
    both, venue_only, central_only = (
        r.player for r in Registration.objects.filter(tournament=t).order_by("player__uuid")[:3]
    )
    base_club = both.club
    _edit(both, club="Zentralverein")
    _edit(central_only, birth_year=1970)

    def venue_day():
        with override_settings(VENUE_MODE=True):
            _edit(both, club="Vereinsheim-Club")
            _edit(venue_only, city="Spielort")
            guest_add(tournament=t, first_name="Gina", last_name="Gast", club="Gäste",
                      reserve=True, user=staff["director"])  # fmt: skip
        play(t, staff)()

    doc = at_venue(running, venue_day, sequence=1)
    assert not Player.objects.filter(last_name="Gast").exists()
    upload = venue_upload_receive(raw=envelope(running, doc))
    assert (upload.outcome, upload.message) == (UploadOutcome.APPLIED, "")
    assert list(
        VenueRegistryConflict.objects.values_list("upload", "player", "field", "base", "central",
                                                  "venue")
    ) == [(upload.pk, both.pk, "club", base_club, "Zentralverein", "Vereinsheim-Club")]  # fmt: skip
    for player in (both, venue_only, central_only):
        player.refresh_from_db()
    assert both.club == "Zentralverein"  # the central registry keeps its value until decided
    assert venue_only.city == "Spielort"
    assert central_only.birth_year == 1970
    guest = Player.objects.get(last_name="Gast")
    assert (guest.is_guest, guest.federation_number, guest.club) == (True, None, "Gäste")
    assert Registration.objects.get(tournament=t, player=guest).reserve is True
    assert Round.objects.get(tournament=t, number=2).status == "published"
    # the next upload does not record the open conflict again
    again = venue_upload_receive(raw=envelope(running, {**doc, "sequence": 2}))
    assert again.outcome == UploadOutcome.APPLIED
    assert VenueRegistryConflict.objects.count() == 1
    # the guest's club corrected at the venue later: the venue's own row, taken as it comes
    later = copy.deepcopy(doc)
    later["sequence"] = 3
    next(p for p in later["players"] if p["uuid"] == str(guest.uuid))["club"] = "Neuer Club"
    assert venue_upload_receive(raw=envelope(running, later)).outcome == UploadOutcome.APPLIED
    guest.refresh_from_db()
    assert guest.club == "Neuer Club"
    assert VenueRegistryConflict.objects.count() == 1


def test_a_member_entered_at_the_venue_is_the_registry_member(running, staff, players):
    """A member the venue registered by number (the laptop's registry has only the event's
    players, so it creates a row) is the central member, not a second one."""
    t = running.tournament
    newcomer = players[20]
    count = Player.objects.count()

    def venue_day():
        with override_settings(VENUE_MODE=True):
            row = Player.objects.create(
                federation_number=newcomer.federation_number, first_name=newcomer.first_name,
                last_name=newcomer.last_name, club=newcomer.club,
            )  # fmt: skip
            Registration.objects.create(tournament=t, player=row, reserve=True)

    number = newcomer.federation_number
    Player.objects.filter(pk=newcomer.pk).update(federation_number=None, is_guest=True)
    doc = at_venue(running, venue_day, sequence=1)
    Player.objects.filter(pk=newcomer.pk).update(federation_number=number, is_guest=False)
    upload = venue_upload_receive(raw=envelope(running, doc))
    assert upload.outcome == UploadOutcome.APPLIED
    assert Player.objects.count() == count
    assert Registration.objects.get(tournament=t, player=newcomer).reserve is True
