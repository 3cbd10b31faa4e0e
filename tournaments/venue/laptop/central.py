"""What the venue laptop takes from the central server (issue 29.2, 29.4): the registry's
changes that come with an accepted upload's answer, and the central copy of the checkout when
the director resumes from it (`venue_resume`, "Vom Verband fortsetzen"). Both arrive signed with
the checkout's key (`tournaments.venue.answers`); anything else is not taken.

Resuming replaces the laptop's copy of the tournament by the central one, in one transaction:
the logins (accounts, groups, sessions), the staff assigned on the laptop and its log, the
helpers added on the laptop (the uploads keep naming them as helpers, never as a central account
of the same log-in name), the public pages' change count (their cache keys only ever grow) and
the backups stay.
"""

import logging
import uuid

import requests
from django.apps import apps
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.common import events
from tournaments.models import (
    Player,
    PublicChange,
    StaffChange,
    Tournament,
    TournamentStaff,
    VenueCheckout,
    VenuePerson,
    VenueSyncState,
)
from tournaments.venue import answers
from tournaments.venue.document import FORMAT_VERSION
from tournaments.venue.laptop import selectors, services
from tournaments.venue.signing import BadEnvelope, sign_message, verify_message

log = logging.getLogger(__name__)

#: connect, read: the central server copies the whole tournament for the answer
TIMEOUT = (10, 120)

ANSWER_ALTERED = gettext_lazy(
    "The central server's answer does not match this checkout's key: nothing was taken."
)


def _content(*, state: VenueSyncState, kind: str, signed) -> dict:
    checkout = state.checkout
    try:
        return verify_message(kind=kind, raw=signed, checkout_uuid=checkout.uuid, key=checkout.key)
    except (BadEnvelope, signing.BadSignature, ValueError, TypeError, AttributeError) as error:
        raise ValidationError(ANSWER_ALTERED) from error


def _uuid(value) -> str | None:
    try:
        return str(uuid.UUID(str(value)))
    except ValueError:
        return None


@transaction.atomic
def registry_answer_take(*, state: VenueSyncState, signed: str) -> int:
    """Take the registry's changes of an upload's answer: the followed fields of each named
    player (name, club, town, year of birth, consent), and the public pages of the player's
    tournaments show them at once. Returns how many players changed."""
    services.require_venue_mode()
    players = _content(state=state, kind=answers.REGISTRY, signed=signed).get("players")
    if not isinstance(players, dict):
        raise ValidationError(ANSWER_ALTERED)
    taken, tournaments = 0, set()
    for key, fields in sorted(players.items()):
        found = _uuid(key)
        player = (
            Player.objects.select_for_update().filter(uuid=found, erased_at__isnull=True).first()
            if found and isinstance(fields, dict)
            else None
        )
        if player is None:
            continue
        new = {f: fields[f] for f in answers.FOLLOWED if f in fields}
        new = {f: v for f, v in new.items() if getattr(player, f) != v}
        if not new:
            continue
        for field, value in new.items():
            setattr(player, field, value)
        try:
            player.full_clean()
        except ValidationError as error:
            log.warning("registry change of %s not taken: %s", found, error.messages)
            continue
        player.save(update_fields=[*new, "updated_at"])
        taken += 1
        tournaments.update(player.registrations.values_list("tournament_id", flat=True))
    for pk in sorted(tournaments):
        events.public_data_changed(pk)
    return taken


# --- resuming from the central copy ---------------------------------------------------------


def resume_request(*, state: VenueSyncState) -> str:
    """The signed request for the central copy of this laptop's checkout."""
    checkout = state.checkout
    return sign_message(
        kind=answers.RESUME_REQUEST,
        checkout_uuid=checkout.uuid,
        key=checkout.key,
        content={"asked_at": timezone.now().isoformat()},
    )


def post_resume(central_url: str, request: str) -> tuple[int, dict]:
    """POST the request to the central server: (HTTP status, its JSON answer); ValidationError
    when no answer of the endpoint came back."""
    try:
        response = requests.post(
            f"{central_url}/venue/resume/",
            data=request.encode(),
            headers={"Content-Type": "text/plain; charset=utf-8"},
            timeout=TIMEOUT,
        )
        answer = response.json()
    except (requests.RequestException, ValueError) as error:
        raise ValidationError(
            _("No answer from the central server (%(error)s): try again when the line is up.")
            % {"error": str(error)[:300]}
        ) from error
    if not isinstance(answer, dict):
        raise ValidationError(
            _("The central server gave no answer of the venue software (HTTP %(status)s).")
            % {"status": response.status_code}
        )
    return response.status_code, answer


def resume_fetch(*, state: VenueSyncState, post=None) -> str:
    """The central copy, signed, as the central server answers the signed request."""
    status, answer = (post or post_resume)(state.central_url, resume_request(state=state))
    if status != 200 or not answer.get("state"):
        raise ValidationError(
            _("The central server refused (HTTP %(status)s): %(message)s")
            % {"status": status, "message": str(answer.get("message") or "")[:500]}
        )
    return str(answer["state"])


#: apps whose rows a resume keeps: logins, groups, sessions, log-in throttling, the admin's log
KEPT_APPS = ("admin", "auth", "contenttypes", "sessions", "axes")


def _kept_tables() -> set[str]:
    """The tables a resume keeps: those of `KEPT_APPS` and the public pages' change count."""
    models = [PublicChange]
    for config in apps.get_app_configs():
        if config.label in KEPT_APPS:
            models.extend(config.get_models(include_auto_created=True))
    return {m._meta.db_table for m in models}


def _staff_kept() -> tuple[list[dict], list[dict]]:
    """The laptop's staff rows and its staff log, by tournament uuid and username."""
    staff = list(TournamentStaff.objects.values("tournament__uuid", "user_id", "role"))
    log_rows = list(
        StaffChange.objects.values(
            "tournament__uuid", "person_id", "person_name", "role", "kind", "reason", "by_id", "at"
        )
    )
    return staff, log_rows


def _helpers_kept() -> list[dict]:
    """The helpers added on this laptop (issue 29.1), by checkout uuid."""
    return list(
        VenuePerson.objects.values(
            "checkout__uuid", "uuid", "name", "role", "username", "user_id", "created_at"
        )
    )


def _helpers_restore(rows: list[dict]) -> None:
    checkouts = dict(VenueCheckout.objects.values_list("uuid", "pk"))
    for row in rows:
        checkout_id = checkouts.get(row.pop("checkout__uuid"))
        if checkout_id is not None:
            VenuePerson.objects.get_or_create(
                uuid=row.pop("uuid"), defaults={"checkout_id": checkout_id, **row}
            )


def _staff_restore(staff: list[dict], log_rows: list[dict]) -> None:
    """The staff rows and log entries the loaded copy lacks, back as they were."""
    pks = dict(Tournament.objects.values_list("uuid", "pk"))
    for row in staff:
        if row["tournament__uuid"] in pks:
            TournamentStaff.objects.get_or_create(
                tournament_id=pks[row["tournament__uuid"]], user_id=row["user_id"], role=row["role"]
            )
    for row in log_rows:
        tournament_id = pks.get(row.pop("tournament__uuid"))
        if tournament_id is None:
            continue
        fields = {"tournament_id": tournament_id, **row}
        if not StaffChange.objects.filter(**fields).exists():
            StaffChange.objects.create(**fields)


def _copy_delete() -> None:
    """Every row of the tournament's copy (and the upload state) deleted; ids start again."""
    kept = _kept_tables()
    tables = [
        t for t in connection.introspection.django_table_names(only_existing=True) if t not in kept
    ]
    if connection.vendor == "postgresql":  # the laptop is SQLite; the tests run on both
        with connection.cursor() as cursor:  # TRUNCATE refuses while deferred checks wait
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    connection.ops.execute_sql_flush(
        connection.ops.sql_flush(no_style(), tables, reset_sequences=True)
    )


@transaction.atomic
def local_copy_resume(*, state: VenueSyncState, signed: str) -> VenueSyncState:
    """Replace the laptop's copy by the central copy ``signed`` (verified with the checkout's
    key): the day carries on from the central server's last applied upload, and the next
    upload takes the number after it. What this laptop held beyond it (refused as older) is
    replaced; its backups stay in the backup folder."""
    services.require_venue_mode()
    content = _content(state=state, kind=answers.RESUME_STATE, signed=signed)
    document = content.get("document")
    checkout = state.checkout
    if not isinstance(document, dict) or document.get("checkout") != str(checkout.uuid):
        raise ValidationError(ANSWER_ALTERED)
    package = {
        "format": content.get("format", FORMAT_VERSION),
        "checkout": str(checkout.uuid),
        "key": checkout.key,
        "central_url": state.central_url,
        "document": document,
    }
    central_url = state.central_url
    staff, log_rows = _staff_kept()
    helpers = _helpers_kept()
    _copy_delete()
    resumed = services.package_load(package=package, central_url=central_url)
    _staff_restore(staff, log_rows)
    _helpers_restore(helpers)
    return resumed


def resume(*, force: bool = False, post=None) -> VenueSyncState:
    """Resume from the central server: refused while this laptop holds changes the central
    server has not received (unless ``force``), else the central copy fetched and loaded."""
    state = selectors.current_state()
    if state is None:
        raise ValidationError(_("No tournament is loaded on this laptop."))
    services.content_refresh(state=state, now=timezone.now())
    refusal = selectors.resume_refusal(state)
    if refusal and not force:
        raise ValidationError(refusal)
    signed = resume_fetch(state=state, post=post)
    return local_copy_resume(state=state, signed=signed)
