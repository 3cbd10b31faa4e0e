"""The commission pages: inbox, an appeal with its context, deciding through the form."""

from __future__ import annotations

import pytest
from django.urls import reverse

from ranking.enums import AppealStatus
from ranking.models import Decision
from tests.support.builders import make_user
from tournaments.enums import GlobalRole

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("roles", "expected"),
    [
        ((GlobalRole.COMMISSION,), 200),
        ((GlobalRole.DIRECTOR,), 403),
        ((GlobalRole.REFEREE,), 403),
        ((), 403),
    ],
)
def test_commission_pages_per_role(client, appeal, roles, expected):
    client.force_login(make_user("u", role=roles))
    assert client.get(reverse("ranking:commission_inbox")).status_code == expected
    assert (
        client.get(reverse("ranking:commission_appeal", args=[appeal.pk])).status_code == expected
    )
    response = client.post(
        reverse("ranking:commission_decide", args=[appeal.pk]),
        {"outcome": "rejected", "reasoning": "x"},
    )
    assert response.status_code in ((expected,) if expected == 403 else (302,))
    assert Decision.objects.exists() == (expected == 200)


def test_inbox_groups_by_status_in_fixed_queries(
    client, appeal, commission_member, django_assert_max_num_queries
):
    client.force_login(commission_member)
    with django_assert_max_num_queries(8):
        html = client.get(reverse("commission_home")).content.decode()
    assert 'data-testid="count-received">1<' in html
    assert 'data-testid="count-decided">0<' in html


def test_commission_sees_context_and_decides_upheld_via_form(
    client,
    appeal,
    commission_member,
    finished,
    django_capture_on_commit_callbacks,
    eager_celery,
    mailoutbox,
):
    client.force_login(commission_member)
    page = client.get(reverse("ranking:commission_appeal", args=[appeal.pk])).content.decode()
    assert "Versionen der Ergebnisliste" in page and "Version 2" in page
    sheet = finished.rounds.get(number=1).sheets.get(table__number=1)
    a1 = sheet.confirmed.games[0]["scores"]["A"]
    assert f'name="g1_A" value="{"+" if a1 > 0 else ""}{a1}"' in page  # prefilled
    client.post(reverse("ranking:commission_review", args=[appeal.pk]))
    appeal.refresh_from_db()
    assert appeal.status == AppealStatus.UNDER_REVIEW
    data = {
        "outcome": "upheld",
        "reasoning": "B hat gewonnen.",
        "runde": "1",
        "tisch": "1",
        "g1_A": "-10",
        "g1_B": "+60",
        "g1_C": "-20",
        "g1_D": "-30",
    }
    published = sheet.confirmed.games
    # keep the other games as published so only game 1 changes
    for g in published[1:]:
        for letter, value in g["scores"].items():
            data[f"g{g['number']}_{letter}"] = str(value)
        for letter, value in (g.get("no_meld") or {}).items():
            data[f"g{g['number']}_nomeld_{letter}"] = str(value)
        data[f"g{g['number']}_exhausted"] = "1" if g.get("pool_exhausted") else ""
        data[f"g{g['number']}_winner"] = g.get("declared_winner") or ""
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("ranking:commission_decide", args=[appeal.pk]), data)
    assert response.status_code == 302
    decision = Decision.objects.get()
    assert decision.outcome == "upheld" and decision.corrections.get().games[0]["scores"]["B"] == 60
    assert len(mailoutbox) == 1
    sheet.refresh_from_db()
    assert sheet.confirmed.games == published  # tournament result unchanged
    page = client.get(reverse("ranking:commission_appeal", args=[appeal.pk])).content.decode()
    assert (
        "Die Entscheidung ist endgültig" in page and "Entscheidung endgültig speichern" not in page
    )


def test_invalid_correction_in_form_is_422_with_message(client, appeal, commission_member):
    client.force_login(commission_member)
    data = {"outcome": "upheld", "reasoning": "x", "runde": "1", "tisch": "1"}
    for g in range(1, 5):
        data.update({f"g{g}_A": "+60", f"g{g}_B": "-10", f"g{g}_C": "-20", f"g{g}_D": "-20"})
    response = client.post(reverse("ranking:commission_decide", args=[appeal.pk]), data)
    assert response.status_code == 422
    assert "Spiel 1: Die Summe ist +10 statt 0 (Kontrollsumme)." in response.content.decode()
    assert not Decision.objects.exists()
