"""Appeal errors in the user's language (issue 17): English msgids, German as before."""

from __future__ import annotations

from datetime import date

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation

from ranking.appeals import selectors as appeals_selectors
from ranking.appeals import services as appeals_services
from ranking.appeals.files import validate_attachment
from tests.ranking.conftest import IN_TIME

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "name", "expected"),
    [
        ("de", "bogen.jpg", "Die Datei ist leer."),
        ("en", "bogen.jpg", "The file is empty."),
        ("de", "bogen.exe", "Erlaubt sind Fotos (JPEG, PNG, WebP, HEIC) oder PDF, nicht „.exe“."),
        ("en", "bogen.exe", "Photos (JPEG, PNG, WebP, HEIC) or PDF are allowed, not “.exe”."),
    ],
)
def test_attachment_errors(language, name, expected):
    content = b"" if name.endswith(".jpg") else b"MZ"
    with translation.override(language), pytest.raises(ValidationError) as refused:
        validate_attachment(SimpleUploadedFile(name, content))
    assert refused.value.message_dict == {"attachment": [expected]}


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("de", {"round_number": ["Runde 9 gibt es in diesem Turnier nicht."]}),
        ("en", {"round_number": ["This tournament has no round 9."]}),
    ],
)
def test_an_unknown_round(finished, player_user, field, language, expected):
    with translation.override(language), pytest.raises(ValidationError) as refused:
        appeals_services.appeal_file(
            user=player_user,
            tournament=finished,
            player=field[0],
            what_is_wrong="x",
            correction_requested="y",
            round_number=9,
            now=IN_TIME,
        )
    assert refused.value.message_dict == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [("de", "21.06.2026, 23:59:59 Uhr"), ("en", "21 Jun 2026, 23:59:59 (Berlin time)")],
)
def test_deadline_in_the_users_language(language, expected):
    """The last second of the 14 days, formatted where the page is made (the core has no
    language): German as before, English with its own date order."""
    with translation.override(language):
        assert appeals_selectors.deadline_text(date(2026, 6, 7)) == expected
