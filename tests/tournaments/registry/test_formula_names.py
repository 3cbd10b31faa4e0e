"""Names that a spreadsheet would run as a formula (OWASP) are refused with a German message."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.tournaments.registry.test_import import HEADER, ROWS, csv_bytes
from tournaments.models import Player
from tournaments.registry.services import RowError, player_save, players_csv_preview

pytestmark = pytest.mark.django_db


def test_csv_preview_refuses_names_that_start_like_a_formula():
    rows = [
        ROWS[0],
        ("DRV-8", '=HYPERLINK("http://x","y")', "Eva", "", "", "", "", "ja"),
        ("DRV-9", "Kurz", "+49", "@Klub", "-Stadt", "", "", "ja"),
    ]
    preview = players_csv_preview(content=csv_bytes(rows, header=HEADER))
    assert not preview.ok
    assert preview.errors == [
        RowError(
            3,
            'Nachname „=HYPERLINK("http://x","y")“ beginnt mit „=“; Namen, Verein und Ort dürfen '
            "nicht mit =, +, - oder @ beginnen (Excel würde sie als Formel ausführen).",
        ),
        RowError(
            4,
            "Vorname „+49“ beginnt mit „+“; Namen, Verein und Ort dürfen nicht mit =, +, - oder @ "
            "beginnen (Excel würde sie als Formel ausführen); "
            "Verein „@Klub“ beginnt mit „@“; Namen, Verein und Ort dürfen nicht mit =, +, - oder "
            "@ beginnen (Excel würde sie als Formel ausführen); "
            "Ort „-Stadt“ beginnt mit „-“; Namen, Verein und Ort dürfen nicht mit =, +, - oder @ "
            "beginnen (Excel würde sie als Formel ausführen).",
        ),
    ]


def test_player_form_refuses_a_formula_name(client, admin_user):
    client.force_login(admin_user)
    response = client.post(
        reverse("director:player_create"),
        {"federation_number": "DRV-7", "last_name": "@SUMME(A1)", "first_name": "Ida"},
    )
    assert response.status_code == 200
    assert response.context["form"].errors == {
        "last_name": [
            "Nachname „@SUMME(A1)“ beginnt mit „@“; Namen, Verein und Ort dürfen nicht mit =, +, "
            "- oder @ beginnen (Excel würde sie als Formel ausführen)."
        ]
    }
    assert not Player.objects.exists()


def test_player_save_service_refuses_a_formula_club():
    with pytest.raises(ValidationError) as exc:
        player_save(player=Player(federation_number="DRV-5", last_name="A", first_name="B",
                                  club="=1+1"))  # fmt: skip
    assert list(exc.value.message_dict) == ["club"]
