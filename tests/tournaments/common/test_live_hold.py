"""Issue 32.4: a publication reaches the live screens when its pages are ready. Its change is
held from the screens' ETag until the warm-up stored the standings (or LIVE_HOLD_SECONDS
passed); pages, caches and the API use it at once."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.support.builders import make_released_round, play_round
from tournaments.common import events
from tournaments.models import PublicChange, StandingsSnapshot
from tournaments.rounds import services as round_services

pytestmark = pytest.mark.django_db

POLL = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "live-standings"}


@pytest.fixture
def entered(director, players, desk_user):
    """Round 1 of 8 players played and confirmed, not published; the live screen's tag."""
    tournament, rnd = make_released_round(
        director=director, players=players, count=8, seed=3, desk=[desk_user]
    )
    play_round(rnd, director=director, desk=desk_user, publish=False)
    events.forget_versions()
    return tournament, rnd


def _publish_without_warm_up(rnd, director, monkeypatch, captured):
    """The publication commits; the warm-up is queued but has not run yet."""
    queued = []
    monkeypatch.setattr(events.breaker, "publish", lambda *a, **kw: queued.append(a) or True)
    with captured(execute=True):
        round_services.round_publish(rnd=rnd, user=director)
    assert ("tournaments.warm_public_pages", rnd.tournament_id) in queued


def test_the_screens_hear_of_a_publication_once_the_standings_are_stored(
    client, entered, director, settings, monkeypatch, django_capture_on_commit_callbacks
):
    settings.PUBLIC_PAGES_WARM = True
    tournament, rnd = entered
    url = reverse("standings", args=[tournament.pk])
    tag = client.get(url, **POLL)["ETag"]
    before = events.public_generation(tournament.pk)

    _publish_without_warm_up(rnd, director, monkeypatch, django_capture_on_commit_callbacks)

    assert events.public_generation(tournament.pk) == before + 1  # pages: at once
    assert events.live_generation(tournament.pk) == before  # screens: not yet
    assert client.get(url, HTTP_IF_NONE_MATCH=tag, **POLL).status_code == 304
    stored = StandingsSnapshot.objects.filter(tournament_id=tournament.pk, version=before)
    assert not stored.exists()  # of the new version (the rows counted: the version less one)

    from tournaments.standings import warming

    warming.public_pages_warm(tournament_id=tournament.pk)

    assert stored.exists()
    assert events.live_generation(tournament.pk) == before + 1
    answer = client.get(url, HTTP_IF_NONE_MATCH=tag, **POLL)
    assert answer.status_code == 200
    assert answer["ETag"] != tag
    assert answer["X-Public-Cache"] == "hit"  # the warm-up rendered it for the screens


def test_a_held_change_reaches_the_screens_after_the_hold_at_the_latest(
    client, entered, director, settings, monkeypatch, django_capture_on_commit_callbacks
):
    """A worker that is down or slow delays the screens by LIVE_HOLD_SECONDS, no more."""
    settings.PUBLIC_PAGES_WARM = True
    tournament, rnd = entered
    before = events.live_generation(tournament.pk)
    _publish_without_warm_up(rnd, director, monkeypatch, django_capture_on_commit_callbacks)
    assert events.live_generation(tournament.pk) == before
    past = timezone.now() - timedelta(seconds=events.LIVE_HOLD_SECONDS + 0.1)
    PublicChange.objects.filter(tournament_id=tournament.pk, held=True).update(recorded_at=past)
    events.forget_versions(tournament.pk)
    assert events.live_generation(tournament.pk) == before + 1


def test_a_warm_up_that_cannot_be_queued_holds_nothing(
    client, entered, director, settings, monkeypatch, django_capture_on_commit_callbacks
):
    settings.PUBLIC_PAGES_WARM = True
    tournament, rnd = entered
    before = events.live_generation(tournament.pk)
    monkeypatch.setattr(events.breaker, "publish", lambda *args, **kw: False)
    with django_capture_on_commit_callbacks(execute=True):
        round_services.round_publish(rnd=rnd, user=director)
    assert events.live_generation(tournament.pk) == before + 1
    assert not PublicChange.objects.filter(held=True).exists()


def test_other_changes_and_a_site_without_warm_up_hold_nothing(
    entered, director, django_capture_on_commit_callbacks
):
    """Only a publication or a release has a warm-up to wait for (tests run without it)."""
    tournament, rnd = entered
    before = events.live_generation(tournament.pk)
    with django_capture_on_commit_callbacks(execute=True):
        round_services.round_publish(rnd=rnd, user=director)
        events.public_data_changed(tournament.pk)
    assert events.live_generation(tournament.pk) == before + 2
    assert not PublicChange.objects.filter(held=True).exists()


def test_the_live_version_never_goes_back(entered, settings):
    """A held change counts from its release on; changes after it count at once: the live
    version only grows, so a tag once given never comes back for other content."""
    settings.PUBLIC_PAGES_WARM = True
    tournament, _ = entered
    seen = [events.live_generation(tournament.pk)]
    for hold in (True, False, True, False):
        events.public_data_changed(tournament.pk, hold=hold)
        events.forget_versions(tournament.pk)
        seen.append(events.live_generation(tournament.pk))
    events.live_release(tournament.pk)
    seen.append(events.live_generation(tournament.pk))
    assert seen == sorted(seen)
    assert seen[-1] == events.public_generation(tournament.pk)
    assert seen[1] == seen[0]  # the first held change is not heard yet
