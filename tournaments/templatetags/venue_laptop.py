"""`{% venue_status tournament %}`: the venue laptop's upload light on the director's page;
nothing on the central server or before a checkout is loaded."""

from django import template
from django.conf import settings

from tournaments.venue.laptop import selectors

register = template.Library()


@register.inclusion_tag("tournaments/venue_laptop/_status_slot.html", takes_context=True)
def venue_status(context, tournament):
    state = selectors.state_for(tournament) if settings.VENUE_MODE else None
    if state is None:
        return {"state": None}
    return {**selectors.panel(tournament, state), "csrf_token": context.get("csrf_token")}
