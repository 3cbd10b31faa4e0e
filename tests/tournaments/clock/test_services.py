"""The director's round clock (issue #15.7): versions with who/when, director only, a released
round of a running tournament only, announced to the hall display."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from tests.support.builders import make_released_round, play_round
from tournaments.clock import services as clock_services
from tournaments.clock.selectors import clock_actions, round_clock
from tournaments.common import events
from tournaments.common.guards import FROZEN
from tournaments.enums import TournamentStatus
from tournaments.models import RoundClockAction

pytestmark = pytest.mark.django_db


@pytest.fixture
def released(director, players, desk_user):
    return make_released_round(
        director=director, players=players, count=8, seed=5, desk=[desk_user]
    )


def test_every_action_is_a_new_row_with_who_and_when(released, director):
    _, rnd = released
    clock_services.round_clock_start(rnd=rnd, user=director, minutes=90)
    clock_services.round_clock_pause(rnd=rnd, user=director)
    clock_services.round_clock_resume(rnd=rnd, user=director)
    state = clock_services.round_clock_end(rnd=rnd, user=director)
    rows = clock_actions(rnd)
    assert [(r.number, r.action, r.minutes, r.created_by) for r in rows] == [
        (1, "start", 90, director),
        (2, "pause", None, director),
        (3, "resume", None, director),
        (4, "end", None, director),
    ]
    assert state.status == "ended"
    assert round_clock(rnd).status == "ended"


def test_a_wrong_step_is_refused_without_a_row(released, director):
    _, rnd = released
    with pytest.raises(ValidationError) as refused:
        clock_services.round_clock_pause(rnd=rnd, user=director)
    assert refused.value.messages == ["Die Rundenuhr läuft nicht."]
    with pytest.raises(ValidationError):
        clock_services.round_clock_start(rnd=rnd, user=director, minutes=0)
    assert RoundClockAction.objects.count() == 0


def test_only_the_director_runs_the_clock(released, desk_user):
    _, rnd = released
    with pytest.raises(PermissionDenied):
        clock_services.round_clock_start(rnd=rnd, user=desk_user, minutes=90)
    assert RoundClockAction.objects.count() == 0


def test_a_published_round_has_no_clock(released, director, desk_user):
    _, rnd = released
    play_round(rnd, director=director, desk=desk_user)
    with pytest.raises(ValidationError) as refused:
        clock_services.round_clock_start(rnd=rnd, user=director, minutes=90)
    assert refused.value.messages == ["Diese Runde ist bereits veröffentlicht."]


def test_a_finished_tournament_is_frozen(released, director):
    tournament, rnd = released
    tournament.status = TournamentStatus.FINISHED
    tournament.save(update_fields=["status"])
    with pytest.raises(ValidationError) as refused:
        clock_services.round_clock_start(rnd=rnd, user=director, minutes=90)
    assert refused.value.messages == [FROZEN]


def test_a_clock_action_bumps_the_public_generation_after_commit(
    released, director, django_capture_on_commit_callbacks
):
    tournament, rnd = released
    before = events.public_generation(tournament.pk)
    with django_capture_on_commit_callbacks(execute=True):
        clock_services.round_clock_start(rnd=rnd, user=director, minutes=90)
    assert events.public_generation(tournament.pk) == before + 1


def test_the_round_page_has_the_controls_and_posting_starts_the_clock(client, released, director):
    tournament, rnd = released
    client.force_login(director)
    page = client.get(reverse("director:round_detail", args=[tournament.pk, rnd.number]))
    assert 'data-testid="round-clock"' in page.content.decode()
    url = reverse("director:round_clock", args=[tournament.pk, rnd.number])
    answer = client.post(url, {"action": "start", "minutes": "75"}, follow=True)
    assert "Die Rundenuhr läuft." in answer.content.decode()
    assert round_clock(rnd).duration_seconds == 75 * 60
    bad = client.post(url, {"action": "explode"}, follow=True)
    assert "Bitte eine gültige Aktion" in bad.content.decode()
    assert RoundClockAction.objects.count() == 1
