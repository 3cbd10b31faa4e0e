"""Staff and helpers at the venue (issue 29), the central site's side.

The checkout package names the tournament's staff (desk, referees, head referee) and the
federation's referee list by user name, name and role: no password hash, no e-mail, nothing
else of an account leaves the central site (`staff_roster`). The laptop gives them log-ins for
the day and may add helpers of its own; those travel back in the document (`venue_persons`).
An upload's trail names staff by their central user names, so their rows keep their own
accounts; a helper is mapped by its row, never by a central account of the same name, to an
account that cannot log in (`venue_persons_receive`). A federation admin may link a helper to
an existing account (`venue_person_link`, each link kept with who, when and why).
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.shortcuts import get_object_or_404
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments import permissions
from tournaments.enums import GlobalRole, StaffRole
from tournaments.models import (
    Tournament,
    TournamentStaff,
    VenueCheckout,
    VenuePerson,
    VenuePersonLink,
)
from tournaments.venue.rows import DocumentInvalid, when

#: the roles the venue may give a person besides the director (the director logs in by
#: `venue_load --director`)
VENUE_ROLES = (StaffRole.DESK, StaffRole.REFEREE, StaffRole.HEAD_REFEREE)
REFEREE_GROUPS = (GlobalRole.REFEREE, GlobalRole.HEAD_REFEREE)


def _person(user) -> dict:
    return {"username": user.get_username(), "name": user.get_full_name().strip()}


def staff_roster(*, tournament: Tournament, active_only: bool = True) -> dict:
    """Who may work at the venue, for the checkout package: the tournament's staff (its juniors'
    field is staffed by it) and the federation's referee list, by user name, name and role.
    Nothing else of the accounts: no password hash, no e-mail. The laptop's backups carry it
    too (``active_only=False``: there the listed people cannot log in until given a PIN)."""
    rows = (
        TournamentStaff.objects.filter(
            tournament_id=tournament.main_tournament_id, role__in=VENUE_ROLES
        )
        .select_related("user")
        .order_by("user__username", "role")
    )
    helpers = set(VenuePerson.objects.values_list("user_id", flat=True))
    staff = [_person(s.user) | {"role": s.role} for s in rows if s.user_id not in helpers]
    referees = []
    groups = [g.value for g in REFEREE_GROUPS]
    listed = (
        get_user_model()
        .objects.filter(groups__name__in=groups, **({"is_active": True} if active_only else {}))
        .exclude(pk__in=VenuePerson.objects.values("user_id"))  # the venue's own helpers
        .distinct()
        .order_by("username")
        .prefetch_related("groups")
    )
    for user in listed:
        names = {g.name for g in user.groups.all()}
        roles = [g.value for g in REFEREE_GROUPS if g.value in names]
        referees.append(_person(user) | {"roles": roles})
    return {"staff": staff, "referees": referees}


def _account_name(row: dict) -> str:
    """The user name of the central account of a helper (it cannot log in): readable in the
    trail, and never one of a real account (a short uuid makes it unique)."""
    slug = slugify(row["name"])[:40] or "helper"
    return f"vor-ort-{slug}-{row['uuid'].replace('-', '')[:8]}"


def _central_account(row: dict):
    User = get_user_model()
    username = _account_name(row)
    if User.objects.filter(username=username).exists():
        username = f"vor-ort-{row['uuid'].replace('-', '')}"
    if User.objects.filter(username=username).exists():
        raise DocumentInvalid(_("A helper at the venue has the name of another account here."))
    user = User(username=username, first_name=row["name"][:150], is_active=False)
    user.set_unusable_password()
    user.save()
    return user


def _valid(row) -> bool:
    return (
        isinstance(row, dict)
        and all(isinstance(row.get(k), str) and row.get(k) for k in ("uuid", "name", "username"))
        and row.get("role") in VENUE_ROLES
    )


def venue_persons_receive(*, checkout: VenueCheckout, rows: list) -> dict[str, int]:
    """The helpers of an upload (the caller's transaction): new ones recorded with an account
    that cannot log in, known ones compared. Returns {log-in name at the venue: account id},
    which the writer takes before any central account of the same name."""
    if not isinstance(rows, list) or not all(_valid(r) for r in rows):
        raise DocumentInvalid(_("The upload's list of helpers at the venue is malformed."))
    known = {str(p.uuid): p for p in VenuePerson.objects.filter(uuid__in=[r["uuid"] for r in rows])}
    people = {}
    for row in rows:
        person = known.get(row["uuid"])
        if person is None:
            person = VenuePerson.objects.create(
                uuid=row["uuid"],
                checkout=checkout,
                name=row["name"][:150],
                role=row["role"],
                username=row["username"][:150],
                user=_central_account(row),
                created_at=when(row.get("created_at")),
            )
        elif person.checkout_id != checkout.pk or person.username != row["username"]:
            raise DocumentInvalid(
                _("The helper at the venue %(name)s differs from the one already recorded.")
                % {"name": person.name}
            )
        elif (person.name, person.role) != (row["name"], row["role"]):
            VenuePerson.objects.filter(pk=person.pk).update(
                name=row["name"][:150], role=row["role"]
            )
        people[person.username] = person.user_id
    return people


def _require_admin(user) -> None:
    if not permissions.is_federation_admin(user):
        raise PermissionDenied(_("Only the federation links helpers at the venue to accounts."))


@transaction.atomic
def venue_person_link(*, person: VenuePerson, username: str, by, reason: str) -> VenuePersonLink:
    """Say which existing account a helper at the venue was (an empty user name: the earlier
    link was wrong). The trail keeps its rows as they arrived; every link is kept."""
    _require_admin(by)
    locked = VenuePerson.objects.select_for_update().get(pk=person.pk)
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": _("Please say how you know who it was.")})
    if len(reason) > 300:
        raise ValidationError({"reason": _("The reason is too long (at most 300 characters).")})
    username = (username or "").strip()
    account = None
    if username:
        helpers = VenuePerson.objects.values("user_id")
        account = (
            get_user_model()
            .objects.filter(username__iexact=username)
            .exclude(pk__in=helpers)
            .first()
        )
        if account is None:
            raise ValidationError(
                {"username": _("No account “%(username)s”.") % {"username": username}}
            )
    current = current_link(locked)
    if (current.account_id if current else None) == (account.pk if account else None):
        if account is None:
            raise ValidationError({"username": _("Please give the account's user name.")})
        raise ValidationError(_("The helper is already linked to this account."))
    return VenuePersonLink.objects.create(person=locked, account=account, by=by, reason=reason)


def current_link(person: VenuePerson) -> VenuePersonLink | None:
    """The newest link of a helper (None: never linked)."""
    return person.links.select_related("account", "by").order_by("-at", "-pk").first()


def venue_persons_listed(*, limit: int = 200) -> list[tuple[VenuePerson, VenuePersonLink | None]]:
    """The helpers of the venues, newest first, each with its current link (the review)."""
    persons = VenuePerson.objects.select_related("checkout__tournament", "user").order_by(
        "-created_at", "-pk"
    )[:limit]
    return [(p, current_link(p)) for p in persons]


def venue_person_or_404(pk: int) -> VenuePerson:
    return get_object_or_404(VenuePerson, pk=pk)
