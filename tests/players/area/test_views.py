"""The player's tournaments page (issue 16.2): register, waiting list, withdraw, all without
JavaScript; staff without an account, twice, late or a running tournament get a German
message and no change, never a 500."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.support import builders
from tournaments.enums import RegistrationSource, SignupStatus
from tournaments.models import Registration, SignupRequest

pytestmark = pytest.mark.django_db


@pytest.fixture
def upcoming(director):
    """Open for registration, four places, in a month (the deadline is ahead of the real now)."""
    start = timezone.localdate() + timedelta(days=30)
    return builders.make_tournament(
        director=director,
        open=True,
        max_players=4,
        start_date=start,
        end_date=start,
        ranking_year=start.year,
    )


@pytest.fixture
def me(client, players):
    user = builders.make_player_account("spielerin", players[0])
    client.force_login(user)
    return players[0]


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def test_register_shows_status_and_withdraw(client, me, upcoming):
    page = client.get(reverse("ranking:my_tournaments"))
    assert page.status_code == 200 and "Noch 4 Plätze frei." in page.content.decode()
    done = client.post(reverse("ranking:signup_register", args=[upcoming.pk]), follow=True)
    assert messages_of(done) == [f"Sie sind für „{upcoming.name}“ angemeldet."]
    reg = Registration.objects.get(tournament=upcoming, player=me)
    assert (reg.source, reg.reserve) == (RegistrationSource.ONLINE, False)
    twice = client.post(reverse("ranking:signup_register", args=[upcoming.pk]), follow=True)
    assert messages_of(twice) == ["Sie sind für dieses Turnier bereits angemeldet."]
    gone = client.post(reverse("ranking:signup_withdraw", args=[upcoming.pk]), follow=True)
    assert messages_of(gone) == [f"Sie sind von „{upcoming.name}“ abgemeldet."]
    assert Registration.objects.get(pk=reg.pk).withdrawn_at is not None


def test_full_field_puts_me_on_the_waiting_list_with_my_position(
    client, me, upcoming, players, director
):
    builders.register_players(upcoming, players[10:], count=4, user=director, check_in=False)
    done = client.post(reverse("ranking:signup_register", args=[upcoming.pk]), follow=True)
    assert messages_of(done) == [
        f"Das Feld von „{upcoming.name}“ ist voll: Sie stehen auf der Warteliste."
    ]
    assert "Warteliste, Platz 1" in done.content.decode()
    assert SignupRequest.objects.get(player=me).status == SignupStatus.WAITING


def test_after_the_deadline_nothing_changes(client, me, upcoming):
    upcoming.signup_deadline = timezone.now() - timedelta(minutes=1)
    upcoming.save()
    late = client.post(reverse("ranking:signup_register", args=[upcoming.pk]), follow=True)
    assert messages_of(late)[0].startswith("Der Anmeldeschluss war am")
    assert not Registration.objects.filter(tournament=upcoming).exists()
    assert "Anmelden</button>" not in late.content.decode()


def test_staff_without_an_account_cannot_register(client, director, upcoming):
    client.force_login(director)
    assert client.post(reverse("ranking:signup_register", args=[upcoming.pk])).status_code == 403
    assert client.get(reverse("ranking:my_tournaments")).status_code == 403
    assert not Registration.objects.filter(tournament=upcoming).exists()


@pytest.mark.parametrize("pk", [0, 999999, 2**40])
def test_unknown_tournament_is_a_404(client, me, pk):
    assert client.post(reverse("ranking:signup_register", args=[pk])).status_code == 404


def test_get_is_not_allowed_for_writes(client, me, upcoming):
    assert client.get(reverse("ranking:signup_register", args=[upcoming.pk])).status_code == 405


def test_director_sees_the_source_and_decides_requests(client, players, director, upcoming):
    upcoming.signup_approval = True
    upcoming.save()
    builders.register_players(upcoming, players[10:], count=1, user=director, check_in=False)
    client.force_login(builders.make_player_account("spielerin", players[0]))
    client.post(reverse("ranking:signup_register", args=[upcoming.pk]))
    request = SignupRequest.objects.get()
    client.force_login(director)
    page = client.get(reverse("director:registration", args=[upcoming.pk])).content.decode()
    assert "wartet auf Bestätigung" in page and "Turnierleitung</td>" in page
    url = reverse("director:signup_decide", args=[upcoming.pk, request.pk])
    client.post(url, {"action": "approve"})
    page = client.get(reverse("director:registration", args=[upcoming.pk])).content.decode()
    assert "Online (Spieler)</td>" in page
    again = client.post(url, {"action": "decline"}, follow=True)
    assert messages_of(again)[0].startswith("Über diese Anmeldung ist bereits entschieden")
    assert client.post(url, {"action": "x"}, follow=True).status_code == 200
