"""The version history of a result sheet (issue #17.6): what each version changed, its state
said once, −100/−200 (Klub 19.2) and the named winner of an exhausted pool (Klub 11.4)."""

from django import template

from tournaments.domain.sheets import version_games
from tournaments.enums import SheetAction, SheetStatus

register = template.Library()

IMPLIED_STATUS = {
    SheetAction.ENTERED: SheetStatus.ENTERED,
    SheetAction.CONFIRMED: SheetStatus.CONFIRMED,
    SheetAction.CLARIFICATION: SheetStatus.NEEDS_CLARIFICATION,
    SheetAction.INTERPRETED: SheetStatus.CONFIRMED,
}
"""The state an action leaves, so the history need not say it twice ("Bestätigt (bestätigt)")."""


def version_state(version) -> str:
    """What happened, and the state after it only where the action does not already say it."""
    action = version.get_action_display()
    status = version.get_status_display()
    text = action[:1].upper() + action[1:]
    if IMPLIED_STATUS.get(version.action) == version.status or action.lower() == status.lower():
        return text
    return f"{text} – {status}"


@register.simple_tag
def version_history(versions, seats=None) -> list[dict]:
    """Each version (newest first, as given) with its state and its games compared to the
    version before it; ``seats`` name the players (letter → name)."""
    versions = list(versions)
    by_number = {v.number: v for v in versions}
    names = {s.letter: s.player.full_name for s in seats or ()}
    rows = []
    for v in versions:
        before = by_number.get(v.number - 1)
        games = version_games(v.games, before.games if before is not None else None)
        rows.append({"version": v, "state": version_state(v), "games": games, "names": names})
    return rows


@register.filter
def signed_points(value) -> str:
    """Points as on the paper sheet: "+60", "−10" (a real minus sign), "0"; empty for none."""
    if value is None or value == "":
        return ""
    number = int(value)
    if number > 0:
        return f"+{number}"
    return f"−{-number}" if number < 0 else "0"
