"""A person's devices with push messages are personal data (issue 34): the data export lists
them (without keys), erasure removes them with their messages, a merge keeps them with the
account they belong to."""

from __future__ import annotations

import json

import pytest

from players.models import PushDelivery, PushKind, PushSubscription
from players.privacy import selectors as export
from players.push import services as push
from tests.support import builders
from tournaments.merge import services as merge_services
from tournaments.privacy import services as privacy_services

pytestmark = pytest.mark.django_db


def phone(user, service, kinds=(PushKind.TABLE,)):
    device = service.device()
    return push.push_subscribe(
        user=user,
        endpoint=device.endpoint,
        p256dh=device.p256dh,
        auth=device.auth,
        kinds=list(kinds),
        language="en",
        user_agent="Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Version/18.0 Mobile Safari/604.1",
    )


def test_the_export_lists_the_devices_without_their_keys(players, push_service):
    user = builders.make_player_account("konto", players[0])
    device = phone(user, push_service, kinds=(PushKind.TABLE, PushKind.PUBLISHED))
    data = json.loads(export.player_data_json(players[0]))
    assert data["push_devices"] == [
        {
            "device": "Safari auf iPhone",
            "messages": ["table", "published"],
            "language": "en",
            "push_service": push_service.url.removeprefix("http://"),
            "switched_on": device.created_at.isoformat(),
            "last_message": None,
        }
    ]
    assert device.p256dh not in json.dumps(data) and device.auth not in json.dumps(data)
    assert json.loads(export.player_data_json(players[1]))["push_devices"] == []


def test_erasure_removes_the_devices_and_their_messages(players, push_service, admin_user_fed):
    user = builders.make_player_account("konto", players[0])
    other = builders.make_player_account("andere", players[1])
    device = phone(user, push_service)
    kept = phone(other, push_service)
    PushDelivery.objects.create(subscription=device, kind=PushKind.TABLE, event="1")
    request = privacy_services.erasure_request_file(player=players[0], user=None, reason="Bitte")
    privacy_services.erasure_execute(request=request, user=admin_user_fed)
    assert list(PushSubscription.objects.all()) == [kept]
    assert PushDelivery.objects.count() == 0


def test_a_merge_keeps_the_devices_with_the_account(players, push_service, admin_user_fed):
    user = builders.make_player_account("konto", players[1])
    device = phone(user, push_service)
    merge_services.player_merge(
        kept=players[0], removed=players[1], user=admin_user_fed, reason="doppelt"
    )
    device.refresh_from_db()
    assert (device.user, device.user.player_account.player) == (user, players[0])


@pytest.fixture
def admin_user_fed(db):
    from tournaments.enums import GlobalRole

    return builders.make_user("verband", role=GlobalRole.FEDERATION_ADMIN)
