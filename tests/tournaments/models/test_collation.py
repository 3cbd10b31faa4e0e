"""The database sorts names as the Python key does (DIN 5007 variant 1), on SQLite and
PostgreSQL alike (issue #17.7)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.builders import make_named_players, make_tournament, register_players
from tournaments.domain.names import (
    EXPANDED_LETTERS,
    FOLDED_LETTERS,
    din5007_key,
    din5007_name_key,
)
from tournaments.models import Player, Team
from tournaments.models.collation import din5007_name_order, din5007_order

LETTERS = "aAbBeEkKoOsSuUzZéÉ -'." + "".join(FOLDED_LETTERS) + "".join(EXPANDED_LETTERS)
NAMES = st.text(alphabet=LETTERS, min_size=1, max_size=6)


@pytest.mark.django_db
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(people=st.lists(st.tuples(NAMES, NAMES), min_size=1, max_size=8))
def test_database_order_is_the_python_key_order(people):
    Player.objects.all().delete()
    for number, (last, first) in enumerate(people):
        Player.objects.create(last_name=last, first_name=first, federation_number=f"P{number}")

    in_db = list(
        Player.objects.order_by(*din5007_name_order()).values_list("last_name", "first_name")
    )

    assert in_db == sorted(people, key=lambda p: din5007_name_key(*p))


@pytest.mark.django_db
def test_koenig_before_krause_in_the_database():
    for number, last in enumerate(("Krause", "Kohl", "König", "kuhn", "Straßer", "Strauss")):
        Player.objects.create(last_name=last, first_name="Anna", federation_number=f"P{number}")

    names = list(Player.objects.order_by(*din5007_name_order()).values_list("last_name", flat=True))

    assert names == ["Kohl", "König", "Krause", "kuhn", "Straßer", "Strauss"]


@pytest.mark.django_db
def test_one_text_column(director):
    t = make_tournament(director=director)
    for name in ("Zürich", "Aachen", "Ödland", "Oberhausen"):
        Team.objects.create(tournament=t, name=name)

    names = list(Team.objects.order_by(*din5007_order("name")).values_list("name", flat=True))

    assert names == sorted(names, key=din5007_key) == ["Aachen", "Oberhausen", "Ödland", "Zürich"]


GERMAN_NAMES = [
    ("Krause", "Anna"),
    ("König", "Bert"),
    ("Kohl", "Carla"),
    ("Übel", "Dora"),
    ("Ulm", "Emil"),
    ("Strauß", "Frida"),
    ("Strauss", "Frida"),
    ("Ahrens", "Hanna"),
]
IN_DIN_ORDER = [
    "Ahrens", "Kohl", "König", "Krause", "Strauss", "Strauß", "Übel", "Ulm",
]  # fmt: skip


@pytest.mark.django_db
def test_every_name_ordered_list_is_in_din_order(director):
    """The registration list, the pairing list by name and the registry (Meta ordering)."""
    from tournaments.registration.selectors import registration_rows
    from tournaments.rounds import services as round_services
    from tournaments.rounds.selectors import seats_by_name

    players = make_named_players(GERMAN_NAMES)
    tournament = make_tournament(director=director, open=True)
    register_players(tournament, players, count=8, user=director)
    rnd = round_services.round_pair_next(tournament=tournament, user=director, seed=3)

    assert [r.player.last_name for r in registration_rows(tournament)] == IN_DIN_ORDER
    assert [p.last_name for p in Player.objects.all()] == IN_DIN_ORDER
    assert [s.player.last_name for s in seats_by_name(rnd, full_names=True)] == IN_DIN_ORDER
