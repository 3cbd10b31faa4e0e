"""The installable app that pushes (issue 34), in Chromium on a phone.

A player installs the site (the service worker controls the pages, the manifest and its icons
load), switches notifications on in "Benachrichtigungen auf diesem Gerät" with a click, and gets
"your table" when the round is released and "round published" after publication; a referee gets
a table's call. Each message goes through the real sender (pywebpush: VAPID, RFC 8291) to a
local push service in this test, which decrypts it with the subscription's keys; the decrypted
message is then handed to the service worker's push handler (DevTools' deliverPushMessage),
which shows it as a notification. Then the phone goes offline: the pages it saw open from the
worker's cache, marked "Stand hh:mm — offline"; a page it never saw shows the offline page.

Why the subscription's keys are made in Python: headless Chromium gives no push subscription
that points at a local service. A test's browser context is incognito, where Chrome refuses the
Push API ("not supported in incognito mode"); a persistent profile asks Google's push service
(FCM) for an endpoint, which this machine cannot reach (the call never returns). So the test
replaces `PushManager.subscribe` (an init script) by one that answers with the endpoint of the
local service and the public keys of a device made in tests/support/push_service.py; everything
else — the permission prompt after the click, push.js, the server, the encryption, the worker's
notification — is the real path.
"""

from __future__ import annotations

import json
import re

import pytest
from django.utils import timezone

from players.models import PushDelivery, PushSubscription
from tests.browser.conftest import log_in
from tests.support.builders import (
    PASSWORD,
    add_staff,
    make_director,
    make_player_account,
    make_players,
    make_tournament,
    make_user,
    play_round,
    register_players,
)
from tests.support.celery import celery_conf
from tests.support.push_service import PushService, vapid_settings
from tournaments.enums import GlobalRole, StaffRole
from tournaments.models import Seat
from tournaments.referees.calls import referee_call_open
from tournaments.rounds import services as round_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FAKE_SUBSCRIBE = """
(() => {
  const device = %s;
  const bytes = (text) => Uint8Array.from(
    atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) %% 4)),
    (c) => c.charCodeAt(0));
  const make = () => ({
    endpoint: device.endpoint,
    toJSON: () => ({endpoint: device.endpoint, expirationTime: null, keys: device.keys}),
    getKey: (name) => bytes(device.keys[name]).buffer,
    unsubscribe: () => { sessionStorage.removeItem("push"); return Promise.resolve(true); },
  });
  if (self.PushManager && location.protocol === "http:") {  // our pages (not about:blank)
    PushManager.prototype.subscribe = function () {
      sessionStorage.setItem("push", "1");
      return Promise.resolve(make());
    };
    PushManager.prototype.getSubscription = function () {
      return Promise.resolve(sessionStorage.getItem("push") ? make() : null);
    };
  }
})();
"""


def _phone(browser, base: str, device):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    context.grant_permissions(["notifications"], origin=base)
    context.add_init_script(FAKE_SUBSCRIBE % json.dumps(device.subscription()))
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


def _worker(context, page):
    """The DevTools session and the id of the page's service worker registration."""
    cdp = context.new_cdp_session(page)
    found = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: found.extend(r["registrationId"] for r in event["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    page.wait_for_timeout(200)
    return cdp, found[-1]


def _shown(page) -> list[dict]:
    return page.evaluate(
        """async () => (await (await navigator.serviceWorker.ready).getNotifications())
             .map((n) => ({title: n.title, body: n.body, url: n.data.url}))"""
    )


def _switch_on(page, base: str) -> None:
    page.goto(f"{base}/konto/geraete/")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    assert (
        page.get_by_role("heading", level=1).inner_text() == "Benachrichtigungen auf diesem Gerät"
    )
    page.get_by_role("button", name="Benachrichtigungen einschalten").click()
    page.wait_for_load_state()
    page.get_by_text("Benachrichtigungen sind für dieses Gerät eingeschaltet.").wait_for()


def test_install_subscribe_receive_and_read_offline(browser, live_server, settings):
    base = live_server.url
    vapid_settings(settings)
    settings.SITE_URL = base
    director = make_director()
    players = make_players(8)
    me = players[0]
    make_player_account("konto", me)
    day = timezone.localdate()
    t = make_tournament(director=director, open=True, name="Stadtmeisterschaft Lübeck",
                        start_date=day, end_date=day, ranking_year=day.year)  # fmt: skip
    register_players(t, players, count=8, user=director)
    rnd = round_services.round_pair_next(tournament=t, user=director, seed=5)

    with PushService() as service, celery_conf(task_always_eager=True, task_eager_propagates=True):
        device = service.device()
        context, phone = _phone(browser, base, device)
        # 1. Installable: the manifest names the player's start page, its icons load.
        log_in(phone, base, "konto", PASSWORD)
        href = phone.locator("link[rel=manifest]").get_attribute("href")
        manifest = phone.request.get(base + href).json()
        assert (manifest["name"], manifest["start_url"], manifest["display"]) == (
            "DRV Turniere",
            "/ranking/mein-bereich/",
            "standalone",
        )
        for icon in manifest["icons"]:
            assert phone.request.get(base + icon["src"]).status == 200

        # 2. Switched on with a click, for the kinds ticked (all a player may choose).
        _switch_on(phone, base)
        (mine,) = PushSubscription.objects.filter(user__username="konto")
        assert (mine.endpoint, mine.kinds, mine.language) == (
            device.endpoint,
            ["table", "published", "correction", "moved_up", "check_in"],
            "de",
        )
        phone.get_by_text("(dieses Gerät)").wait_for()
        cdp, registration = _worker(context, phone)

        # 3. The round is released: "your table", decrypted with the device's keys, shown.
        round_services.round_release(rnd=rnd, user=director)
        seat = Seat.objects.select_related("table").get(round=rnd, player=me)
        (message,) = service.to(device)
        table = device.decrypt(message.body)
        assert table["title"] == f"Tisch {seat.table.number}, Platz {seat.letter}"
        assert table["url"] == f"/turniere/{t.pk}/runden/1/namen/"
        cdp.send(
            "ServiceWorker.deliverPushMessage",
            {"origin": base, "registrationId": registration, "data": json.dumps(table)},
        )
        phone.wait_for_function(
            "navigator.serviceWorker.ready.then(r => r.getNotifications()).then(n => n.length)"
        )
        assert _shown(phone) == [
            {"title": table["title"], "body": table["body"], "url": table["url"]}
        ]

        # 4. The player reads the table and the standings online: the worker keeps both.
        phone.goto(f"{base}/turniere/{t.pk}/runden/1/namen/")
        assert phone.get_by_text(me.last_name).first.is_visible()
        play_round(rnd, director=director, desk=make_user("orga"))
        published = device.decrypt(service.to(device)[1].body)
        assert published["title"] == "Runde 1 veröffentlicht"
        assert re.fullmatch(
            r"Stadtmeisterschaft Lübeck: Sie sind jetzt auf Platz \d von 8\.", published["body"]
        )
        phone.goto(f"{base}{published['url']}")
        standings_text = phone.locator("main table").inner_text()
        # exactly once each: a second job (the sweep, a redelivery) claims nobody again
        assert len(service.to(device)) == 2
        assert PushDelivery.objects.filter(subscription=mine).count() == 2

        # 5. Offline: both pages open from the worker, marked with the time of their copy.
        context.set_offline(True)
        for path in (f"/turniere/{t.pk}/rangliste/", f"/turniere/{t.pk}/runden/1/namen/"):
            phone.expect_failure(path, "net::ERR_INTERNET_DISCONNECTED")
            phone.goto(base + path)
            note = phone.locator("[data-offline-note]")
            assert re.fullmatch(r"Stand \d\d:\d\d — offline", note.inner_text())
        assert phone.get_by_text(me.last_name).first.is_visible()
        phone.expect_failure(f"/turniere/{t.pk}/rangliste/", "net::ERR_INTERNET_DISCONNECTED")
        phone.goto(f"{base}/turniere/{t.pk}/rangliste/")
        assert phone.locator("main table").inner_text() == standings_text
        phone.expect_failure(f"/turniere/{t.pk}/saal/", "net::ERR_INTERNET_DISCONNECTED")
        phone.goto(f"{base}/turniere/{t.pk}/saal/")  # never opened: the offline page
        assert phone.get_by_role("heading", level=1).inner_text() == "Keine Verbindung"

        # 6. Logging out forgets the kept pages (a shared phone). (The worker also ends this
        # browser's real subscription then; the replaced one of this test is the page's.)
        context.set_offline(False)
        phone.goto(f"{base}/")
        phone.get_by_role("button", name=re.compile("Abmelden")).click()
        phone.wait_for_load_state()
        kept = phone.evaluate(
            """caches.open('drv-pages').then(c => c.keys())
                 .then(k => k.map(r => new URL(r.url).pathname))"""
        )
        assert kept == ["/"]  # the start page the log-out lands on, as a visitor sees it
        context.close()


def test_a_referee_gets_a_tables_call(browser, live_server, settings):
    base = live_server.url
    vapid_settings(settings)
    director = make_director()
    players = make_players(8)
    referee = make_user("schiri", role=GlobalRole.REFEREE)
    t = make_tournament(director=director, open=True)
    register_players(t, players, count=8, user=director)
    add_staff(t, referee, StaffRole.REFEREE)
    rnd = round_services.round_pair_next(tournament=t, user=director, seed=5)
    rnd = round_services.round_release(rnd=rnd, user=director)

    with PushService() as service, celery_conf(task_always_eager=True, task_eager_propagates=True):
        device = service.device()
        context, phone = _phone(browser, base, device)
        log_in(phone, base, "schiri", PASSWORD)
        _switch_on(phone, base)
        assert PushSubscription.objects.get(user=referee).kinds == ["call"]
        referee_call_open(table=rnd.tables.get(number=2), reason="Stein heruntergefallen")
        call = device.decrypt(service.to(device)[0].body)
        assert (call["title"], call["body"]) == (
            "Tisch 2 ruft die Schiedsrichter",
            f"{t.name}, Runde 1: Stein heruntergefallen",
        )
        context.close()
