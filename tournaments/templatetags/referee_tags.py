"""Exclusions (active red cards) on pages whose views belong to other parts of the site."""

from django import template

from tournaments.referees import selectors as selectors_referee

register = template.Library()


@register.simple_tag
def round_exclusions(rnd) -> dict:
    """For a round's page: who is excluded and left out, and who was carded after the draw
    and still sits in it (SPEC §7: only rounds drawn after the red card leave him out)."""
    exclusions = selectors_referee.exclusions(rnd.tournament_id)
    if not exclusions:
        return {"left_out": [], "seated": []}
    seated_ids = set(
        rnd.seats.filter(player_id__in=[w.player_id for w in exclusions]).values_list(
            "player_id", flat=True
        )
    )
    return {
        "left_out": [w for w in exclusions if w.player_id not in seated_ids],
        "seated": [w for w in exclusions if w.player_id in seated_ids],
    }
