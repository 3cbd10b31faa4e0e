"""The devices page and the browser's subscription (issue 34): a signed-in person's own devices
only, the subscription as JSON with the page's CSRF token, refusals as 400 with the reason."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from players.models import PushKind, PushSubscription
from tests.support import builders

pytestmark = pytest.mark.django_db


@pytest.fixture
def player_client(players):
    user = builders.make_player_account("konto", players[0])
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return user, client


def token(client) -> str:
    client.get(reverse("push_devices"))
    return client.cookies["csrftoken"].value


def test_subscribing_takes_the_browsers_json_with_the_csrf_token(player_client, push_service):
    user, client = player_client
    device = push_service.device()
    body = json.dumps(device.subscription() | {"kinds": ["table", "published"]})
    url = reverse("push_subscribe")
    assert client.post(url, body, content_type="application/json").status_code == 403  # no token
    answer = client.post(
        url,
        body,
        content_type="application/json",
        HTTP_X_CSRFTOKEN=token(client),
        HTTP_USER_AGENT="Mozilla/5.0 (Windows NT 10.0) Firefox/133.0",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert answer.status_code == 201
    (saved,) = PushSubscription.objects.filter(user=user)
    assert answer.json() == {"id": saved.pk}
    assert (saved.kinds, saved.label, saved.language) == (
        ["table", "published"],
        "Firefox on Windows",
        "en",
    )
    page = client.get(reverse("push_devices")).content.decode()
    assert "Firefox auf Windows" not in page  # the label is stored in the language it was made
    assert f'data-endpoint="{device.endpoint}"' in page


def test_a_refused_subscription_says_why(player_client, push_service):
    _user, client = player_client
    csrf = token(client)
    post = lambda body: client.post(  # noqa: E731
        reverse("push_subscribe"), body, content_type="application/json", HTTP_X_CSRFTOKEN=csrf
    )
    assert post("kein json").json() == {
        "error": "Dieser Browser hat ein unvollständiges Abonnement geschickt."
    }
    wrong = push_service.device().subscription() | {"endpoint": "https://example.org/x"}
    answer = post(json.dumps(wrong | {"kinds": ["table"]}))
    assert (answer.status_code, answer.json()) == (
        400,
        {"error": "Der Push-Dienst dieses Browsers wird nicht unterstützt."},
    )
    assert PushSubscription.objects.count() == 0


def test_the_page_lists_only_the_own_devices_and_removes_one(player_client, players, push_service):
    user, client = player_client
    other = builders.make_player_account("fremd", players[1])
    mine = PushSubscription.objects.create(
        user=user, endpoint=push_service.device().endpoint, p256dh="k", auth="a", kinds=["table"]
    )
    theirs = PushSubscription.objects.create(
        user=other, endpoint=push_service.device().endpoint, p256dh="k", auth="a", kinds=["table"]
    )
    page = client.get(reverse("push_devices")).content.decode()
    assert page.count('data-testid="device"') == 1 and theirs.endpoint not in page
    csrf = token(client)
    gone = client.post(
        reverse("push_device", args=[theirs.pk]), {"action": "remove"}, HTTP_X_CSRFTOKEN=csrf
    )
    assert gone.status_code == 404
    saved = client.post(
        reverse("push_device", args=[mine.pk]),
        {f"device-{mine.pk}-kinds": [PushKind.CHECK_IN, PushKind.TABLE]},
        HTTP_X_CSRFTOKEN=csrf,
    )
    assert saved.status_code == 302
    mine.refresh_from_db()
    assert mine.kinds == ["table", "check_in"]
    client.post(reverse("push_device", args=[mine.pk]), {"action": "remove"}, HTTP_X_CSRFTOKEN=csrf)
    assert list(PushSubscription.objects.all()) == [theirs]


def test_without_keys_the_page_says_so(player_client, settings):
    _user, client = player_client
    settings.PUSH_VAPID_PUBLIC_KEY = settings.PUSH_VAPID_PRIVATE_KEY = ""
    page = client.get(reverse("push_devices")).content.decode()
    assert "Benachrichtigungen sind auf diesem Server nicht eingerichtet." in page
    assert "data-push-key" not in page
