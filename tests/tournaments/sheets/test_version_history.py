"""The desk's version history and correction form (issue #17.6): changed cells marked, −100/−200
and a named winner shown, each state said once, a warning before a published correction."""

import re

import pytest
from django.urls import reverse

from tests.support.builders import make_released_round, make_user
from tests.tournaments.sheets.test_desk_views import GOOD
from tournaments.models import ResultSheet

pytestmark = pytest.mark.django_db

TIED_POOL = {**GOOD, "g4_A": "-7", "g4_B": "-7", "g4_C": "-30", "g4_D": "-9", "g4_winner": "B"}
"""Game 4: the pool ran out, A and B hold 7 each, a referee named B (Klub 11.4)."""


@pytest.fixture
def world(director, players):
    desk = make_user("orga")
    tournament, rnd = make_released_round(
        director=director, players=players, count=4, seed=3, desk=[desk]
    )
    return {"t": tournament, "round": rnd, "desk": desk, "director": director}


def url(w, name="director:sheet"):
    return reverse(name, args=[w["t"].pk, 1, 1])


def _publish(client, w):
    client.force_login(w["desk"])
    client.post(url(w), {**TIED_POOL, "version": "0", "action": "save"})
    client.force_login(w["director"])
    client.post(url(w, "director:sheet_action"), {"action": "confirm", "version": "1"})
    client.post(reverse("director:round_publish", args=[w["t"].pk, 1]))


def _version_items(html: str) -> dict[int, str]:
    """Version number → its <li> in the history."""
    history = html[html.index('data-testid="sheet-versions"') :]
    items = re.findall(r"<li><strong>Version (\d+)</strong>(.*?)</li>", history, re.S)
    return {int(n): body for n, body in items}


def test_each_state_is_said_once(client, world):
    _publish(client, world)

    items = _version_items(client.get(url(world)).content.decode())

    states = {n: re.search(r'data-testid="version-state">([^<]*)<', b)[1] for n, b in items.items()}
    assert states == {2: "Bestätigt", 1: "Erfasst"}


def test_a_correction_marks_the_cells_it_changed(client, world):
    _publish(client, world)
    corrected = {**TIED_POOL, "g1_A": "+70", "g1_D": "-40", "reason": "D hatte 40"}
    client.post(url(world), {**corrected, "version": "2", "action": "save"})
    assert ResultSheet.objects.get().version == 3

    items = _version_items(client.get(url(world)).content.decode())

    changed = re.findall(r'<td class="changed">([A-D]): ([^<]*)<', items[3])
    assert changed == [("A", "+70"), ("D", "−40")]
    assert 'class="changed"' not in items[2] + items[1]
    assert "Korrigiert – Bestätigt" in items[3]


def test_no_meld_and_the_named_winner_of_an_exhausted_pool(client, world):
    _publish(client, world)
    seats = {s.letter: s.player.full_name for s in world["round"].tables.get().seats.all()}

    item = _version_items(client.get(url(world)).content.decode())[1]

    assert 'A: −100 <span class="muted">(ohne erste Auslage)</span>' in item
    assert 'D: −200 <span class="muted">(ohne erste Auslage, hätte können)</span>' in item
    assert f"Spiel 4 <span>(Pool leer, Sieger: B {seats['B']})</span>" in item
    assert "C: +312" in item


def test_a_published_sheet_warns_before_saving_and_has_no_empty_check_box(client, world):
    _publish(client, world)

    html = client.get(url(world)).content.decode()

    assert (
        "Diese Runde ist veröffentlicht: Beim Speichern geht die Änderung sofort in die "
        "veröffentlichte Rangliste und in das Deutsche Ranking ein, ohne zweite Prüfung."
    ) in html
    assert 'aria-describedby="published-warning"' in html
    assert "Vier-Augen-Prüfung" not in html


def test_an_unpublished_sheet_has_no_warning_and_keeps_its_check_box(client, world):
    client.force_login(world["desk"])
    client.post(url(world), {**TIED_POOL, "version": "0", "action": "save"})

    html = client.get(url(world)).content.decode()

    assert "Diese Runde ist veröffentlicht" not in html
    assert "Vier-Augen-Prüfung" in html
