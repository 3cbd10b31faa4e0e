"""`{% venue_people_link tournament %}`: on the venue laptop, the link to its people's log-ins
for the day (issue 29); nothing on the central server or before a checkout is loaded."""

from django import template
from django.conf import settings

from tournaments.venue.laptop.selectors import state_for

register = template.Library()


@register.inclusion_tag("tournaments/venue_laptop/_people_link.html")
def venue_people_link(tournament):
    loaded = settings.VENUE_MODE and state_for(tournament) is not None
    return {"tournament": tournament if loaded else None}
