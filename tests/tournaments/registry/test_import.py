"""Player registry, CSV import: preview and import (service), upload and confirm (views)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.support.reading import flashed
from tournaments.models import Player
from tournaments.registry.services import (
    ImportSummary,
    RowError,
    players_csv_import,
    players_csv_preview,
)
from tournaments.registry.views import SESSION_IMPORT_KEY

HEADER = ("Mitgliedsnummer", "Nachname", "Vorname", "Verein", "Ort", "Geburtsjahr", "E-Mail",
          "Name veröffentlichen")  # fmt: skip

ROWS = [
    ("DRV-1", "Müller", "Jürgen", "RC Köln", "Köln", "1970", "j.mueller@example.org", "ja"),
    ("DRV-2", "Weiß", "Özlem", "", "Bremen", "", "", "nein"),
    ("DRV-3", "Schäfer", "Anna", "SG Köln 1998", "Köln", "2001", "", "ja"),
]


def csv_bytes(rows, *, header=HEADER, sep=";", encoding="utf-8-sig") -> bytes:
    lines = [sep.join(header)] + [sep.join(row) for row in rows]
    return ("\r\n".join(lines) + "\r\n").encode(encoding)


def upload(client, content: bytes, name: str = "spieler.csv"):
    return client.post(
        reverse("director:player_import"),
        {"file": SimpleUploadedFile(name, content, content_type="text/csv")},
    )


# --- CSV service ---------------------------------------------------------------------------


@pytest.mark.django_db
def test_csv_preview_utf8_with_bom_and_semicolon_writes_nothing():
    content = csv_bytes(ROWS)
    assert content.startswith(b"\xef\xbb\xbf")

    preview = players_csv_preview(content=content)

    assert preview.ok
    assert preview.errors == []
    assert (preview.encoding, preview.delimiter) == ("UTF-8", ";")
    assert [(r.line, r.values["federation_number"], r.action) for r in preview.rows] == [
        (2, "DRV-1", "create"),
        (3, "DRV-2", "create"),
        (4, "DRV-3", "create"),
    ]
    assert preview.rows[0].values == {
        "federation_number": "DRV-1",
        "last_name": "Müller",
        "first_name": "Jürgen",
        "club": "RC Köln",
        "city": "Köln",
        "birth_year": 1970,
        "email": "j.mueller@example.org",
        "publish_name": True,
    }
    assert Player.objects.count() == 0


@pytest.mark.django_db
def test_csv_import_utf8_with_bom_creates_players():
    summary = players_csv_import(content=csv_bytes(ROWS))

    assert summary == ImportSummary(created=3, updated=0, unchanged=0)
    weiss = Player.objects.get(federation_number="DRV-2")
    assert (weiss.last_name, weiss.first_name, weiss.club, weiss.city) == (
        "Weiß",
        "Özlem",
        "",
        "Bremen",
    )
    assert weiss.birth_year is None
    assert weiss.publish_name is False
    mueller = Player.objects.get(federation_number="DRV-1")
    assert (mueller.last_name, mueller.birth_year, mueller.publish_name) == ("Müller", 1970, True)


@pytest.mark.django_db
def test_csv_import_windows_1252_with_comma():
    content = csv_bytes(ROWS, sep=",", encoding="cp1252")
    assert b"M\xfcller" in content  # really cp1252, not UTF-8

    preview = players_csv_preview(content=content)
    assert (preview.encoding, preview.delimiter) == ("Windows-1252", ",")
    assert preview.ok

    assert players_csv_import(content=content) == ImportSummary(3, 0, 0)
    assert Player.objects.get(federation_number="DRV-1").last_name == "Müller"
    assert Player.objects.get(federation_number="DRV-2").full_name == "Weiß, Özlem"


@pytest.mark.django_db
def test_csv_preview_lists_every_bad_row_with_line_and_reason():
    rows = [
        ROWS[0],  # line 2: fine
        ("", "Ohne", "Nummer", "", "", "", "", "ja"),  # 3
        ("DRV-4", "Jahr", "Falsch", "", "", "19x5", "", "ja"),  # 4
        ("DRV-5", "Jahr", "Alt", "", "", "1850", "", "ja"),  # 5
        ("DRV-6", "Mail", "Kaputt", "", "", "", "kein-mail", "ja"),  # 6
        ("DRV-1", "Doppelt", "Nummer", "", "", "", "", "ja"),  # 7
        ("DRV-7", "Vielleicht", "Öffentlich", "", "", "", "", "vielleicht"),  # 8
        ("DRV-8", "", "", "", "", "", "", ""),  # 9: both names missing
    ]

    preview = players_csv_preview(content=csv_bytes(rows))

    assert not preview.ok
    assert preview.errors == [
        RowError(3, "Mitgliedsnummer fehlt."),
        RowError(4, "Geburtsjahr „19x5“ ist keine Jahreszahl zwischen 1900 und 2100."),
        RowError(5, "Geburtsjahr „1850“ ist keine Jahreszahl zwischen 1900 und 2100."),
        RowError(6, "E-Mail „kein-mail“ ist ungültig."),
        RowError(7, "Mitgliedsnummer DRV-1 steht schon in Zeile 2."),
        RowError(8, "„Name veröffentlichen“ muss ja oder nein sein, nicht „vielleicht“."),
        RowError(9, "Nachname fehlt; Vorname fehlt."),
    ]
    assert Player.objects.count() == 0


@pytest.mark.django_db
def test_csv_import_is_all_or_nothing():
    Player.objects.create(federation_number="DRV-3", last_name="Schäfer", first_name="Alt")
    rows = [ROWS[0], ROWS[2], ("DRV-9", "Fehler", "Jahr", "", "", "abc", "", "ja")]

    with pytest.raises(ValidationError) as info:
        players_csv_import(content=csv_bytes(rows))

    assert info.value.messages == [
        "Zeile 4: Geburtsjahr „abc“ ist keine Jahreszahl zwischen 1900 und 2100."
    ]
    assert list(Player.objects.values_list("federation_number", "first_name")) == [("DRV-3", "Alt")]


@pytest.mark.django_db
def test_csv_reimport_same_file_changes_nothing():
    content = csv_bytes(ROWS)
    players_csv_import(content=content)
    before = list(Player.objects.order_by("pk").values())

    preview = players_csv_preview(content=content)
    assert [r.action for r in preview.rows] == ["unchanged"] * 3
    assert players_csv_import(content=content) == ImportSummary(created=0, updated=0, unchanged=3)
    assert list(Player.objects.order_by("pk").values()) == before


@pytest.mark.django_db
def test_csv_reimport_with_changed_row_updates_that_player():
    players_csv_import(content=csv_bytes(ROWS))
    changed = [ROWS[0], ROWS[1], ("DRV-3", "Schäfer", "Anna", "RC Berlin-Mitte", "Berlin",
                                  "2001", "anna@example.org", "nein")]  # fmt: skip

    preview = players_csv_preview(content=csv_bytes(changed))
    assert [r.action for r in preview.rows] == ["unchanged", "unchanged", "update"]
    assert players_csv_import(content=csv_bytes(changed)) == ImportSummary(0, 1, 2)
    anna = Player.objects.get(federation_number="DRV-3")
    assert (anna.club, anna.city, anna.email, anna.publish_name) == (
        "RC Berlin-Mitte",
        "Berlin",
        "anna@example.org",
        False,
    )
    assert Player.objects.count() == 3


@pytest.mark.django_db
def test_csv_import_without_optional_columns_keeps_existing_values():
    """A file with only the required columns must not wipe e-mail, club or the privacy choice."""
    players_csv_import(content=csv_bytes(ROWS))
    short = csv_bytes(
        [("DRV-2", "Weiß", "Özlem"), ("DRV-10", "Neu", "Nina")],
        header=("Mitgliedsnummer", "Nachname", "Vorname"),
    )

    assert players_csv_import(content=short) == ImportSummary(created=1, updated=0, unchanged=1)

    weiss = Player.objects.get(federation_number="DRV-2")
    assert (weiss.city, weiss.publish_name) == ("Bremen", False)
    nina = Player.objects.get(federation_number="DRV-10")
    assert (nina.club, nina.birth_year, nina.email, nina.publish_name) == ("", None, "", True)


@pytest.mark.django_db
def test_csv_preview_header_missing_required_column():
    header = ("Mitgliedsnummer", "Name", "Verein")
    preview = players_csv_preview(content=csv_bytes([("DRV-1", "Müller", "RC")], header=header))

    assert preview.errors == [RowError(1, "Pflichtspalte „Vorname“ fehlt.")]
    assert preview.rows == []
    assert not preview.ok


@pytest.mark.django_db
def test_csv_preview_empty_file():
    assert players_csv_preview(content=b"").errors == [
        RowError(1, "Die Datei ist leer oder die Kopfzeile fehlt.")
    ]
    assert players_csv_preview(content=csv_bytes([])).errors == [
        RowError(2, "Die Datei enthält keine Spielerzeilen.")
    ]


@pytest.mark.django_db
def test_csv_preview_refuses_non_text_bytes():
    # 0x81 and 0x8D are neither UTF-8 nor defined in Windows-1252.
    assert players_csv_preview(content=b"\x81\x8d\x90\x9d binary").errors == [
        RowError(0, "Die Datei ist weder UTF-8 noch Windows-1252.")
    ]
    assert players_csv_preview(content=b"GIF89a\x01\x00\x01\x00\x00\xff").errors == [
        RowError(0, "Das ist keine CSV-Textdatei.")
    ]
    with pytest.raises(ValidationError):
        players_csv_import(content=b"GIF89a\x01\x00\x01\x00\x00\xff")
    assert Player.objects.count() == 0


# --- CSV views -----------------------------------------------------------------------------


def test_import_view_upload_preview_confirm(client, admin_user):
    client.force_login(admin_user)

    response = upload(client, csv_bytes(ROWS))

    assert response.status_code == 200
    html = response.content.decode()
    assert "Vorschau" in html
    assert "Kodierung UTF-8, Trennzeichen „;“." in html
    assert "Müller, Jürgen" in html
    assert Player.objects.count() == 0
    token = response.context["token"]
    assert client.session[SESSION_IMPORT_KEY]["token"] == token
    assert (response.context["created"], response.context["updated"]) == (3, 0)

    response = client.post(reverse("director:player_import"), {"confirm": "1", "token": token})

    assert response.status_code == 302
    assert response.url == reverse("director:player_list")
    assert flashed(response) == ["Import abgeschlossen: 3 neu, 0 geändert, 0 unverändert."]
    assert set(Player.objects.values_list("federation_number", flat=True)) == {
        "DRV-1",
        "DRV-2",
        "DRV-3",
    }
    assert SESSION_IMPORT_KEY not in client.session


def test_import_view_bad_file_shows_every_error_and_stores_nothing(client, admin_user):
    client.force_login(admin_user)
    rows = [ROWS[0], ("", "Ohne", "Nummer", "", "", "", "", ""), ROWS[0]]

    response = upload(client, csv_bytes(rows))

    assert response.status_code == 200
    html = response.content.decode()
    assert "2 fehlerhafte Zeilen – es wurde nichts importiert" in html
    assert "Zeile 3: Mitgliedsnummer fehlt." in html
    assert "Zeile 4: Mitgliedsnummer DRV-1 steht schon in Zeile 2." in html
    assert "Jetzt importieren" not in html
    assert SESSION_IMPORT_KEY not in client.session
    assert Player.objects.count() == 0


def test_import_view_non_text_upload_is_a_german_error(client, admin_user):
    client.force_login(admin_user)

    response = upload(client, b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", name="bild.png")

    assert response.status_code == 200
    assert "Das ist keine CSV-Textdatei." in response.content.decode()
    assert Player.objects.count() == 0


def test_import_view_forged_token_imports_nothing(client, admin_user):
    client.force_login(admin_user)
    upload(client, csv_bytes(ROWS))

    response = client.post(reverse("director:player_import"), {"confirm": "1", "token": "f" * 32})

    assert response.status_code == 302
    assert response.url == reverse("director:player_import")
    assert flashed(response) == ["Die Vorschau ist abgelaufen. Bitte die Datei erneut hochladen."]
    assert Player.objects.count() == 0


def test_import_view_stale_token_imports_nothing(client, admin_user):
    client.force_login(admin_user)
    token = upload(client, csv_bytes(ROWS)).context["token"]
    client.post(reverse("director:player_import_cancel"))
    assert SESSION_IMPORT_KEY not in client.session

    response = client.post(reverse("director:player_import"), {"confirm": "1", "token": token})

    assert flashed(response) == ["Die Vorschau ist abgelaufen. Bitte die Datei erneut hochladen."]
    assert Player.objects.count() == 0


def test_import_view_confirm_twice_imports_once(client, admin_user):
    client.force_login(admin_user)
    token = upload(client, csv_bytes(ROWS)).context["token"]
    client.post(reverse("director:player_import"), {"confirm": "1", "token": token}, follow=True)

    response = client.post(reverse("director:player_import"), {"confirm": "1", "token": token})

    assert flashed(response) == ["Die Vorschau ist abgelaufen. Bitte die Datei erneut hochladen."]
    assert Player.objects.count() == 3


def test_import_view_director_is_forbidden(client, director):
    client.force_login(director)

    assert client.get(reverse("director:player_import")).status_code == 403
    response = upload(client, csv_bytes(ROWS))
    assert response.status_code == 403
    assert SESSION_IMPORT_KEY not in client.session
    response = client.post(reverse("director:player_import"), {"confirm": "1", "token": "x"})
    assert response.status_code == 403
    assert Player.objects.count() == 0


@pytest.mark.django_db
def test_import_view_anonymous_is_sent_to_login(client):
    url = reverse("director:player_import")

    response = upload(client, csv_bytes(ROWS))

    assert response.status_code == 302
    assert response.url == f"{reverse('login')}?next={url}"
    assert Player.objects.count() == 0


# --- Create, edit, search ------------------------------------------------------------------
