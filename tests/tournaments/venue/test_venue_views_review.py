"""Issue 18: uploads of a revoked checkout wait on the review screen; nothing is written until
a federation admin applies or discards them with a reason. Registry conflicts are resolved
there too (central or venue value, who/when/which kept)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.support.builders import make_user, play_next_round
from tests.tournaments.venue.conftest import at_venue, envelope
from tournaments.enums import GlobalRole
from tournaments.models import Round, UploadOutcome, VenueRegistryConflict
from tournaments.venue import checkout as venue
from tournaments.venue.apply import venue_upload_receive
from tournaments.venue.review import Change, document_changes


@pytest.fixture
def admin(db):
    return make_user("verband", role=GlobalRole.FEDERATION_ADMIN)


@pytest.fixture
def held(running, staff, admin):
    """Round 2 played at the venue, uploaded after the federation revoked the checkout."""
    t = running.tournament
    doc = at_venue(
        running,
        lambda: play_next_round(t, director=staff["director"], desk=staff["desk"]),
        sequence=1,
    )
    venue.venue_checkout_revoke(checkout=running, by=admin, reason="Laptop verloren")
    upload = venue_upload_receive(raw=envelope(running, doc))
    assert upload.outcome == UploadOutcome.REVIEW
    return upload


def _rounds(upload) -> int:
    return Round.objects.filter(tournament=upload.checkout.tournament).count()


def test_a_held_upload_writes_nothing_and_shows_what_it_would_change(client, held, admin):
    assert _rounds(held) == 1
    client.force_login(admin)
    listing = client.get(reverse("venue:review_list")).content.decode()
    assert reverse("venue:review", args=[held.pk]) in listing
    page = client.get(reverse("venue:review", args=[held.pk])).content.decode()
    assert 'data-testid="held-changes"' in page
    assert "rounds[number=2]" in page
    assert "Upload übernehmen" in page
    assert _rounds(held) == 1


@pytest.mark.parametrize("who", ["director", "desk"])
def test_only_the_federation_reviews(client, held, staff, who):
    client.force_login(staff[who])
    assert client.get(reverse("venue:review_list")).status_code == 403
    url = reverse("venue:review", args=[held.pk])
    assert client.get(url).status_code == 403
    assert client.post(url, {"decision": "apply", "reason": "x"}).status_code == 403
    assert _rounds(held) == 1


def test_a_decision_needs_a_reason(client, held, admin):
    client.force_login(admin)
    response = client.post(reverse("venue:review", args=[held.pk]), {"decision": "apply"})
    assert response.status_code == 400
    held.refresh_from_db()
    assert held.outcome == UploadOutcome.REVIEW
    assert _rounds(held) == 1


def test_apply_writes_it_through_the_upload_path(client, held, admin):
    client.force_login(admin)
    response = client.post(
        reverse("venue:review", args=[held.pk]),
        {"decision": "apply", "reason": "Runde 2 wurde wirklich gespielt"},
    )
    assert response.status_code == 302
    held.refresh_from_db()
    assert (held.outcome, held.decided_by, held.decision_reason) == (
        UploadOutcome.REVIEW_APPLIED,
        admin,
        "Runde 2 wurde wirklich gespielt",
    )
    assert held.payload == ""
    assert _rounds(held) == 2
    held.checkout.refresh_from_db()
    assert held.checkout.last_sequence == 1
    page = client.get(reverse("venue:review", args=[held.pk])).content.decode()
    assert 'data-testid="held-decided"' in page
    assert (
        client.post(
            reverse("venue:review", args=[held.pk]), {"decision": "discard", "reason": "x"}
        ).status_code
        == 200
    )  # decided: shown, not decided again
    held.refresh_from_db()
    assert held.outcome == UploadOutcome.REVIEW_APPLIED


def test_discard_writes_nothing(client, held, admin):
    client.force_login(admin)
    client.post(
        reverse("venue:review", args=[held.pk]), {"decision": "discard", "reason": "Testlauf"}
    )
    held.refresh_from_db()
    assert (held.outcome, held.decision_reason) == (UploadOutcome.REVIEW_DISCARDED, "Testlauf")
    assert _rounds(held) == 1


def test_a_refused_apply_stays_held(client, held, admin):
    """An older copy than what was applied meanwhile: stale, the upload stays held."""
    held.checkout.last_sequence = 5
    held.checkout.save(update_fields=["last_sequence"])
    client.force_login(admin)
    response = client.post(
        reverse("venue:review", args=[held.pk]), {"decision": "apply", "reason": "bitte"}
    )
    assert response.status_code == 400
    assert "Nicht übernommen: abgelehnt: älter als der letzte Upload." in (
        response.content.decode()
    )
    held.refresh_from_db()
    assert held.outcome == UploadOutcome.REVIEW
    assert _rounds(held) == 1


def _conflicts(held, player):
    return [
        VenueRegistryConflict.objects.create(
            upload=held, player=player, field="club", base="Alt", central="Zentral", venue="Ort"
        )
        for _ in range(2)  # two uploads saw the same difference
    ]


@pytest.mark.parametrize(("keep", "club"), [("central", "Zentral"), ("venue", "Ort")])
def test_a_registry_conflict_is_resolved_once_for_all_its_rows(client, held, admin, keep, club):
    player = held.checkout.tournament.registrations.first().player
    player.club = "Zentral"
    player.save()
    rows = _conflicts(held, player)
    client.force_login(admin)
    listing = client.get(reverse("venue:review_list")).content.decode()
    assert listing.count('data-testid="conflict-') == 1  # the newest row of player and field
    assert "<td>Alt</td><td>Zentral</td><td>Ort</td>" in listing
    client.post(
        reverse("venue:conflict_resolve", args=[rows[0].pk]), {"keep": keep, "reason": "Anruf"}
    )
    player.refresh_from_db()
    assert player.club == club
    for row in rows:
        row.refresh_from_db()
        assert row.resolved_by == admin
        assert row.resolution.endswith(f": {club} (Anruf)")


def test_the_director_resolves_no_conflict(client, held, staff):
    player = held.checkout.tournament.registrations.first().player
    row = _conflicts(held, player)[0]
    client.force_login(staff["director"])
    url = reverse("venue:conflict_resolve", args=[row.pk])
    assert client.post(url, {"keep": "venue"}).status_code == 403
    row.refresh_from_db()
    assert row.resolved_at is None


def test_document_changes_match_rows_by_their_keys():
    before = {"made_at": "1", "rounds": [{"number": 1, "status": "released"}], "name": "A"}
    after = {
        "made_at": "2",
        "rounds": [{"number": 1, "status": "published"}, {"number": 2, "status": "drawn"}],
        "name": "A",
    }
    assert document_changes(before, after) == [
        Change("rounds[number=1].status", "released", "published"),
        Change("rounds[number=2]", None, {"number": 2, "status": "drawn"}),
    ]
    assert document_changes(after, after) == []
