"""The player's e-mail choices and calendar links (issue 16.4): switch each kind off, a secret
feed link to copy, renew or delete (the old one is 404 at once), and the federation calendar of
all public tournaments; both feeds parse back with `icalendar` into exactly the right events."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.urls import reverse
from icalendar import Calendar

from players.models import PlayerPreferences
from tests.support import builders
from tournaments.registration import services as registration_services
from tournaments.setup import services as setup_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def me(client, players):
    user = builders.make_player_account("spielerin", players[0])
    client.force_login(user)
    return user


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def events_of(response) -> dict[str, dict]:
    """UID -> the event's fields, parsed back with the library."""
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    calendar = Calendar.from_ical(b"".join(response) if response.streaming else response.content)
    return {
        str(e["UID"]): {
            "summary": str(e["SUMMARY"]),
            "start": e.decoded("DTSTART"),
            "end": e.decoded("DTEND"),
            "location": str(e.get("LOCATION", "")),
            "stamped": "DTSTAMP" in e,
        }
        for e in calendar.walk("VEVENT")
    }


def test_choices_default_on_and_each_can_be_switched_off(client, me):
    page = client.get(reverse("ranking:notifications"))
    assert page.status_code == 200
    form = page.context["form"]
    assert form.initial == {"table_mail": True, "correction_mail": True, "language": "de"}
    assert not PlayerPreferences.objects.exists()  # reading writes nothing

    done = client.post(reverse("ranking:notifications"), {"table_mail": "on"}, follow=True)
    assert messages_of(done) == ["Ihre Einstellungen sind gespeichert."]
    saved = PlayerPreferences.objects.get(account__user=me)
    assert (saved.table_mail, saved.correction_mail) == (True, False)
    assert done.context["form"].initial == {
        "table_mail": True,
        "correction_mail": False,
        "language": "de",
    }


def test_htmx_saves_in_place(client, me):
    response = client.post(
        reverse("ranking:notifications"), {"correction_mail": "on"}, HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section class="card" aria-labelledby="h-mails"')
    assert "Ihre Einstellungen sind gespeichert." in html
    saved = PlayerPreferences.objects.get(account__user=me)
    assert (saved.table_mail, saved.correction_mail) == (False, True)


def test_staff_without_an_account_is_refused(client, director):
    client.force_login(director)
    assert client.get(reverse("ranking:notifications")).status_code == 403
    assert client.post(reverse("ranking:calendar_link"), {"action": "new"}).status_code == 403
    assert not PlayerPreferences.objects.exists()


@pytest.fixture
def my_tournaments(director, players):
    """Registered for A (dates 12–13 Dec), withdrawn from B, a draft C; D is someone else's."""
    a = builders.make_tournament(
        director=director, open=True, name="A-Turnier", end_date=date(2026, 12, 13)
    )
    b = builders.make_tournament(director=director, open=True, name="B-Turnier", venue="")
    builders.make_tournament(director=director, name="C-Entwurf")
    d = builders.make_tournament(director=director, open=True, name="D-Turnier", venue="Halle")
    for t in (a, b):
        registration_services.registration_add(
            tournament=t, player=players[0], reserve=False, user=director
        )
    registration_services.registration_add(
        tournament=d, player=players[1], reserve=False, user=director
    )
    reg = b.registrations.get(player=players[0])
    registration_services.registration_update(registration=reg, withdrawn=True, user=director)
    return a, b, d


def test_feed_link_lists_exactly_my_registered_tournaments(client, me, my_tournaments):
    a, _b, _d = my_tournaments
    client.post(reverse("ranking:calendar_link"), {"action": "new"})
    page = client.get(reverse("ranking:notifications"))
    feed_url = page.context["feed_url"]
    token = PlayerPreferences.objects.get(account__user=me).calendar_token
    assert feed_url == f"http://testserver/ranking/kalender/{token}.ics"
    assert page.context["webcal_url"] == f"webcal://testserver/ranking/kalender/{token}.ics"
    assert 'data-copy="#feed-url"' in page.content.decode()

    client.logout()  # calendar apps fetch without a session
    feed = client.get(f"/ranking/kalender/{token}.ics")
    assert feed.status_code == 200
    assert events_of(feed) == {
        f"turnier-{a.pk}@turniere.rummikub-verband.de": {
            "summary": "A-Turnier",
            "start": date(2026, 12, 12),
            "end": date(2026, 12, 14),  # all-day, the end exclusive (RFC 5545)
            "location": "Bürgerhaus",
            "stamped": True,
        }
    }
    assert feed["Cache-Control"] == "private, no-store"


def test_a_new_link_revokes_the_old_and_delete_revokes_all(client, me):
    client.post(reverse("ranking:calendar_link"), {"action": "new"})
    old = PlayerPreferences.objects.get(account__user=me).calendar_token
    client.post(reverse("ranking:calendar_link"), {"action": "new"})
    new = PlayerPreferences.objects.get(account__user=me).calendar_token
    assert new != old and len(new) == 32
    gone = client.get(f"/ranking/kalender/{old}.ics")
    assert gone.status_code == 404 and "Seite nicht gefunden" in gone.content.decode()
    assert client.get(f"/ranking/kalender/{new}.ics").status_code == 200

    done = client.post(reverse("ranking:calendar_link"), {"action": "delete"}, follow=True)
    assert messages_of(done) == ["Der Kalender-Link ist gelöscht; er funktioniert nicht mehr."]
    assert client.get(f"/ranking/kalender/{new}.ics").status_code == 404
    again = client.post(reverse("ranking:calendar_link"), {"action": "delete"}, follow=True)
    assert messages_of(again) == ["Es gibt keinen Kalender-Link, der gelöscht werden könnte."]


@pytest.mark.parametrize("token", ["", "x" * 200, "../../etc", "%00"])
def test_bad_tokens_are_not_found(client, token):
    response = client.get(f"/ranking/kalender/{token}.ics")
    assert response.status_code == 404


def test_a_deactivated_users_feed_is_gone(client, me):
    client.post(reverse("ranking:calendar_link"), {"action": "new"})
    token = PlayerPreferences.objects.get(account__user=me).calendar_token
    me.is_active = False
    me.save(update_fields=["is_active"])
    assert client.get(f"/ranking/kalender/{token}.ics").status_code == 404


def test_federation_calendar_lists_every_public_tournament_once(client, director, my_tournaments):
    a, b, d = my_tournaments
    juniors = setup_services.junior_field_create(tournament=a, user=director, rounds_planned=2)
    assert juniors.juniors_of_id == a.pk
    first = client.get(reverse("federation_calendar"))
    assert first.status_code == 200
    events = events_of(first)
    uid = "turnier-{}@turniere.rummikub-verband.de".format
    assert sorted(events) == sorted([uid(a.pk), uid(b.pk), uid(d.pk)])  # no draft, no juniors
    assert events[uid(d.pk)] == {
        "summary": "D-Turnier",
        "start": date(2026, 12, 12),
        "end": date(2026, 12, 12) + timedelta(days=1),
        "location": "Halle",
        "stamped": True,
    }
    assert events[uid(b.pk)]["location"] == ""
    assert "mit Juniorenfeld" in str(
        Calendar.from_ical(first.content).walk("VEVENT")[0]["DESCRIPTION"]
    )
    assert events_of(client.get(reverse("federation_calendar"))) == events  # stable UIDs


def test_the_start_page_links_the_federation_calendar(client):
    page = client.get(reverse("home")).content.decode()
    assert 'href="/kalender.ics"' in page
