"""Push messages (issue 34): a released round, a publication, a correction, a call reach the
devices that chose them, encrypted for each device's keys (decrypted here as the browser would),
in the device's language, once per (kind, event, device); a forgotten subscription (410) is
removed, a failing service counted and tried again, then given up."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from players import tasks
from players.models import PushDelivery, PushKind, PushSubscription
from players.push import services as push
from players.push.kinds import PLAYER_KINDS
from tests.support import builders
from tests.support.builders import FIXED_SHEET
from tests.support.push_service import vapid_claims_of, vapid_key_of
from tournaments.enums import StaffRole, TournamentStatus
from tournaments.models import Seat, Tournament
from tournaments.referees.calls import referee_call_open
from tournaments.rounds import services as round_services
from tournaments.sheets import services as sheet_services

pytestmark = pytest.mark.django_db


def subscribe(user, device, kinds, language="de"):
    return push.push_subscribe(
        user=user,
        language=language,
        kinds=kinds,
        endpoint=device.endpoint,
        p256dh=device.p256dh,
        auth=device.auth,
        user_agent="Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36",
    )


def seat_of(rnd, player) -> Seat:
    return Seat.objects.select_related("table").get(round=rnd, player=player)


@pytest.fixture
def drawn(director, players, eager_celery, push_service):
    """Round 1 drawn (8 players). Player 0's phone wants every player's kind (German); player
    1's wants only the publication; player 2 has two devices, one English; 3 has none."""
    t, rnd = builders.make_drawn_round(director=director, players=players, count=8, seed=3)
    users = [builders.make_player_account(f"konto{i}", players[i]) for i in range(4)]
    devices = {
        "p0": push_service.device(),
        "p1": push_service.device(),
        "p2de": push_service.device(),
        "p2en": push_service.device(),
    }
    every = [kind.value for kind in PLAYER_KINDS]
    subscribe(users[0], devices["p0"], every)
    subscribe(users[1], devices["p1"], [PushKind.PUBLISHED])
    subscribe(users[2], devices["p2de"], [PushKind.TABLE])
    subscribe(users[2], devices["p2en"], [PushKind.TABLE, PushKind.CORRECTION], language="en")
    return t, rnd, devices


def test_release_pushes_each_device_its_table_once(
    drawn, director, players, push_service, settings, django_capture_on_commit_callbacks
):
    t, rnd, devices = drawn
    with django_capture_on_commit_callbacks(execute=True):
        round_services.round_release(rnd=rnd, user=director)
    assert sorted(r.path for r in push_service.received) == ["/push/1", "/push/3", "/push/4"]

    seat = seat_of(rnd, players[0])
    starter = Seat.objects.get(table=seat.table, letter="A").player.full_name
    (message,) = push_service.to(devices["p0"])
    assert devices["p0"].decrypt(message.body) == {
        "title": f"Tisch {seat.table.number}, Platz {seat.letter}",
        "body": f"{t.name}, Runde 1. Spiel 1 beginnt Platz A: {starter}.",
        "url": f"/turniere/{t.pk}/runden/1/namen/",
        "tag": f"table:{rnd.pk}",
        "lang": "de",
    }
    seat = seat_of(rnd, players[2])
    english = devices["p2en"].decrypt(push_service.to(devices["p2en"])[0].body)
    assert english["title"] == f"Table {seat.table.number}, seat {seat.letter}"
    assert english["lang"] == "en"
    # the standard's headers: aes128gcm, a TTL, VAPID signed by this server's key for the service
    assert message.headers["content-encoding"] == "aes128gcm"
    assert message.headers["ttl"] == str(settings.PUSH_TTL)
    assert vapid_key_of(message) == settings.PUSH_VAPID_PUBLIC_KEY
    claims = vapid_claims_of(message)
    assert (claims["aud"], claims["sub"]) == (push_service.url, "mailto:turniere@example.org")

    # the job again (a redelivery, the sweep): nothing claimed, nothing sent twice
    assert tasks.push_event(PushKind.TABLE, rnd.pk) == 0
    assert len(push_service.received) == 3
    rows = PushDelivery.objects.filter(kind=PushKind.TABLE, event=str(rnd.pk))
    assert sorted((r.subscription.endpoint, r.sent_at is not None, r.context) for r in rows) == [
        (devices[name].endpoint, True, {}) for name in ("p0", "p2de", "p2en")
    ]


def test_publication_tells_each_player_their_place(
    drawn, director, desk_user, players, push_service, django_capture_on_commit_callbacks
):
    t, rnd, devices = drawn
    round_services.round_release(rnd=rnd, user=director)  # not committed: no table pushes
    with django_capture_on_commit_callbacks(execute=True):
        builders.play_round(rnd, director=director, desk=desk_user)
    assert sorted(r.path for r in push_service.received) == ["/push/1", "/push/2"]
    from tournaments.standings.selectors import standings_table

    ranks = {e.player.pk: e.rank for e in standings_table(Tournament.objects.get(pk=t.pk)).entries}
    got = devices["p1"].decrypt(push_service.to(devices["p1"])[0].body)
    assert got["title"] == "Runde 1 veröffentlicht"
    assert got["body"] == f"{t.name}: Sie sind jetzt auf Platz {ranks[players[1].pk]} von 8."
    assert got["url"] == f"/turniere/{t.pk}/rangliste/"


def test_correction_says_what_changed_and_why(
    drawn, director, desk_user, players, push_service, django_capture_on_commit_callbacks
):
    _t, rnd, devices = drawn
    rnd = builders.play_round(rnd, director=director, desk=desk_user)
    table = seat_of(rnd, players[0]).table
    letter = seat_of(rnd, players[0]).letter
    games = [dict(g, scores=dict(g["scores"])) for g in FIXED_SHEET]
    other = "B" if letter == "A" else "A"
    games[0]["scores"][letter], games[0]["scores"][other] = (
        games[0]["scores"][other],
        games[0]["scores"][letter],
    )
    with django_capture_on_commit_callbacks(execute=True):
        sheet_services.sheet_save(
            table=table,
            games=games,
            expected_version=table.sheet.version,
            user=director,
            reason="Spiel 1 vertauscht",
        )
    before, after = FIXED_SHEET[0]["scores"][letter], FIXED_SHEET[0]["scores"][other]
    got = devices["p0"].decrypt(push_service.to(devices["p0"])[0].body)
    assert got["title"] == f"Ergebnis von Tisch {table.number} korrigiert"
    assert got["body"].endswith(f"Spiel 1: {before:+d} → {after:+d}. Grund: Spiel 1 vertauscht")


def test_a_referee_gets_a_tables_call(
    director, players, referee, push_service, eager_celery, django_capture_on_commit_callbacks
):
    t, rnd = builders.make_released_round(director=director, players=players, count=8, seed=3)
    Tournament.objects.filter(pk=t.pk).update(status=TournamentStatus.RUNNING)
    builders.add_staff(t, referee, StaffRole.REFEREE)
    phone = push_service.device()
    subscribe(referee, phone, [PushKind.CALL])
    table = rnd.tables.get(number=2)
    with django_capture_on_commit_callbacks(execute=True):
        referee_call_open(table=table, reason="Joker vergessen")
    got = phone.decrypt(push_service.to(phone)[0].body)
    assert (got["title"], got["url"]) == (
        "Tisch 2 ruft die Schiedsrichter",
        f"/schiedsrichter/turniere/{t.pk}/rufe/",
    )
    assert got["body"] == f"{t.name}, Runde 1: Joker vergessen"


def test_a_forgotten_subscription_is_removed_and_a_failing_service_retried(
    drawn, director, push_service
):
    _t, rnd, devices = drawn
    push_service.answers["/push/3"] = 410
    push_service.answers["/push/4"] = 500
    round_services.round_release(rnd=rnd, user=director)
    assert push.push_event_fan_out(kind=PushKind.TABLE, args=[rnd.pk]) == 3
    rows = {
        r.subscription.endpoint: r.pk
        for r in PushDelivery.objects.filter(kind=PushKind.TABLE).select_related("subscription")
    }
    assert push.push_send(delivery_id=rows[devices["p0"].endpoint]) is True
    assert push.push_send(delivery_id=rows[devices["p2de"].endpoint]) is False  # 410
    assert not PushSubscription.objects.filter(endpoint=devices["p2de"].endpoint).exists()
    failing = rows[devices["p2en"].endpoint]
    with pytest.raises(push.PushNotSent):
        push.push_send(delivery_id=failing)
    row = PushDelivery.objects.get(pk=failing)
    assert (row.attempts, row.sent_at, row.last_error[:3]) == (1, None, "500")
    # the service is back; the sweep takes the message up again once it was quiet (its task
    # runs at once here: Celery is eager)
    push_service.answers["/push/4"] = 201
    later = timezone.now() + push.SWEEP_AFTER + timedelta(seconds=1)
    assert push.push_sweep(now=later) == {"claimed": 0, "queued": 1, "purged": 0}
    assert PushDelivery.objects.get(pk=failing).attempts == 2
    assert push.push_send(delivery_id=failing) is False  # sent: never again
    assert len(push_service.to(devices["p2en"])) == 2
    assert push.push_sweep(now=later + push.KEEP) == {"claimed": 0, "queued": 0, "purged": 2}


def test_the_sweep_runs_a_lost_job_again(
    drawn, director, push_service, django_capture_on_commit_callbacks
):
    _t, rnd, _devices = drawn
    round_services.round_release(rnd=rnd, user=director)  # not committed: its job never ran
    assert push_service.received == []
    with django_capture_on_commit_callbacks(execute=True):
        assert push.push_sweep() == {"claimed": 3, "queued": 0, "purged": 0}
    assert sorted(r.path for r in push_service.received) == ["/push/1", "/push/3", "/push/4"]
    assert push.push_sweep() == {"claimed": 0, "queued": 0, "purged": 0}


def test_a_failing_service_is_given_up_after_the_last_attempt(drawn, director, push_service):
    _t, rnd, devices = drawn
    push_service.answers["/push/1"] = 503
    round_services.round_release(rnd=rnd, user=director)
    push.push_event_fan_out(kind=PushKind.TABLE, args=[rnd.pk])
    row = PushDelivery.objects.get(subscription__endpoint=devices["p0"].endpoint)
    for _attempt in range(push.MAX_ATTEMPTS):
        with pytest.raises(push.PushNotSent):
            push.push_send(delivery_id=row.pk)
    assert push.push_send(delivery_id=row.pk) is False  # given up: e-mail stays the channel
    assert len(push_service.to(devices["p0"])) == push.MAX_ATTEMPTS


def test_without_keys_nothing_is_claimed_or_sent(drawn, director, push_service, settings):
    _t, rnd, _devices = drawn
    settings.PUSH_VAPID_PRIVATE_KEY = ""
    round_services.round_release(rnd=rnd, user=director)
    assert push.push_event_fan_out(kind=PushKind.TABLE, args=[rnd.pk]) == 0
    assert PushDelivery.objects.count() == 0


def test_subscribing_checks_the_push_service_and_the_kinds(
    players, referee, push_service, settings
):
    user = builders.make_player_account("konto", players[0])
    device = push_service.device()
    with pytest.raises(ValidationError, match="Push-Dienst"):
        push.push_subscribe(
            user=user,
            endpoint="https://evil.example.org/push/1",
            p256dh=device.p256dh,
            auth=device.auth,
            kinds=[PushKind.TABLE],
            language="de",
        )
    settings.PUSH_INSECURE_HOSTS = []
    with pytest.raises(ValidationError, match="Push-Dienst"):
        subscribe(user, device, [PushKind.TABLE])  # plain HTTP only for the tests' host
    settings.PUSH_INSECURE_HOSTS = ["127.0.0.1"]
    with pytest.raises(ValidationError, match="nicht gewählt"):
        subscribe(user, device, [PushKind.CALL])  # a player is no referee
    with pytest.raises(ValidationError, match="mindestens eine"):
        subscribe(user, device, [])
    with pytest.raises(PermissionDenied):
        subscribe(AnonymousUser(), device, [PushKind.TABLE])
    mine = subscribe(user, device, [PushKind.CHECK_IN, PushKind.TABLE])
    assert (mine.kinds, mine.label) == (["table", "check_in"], "Chrome auf Android")
    # the same browser, switched on by the referee on a shared phone, becomes the referee's
    theirs = subscribe(referee, device, [PushKind.CALL])
    assert (theirs.pk, theirs.user, theirs.kinds) == (mine.pk, referee, ["call"])


def test_only_the_owner_changes_or_removes_a_device(players, push_service):
    owner = builders.make_player_account("konto", players[0])
    other = builders.make_player_account("fremd", players[1])
    device = subscribe(owner, push_service.device(), [PushKind.TABLE])
    with pytest.raises(PushSubscription.DoesNotExist):
        push.push_device_remove(user=other, subscription_id=device.pk)
    with pytest.raises(PushSubscription.DoesNotExist):
        push.push_device_update(
            user=other, subscription_id=device.pk, kinds=[PushKind.TABLE], language="de"
        )
    push.push_device_update(
        user=owner, subscription_id=device.pk, kinds=[PushKind.PUBLISHED], language="en"
    )
    device.refresh_from_db()
    assert (device.kinds, device.language) == (["published"], "en")
    push.push_device_update(user=owner, subscription_id=device.pk, kinds=[], language="de")
    assert not PushSubscription.objects.filter(pk=device.pk).exists()


def test_moving_up_from_the_waiting_list_tells_the_player(
    director, players, push_service, eager_celery, django_capture_on_commit_callbacks
):
    from datetime import datetime

    from ranking.domain.appeals import BERLIN
    from tournaments.registration.online import services as online

    now = datetime(2026, 12, 1, 10, 0, tzinfo=BERLIN)
    t = builders.make_tournament(director=director, open=True, max_players=4, name="Herbst-Cup")
    for player in players[:5]:
        online.signup_register(tournament=t, player=player, user=None, now=now)
    waiting = builders.make_player_account("wartend", players[4])
    phone = push_service.device()
    subscribe(waiting, phone, [PushKind.MOVED_UP], language="en")
    with django_capture_on_commit_callbacks(execute=True):
        online.signup_withdraw(tournament=t, player=players[0], user=None, now=now)
    (message,) = push_service.to(phone)
    assert phone.decrypt(message.body) == {
        "title": "You have a place",
        "body": "You moved up from the waiting list: you are registered for Herbst-Cup "
        "(12 December 2026).",
        "url": "/ranking/mein-bereich/turniere/",
        "tag": f"moved_up:{t.signup_requests.get(player=players[4]).pk}",
        "lang": "en",
    }


def test_the_head_referee_hears_of_an_objection_and_the_desk_of_the_last_table(
    director, players, referee, push_service, eager_celery, django_capture_on_commit_callbacks
):
    from uuid import uuid4

    from tournaments.enums import GlobalRole
    from tournaments.tableside import services as tableside

    t, rnd = builders.make_released_round(director=director, players=players, count=8, seed=3)
    Tournament.objects.filter(pk=t.pk).update(status=TournamentStatus.RUNNING)
    head = builders.make_user("hauptschiri", role=GlobalRole.HEAD_REFEREE)
    desk = builders.make_user("orga")
    builders.add_staff(t, head, StaffRole.HEAD_REFEREE)
    builders.add_staff(t, referee, StaffRole.REFEREE)
    builders.add_staff(t, desk, StaffRole.DESK)
    head_phone, referee_phone, desk_phone = (push_service.device() for _ in range(3))
    subscribe(head, head_phone, [PushKind.DISPUTE, PushKind.CALL])
    subscribe(referee, referee_phone, [PushKind.CALL])
    with pytest.raises(ValidationError, match="nicht gewählt"):
        subscribe(referee, referee_phone, [PushKind.DISPUTE])  # the head referee's only
    subscribe(desk, desk_phone, [PushKind.ENTERED])
    first, second = rnd.tables.order_by("number")
    with django_capture_on_commit_callbacks(execute=True):
        version = tableside.sheet_enter_at_table(
            table=first, games=FIXED_SHEET, filled_in_by="A", device="phone",
            submission_key=uuid4(), expected_version=0,
        )  # fmt: skip
        tableside.sheet_signoff(
            table=first, version_number=version.number, letter="C", verdict="disputed",
            device="phone", note="Spiel 3 war -25",
        )  # fmt: skip
    got = head_phone.decrypt(push_service.to(head_phone)[0].body)
    assert (got["title"], got["body"], got["url"]) == (
        f"Tisch {first.number}: Position C widerspricht",
        f"{t.name}, Runde 1: Spiel 3 war -25",
        f"/schiedsrichter/turniere/{t.pk}/",
    )
    assert push_service.to(referee_phone) == [] and push_service.to(desk_phone) == []
    with django_capture_on_commit_callbacks(execute=True):  # the last table: the desk hears
        sheet_services.sheet_save(table=second, games=FIXED_SHEET, expected_version=0, user=desk)
    (entered,) = push_service.to(desk_phone)
    assert desk_phone.decrypt(entered.body)["title"] == "Runde 1: alle Tische eingetragen"
    games = [dict(g, scores=dict(g["scores"])) for g in FIXED_SHEET]
    games[0]["scores"]["A"], games[0]["scores"]["B"] = (
        games[0]["scores"]["B"],
        games[0]["scores"]["A"],
    )
    with django_capture_on_commit_callbacks(execute=True):  # a correction: nothing again
        sheet_services.sheet_save(
            table=second, games=games, expected_version=1, user=desk, reason="vertauscht"
        )
    assert len(push_service.to(desk_phone)) == 1


def test_a_push_given_up_is_left_to_e_mail_once(
    drawn, director, players, push_service, mailoutbox, django_capture_on_commit_callbacks
):
    from players.notifications import services as notifications

    _t, rnd, devices = drawn
    user = PushSubscription.objects.get(endpoint=devices["p0"].endpoint).user
    notifications.preferences_update(user=user, table_mail=False, correction_mail=True)
    push_service.answers["/push/1"] = 503
    round_services.round_release(rnd=rnd, user=director)
    push.push_event_fan_out(kind=PushKind.TABLE, args=[rnd.pk])
    row = PushDelivery.objects.get(subscription__endpoint=devices["p0"].endpoint)
    with django_capture_on_commit_callbacks(execute=True):
        for _attempt in range(push.MAX_ATTEMPTS):
            with pytest.raises(push.PushNotSent):
                push.push_send(delivery_id=row.pk)
    # the e-mail was switched off (push instead): given up, the push goes by e-mail, once
    assert [m.to for m in mailoutbox] == [[players[0].email]]
    assert mailoutbox[0].subject.startswith("Runde 1: Tisch")
    assert notifications.table_mails_send(round_id=rnd.pk, only_player=players[0].pk) == 0
