"""The director's panel on the venue laptop: the light, "upload now", erasing the copy."""

import pytest
from django.urls import reverse

from tests.support.builders import make_user
from tournaments.enums import GlobalRole
from tournaments.models import Tournament
from tournaments.venue.laptop import uploader


def _url(name, state):
    return reverse(f"director:venue_laptop_{name}", args=[state.checkout.tournament_id])


def test_the_tournament_page_shows_the_light_that_polls(client, laptop):
    client.force_login(laptop.director)
    page = client.get(reverse("director:tournament_detail", args=[laptop.checkout.tournament_id]))
    html = page.content.decode()
    assert 'data-testid="laptop-upload"' in html
    assert f'data-hx-get="{_url("status", laptop)}"' in html
    assert 'data-colour="amber">Änderungen noch nicht hochgeladen<' in html


def test_the_central_tournament_page_has_no_light(client, laptop, settings):
    settings.VENUE_MODE = False
    client.force_login(laptop.director)
    page = client.get(reverse("director:tournament_detail", args=[laptop.checkout.tournament_id]))
    assert 'data-testid="laptop-upload"' not in page.content.decode()
    assert client.get(_url("status", laptop)).status_code == 404


def test_only_the_director_sees_the_light(client, laptop):
    client.force_login(make_user("fremd", role=GlobalRole.DIRECTOR))
    assert client.get(_url("status", laptop)).status_code == 403
    assert client.post(_url("upload", laptop)).status_code == 403
    assert client.post(_url("erase", laptop), {"confirm": "yes"}).status_code == 403


def test_upload_now_says_what_the_server_answered(client, laptop, monkeypatch):
    monkeypatch.setattr(uploader, "post_envelope", lambda url, envelope: ("applied", ""))
    client.force_login(laptop.director)
    answer = client.post(_url("upload", laptop), follow=True)
    assert [str(m) for m in answer.context["messages"]][0].startswith("Hochgeladen ")
    partial = client.get(_url("status", laptop)).content.decode()
    assert 'data-colour="green">Hochgeladen ' in partial
    assert "Lokale Kopie löschen …" in partial


def test_upload_now_without_a_line(client, laptop, monkeypatch):
    monkeypatch.setattr(uploader, "post_envelope", lambda url, envelope: ("unreachable", "x"))
    client.force_login(laptop.director)
    answer = client.post(_url("upload", laptop), follow=True)
    [message] = [str(m) for m in answer.context["messages"]]
    assert message.startswith("Hochladen fehlgeschlagen (unreachable): Keine Verbindung seit ")


def test_erasing_is_refused_while_the_server_lacks_changes(client, laptop):
    client.force_login(laptop.director)
    page = client.post(_url("erase", laptop), {"confirm": "yes"})
    assert page.status_code == 200
    assert page.context["error"] == (
        "Dem zentralen Server fehlen Änderungen dieses Laptops (Änderungen noch nicht "
        "hochgeladen): bitte erst hochladen."
    )
    assert Tournament.objects.filter(pk=laptop.checkout.tournament_id).exists()


def test_erasing_needs_the_tick(client, laptop, monkeypatch):
    monkeypatch.setattr(uploader, "post_envelope", lambda url, envelope: ("applied", ""))
    uploader.sync_once(force=True)
    client.force_login(laptop.director)
    assert client.get(_url("erase", laptop)).status_code == 200
    page = client.post(_url("erase", laptop), {})
    assert page.context["error"] == "Bitte zur Bestätigung das Kästchen ankreuzen."
    assert Tournament.objects.filter(pk=laptop.checkout.tournament_id).exists()


@pytest.mark.django_db(transaction=True)
def test_erasing_after_the_final_upload(client, laptop, monkeypatch):
    monkeypatch.setattr(uploader, "post_envelope", lambda url, envelope: ("applied", ""))
    uploader.sync_once(force=True)
    client.force_login(laptop.director)
    page = client.post(_url("erase", laptop), {"confirm": "yes"})
    assert page.status_code == 200
    assert 'data-testid="erased"' in page.content.decode()
    assert Tournament.objects.count() == 0
