"""`Player.objects.search`: the one search of the registry, the registration, merging and the
referee's phone (issue 26)."""

import pytest

from tournaments.models import Player

PEOPLE = {
    "mueller": ("Müller", "Jörg", "DRV-00101", "RC Köln"),
    "muller": ("Muller", "Anna", "DRV-00102", "Spielfreunde Bonn"),
    "koehler": ("Köhler", "Hans-Peter", "DRV-00203", "RC Köln"),
    "schmidt": ("Schmidt", "Eva", "DRV-00304", "Bonner SC"),
    "guest": ("Gast", "Gustav", None, ""),
}


@pytest.fixture
def people(db):
    made = {}
    for key, (last, first, number, club) in PEOPLE.items():
        made[key] = Player.objects.create(
            last_name=last,
            first_name=first,
            federation_number=number,
            is_guest=number is None,
            club=club,
        )
    return made


@pytest.mark.parametrize(
    ("query", "club", "found"),
    [
        ("Müller", True, {"mueller"}),  # a whole last name
        ("ülle", True, {"mueller"}),  # part of a word, an umlaut as typed
        ("Muller", True, {"muller"}),  # no umlaut folding: ü is not u
        ("MüLLER", True, {"mueller"}),  # letter case does not matter
        ("SCHMIDT", True, {"schmidt"}),
        ("eva", True, {"schmidt"}),  # a first name
        ("Hans-Peter", True, {"koehler"}),
        ("00203", True, {"koehler"}),  # part of the membership number
        ("drv-001", True, {"mueller", "muller"}),
        ("Köln", True, {"mueller", "koehler"}),  # the club
        ("Köln", False, set()),  # ... not on the referee's phone
        ("RC Jörg", True, {"mueller"}),  # every word must match, each anywhere
        ("Müller, Jörg", True, {"mueller"}),  # a comma separates like a space
        ("Müller Eva", True, set()),
        ("Bonn", True, {"muller", "schmidt"}),
        ("", True, {"mueller", "muller", "koehler", "schmidt", "guest"}),  # no words: everyone
        ("   ", True, {"mueller", "muller", "koehler", "schmidt", "guest"}),
        ("x" * 100 + "Müller", True, set()),  # only the first 100 characters count
        (" " * 100 + "Müller", True, {"mueller"}),  # ... after the spaces around
    ],
)
def test_search_matches_every_word_in_name_number_or_club(people, query, club, found):
    result = Player.objects.search(query, club=club)
    assert set(result) == {people[key] for key in found}


def test_search_narrows_a_queryset_it_is_called_on(people):
    result = Player.objects.filter(is_guest=True).search("g")
    assert list(result) == [people["guest"]]
