"""A row by primary key with its SQL compiled once (`tournaments.common.prepared`): the very
instance the ORM builds, on SQLite (converters for dates and UUIDs) and PostgreSQL alike."""

from __future__ import annotations

import pytest
from django.db import models
from django.http import Http404

from tests.support.builders import make_director, make_players, make_tournament
from tournaments.common import access
from tournaments.common.prepared import PreparedGet
from tournaments.models import Player, Tournament

pytestmark = pytest.mark.django_db


def _values(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def test_the_instance_equals_the_orms_field_by_field():
    tournament = make_tournament(director=make_director(), open=True)

    got = PreparedGet(Tournament).get(tournament.pk)
    expected = Tournament.objects.get(pk=tournament.pk)

    assert _values(got) == _values(expected)
    assert type(got.start_date) is type(expected.start_date)  # a date, not text (SQLite)
    assert type(got.uuid) is type(expected.uuid)
    assert (got._state.adding, got._state.db) == (False, "default")
    got.name = "Umbenannt"
    got.save()  # an ordinary instance: it saves as one
    assert Tournament.objects.get(pk=tournament.pk).name == "Umbenannt"


@pytest.mark.parametrize("pk", [987654, 2**63, -(2**63) - 1, 10**30])
def test_no_row_or_a_number_out_of_range_finds_nothing(pk):
    assert PreparedGet(Tournament).get(pk) is None
    with pytest.raises(Http404):
        access.tournament_or_404(pk)


def test_a_number_as_text_is_read_as_the_orm_reads_it():
    tournament = make_tournament(director=make_director())
    reader = PreparedGet(Tournament)

    assert reader.get(str(tournament.pk)) == tournament
    with pytest.raises(ValueError):
        reader.get("drei")


def test_one_query_and_no_compiling_after_the_first(django_assert_num_queries, monkeypatch):
    tournament = make_tournament(director=make_director())
    reader = PreparedGet(Tournament)
    reader.get(1)  # compiled here
    monkeypatch.setattr(reader, "_compile", lambda alias: pytest.fail("compiled again"))

    with django_assert_num_queries(1):
        assert reader.get(tournament.pk) == tournament
    with django_assert_num_queries(1):
        access.tournament_or_404(tournament.pk)


def test_a_default_manager_that_filters_is_refused(monkeypatch):
    """A lookup by key alone would show the rows such a manager hides."""

    class Public(models.Manager):
        def get_queryset(self):
            return super().get_queryset().filter(status="open")

    manager = Public()
    manager.model = Tournament
    monkeypatch.setattr(Tournament._meta, "default_manager", manager)

    with pytest.raises(TypeError, match="not a plain lookup"):
        PreparedGet(Tournament).get(1)


def test_a_default_ordering_with_parameters_is_left_out():
    """Player's name order (DIN 5007) has parameters of its own: not part of a key lookup."""
    player = make_players(1)[0]

    assert PreparedGet(Player).get(player.pk) == player
