"""Push messages to a person's devices (issue 34): switching them on and off per device, and
sending them once.

An event (a round released, a call) is announced by the tournament side inside its
transaction; the receiver enqueues one job after commit (`players.push_event`), which finds the
devices that chose the kind and claims each with a `PushDelivery` row, unique per (kind, event,
device): a repeated or concurrent job claims nobody twice. Each claimed row is sent by the one
task `players.send_push` (row locked, marked sent in the same transaction, as the e-mail
outbox does). A push service's 404/410 removes the device; any other failure is counted and
retried with backoff, then given up and left to e-mail where the kind has one ("your table", a
correction) and the person an address. Beat's `players.push_sweep` runs lost jobs of recent
rounds again, sends what a lost task left and deletes rows after `KEEP`.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from datetime import datetime, timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from players.models import PlayerAccount, PushDelivery, PushKind, PushSubscription
from players.notifications import services as notifications
from players.push import kinds as push_kinds
from players.push import selectors, sender
from tournaments import permissions
from tournaments.common import breaker
from tournaments.mail.services import due_again

log = logging.getLogger(__name__)

EVENT_TASK = "players.push_event"
SEND_TASK = "players.send_push"
MAX_ATTEMPTS = 4
"""Sends tried per message (the task's retries and the sweep's together); then given up."""
SWEEP_AFTER = timedelta(minutes=2)
SWEEP_WITHIN = timedelta(hours=1)
"""Older unsent messages are not sent any more: "your table" an hour late helps nobody."""
KEEP = timedelta(days=30)
MAX_DEVICES = 10
"""Devices per user: an eleventh replaces the oldest (a browser reinstalled again and again)."""

ADDRESSEES = {
    PushKind.TABLE: selectors.round_released_addressees,
    PushKind.PUBLISHED: selectors.round_published_addressees,
    PushKind.CORRECTION: selectors.correction_addressees,
    PushKind.MOVED_UP: selectors.moved_up_addressees,
    PushKind.CHECK_IN: selectors.check_in_addressees,
    PushKind.CALL: selectors.call_addressees,
    PushKind.DISPUTE: selectors.dispute_addressees,
    PushKind.ENTERED: selectors.entered_addressees,
}


def supported(code: str | None) -> str:
    """One of the site's languages (the message's), else the default."""
    base = (code or "").lower().split("-")[0]
    return base if base in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE


class PushNotSent(Exception):
    """The push service refused or was unreachable: the task retries (the row counts it)."""


# --- Events: the receivers of the tournament side's signals ----------------------------------


def _enqueue_event(kind: str, *args) -> None:
    transaction.on_commit(lambda: _publish(EVENT_TASK, kind, *args))


def _publish(task: str, *args) -> None:
    if not breaker.publish(task, *args):  # the event stands; the sweep takes it up (rounds)
        log.warning("Push %s %s not queued.", task, args)


def on_round_released(sender, round_id: int, **kwargs) -> None:
    _enqueue_event(PushKind.TABLE, round_id)


def on_round_published(sender, round_id: int, **kwargs) -> None:
    _enqueue_event(PushKind.PUBLISHED, round_id)


def on_sheet_corrected(sender, version_id: int, **kwargs) -> None:
    _enqueue_event(PushKind.CORRECTION, version_id)


def on_waitlist_moved_up(sender, request_id: int, **kwargs) -> None:
    _enqueue_event(PushKind.MOVED_UP, request_id)


def on_check_in_opened(sender, tournament_id: int, opens_at: str, **kwargs) -> None:
    _enqueue_event(PushKind.CHECK_IN, tournament_id, opens_at)


def on_referee_called(sender, call_id: int, **kwargs) -> None:
    _enqueue_event(PushKind.CALL, call_id)


def on_sheet_disputed(sender, signoff_id: int, **kwargs) -> None:
    _enqueue_event(PushKind.DISPUTE, signoff_id)


def on_sheet_entered(sender, round_id: int, **kwargs) -> None:
    """A job only once the round's last table has figures (checked here, in the write's
    transaction: one query, instead of a job for every table)."""
    if selectors.round_entered(round_id):
        _enqueue_event(PushKind.ENTERED, round_id)


@transaction.atomic
def push_event_fan_out(*, kind: str, args: Sequence) -> int:
    """Claim every device that gets this event's message (those claimed before are skipped)
    and enqueue their sends after commit; returns how many were claimed now."""
    if not sender.push_configured():
        return 0
    event, addressees = ADDRESSEES[kind](*args)
    if not addressees:
        return 0
    done = selectors.claimed(kind, event)
    rows = [
        PushDelivery(
            subscription_id=one.subscription_id, kind=kind, event=event, context=one.context
        )
        for one in addressees
        if one.subscription_id not in done
    ]
    # a concurrent job's rows win the unique key; this one's are then not written
    PushDelivery.objects.bulk_create(rows, ignore_conflicts=True, batch_size=500)
    due = selectors.unsent(kind, event)
    transaction.on_commit(lambda: [_publish(SEND_TASK, pk) for pk in due])
    return len(rows)


# --- Sending ---------------------------------------------------------------------------------


def payload_of(delivery: PushDelivery) -> str:
    """The JSON the service worker shows: title and body in the device's language, the page
    to open, a tag (a newer message of the same kind and event replaces the older)."""
    context = delivery.context or {}
    message = push_kinds.message_render(
        kind=delivery.kind, language=delivery.subscription.language, context=context
    )
    return json.dumps(
        {
            "title": message.title,
            "body": message.body,
            "url": context.get("url", "/"),
            "tag": f"{delivery.kind}:{delivery.event}",
            "lang": delivery.subscription.language,
        },
        ensure_ascii=False,
    )


def push_send(*, delivery_id: int, now: datetime | None = None) -> bool:
    """Send one claimed message unless it is sent, being sent (locked) or given up; returns
    whether it went out now. A device the push service no longer knows is removed (with its
    rows); another failure is counted and raised as PushNotSent."""
    with transaction.atomic():
        delivery = (
            PushDelivery.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("subscription")
            .filter(pk=delivery_id, sent_at=None, attempts__lt=MAX_ATTEMPTS)
            .first()
        )
        if delivery is None:
            return False
        device = delivery.subscription
        delivery.attempts += 1
        delivery.last_attempt_at = now or timezone.now()
        try:
            sender.push_post(
                endpoint=device.endpoint,
                p256dh=device.p256dh,
                auth=device.auth,
                payload=payload_of(delivery),
                ttl=settings.PUSH_TTL,
            )
        except sender.PushGone:
            log.info("Push device %s is gone; removed.", device.pk)
            device.delete()
            return False
        except sender.PushFailed as exc:
            delivery.last_error = str(exc)[:2000]
            delivery.save(update_fields=["attempts", "last_attempt_at", "last_error"])
            failure = exc
        else:
            delivery.sent_at, delivery.context, delivery.last_error = (
                delivery.last_attempt_at,
                {},
                "",
            )
            delivery.save(
                update_fields=["attempts", "last_attempt_at", "sent_at", "context", "last_error"]
            )
            PushSubscription.objects.filter(pk=device.pk).update(last_sent_at=delivery.sent_at)
            return True
    log.warning("Push %s (%s) not sent, attempt %s.", delivery.pk, delivery.kind, delivery.attempts)
    if delivery.attempts >= MAX_ATTEMPTS:
        _mail_instead(delivery)
    raise PushNotSent(f"push {delivery.pk} not sent") from failure


MAILED_INSTEAD = {
    PushKind.TABLE: notifications.table_mails_send,
    PushKind.CORRECTION: lambda **kwargs: notifications.correction_mails_send(
        version_id=kwargs.pop("round_id"), **kwargs
    ),
}
"""Kinds whose message is also an e-mail: given up, it goes to the player's address (once)."""


def _mail_instead(delivery: PushDelivery) -> int:
    """A push message given up is left to e-mail where the person has an address: the e-mail
    of its kind, to that player (even with that e-mail switched off: the push was chosen
    instead), once (the e-mail's own claim: a player mailed already is not mailed again)."""
    send = MAILED_INSTEAD.get(delivery.kind)
    player_id = (
        PlayerAccount.objects.filter(user_id=delivery.subscription.user_id)
        .values_list("player_id", flat=True)
        .first()
    )
    if send is None or player_id is None:
        return 0
    return send(round_id=int(delivery.event), only_player=player_id)


def push_sweep(*, now: datetime | None = None) -> dict[str, int]:
    """Beat's safety net: the jobs of rounds released or published within SWEEP_WITHIN run again
    (a lost job claimed nobody; claimed devices are skipped), unsent messages whose task was
    lost (or that wait for their next try) are enqueued again; rows past KEEP are deleted.
    Returns the counts."""
    now = now or timezone.now()
    released, published = selectors.rounds_since(now - SWEEP_WITHIN)
    claimed = sum(push_event_fan_out(kind=PushKind.TABLE, args=[pk]) for pk in released)
    claimed += sum(push_event_fan_out(kind=PushKind.PUBLISHED, args=[pk]) for pk in published)
    due = due_again(
        PushDelivery.objects.all(),
        now=now,
        quiet=SWEEP_AFTER,
        within=SWEEP_WITHIN,
        max_attempts=MAX_ATTEMPTS,
    )
    for pk in due:
        _publish(SEND_TASK, pk)
    purged, _by_model = PushDelivery.objects.filter(created_at__lt=now - KEEP).delete()
    return {"claimed": claimed, "queued": len(due), "purged": purged}


# --- A person's devices ----------------------------------------------------------------------


def _kinds(user, chosen: Sequence[str]) -> list[str]:
    allowed = selectors.kinds_for(user)
    unknown = [kind for kind in chosen if kind not in allowed]
    if unknown:
        raise ValidationError(_("These messages cannot be chosen here."))
    return [kind for kind in allowed if kind in chosen]  # in the page's order, once each


BROWSERS = (
    ("Edg/", "Edge"),
    ("Firefox/", "Firefox"),
    ("SamsungBrowser/", "Samsung Internet"),
    ("Chrome/", "Chrome"),
    ("Safari/", "Safari"),
)
SYSTEMS = (
    ("Android", "Android"),
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Windows", "Windows"),
    ("Mac OS X", "macOS"),
    ("Linux", "Linux"),
)


def device_label(user_agent: str) -> str:
    """ "Chrome on Android": enough for the owner to tell the devices apart, nothing more."""
    agent = user_agent or ""
    browser, system = (
        next((name for token, name in names if token in agent), "") for names in (BROWSERS, SYSTEMS)
    )
    if browser and system:
        return _("%(browser)s on %(system)s") % {"browser": browser, "system": system}
    return browser or system or _("Unknown device")


@transaction.atomic
def push_subscribe(
    *,
    user,
    endpoint: str,
    p256dh: str,
    auth: str,
    kinds: Sequence[str],
    language: str,
    user_agent: str = "",
) -> PushSubscription:
    """This browser's subscription for the signed-in user, with the kinds chosen on it. The
    same browser again (its endpoint) is updated; another user's becomes this user's (a
    shared phone: the messages follow whoever switched them on last)."""
    permissions.require(getattr(user, "is_authenticated", False))
    if not sender.push_configured():
        raise ValidationError(_("Notifications are not set up on this server."))
    if not sender.endpoint_allowed(endpoint):
        raise ValidationError(_("This browser's push service is not supported."))
    if not (0 < len(p256dh) <= 200 and 0 < len(auth) <= 100):
        raise ValidationError(_("This browser sent an incomplete subscription."))
    chosen = _kinds(user, kinds)
    if not chosen:
        raise ValidationError(_("Please choose at least one kind of message."))
    device, _created = PushSubscription.objects.select_for_update().update_or_create(
        endpoint=endpoint,
        defaults={
            "user": user,
            "p256dh": p256dh,
            "auth": auth,
            "kinds": chosen,
            "language": supported(language),
            "label": device_label(user_agent)[:120],
        },
    )
    extra = PushSubscription.objects.filter(user=user).order_by("-created_at", "-pk")[MAX_DEVICES:]
    PushSubscription.objects.filter(pk__in=[old.pk for old in extra]).delete()
    return device


def _own(user, subscription_id: int) -> PushSubscription:
    device = (
        PushSubscription.objects.select_for_update().filter(user=user, pk=subscription_id).first()
        if getattr(user, "is_authenticated", False)
        else None
    )
    if device is None:
        raise PushSubscription.DoesNotExist
    return device


@transaction.atomic
def push_device_update(
    *, user, subscription_id: int, kinds: Sequence[str], language: str
) -> PushSubscription:
    """The owner changes which messages a device gets (none: the device is removed)."""
    device = _own(user, subscription_id)
    chosen = _kinds(user, kinds)
    if not chosen:
        device.delete()
        return device
    device.kinds = chosen
    device.language = supported(language)
    device.save(update_fields=["kinds", "language"])
    return device


@transaction.atomic
def push_device_remove(*, user, subscription_id: int) -> None:
    """The owner removes a device: no more messages to it (its browser may still show the
    permission; a new subscription needs a new click)."""
    _own(user, subscription_id).delete()


def push_devices_forget(*, user_ids: Sequence[int]) -> int:
    """An erased person's devices go with their messages (inside the erasure's transaction)."""
    removed, _by_model = PushSubscription.objects.filter(user_id__in=list(user_ids)).delete()
    return removed
