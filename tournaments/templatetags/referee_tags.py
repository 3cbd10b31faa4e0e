"""Exclusions (active red cards) on pages whose views belong to other parts of the site."""

from django import template

from tournaments.referees import selectors as selectors_referee

register = template.Library()


@register.simple_tag
def round_exclusions(rnd) -> dict:
    """For a round's page: who is excluded and left out, and who was carded after the draw
    and still sits in it (SPEC §7: only rounds drawn after the red card leave him out)."""
    return selectors_referee.round_exclusions(rnd)
