"""Guests on the day (issue 16.4): the director adds a player who is not in the federation's
registry, with name and club and no member number, straight from the registration page."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from tournaments import permissions
from tournaments.common.guards import tournament_write
from tournaments.models import Player, Registration, Tournament
from tournaments.registration import services as registration_services


@transaction.atomic
@tournament_write
def guest_add(
    *,
    tournament: Tournament,
    first_name: str,
    last_name: str,
    club: str = "",
    reserve: bool = False,
    user,
) -> Registration:
    """A guest player (marked as guest, no member number) and their registration, together or
    not at all; after round 1 is drawn only as a reserve, like everyone (Klub 6.1)."""
    permissions.require_director(user, tournament)
    first, last, club = (" ".join(v.split()) for v in (first_name, last_name, club))
    errors = {}
    if not first:
        errors["first_name"] = "Bitte den Vornamen angeben."
    if not last:
        errors["last_name"] = "Bitte den Nachnamen angeben."
    for key, value in (("first_name", first), ("last_name", last), ("club", club)):
        if len(value) > Player._meta.get_field(key).max_length:
            errors[key] = "Dieser Eintrag ist zu lang."
    if errors:
        raise ValidationError(errors)
    twin = (
        Registration.objects.active()
        .filter(
            tournament=tournament,
            player__is_guest=True,
            player__first_name__iexact=first,
            player__last_name__iexact=last,
        )
        .exists()
    )
    if twin:
        raise ValidationError(f"Ein Gast „{last}, {first}“ ist bereits angemeldet.")
    guest = Player.objects.create(
        first_name=first, last_name=last, club=club, is_guest=True, federation_number=None
    )
    return registration_services.registration_add(
        tournament=tournament, player=guest, reserve=reserve, user=user
    )
