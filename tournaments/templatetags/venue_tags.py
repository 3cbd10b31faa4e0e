"""The public banner of a tournament checked out to a venue (issue 18)."""

from django import template

from tournaments.venue import selectors

register = template.Library()


@register.inclusion_tag("tournaments/venue/_banner.html")
def venue_banner(tournament):
    """The banner "Live vom Spielort – Stand hh:mm": the venue's time of the last upload."""
    return {"banner": selectors.public_banner(tournament)}
