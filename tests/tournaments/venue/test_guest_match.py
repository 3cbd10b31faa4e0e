"""A guest created at the venue is matched to a member after check-in (issue 18, acceptance
9): the federation admin merges the two registry entries on the player's merge page. While the
tournament is still checked out the merge is refused (it rewrites the tournament's rows)."""

import pytest
from django.test import override_settings
from django.urls import reverse

from tests.support.builders import make_user
from tests.tournaments.venue.conftest import at_venue, envelope, play
from tournaments.enums import GlobalRole
from tournaments.models import Player, PlayerMerge, Registration, UploadOutcome
from tournaments.registration.guests import guest_add
from tournaments.venue.apply import venue_upload_receive
from tournaments.venue.checkout import venue_checkout_checkin

GUARD = "Das Turnier ist an den Spielort ausgecheckt: bis zum Einchecken wird es nur auf dem Laptop"


@pytest.fixture
def guest_day(running, staff):
    """Round 2 at the venue, a guest (the member forgot her card) registered there as reserve."""
    t = running.tournament

    def day():
        with override_settings(VENUE_MODE=True):
            guest_add(tournament=t, first_name="Gina", last_name="Gast", club="",
                      reserve=True, user=staff["director"])  # fmt: skip
        play(t, staff)()

    upload = venue_upload_receive(raw=envelope(running, at_venue(running, day, sequence=1)))
    assert upload.outcome == UploadOutcome.APPLIED
    return Player.objects.get(last_name="Gast")


def _merge(client, guest, member):
    admin = make_user("verband", role=GlobalRole.FEDERATION_ADMIN)
    client.force_login(admin)
    return client.post(
        reverse("director:player_merge", args=[member.pk]),
        {"other": guest.pk, "keep": "this", "reason": "Gast vom Spielort ist Mitglied"},
    )


def test_the_guest_is_matched_to_a_member_after_check_in(client, running, staff, players,
                                                         guest_day):  # fmt: skip
    member = players[40]
    assert guest_day.is_guest and Registration.objects.filter(player=guest_day).count() == 1
    venue_checkout_checkin(checkout=running, by=staff["director"])
    response = _merge(client, guest_day, member)
    assert response.status_code == 302
    assert not Player.objects.filter(pk=guest_day.pk).exists()
    assert Registration.objects.filter(player=member, tournament=running.tournament).exists()
    merge = PlayerMerge.objects.get()
    assert (merge.kept_id, merge.reason) == (member.pk, "Gast vom Spielort ist Mitglied")


def test_no_match_while_the_tournament_is_checked_out(client, running, players, guest_day):
    member = players[40]
    response = _merge(client, guest_day, member)
    assert response.status_code == 422
    assert GUARD in response.content.decode()
    assert Player.objects.filter(pk=guest_day.pk, is_guest=True).exists()
    assert not PlayerMerge.objects.exists()


def test_after_check_in_the_section_links_the_guests_to_their_merge_page(
    client, running, staff, guest_day
):
    url = reverse("venue:section", args=[running.tournament_id])
    link = reverse("director:player_merge", args=[guest_day.pk])
    client.force_login(make_user("verband", role=GlobalRole.FEDERATION_ADMIN))
    assert link not in client.get(url).content.decode()  # still out: nothing to match yet
    venue_checkout_checkin(checkout=running, by=staff["director"])
    page = client.get(url).content.decode()
    assert 'data-testid="venue-guests"' in page
    assert f'Gina Gast – <a href="{link}">einem Mitglied zuordnen</a>' in page
    client.force_login(staff["director"])  # the merge is the federation's
    assert link not in client.get(url).content.decode()
