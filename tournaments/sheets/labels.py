"""The desk board's badges: a table's state in words, with its sign-offs (issue #15)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.domain import table_entry

STATE_LABELS = {
    table_entry.MISSING: gettext_lazy("sheet missing"),
    table_entry.ENTERED: gettext_lazy("entered"),
    table_entry.TABLE_ENTERED: gettext_lazy("entered at the table"),
    table_entry.SIGNED: gettext_lazy("confirmed at the table"),
    table_entry.DISPUTED: gettext_lazy("Disputed"),
    table_entry.CLARIFICATION: gettext_lazy("Clarification needed"),
    table_entry.CONFIRMED: gettext_lazy("confirmed"),
}


def board_label(entry) -> str:
    """The board's badge: the state, with the table's sign-offs (issue #15)."""
    progress = entry.progress
    if entry.state == table_entry.DISPUTED:
        return _("Disputed by %(names)s") % {"names": ", ".join(progress.disputed)}
    if entry.state in (table_entry.TABLE_ENTERED, table_entry.SIGNED) and progress.required:
        done, of = len(progress.confirmed), len(progress.required)
        if entry.state == table_entry.SIGNED:
            return f"{STATE_LABELS[entry.state]} ({done}/{of})"
        return _("%(state)s, %(done)s/%(of)s confirmed") % {
            "state": STATE_LABELS[entry.state],
            "done": done,
            "of": of,
        }
    return str(STATE_LABELS[entry.state])
