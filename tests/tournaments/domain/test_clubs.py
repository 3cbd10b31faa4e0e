"""Clubs as the registry writes them (issue 33.2): one club, many spellings."""

from __future__ import annotations

import pytest

from tournaments.domain.clubs import club_display, club_name, club_slug


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("RC Köln e.V.", "rc-koeln"),
        ("rc  koeln", "rc-koeln"),
        ("RC KÖLN e. V.", "rc-koeln"),
        ("RC Köln 2", "rc-koeln-2"),
        ("Rummikub-Freunde Straße", "rummikub-freunde-strasse"),
        ("Café Élan", "cafe-elan"),
        ("Steve", "steve"),
        ("", ""),
        ("   ", ""),
        ("e.V.", ""),
    ],
)
def test_club_slug(name, slug):
    assert club_slug(name) == slug


def test_display_and_name():
    assert club_display("  RC   Köln ") == "RC Köln"
    # the most frequent spelling, ties to the alphabetically first
    assert club_name(["RC Köln", "RC Koeln", "RC Köln ", "rc köln"]) == "RC Köln"
    assert club_name(["B", "A"]) == "A"
    assert club_name(["", " "]) == ""
