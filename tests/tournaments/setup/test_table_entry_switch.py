"""The director's switch for entry at the table (issue #15.4): on the tournament form and on
the overview; the juniors' field follows; a finished tournament stays as it is."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from tests.support.builders import make_tournament, make_user, play_tournament
from tests.support.reading import flashed
from tests.tournaments.test_permissions import TOURNAMENT_FORM
from tournaments.models import Tournament
from tournaments.setup import services as setup_services

pytestmark = pytest.mark.django_db


def test_table_entry_is_on_by_default_and_on_the_form(client, director):
    t = make_tournament(director=director)
    assert t.table_entry is True
    client.force_login(director)
    html = client.get(reverse("director:tournament_edit", args=[t.pk])).content.decode()
    assert 'name="table_entry"' in html
    assert "Ergebnisse am Tisch eintragen" in html


def test_the_form_switches_it_off_and_on(client, director):
    t = make_tournament(director=director)
    client.force_login(director)
    url = reverse("director:tournament_edit", args=[t.pk])
    assert client.post(url, TOURNAMENT_FORM).status_code == 302  # an unticked box: off
    assert Tournament.objects.get(pk=t.pk).table_entry is False
    client.post(url, {**TOURNAMENT_FORM, "table_entry": "on"})
    assert Tournament.objects.get(pk=t.pk).table_entry is True


def test_the_overview_switch_and_the_juniors_field_follows(client, director):
    t = make_tournament(director=director, open=True)
    juniors = setup_services.junior_field_create(tournament=t, rounds_planned=2, user=director)
    client.force_login(director)
    overview = reverse("director:tournament_detail", args=[t.pk])
    switch = reverse("director:tournament_table_entry", args=[t.pk])
    html = client.get(overview).content.decode()
    assert switch in html and "Ausschalten (nur Papier)" in html
    response = client.post(switch)
    assert flashed(response) == ["Ergebnisse am Tisch: ausgeschaltet, nur Papierbögen."]
    assert Tournament.objects.get(pk=t.pk).table_entry is False
    assert Tournament.objects.get(pk=juniors.pk).table_entry is False
    assert "Nur Papierbögen, die der Orgatisch erfasst." in client.get(overview).content.decode()
    response = client.post(switch, {"table_entry": "on"})
    assert flashed(response)[-1] == "Ergebnisse am Tisch: eingeschaltet."
    assert set(Tournament.objects.filter(pk__in=[t.pk, juniors.pk]).values_list(
        "table_entry", flat=True)) == {True}  # fmt: skip


def test_only_its_director_switches(client, director, other_director):
    t = make_tournament(director=director)
    desk = make_user("orga")
    with pytest.raises(PermissionDenied):
        setup_services.tournament_table_entry_set(tournament=t, enabled=False, user=desk)
    client.force_login(other_director)
    response = client.post(reverse("director:tournament_table_entry", args=[t.pk]))
    assert response.status_code == 403
    assert Tournament.objects.get(pk=t.pk).table_entry is True


def test_a_finished_tournament_is_frozen(director, players):
    desk = make_user("orga")
    t = play_tournament(director=director, desk=desk, players=players, rounds=None)
    with pytest.raises(ValidationError) as excinfo:
        setup_services.tournament_table_entry_set(tournament=t, enabled=False, user=director)
    assert excinfo.value.code == "frozen"
    assert Tournament.objects.get(pk=t.pk).table_entry is True
