"""The check-in link as a QR code (issue 16.3): on the director's registration page while the
players' check-in is open, and on a printable A4 poster (the code large, the name, the link)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.support import builders
from tournaments.common.qr import qr_svg
from tournaments.registration.online import services as online
from tournaments.setup import services as setup_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def today(director, players):
    day = timezone.localdate()
    t = builders.make_tournament(
        director=director, open=True, name="Stadtmeisterschaft Kiel",
        start_date=day, end_date=day, ranking_year=day.year,
    )  # fmt: skip
    builders.register_players(t, players, count=4, user=director, check_in=False)
    return t


def test_the_qr_code_encodes_the_check_in_link(client, director, today):
    client.force_login(director)
    response = client.get(reverse("director:check_in_qr", args=[today.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    link = f"http://testserver/ranking/mein-bereich/turniere/{today.pk}/einchecken/"
    assert response.content == qr_svg(link, title="Check-in Stadtmeisterschaft Kiel")
    assert response.content.startswith(b'<svg xmlns="http://www.w3.org/2000/svg" viewBox=')
    assert b"<script" not in response.content


def test_a_juniors_field_points_at_the_events_link(client, director, today):
    juniors = setup_services.junior_field_create(tournament=today, user=director, rounds_planned=2)
    client.force_login(director)
    poster = client.get(reverse("director:check_in_poster", args=[juniors.pk]))
    assert poster.context["check_in_url"] == (
        f"http://testserver/ranking/mein-bereich/turniere/{today.pk}/einchecken/"
    )


def test_registration_page_shows_the_code_only_while_check_in_is_open(client, director, today):
    client.force_login(director)
    url = reverse("director:registration", args=[today.pk])
    qr = f'src="/leitung/turniere/{today.pk}/anmeldungen/check-in/qr.svg"'
    poster = f'href="/leitung/turniere/{today.pk}/anmeldungen/check-in/aushang/"'
    closed = client.get(url).content.decode()
    assert qr not in closed and poster in closed
    online.check_in_window_open(tournament=today, minutes=30, user=director)
    opened = client.get(url).content.decode()
    assert qr in opened and poster in opened


def test_poster_page_renders_for_print(client, director, today):
    client.force_login(director)
    online.check_in_window_open(tournament=today, minutes=30, user=director)
    page = client.get(reverse("director:check_in_poster", args=[today.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    link = f"http://testserver/ranking/mein-bereich/turniere/{today.pk}/einchecken/"
    assert f'<p class="poster-url">{link}</p>' in html
    assert (
        f'<img class="poster-qr" src="/leitung/turniere/{today.pk}/anmeldungen/check-in/qr.svg"'
        in html
    )
    assert "Stadtmeisterschaft Kiel · Bürgerhaus" in html
    assert "gerade nicht geöffnet" not in html
