"""The desk board's button "Take over all sheets confirmed at the table" (issue 28.4).

A plain form: without JavaScript the answer is a redirect to the board with the summary as
messages; with htmx the summary replaces the region under the button and the board is asked to
poll at once (`live-now`), so it shows the confirmed tables in place.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST
from django_htmx.http import trigger_client_event

from tournaments.common.http import error_messages
from tournaments.sheets import access as sheets_access
from tournaments.sheets.signed import services as signed_services
from tournaments.sheets.signed.services import SignedTakeOver

LEVELS = {
    "success": messages.SUCCESS,
    "info": messages.INFO,
    "warning": messages.WARNING,
    "error": messages.ERROR,
}


def _tables(left) -> str:
    return ", ".join(f"{x.table} ({x.detail})" if x.detail else str(x.table) for x in left)


def _group(reason: str, count: int) -> tuple[str, str]:
    """The level and the sentence (with %(tables)s) of one reason's tables."""
    texts = {
        signed_services.DISPUTED: (
            "warning",
            ngettext(
                "Not taken over, disputed at the table (re-type the paper blind on the sheet "
                "page): table %(tables)s.",
                "Not taken over, disputed at the table (re-type the paper blind on the sheet "
                "page): tables %(tables)s.",
                count,
            ),
        ),
        signed_services.CHANGED: (
            "warning",
            ngettext(
                "Not taken over, changed at the desk since the table's entry (for a second "
                "person on the sheet page): table %(tables)s.",
                "Not taken over, changed at the desk since the table's entry (for a second "
                "person on the sheet page): tables %(tables)s.",
                count,
            ),
        ),
        signed_services.UNSIGNED: (
            "info",
            ngettext(
                "Not taken over, not confirmed by everyone at the table yet: table %(tables)s.",
                "Not taken over, not confirmed by everyone at the table yet: tables %(tables)s.",
                count,
            ),
        ),
        signed_services.CLARIFICATION: (
            "info",
            ngettext(
                "Not taken over, clarification needed: table %(tables)s.",
                "Not taken over, clarification needed: tables %(tables)s.",
                count,
            ),
        ),
        signed_services.AT_DESK: (
            "info",
            ngettext(
                "Not taken over, entered at the desk (for a second person on the sheet page): "
                "table %(tables)s.",
                "Not taken over, entered at the desk (for a second person on the sheet page): "
                "tables %(tables)s.",
                count,
            ),
        ),
        signed_services.MISSING: (
            "info",
            ngettext("No sheet yet: table %(tables)s.", "No sheet yet: tables %(tables)s.", count),
        ),
        signed_services.CONFIRMED: (
            "info",
            ngettext(
                "Already confirmed, unchanged: table %(tables)s.",
                "Already confirmed, unchanged: tables %(tables)s.",
                count,
            ),
        ),
    }
    return texts[reason]


def summary(result: SignedTakeOver) -> list[tuple[str, str]]:
    """(level, sentence) lines: what was taken over, then what was left and why."""
    count = len(result.confirmed)
    if count:
        text = ngettext(
            "Taken over as confirmed: the sheet of table %(tables)s.",
            "Taken over as confirmed: %(count)s sheets, tables %(tables)s.",
            count,
        ) % {"count": count, "tables": ", ".join(map(str, result.confirmed))}
        lines = [("success", text)]
    else:
        lines = [("info", _("No sheet taken over: none is confirmed by everyone at its table."))]
    for reason in signed_services.REASONS:
        left = result.left_for(reason)
        if not left:
            continue
        if reason == signed_services.REFUSED:
            lines += [
                (
                    "error",
                    _("Table %(table)s not taken over: %(message)s")
                    % {"table": x.table, "message": x.detail},
                )
                for x in left
            ]
            continue
        level, text = _group(reason, len(left))
        lines.append((level, text % {"tables": _tables(left)}))
    return lines


@login_required
@require_POST
def desk_confirm_signed(request, pk: int, number: int):
    """Take over every sheet of the round its table signed; the summary says what and why."""
    rnd = sheets_access.desk_round(request, pk, number)
    try:
        result = signed_services.sheets_confirm_signed(rnd=rnd, user=request.user)
    except ValidationError as exc:
        lines = [("error", message) for message in error_messages(exc)]
    else:
        lines = summary(result)
    if request.htmx:
        context = {"tournament": rnd.tournament, "round": rnd, "summary": lines}
        response = render(request, "tournaments/desk/board.html#signed-summary", context)
        return trigger_client_event(response, "live-now", {"target": "#desk-board"})
    for level, text in lines:
        messages.add_message(request, LEVELS[level], text)
    return redirect("director:desk_board", pk, number)
