"""The "Meine Daten" page and the federation admin's erasure requests (issue 16, item 6):
a player sees and changes only their own data; only the federation admin executes."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.support import builders
from tournaments.common import events
from tournaments.enums import ErasureStatus
from tournaments.models import ErasureRequest, Player

pytestmark = pytest.mark.django_db
ALREADY = "Ein Löschantrag für diesen Eintrag liegt dem Verband bereits vor."


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def test_the_player_sees_and_downloads_only_their_own_data(client, finished, field, player_user):
    client.force_login(player_user)
    page = client.get(reverse("ranking:my_data"))
    assert page.status_code == 200
    assert field[0].full_name in page.content.decode()
    download = client.get(reverse("ranking:my_data_json"))
    assert (
        download["Content-Disposition"] == f'attachment; filename="meine-daten-{field[0].pk}.json"'
    )
    assert download["Cache-Control"] == "private, no-store"
    data = json.loads(download.content)
    assert data["profile"]["id"] == field[0].pk
    assert all(field[1].last_name not in json.dumps(row) for row in data["results"])
    csv = client.get(reverse("ranking:my_data_csv"))
    assert csv["Content-Type"] == "text/csv; charset=utf-8"
    assert csv.content.decode("utf-8").startswith("\ufeffBereich;Nr.;Feld;Wert")


def test_without_a_player_account_there_is_no_data_page(client, director):
    assert client.get(reverse("ranking:my_data")).status_code == 302  # to the log-in
    client.force_login(director)
    assert client.get(reverse("ranking:my_data_json")).status_code == 403


def test_the_consent_changes_the_public_name_and_announces_it(
    client, finished, field, player_user, django_capture_on_commit_callbacks
):
    before = events.public_generation(finished.pk)
    client.force_login(player_user)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("ranking:my_data"), {}, follow=True)
    assert messages_of(response) == ["Öffentliche Seiten zeigen nur noch Ihre Initialen."]
    player = Player.objects.get(pk=field[0].pk)
    assert player.publish_name is False
    assert player.public_name == f"{player.first_name[0]}. {player.last_name[0]}."
    assert events.public_generation(finished.pk) > before
    client.logout()
    public = client.get(reverse("standings", args=[finished.pk])).content.decode()
    assert (player.full_name in public, player.public_name in public) == (False, True)


def test_erasure_request_then_the_admin_executes_it(
    client, finished, field, player_user, admin_user
):
    client.force_login(player_user)
    url = reverse("ranking:my_erasure_request")
    missing = client.post(url, {"reason": "Bitte"})
    assert missing.status_code == 422  # the confirmation box is required
    done = client.post(url, {"reason": "Bitte löschen", "confirm": "on"}, follow=True)
    assert messages_of(done) == [
        "Ihr Löschantrag ist beim Verband eingegangen. Sobald er ausgeführt ist, ist Ihr Konto "
        "geschlossen."
    ]
    request = ErasureRequest.objects.get(player=field[0])
    again = client.post(url, {"confirm": "on"}, follow=True)
    assert messages_of(again) == [ALREADY]

    client.force_login(builders.make_director("leiter2"))
    assert client.get(reverse("director:erasure_list")).status_code == 403
    assert client.post(reverse("director:erasure_execute", args=[request.pk])).status_code == 403
    client.force_login(admin_user)
    listing = client.get(reverse("director:erasure_list")).content.decode()
    assert "Bitte löschen" in listing
    executed = client.post(reverse("director:erasure_execute", args=[request.pk]), follow=True)
    assert messages_of(executed) == [f"Spieler #{field[0].pk} ist anonymisiert."]
    assert ErasureRequest.objects.get(pk=request.pk).status == ErasureStatus.DONE
    assert "Bitte löschen" not in executed.content.decode()
    assert client.post(reverse("director:erasure_execute", args=[99999])).status_code == 404
    player_user.refresh_from_db()
    assert (player_user.is_active, player_user.has_usable_password()) == (False, False)


def test_the_admin_records_a_request_for_a_guest_without_account(client, admin_user):
    guest = Player.objects.create(first_name="Gerda", last_name="Gast", is_guest=True)
    client.force_login(admin_user)
    url = reverse("director:erasure_record", args=[guest.pk])
    done = client.post(url, {"reason": "Brief vom 3. Mai"}, follow=True)
    assert messages_of(done) == ["Löschantrag für Gast, Gerda erfasst."]
    request = ErasureRequest.objects.get(player=guest)
    assert (request.requested_by, request.reason, request.status) == (
        admin_user, "Brief vom 3. Mai", ErasureStatus.OPEN
    )  # fmt: skip
    twice = client.post(url, {}, follow=True)
    assert messages_of(twice) == [ALREADY]
