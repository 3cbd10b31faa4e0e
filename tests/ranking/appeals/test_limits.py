"""Appeals cannot flood the commission (issue 30.5): one open appeal per player and tournament
(a further one once it is decided) and settings.APPEALS_PER_HOUR per account. A refusal is a
clear message in the user's language and no new row; the form states both limits."""

from __future__ import annotations

from datetime import datetime, timedelta
from unittest import mock

import pytest
from django.core.exceptions import ValidationError
from django.test import override_settings
from django.urls import reverse

from players.models import PlayerAccount
from ranking.domain.appeals import BERLIN
from ranking.enums import AppealStatus
from ranking.models import Appeal
from tests.ranking.conftest import IN_TIME
from tests.support.builders import make_appeal, make_user
from tournaments.enums import GlobalRole

pytestmark = pytest.mark.django_db

OPEN = (
    "Einspruch Nr. {} dieses Spielers zu diesem Turnier ist noch offen: die Regelkommission "
    "entscheidet ihn zuerst. Bis dahin kann zu diesem Turnier kein weiterer Einspruch "
    "eingelegt werden; ergänzen Sie stattdessen den offenen."
)


def _decided(appeal: Appeal) -> None:
    Appeal.objects.filter(pk=appeal.pk).update(
        status=AppealStatus.DECIDED, review_started_at=appeal.filed_at
    )


def test_a_second_appeal_waits_until_the_first_is_decided(finished, player_user, field):
    first = make_appeal(user=player_user, tournament=finished, player=field[0], now=IN_TIME)
    for status in (AppealStatus.RECEIVED, AppealStatus.UNDER_REVIEW):
        Appeal.objects.filter(pk=first.pk).update(status=status, review_started_at=IN_TIME)
        with pytest.raises(ValidationError) as refused:
            make_appeal(user=player_user, tournament=finished, player=field[0], now=IN_TIME)
        assert refused.value.messages == [OPEN.format(first.pk)]
        assert Appeal.objects.count() == 1
    _decided(first)
    second = make_appeal(user=player_user, tournament=finished, player=field[0], now=IN_TIME)
    assert Appeal.objects.count() == 2 and second.status == AppealStatus.RECEIVED


def test_the_director_too_files_one_open_appeal_per_player(finished, director, field):
    make_appeal(user=director, tournament=finished, player=field[0], now=IN_TIME)
    with pytest.raises(ValidationError):
        make_appeal(user=director, tournament=finished, player=field[0], now=IN_TIME)
    other = make_appeal(user=director, tournament=finished, player=field[1], now=IN_TIME)
    assert other.on_behalf is True and Appeal.objects.count() == 2


@override_settings(APPEALS_PER_HOUR=2)
def test_an_account_files_at_most_the_hourly_number(finished, director, field):
    start = IN_TIME - timedelta(hours=3)
    for n in range(2):
        make_appeal(user=director, tournament=finished, player=field[n], now=start)
    with pytest.raises(ValidationError) as refused:
        make_appeal(user=director, tournament=finished, player=field[2], now=start)
    assert refused.value.messages == [
        "Von einem Konto können höchstens 2 Einsprüche pro Stunde eingelegt werden. Bitte "
        "versuchen Sie es später noch einmal."
    ]
    assert Appeal.objects.count() == 2
    # another account is not held up; this one again an hour later
    other = make_user("verband", role=GlobalRole.FEDERATION_ADMIN)
    make_appeal(user=other, tournament=finished, player=field[2], now=start)
    make_appeal(user=director, tournament=finished, player=field[3], now=start + timedelta(hours=1))
    assert Appeal.objects.count() == 4


@override_settings(APPEALS_PER_HOUR=1)
def test_the_form_states_the_limits_and_refuses_with_a_message(client, ranked, field):
    user = make_user("spieler-web")
    PlayerAccount.objects.create(user=user, player=field[0])
    client.force_login(user)
    url = reverse("ranking:appeal_new", args=[ranked.pk])
    data = {"what_is_wrong": "Falsch addiert", "correction_requested": "Bitte +45 für B"}
    now = datetime(2026, 6, 10, 12, tzinfo=BERLIN)
    with mock.patch("django.utils.timezone.now", return_value=now):
        page = client.get(url).content.decode()
        assert "Höchstens 1 Einspruch pro Stunde von einem Konto" in page
        assert client.post(url, data).status_code == 302
        first = Appeal.objects.get()
        again = client.post(url, data)
    assert again.status_code == 422
    assert OPEN.format(first.pk) in again.content.decode()
    assert Appeal.objects.count() == 1
