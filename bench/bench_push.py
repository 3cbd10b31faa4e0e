"""Push benchmark (issue 34): a round is released to 1,000 subscribed devices.

A tournament of 248 players (quick: 16) with 1,000 devices (quick: 32) subscribed to "your
table"; round 1 is drawn and released. Measured, each off the request:

* the release itself (the request: it only enqueues one job after commit, whatever the number of
  devices);
* the job that claims every device (`players.push_event`: one `PushDelivery` per device, in one
  bulk insert);
* sending them all (`players.send_push` for each claimed row, as the workers do one after
  another): wall time and the sender's CPU time (this thread's: encryption RFC 8291, the VAPID
  signature, the HTTP client, the row's lock and update), to a local push service in this
  process (tests/support/push_service.py) that takes each message as a push service would.

The database is chosen by bench/backends.py (a fresh PostgreSQL database when asked for or
reachable, else a temporary SQLite file); Celery does not run: the enqueued jobs are counted and
run here in turn. Goal: 1,000 messages sent within 60 s by one worker (a round's "your table"
before the players reach their tables); the claim job under 5 s.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench import backends, mode, record

USES_DATABASE = True
ROOT = Path(__file__).resolve().parents[1]
PLAYERS = mode.pick(248, 16)
DEVICES = mode.pick(1000, 32)  # spread over the players: four or five a player (quick: two)
SEND_GOAL, CLAIM_GOAL = 60.0, 5.0


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="bench-push-") as tmp:
        env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
        label, env["DATABASE_URL"], reason = backends.database("push", tmp)
        print(f"back end: {label if reason is None else f'SQLite ({reason})'}")
        env["DJANGO_SETTINGS_MODULE"] = "config.settings"
        subprocess.run(
            [sys.executable, "-m", "bench.bench_push", "--run", label],
            cwd=ROOT,
            env=env,
            check=True,
        )


def _world():
    """The tournament with its players registered, each with a player account."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from players.models import PlayerAccount
    from tests.support import builders

    director = builders.make_director("bench-leitung")
    players = builders.make_players(PLAYERS)
    day = timezone.localdate()
    t = builders.make_tournament(
        director=director, open=True, max_players=PLAYERS, start_date=day, end_date=day
    )
    builders.register_players(t, players, count=PLAYERS, user=director)
    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"bench-{player.pk}", password="!") for player in players
    )
    PlayerAccount.objects.bulk_create(
        PlayerAccount(user=user, player=player) for user, player in zip(users, players, strict=True)
    )
    return t, director, users


def run(label: str) -> None:
    import django

    django.setup()
    import logging

    from django.conf import settings
    from django.core.management import call_command

    logging.disable(logging.INFO)
    call_command("migrate", verbosity=0)
    from players.models import PushDelivery, PushKind, PushSubscription
    from players.push import services as push
    from tests.support.push_service import PushService, vapid_settings
    from tournaments.common import breaker
    from tournaments.rounds import services as round_services

    vapid_settings(settings)
    queued: list[tuple] = []
    breaker.publish = lambda task, *args, **kwargs: queued.append((task, args)) or True

    with PushService() as service:
        t, director, users = _world()
        devices = []
        for number in range(DEVICES):
            device = service.device()
            devices.append(
                PushSubscription(
                    user=users[number % len(users)],
                    endpoint=device.endpoint,
                    p256dh=device.p256dh,
                    auth=device.auth,
                    kinds=[PushKind.TABLE],
                )
            )
        PushSubscription.objects.bulk_create(devices)
        rnd = round_services.round_pair_next(tournament=t, user=director, seed=1)
        count = len(devices)
        print(f"{PLAYERS} players, {count} devices subscribed to 'your table' ({label})")

        start = time.perf_counter()
        round_services.round_release(rnd=rnd, user=director)
        release = time.perf_counter() - start
        jobs = [args for task, args in queued if task == push.EVENT_TASK]
        print(f"release (the request): {release * 1000:8.1f} ms, {len(jobs)} job enqueued")
        record.line(f"{label}: release with {count} devices (the request)")

        start, cpu = time.perf_counter(), time.thread_time()
        claimed = push.push_event_fan_out(kind=PushKind.TABLE, args=jobs[0][1:])
        claim, claim_cpu = time.perf_counter() - start, time.thread_time() - cpu
        print(f"claim job: {claimed} claimed in {claim:.2f} s (CPU {claim_cpu:.2f} s)")
        record.line(f"{label}: claim {count} devices (players.push_event)")

        due = [args[0] for task, args in queued if task == push.SEND_TASK]
        start, cpu = time.perf_counter(), time.thread_time()
        sent = sum(push.push_send(delivery_id=pk) for pk in due)
        send, send_cpu = time.perf_counter() - start, time.thread_time() - cpu
        assert sent == count == len(service.received), (sent, count, len(service.received))
        assert not PushDelivery.objects.filter(sent_at=None).exists()
        print(
            f"send: {sent} messages in {send:.2f} s, CPU {send_cpu:.2f} s "
            f"({send_cpu / sent * 1000:.2f} ms CPU, {send / sent * 1000:.2f} ms each)"
        )
        record.line(f"{label}: send {count} push messages (players.send_push, one worker)")
    per_thousand = send * 1000 / count  # sending grows with the messages, one by one
    for ok, text in (
        (claim < CLAIM_GOAL, f"claim of {count}: {claim:.2f} s (goal < {CLAIM_GOAL:g} s)"),
        (per_thousand < SEND_GOAL, f"send: {per_thousand:.1f} s per 1,000 (goal < 60 s)"),
    ):
        print(f"{'PASS' if ok else 'FAIL'}  {label}: {text}")


if __name__ == "__main__":
    if "--run" in sys.argv:
        run(sys.argv[-1])
    else:
        main()
