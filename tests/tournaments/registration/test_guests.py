"""Guests on the day (issue 16.4): name and club, no member number, marked as guest, added by
the tournament's director only; a guest who later gets a member number becomes a member."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse

from tests.support import builders
from tournaments.models import Player, Registration
from tournaments.registration import guests
from tournaments.registry import services as registry_services

pytestmark = pytest.mark.django_db


def test_director_adds_a_guest(open_tournament, director):
    reg = guests.guest_add(
        tournament=open_tournament,
        first_name=" Gerda ",
        last_name="Gast",
        club="SV Nord",
        user=director,
    )
    guest = reg.player
    assert (guest.full_name, guest.club, guest.is_guest, guest.federation_number) == (
        "Gast, Gerda",
        "SV Nord",
        True,
        None,
    )
    assert (reg.reserve, reg.source, reg.registered_by) == (False, "staff", director)
    assert str(guest) == "Gast, Gerda (Gast)"


def test_twice_or_empty_or_other_director_changes_nothing(
    open_tournament, director, other_director
):
    guests.guest_add(
        tournament=open_tournament, first_name="Gerda", last_name="Gast", user=director
    )
    with pytest.raises(ValidationError, match="ist bereits angemeldet"):
        guests.guest_add(
            tournament=open_tournament, first_name="gerda", last_name="GAST", user=director
        )
    with pytest.raises(ValidationError) as exc:
        guests.guest_add(tournament=open_tournament, first_name=" ", last_name="", user=director)
    assert exc.value.message_dict == {
        "first_name": ["Bitte den Vornamen angeben."],
        "last_name": ["Bitte den Nachnamen angeben."],
    }
    with pytest.raises(PermissionDenied):
        guests.guest_add(
            tournament=open_tournament, first_name="Hugo", last_name="Gast", user=other_director
        )
    assert Player.objects.filter(is_guest=True).count() == 1


def test_after_round_one_only_as_reserve_and_nothing_is_left_over(director, players):
    t, _round = builders.make_drawn_round(director=director, players=players, count=8, seed=1)
    with pytest.raises(ValidationError, match="nur noch Ersatzspieler"):
        guests.guest_add(tournament=t, first_name="Gerda", last_name="Gast", user=director)
    assert not Player.objects.filter(is_guest=True).exists()
    reg = guests.guest_add(
        tournament=t, first_name="Gerda", last_name="Gast", reserve=True, user=director
    )
    assert reg.reserve is True


def test_members_need_a_number_and_guests_have_none(db):
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(first_name="A", last_name="B", federation_number=None)
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(first_name="A", last_name="B", federation_number="X-1", is_guest=True)


def test_a_guest_given_a_number_becomes_a_member(open_tournament, director):
    guest = guests.guest_add(
        tournament=open_tournament, first_name="Gerda", last_name="Gast", user=director
    ).player
    guest.federation_number = "DRV-77777"
    registry_services.player_save(player=guest)
    guest.refresh_from_db()
    assert (guest.is_guest, guest.federation_number) == (False, "DRV-77777")


def test_guest_form_on_the_registration_page(client, open_tournament, director):
    client.force_login(director)
    url = reverse("director:guest_add", args=[open_tournament.pk])
    bad = client.post(url, {"first_name": "", "last_name": "Gast"}, follow=True)
    assert [str(m) for m in bad.context["messages"]] == [
        "Gast: Dieses Feld ist zwingend erforderlich."
    ]
    done = client.post(url, {"first_name": "Gerda", "last_name": "Gast", "club": "SV"}, follow=True)
    assert [str(m) for m in done.context["messages"]] == ["Gast Gast, Gerda angemeldet."]
    page = done.content.decode()
    assert '<span class="badge">Gast</span>' in page
    assert (
        Registration.objects.filter(tournament=open_tournament, player__is_guest=True).count() == 1
    )
