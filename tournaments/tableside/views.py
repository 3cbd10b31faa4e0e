"""The table's phone page (issue #15): open by QR code or short code, no account; enter the
sheet, pass the phone round for the sign-offs, call a referee.

Every key is checked on every request (genuine, the round released and not yet published, the
tournament running, table entry switched on); a wrong or expired one gets a German page with
its status (404, 410, 403), too many wrong ones from one address a 429, and a round's short
codes close after too many wrong ones in all (`limits`); a genuine key is never refused for
the wrong ones before it. Writes per table are limited too. Forms work without JavaScript;
`static/js/table-entry.js` keeps what is typed in the phone and sends it again after a lost
connection (the submission key makes that safe).
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from tournaments.common import ratelimit, table_sections
from tournaments.common import table_limits as limits
from tournaments.common.http import error_messages
from tournaments.common.sheet_grid import grid_from_games, parse_grid
from tournaments.enums import SignoffVerdict
from tournaments.models import Table
from tournaments.referees.calls import referee_call_open
from tournaments.tableside import forms, selectors, services
from tournaments.tableside.tokens import table_code, table_token

#: writes (entries, sign-offs, calls) per table and window
WRITES, WRITE_WINDOW = 60, 600
CALLS = 5  # referee calls per table and write window
TOO_MANY = (
    429,
    gettext_lazy("Too many attempts. Please wait a few minutes or ask at the desk."),
)
CODES_CLOSED = (
    403,
    gettext_lazy(
        "Too many wrong codes were typed for this round, so its short codes no longer open a "
        "table. Please scan the QR code on the table card, or ask at the desk."
    ),
)


def token_for(table: Table) -> str:
    return table_token(
        tournament_id=table.round.tournament_id, round_id=table.round_id, table_id=table.pk
    )


def _closed(request, status_message: tuple[int, str], table: Table | None = None):
    status, message = status_message
    response = render(
        request,
        "tournaments/tableside/closed.html",
        {"message": message, "table": table},
        status=status,
    )
    if status == 429:
        response["Retry-After"] = str(limits.FAILURE_WINDOW)
    return response


def _open_table(request, token: str) -> tuple[Table | None, object | None]:
    """The table of a token, or the page that says why not. A genuine token is never refused
    for the wrong ones sent before it (limits)."""
    table = selectors.table_for_token(token)
    if table is None:
        address = ratelimit.client_address(request)
        blocked = limits.address_blocked(address)
        limits.wrong_key(address)
        return None, _closed(request, TOO_MANY if blocked else selectors.UNKNOWN)
    closed = selectors.closed_because(table)
    if closed is not None:
        return None, _closed(request, closed, table)
    return table, None


def _write_allowed(table: Table, scope: str = "tisch-write", limit: int = WRITES) -> bool:
    return ratelimit.hit(scope, str(table.pk), window=WRITE_WINDOW) <= limit


@never_cache
def code_entry(request):
    """`/tisch/`: type the code from the table card (for phones that cannot scan)."""
    # bound on every POST, an empty one too (an unbound form has no errors to add to)
    form = forms.CodeForm(request.POST if request.method == "POST" else None)
    if request.method != "POST":
        return render(request, "tournaments/tableside/code.html", {"form": form})
    typed = form.data.get("code", "") if form.is_valid() else ""
    table = selectors.table_for_code(typed) if typed else None
    if table is None:
        address = ratelimit.client_address(request)
        blocked = limits.address_blocked(address)
        named = selectors.round_of_code(typed) if typed else None
        limits.wrong_key(
            address,
            round_id=named[0] if named else None,
            tournament_id=named[1] if named else None,
        )
        if blocked:
            return _closed(request, TOO_MANY)
        if named and limits.short_codes_closed(named[0]):
            return _closed(request, CODES_CLOSED)
        form.add_error("code", selectors.UNKNOWN[1])
        return render(request, "tournaments/tableside/code.html", {"form": form}, status=404)
    if limits.short_codes_closed(table.round_id):
        return _closed(request, CODES_CLOSED, table)
    closed = selectors.closed_because(table)
    if closed is not None:
        return _closed(request, closed, table)
    return redirect("table:entry", token_for(table))


def _entry_context(request, table: Table, token: str, **extra) -> dict:
    state = selectors.sheet_state(table)
    seats = list(table.seats.all())
    games = range(1, table.round.tournament.games_per_round + 1)
    shown = state.current.games if state.current else None
    return {
        "tournament": table.round.tournament,
        "round": table.round,
        "table": table,
        "token": token,
        "code": table_code(table.pk),
        "seats": seats,
        "names": {s.letter: s.player.full_name for s in seats},
        "games": games,
        "not_played": {g: state.not_played.get(g, ()) for g in games},
        "state": state,
        "raw": grid_from_games(shown) if shown else {},
        "preview": selectors.preview(table, shown, {}) if shown else None,
        "submission_key": uuid.uuid4(),
        "entering": not state.current or (state.at_table and request.GET.get("neu") == "1"),
        # what other apps add to this table (the skill rating's expectation, issue 33.4)
        "table_sections": table_sections.sections(table.round, [table.number])[table.number],
        **extra,
    }


#: Header of a save sent by static/js/table-entry.js (answered 204, not with a redirect)
SCRIPT_SEND = "X-Table-Script"


@never_cache
def entry(request, token: str):
    """`/tisch/<token>/`: enter the sheet, or see the entered one and who signed it."""
    table, refusal = _open_table(request, token)
    if refusal:
        return refusal
    if request.method != "POST":
        return render(
            request, "tournaments/tableside/entry.html", _entry_context(request, table, token)
        )
    letters = tuple(s.letter for s in table.seats.all())
    games = table.round.tournament.games_per_round
    not_played = selectors.sheet_state(table).not_played
    grid = parse_grid(request.POST, letters=letters, games=games, not_played=not_played)
    preview = selectors.preview(table, grid.games, grid.errors, live=bool(request.htmx))
    post = {
        "raw": grid.raw,
        "preview": preview,
        "entering": True,
        "filled_in_by": request.POST.get("filled_in_by", "")[:1],
        "reason": request.POST.get("reason", "")[:1000],
    }
    if request.htmx or request.POST.get("action") == "check":
        template = "tournaments/tableside/entry.html" + ("#preview" if request.htmx else "")
        return render(request, template, _entry_context(request, table, token, **post))
    key = forms.submission_key(request.POST.get("submission_key"))
    errors = list(grid.errors.values())
    if key is None:
        errors = [[_("The form is incomplete. Please reload the page.")]]
    elif not _write_allowed(table):
        return _closed(request, TOO_MANY, table)
    if not errors:
        try:
            version = services.sheet_enter_at_table(
                table=table,
                games=grid.games,
                filled_in_by=post["filled_in_by"],
                device=forms.device_of(request),
                submission_key=key,
                expected_version=_int(request.POST.get("version")),
                reason=post["reason"],
            )
        except ValidationError as exc:
            errors = [error_messages(exc)]
        else:
            messages.success(
                request,
                _("Saved (version %(version)s). Now pass the phone on: everybody else confirms.")
                % {"version": version.number},
            )
            if request.headers.get(SCRIPT_SEND) == "1":
                # The phone's script loads the page itself: a redirect it followed would show
                # (and so use up) the message in its hidden request.
                return HttpResponse(status=204)
            return redirect("table:entry", token)
    context = _entry_context(request, table, token, **post)
    context["form_errors"] = [m for ms in errors for m in ms]
    if key is not None:
        context["submission_key"] = key  # the same send again stays one version
    return render(request, "tournaments/tableside/entry.html", context, status=422)


def _int(value) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return -1


@never_cache
def signoff(request, token: str):
    """`/tisch/<token>/bestaetigen/`: the phone goes round; each other player picks their name
    and confirms or disputes the entered figures (Klub 10.4)."""
    table, refusal = _open_table(request, token)
    if refusal:
        return refusal
    context = _entry_context(request, table, token)
    state = context["state"]
    if request.method == "POST":
        form = forms.SignoffForm(request.POST)
        if not _write_allowed(table):
            return _closed(request, TOO_MANY, table)
        try:
            if not form.is_valid():
                raise ValidationError(_("Please choose your own position and answer."))
            answer = services.sheet_signoff(
                table=table,
                version_number=form.cleaned_data["version"],
                letter=form.cleaned_data["letter"],
                verdict=form.cleaned_data["verdict"],
                note=form.cleaned_data["note"],
                device=forms.device_of(request),
            )
        except ValidationError as exc:
            for message in error_messages(exc):
                messages.error(request, message)
        else:
            name = context["names"].get(answer.letter, answer.letter)
            if answer.verdict == SignoffVerdict.DISPUTED:
                messages.warning(
                    request,
                    _(
                        "%(name)s: objection noted. The desk and the referees see it; please do "
                        "not sign the paper sheet until it is resolved."
                    )
                    % {"name": name},
                )
            else:
                messages.success(request, _("%(name)s: confirmed. Thank you!") % {"name": name})
        return redirect("table:signoff", token)
    letter = request.GET.get("platz", "")[:1]
    context["letter"] = letter if letter in state.waiting else ""
    return render(request, "tournaments/tableside/signoff.html", context)


@never_cache
@require_POST
def referee_call(request, token: str):
    """`/tisch/<token>/schiedsrichter/`: call a referee to this table (Klub 4.1)."""
    table, refusal = _open_table(request, token)
    if refusal:
        return refusal
    form = forms.RefereeCallForm(request.POST)
    reason = form.cleaned_data["reason"] if form.is_valid() else ""
    if not _write_allowed(table, "tisch-call", CALLS):
        messages.error(
            request, _("The referee has already been called. Please wait or raise your hand.")
        )
    else:
        try:
            referee_call_open(table=table, reason=reason, device=forms.device_of(request))
        except ValidationError as exc:
            for message in error_messages(exc):
                messages.error(request, message)
        else:
            messages.success(
                request,
                _("A referee has been called and is coming to table %(table)s.")
                % {"table": table.number},
            )
    return redirect(reverse("table:entry", args=[token]) + "#schiedsrichter")
