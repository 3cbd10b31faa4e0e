"""The people working at the venue, on the laptop (issue 29): the staff and the referee list of
the checkout package become accounts of the laptop that cannot log in until the director gives
each a password or PIN for the day; the director may add helpers of the venue's own. Role
changes are logged like the central site's (`StaffChange`: who, when, why).

PINs: at least `PASSWORD_MIN` (6) characters, digits allowed. The laptop serves only the venue's
network, the copy is erased after check-in, and the log-in throttle (config/login_throttle.py)
locks an account after 5 wrong tries from one address for 15 minutes: a guesser gets at most
about 500 tries a day from one address against a million six-digit PINs. The site's password
rules for central accounts (length 10, not all digits) would make a PIN typed on a phone at the
table impossible; they are not applied to these log-ins for the day.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments import permissions
from tournaments.common.guards import require_not_finished
from tournaments.enums import GlobalRole, StaffRole
from tournaments.models import (
    StaffChange,
    StaffChangeKind,
    Tournament,
    TournamentStaff,
    VenueCheckout,
    VenuePerson,
)
from tournaments.venue.laptop import staff_selectors
from tournaments.venue.persons import VENUE_ROLES
from tournaments.venue.rows import when

PASSWORD_MIN = 6
PASSWORD_MAX = 128
NAME_MAX = 150
ROLE_GROUP = {
    StaffRole.REFEREE: GlobalRole.REFEREE,
    StaffRole.HEAD_REFEREE: GlobalRole.HEAD_REFEREE,
}


def require_venue_mode() -> None:
    if not settings.VENUE_MODE:
        raise ValidationError(_("Only on the venue laptop (VENUE_MODE=1)."))


def _account(username: str, name: str):
    """The laptop's account of a person the package or the document names: made without a
    password (it cannot log in before the director gives one)."""
    user, created = get_user_model().objects.get_or_create(
        username=username[:150], defaults={"is_active": False, "first_name": name[:150]}
    )
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    elif name and not user.get_full_name():
        user.first_name = name[:150]
        user.save(update_fields=["first_name"])
    return user


def _assign(tournament_id: int, user, role: str, *, reason: str, by=None) -> None:
    """A staff role, logged in the staff history as the central site logs its staff changes
    (`StaffChange`: who, which role, by whom, when, why)."""
    _row, created = TournamentStaff.objects.get_or_create(
        tournament_id=tournament_id, user=user, role=role
    )
    if created:
        StaffChange.objects.create(
            tournament_id=tournament_id,
            person=user,
            person_name=user.get_username(),
            role=role,
            kind=StaffChangeKind.ASSIGNED,
            reason=reason[:300],
            by=by,
        )


@transaction.atomic
def package_people_load(*, checkout: VenueCheckout, package: dict) -> None:
    """The people of a checkout package on the laptop: the federation's referees (with their
    referee role), the tournament's staff (with their roles here) and the helpers the venue
    added before (a package downloaded mid-day, a backup). None of them can log in yet."""
    require_venue_mode()
    roster = package.get("staff") or {}
    main_id = checkout.tournament.main_tournament_id
    for row in roster.get("referees", []):
        user = _account(row["username"], row.get("name", ""))
        roles = [r for r in (GlobalRole.REFEREE, GlobalRole.HEAD_REFEREE) if r in row["roles"]]
        user.groups.add(*permissions.role_groups(*roles))
    for row in roster.get("staff", []):
        if row["role"] in VENUE_ROLES:
            user = _account(row["username"], row.get("name", ""))
            _assign(main_id, user, row["role"], reason=_("Staff of the central site (package)"))
    for row in package["document"].get("venue_persons", []):
        user = _account(row["username"], row["name"])
        person, created = VenuePerson.objects.get_or_create(
            uuid=row["uuid"],
            defaults={
                "checkout": checkout,
                "name": row["name"],
                "role": row["role"],
                "username": row["username"],
                "user": user,
                "created_at": when(row["created_at"]),
            },
        )
        if person.role in ROLE_GROUP:
            user.groups.add(*permissions.role_groups(ROLE_GROUP[person.role]))
        _assign(main_id, user, person.role, reason=_("Helper at the venue (package)"))


def _password(password: str) -> str:
    password = password or ""
    if len(password) < PASSWORD_MIN or not password.strip():
        raise ValidationError(
            {
                "password": _("At least %(n)s characters, please (a PIN of %(n)s digits will do).")
                % {"n": PASSWORD_MIN}
            }
        )
    if len(password) > PASSWORD_MAX:
        raise ValidationError({"password": _("At most 128 characters, please.")})
    return password


def _require(tournament: Tournament, by) -> VenueCheckout:
    require_venue_mode()
    permissions.require_director(by, tournament)
    checkout = staff_selectors.checkout_here(tournament)
    if checkout is None:
        raise ValidationError(_("This tournament is not the one loaded on this laptop."))
    return checkout


def _candidate(tournament: Tournament, person):
    found = staff_selectors.login_candidates(tournament).filter(pk=person.pk).first()
    if found is None:
        raise ValidationError(_("Log-ins for the day are given only to the people listed here."))
    return get_user_model().objects.select_for_update().get(pk=found.pk)


@transaction.atomic
def venue_login_set(*, tournament: Tournament, person, password: str, by):
    """The director gives a listed person a password or PIN for the day: from now on the person
    logs in on this laptop (and works as the roles of this tournament allow)."""
    _require(tournament, by)
    user = _candidate(tournament, person)
    user.set_password(_password(password))
    user.is_active = True
    user.save(update_fields=["password", "is_active"])
    return user


@transaction.atomic
def venue_login_end(*, tournament: Tournament, person, by):
    """The person's log-in ends (gone home, the PIN got around): the password is dropped."""
    _require(tournament, by)
    user = _candidate(tournament, person)
    user.set_unusable_password()
    user.is_active = False
    user.save(update_fields=["password", "is_active"])
    return user


def _free_username(name: str) -> str:
    base = slugify(name)[:30].strip("-") or "helfer"
    taken = set(
        get_user_model()
        .objects.filter(username__istartswith=base)
        .values_list("username", flat=True)
    )
    taken = {t.lower() for t in taken}
    username, number = base, 1
    while username in taken:
        number += 1
        username = f"{base}-{number}"
    return username


@transaction.atomic
def venue_helper_add(
    *, tournament: Tournament, name: str, role: str, password: str, by, reason: str = ""
) -> VenuePerson:
    """A helper of the venue's own (no central account): a log-in on this laptop under a name
    made from theirs, the role assigned as the staff page assigns (logged with who, when and
    why). The uploads carry the helper by name and role; the central site shows them as a
    helper at the venue."""
    checkout = _require(tournament, by)
    require_not_finished(tournament)
    name = " ".join((name or "").split())
    if len(name) < 2:
        raise ValidationError({"name": _("Please give the helper's name.")})
    if len(name) > NAME_MAX:
        raise ValidationError({"name": _("The name is too long (at most 150 characters).")})
    if role not in VENUE_ROLES:
        raise ValidationError({"role": _("Please choose desk, referee or head referee.")})
    password = _password(password)
    main_id = tournament.main_tournament_id
    if role == StaffRole.HEAD_REFEREE:
        current = TournamentStaff.objects.filter(
            tournament_id=main_id, role=StaffRole.HEAD_REFEREE
        ).first()
        if current is not None:
            raise ValidationError(
                _(
                    "%(user)s is already head referee of this tournament. There is only one; "
                    "please end that assignment first."
                )
                % {"user": current.user.get_username()}
            )
    User = get_user_model()
    user = User(username=_free_username(name), first_name=name, is_active=True)
    user.set_password(password)
    user.save()
    if role in ROLE_GROUP:  # listed here only: the laptop's director vouches for the helper
        user.groups.add(*permissions.role_groups(ROLE_GROUP[role]))
    person = VenuePerson.objects.create(
        checkout=checkout, name=name, role=role, username=user.get_username(), user=user
    )
    reason = (reason or "").strip()[:300] or _("Helper at the venue")
    _assign(main_id, user, role, reason=reason, by=by)
    return person
