"""Check-in pages (issue 16.3): the director opens the window from the registration page, the
player checks in from the posted link; bad input gets a German message, never a 500."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.support import builders
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


@pytest.fixture
def today(director, players):
    day = timezone.localdate()
    t = builders.make_tournament(
        director=director, open=True, start_date=day, end_date=day, ranking_year=day.year
    )
    builders.register_players(t, players, count=4, user=director, check_in=False)
    return t


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def test_director_opens_player_checks_in_page_shows_it(client, director, players, today):
    window = reverse("director:check_in_window", args=[today.pk])
    client.force_login(director)
    bad = client.post(window, {"action": "open", "minutes": "99999999999"}, follow=True)
    assert messages_of(bad) == ["Bitte eine der angebotenen Dauern wählen."]
    opened = client.post(window, {"action": "open", "minutes": "60"}, follow=True)
    assert messages_of(opened)[0].startswith("Check-in für Spieler geöffnet bis")
    assert 'data-hx-trigger="every 20s"' in opened.content.decode()

    client.force_login(builders.make_player_account("spieler", players[0]))
    link = reverse("ranking:check_in", args=[today.pk])
    assert "Jetzt einchecken" in client.get(link).content.decode()
    done = client.post(link, follow=True)
    assert messages_of(done) == ["Eingecheckt. Viel Erfolg!"]
    assert Registration.objects.get(tournament=today, player=players[0]).checked_in_at
    again = client.post(link, follow=True)
    assert messages_of(again)[0].startswith("Sie sind bereits eingecheckt")

    client.force_login(director)
    page = client.get(reverse("director:registration", args=[today.pk])).content.decode()
    assert page.count("badge-ok") == 1  # the one player in
    closed = client.post(window, {"action": "close"}, follow=True)
    assert messages_of(closed) == ["Check-in für Spieler geschlossen."]


def test_closed_window_and_strangers(client, players, today):
    client.force_login(builders.make_player_account("fremd", players[20]))
    link = reverse("ranking:check_in", args=[today.pk])
    page = client.get(link).content.decode()
    assert "nicht angemeldet" in page
    refused = client.post(link, follow=True)
    assert messages_of(refused)[0].startswith("Der Check-in ist noch nicht geöffnet")
    assert not Registration.objects.exclude(checked_in_at=None).exists()


def test_check_in_link_asks_to_log_in_first(client, today):
    link = reverse("ranking:check_in", args=[today.pk])
    response = client.get(link)
    assert response.url == f"{reverse('login')}?next={link}"
