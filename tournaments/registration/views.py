"""The director's registration page: search-as-you-type, reserves, check-in."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from tournaments.common.access import directed_tournament
from tournaments.common.http import flash_errors
from tournaments.common.qr import qr_svg
from tournaments.enums import Category, TournamentStatus
from tournaments.models import (
    Tournament,
)
from tournaments.registration import access as registration_access
from tournaments.registration import guests as guest_services
from tournaments.registration import selectors as registration_selectors
from tournaments.registration import services as registration_services
from tournaments.registration.forms import GuestForm
from tournaments.registration.online import selectors as signup_selectors
from tournaments.registration.online import services as signup_services
from tournaments.registry import selectors as registry_selectors
from tournaments.rounds import field
from tournaments.rounds import selectors as rounds_selectors


def _registration_context(tournament: Tournament) -> dict:
    regs = registration_selectors.registration_rows(tournament)
    active = [r for r in regs if r.withdrawn_at is None]
    # The field of the next draw: checked in, not excluded by a red card (SPEC §1, §7).
    seated = [r for r in active if r.checked_in_at and not r.excluded]
    players = tuple(r.player_id for r in seated if not r.reserve)
    reserves = tuple(r.player_id for r in seated if r.reserve)
    status = field.field_status(tournament=tournament, players=len(players), reserves=len(reserves))
    next_round = field.NextRoundStatus(
        status,
        players,
        reserves,
        tuple(r.player_id for r in active if r.checked_in_at and r.excluded),
    )
    started = rounds_selectors.any_round_drawn(tournament)
    running = registration_selectors.running_round(tournament)
    teams_allowed = tournament.category == Category.SPECIAL
    return {
        "running_round": running,
        "running_games": range(1, tournament.games_per_round + 1) if running else (),
        "tournament": tournament,
        "registrations": regs,
        "active_count": len(active),
        "field": status,
        "next_round": next_round,
        "started": started,
        "can_register": tournament.status != TournamentStatus.FINISHED,
        # Only special tournaments have teams (Klub 6.2.1): no query for the others.
        "teams": registration_selectors.team_list(tournament) if teams_allowed else [],
        "teams_allowed": teams_allowed,
        "requests": signup_selectors.open_requests(tournament),
        "signup_closes_at": signup_services.signup_closes_at(tournament),
        "check_in_open": tournament.check_in_open(timezone.now()),
        "poll_seconds": settings.REGISTRATION_POLL_SECONDS,
        "check_in_minutes": signup_services.CHECK_IN_MINUTES,
        "guest_form": GuestForm(auto_id="guest_%s"),
    }


@login_required
def registration_page(request, pk: int):
    tournament = directed_tournament(request, pk)
    context = _registration_context(tournament)
    template = "tournaments/director/registration.html"
    if request.htmx and request.htmx.target == "registration-list":
        template += "#registration-list"
    context["focus_search"] = "angemeldet" in request.GET  # after an add without JavaScript
    return render(request, template, context)


@login_required
def registration_search(request, pk: int):
    """Search as you type: players not yet registered in this tournament."""
    tournament = directed_tournament(request, pk)
    query = request.GET.get("q", "").strip()
    results = []
    if len(query) >= 2:
        results = registration_selectors.registration_candidates(tournament, query)
    if not request.htmx:  # the search button without JavaScript: the whole page
        context = _registration_context(tournament) | {"results": results, "query": query}
        return render(request, "tournaments/director/registration.html", context)
    return render(
        request,
        "tournaments/director/registration.html#search-results",
        {"tournament": tournament, "results": results, "query": query},
    )


@login_required
@require_POST
def registration_add(request, pk: int):
    tournament = directed_tournament(request, pk)
    player = (
        registry_selectors.player_by_pk(request.POST.get("player") or 0)
        if str(request.POST.get("player", "")).isdecimal()  # isdigit() accepts "²", int() not
        else None
    )
    if player is None:
        messages.error(request, _("Please choose a player from the search."))
    else:
        try:
            registration_services.registration_add(
                tournament=tournament,
                player=player,
                reserve=request.POST.get("reserve") == "1",
                user=request.user,
            )
        except ValidationError as exc:
            flash_errors(request, exc)
        else:
            done = (
                _("%(name)s registered as a reserve.")
                if request.POST.get("reserve") == "1"
                else _("%(name)s registered.")
            )
            messages.success(request, done % {"name": player.full_name})
    if not request.htmx:  # back to an empty, focused search for the next player (issue #17.4)
        return redirect(reverse("director:registration", args=[tournament.pk]) + "?angemeldet")
    return _registration_response(request, tournament)


def _registration_response(request, tournament):
    if request.htmx:
        return render(
            request,
            "tournaments/director/registration.html#registration-list",
            _registration_context(tournament),
        )
    return redirect("director:registration", tournament.pk)


@login_required
@require_POST
def registration_change(request, pk: int, reg_pk: int):
    tournament = directed_tournament(request, pk)
    registration = registration_access.registration_or_404(tournament, reg_pk)
    action = request.POST.get("action", "")
    changes = {
        "check_in": {"checked_in": True},
        "check_out": {"checked_in": False},
        "reserve_on": {"reserve": True},
        "reserve_off": {"reserve": False},
        "withdraw": {"withdrawn": True},
        "reinstate": {"withdrawn": False},
    }.get(action)
    if changes is None:
        messages.error(request, _("Unknown action."))
    else:
        if action == "withdraw" and str(request.POST.get("from_game", "")).isdecimal():
            changes = {**changes, "from_game": int(request.POST["from_game"])}
        try:
            registration_services.registration_update(
                registration=registration, user=request.user, **changes
            )
        except ValidationError as exc:
            flash_errors(request, exc)
    return _registration_response(request, tournament)


@login_required
@require_POST
def registration_check_in_all(request, pk: int):
    tournament = directed_tournament(request, pk)
    try:
        count = registration_services.registrations_check_in_all(tournament=tournament)
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        messages.success(request, _("%(count)s players checked in.") % {"count": count})
    return _registration_response(request, tournament)


@login_required
@require_POST
def team_create(request, pk: int):
    tournament = directed_tournament(request, pk)
    try:
        team = registration_services.team_create(
            tournament=tournament, name=request.POST.get("name", ""), user=request.user
        )
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        messages.success(request, _("Team “%(name)s” created.") % {"name": team.name})
    return _registration_response(request, tournament)


@login_required
@require_POST
def registration_team_set(request, pk: int, reg_pk: int):
    tournament = directed_tournament(request, pk)
    registration = registration_access.registration_or_404(tournament, reg_pk)
    raw = str(request.POST.get("team", ""))
    team = registration_access.team_or_404(tournament, int(raw)) if raw.isdecimal() else None
    try:
        registration_services.registration_team_set(
            registration=registration, team=team, user=request.user
        )
    except ValidationError as exc:
        flash_errors(request, exc)
    return _registration_response(request, tournament)


@login_required
@require_POST
def signup_decide(request, pk: int, req_pk: int):
    """The director approves or declines a player's online registration."""
    tournament = directed_tournament(request, pk)
    signup = registration_access.signup_request_or_404(tournament, req_pk)
    action = request.POST.get("action", "")
    if action not in ("approve", "decline"):
        messages.error(request, _("Unknown action."))
        return _registration_response(request, tournament)
    try:
        decided = signup_services.signup_decide(
            request=signup, approve=action == "approve", user=request.user
        )
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        messages.success(request, f"{decided.player.full_name}: {decided.get_status_display()}.")
    return _registration_response(request, tournament)


@login_required
@require_POST
def check_in_window(request, pk: int):
    """The director opens (for some minutes) or closes the players' own check-in."""
    tournament = directed_tournament(request, pk)
    raw = str(request.POST.get("minutes", ""))
    try:
        if request.POST.get("action") == "close":
            signup_services.check_in_window_close(tournament=tournament, user=request.user)
            messages.success(request, _("Players' check-in closed."))
        else:
            main = signup_services.check_in_window_open(
                tournament=tournament,
                minutes=int(raw) if raw.isdecimal() and len(raw) < 5 else 0,
                user=request.user,
            )
            until = timezone.localtime(main.check_in_closes_at).strftime("%H:%M")
            messages.success(request, _("Players' check-in open until %(time)s.") % {"time": until})
    except ValidationError as exc:
        flash_errors(request, exc)
    return _registration_response(request, tournament)


@login_required
@require_POST
def guest_add(request, pk: int):
    """A guest on the day: name and club, no member number (marked as guest)."""
    tournament = directed_tournament(request, pk)
    form = GuestForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, _("Guest: %(error)s") % {"error": error})
        return _registration_response(request, tournament)
    try:
        registration = guest_services.guest_add(
            tournament=tournament, user=request.user, **form.cleaned_data
        )
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        done = (
            _("Guest %(name)s registered as a reserve.")
            if registration.reserve
            else _("Guest %(name)s registered.")
        )
        messages.success(request, done % {"name": registration.player.full_name})
    return _registration_response(request, tournament)


def _check_in_url(request, tournament: Tournament) -> str:
    """The players' check-in link of the event (the ranking app's player area, by URL name)."""
    return request.build_absolute_uri(
        reverse("ranking:check_in", args=[tournament.main_tournament_id])
    )


@login_required
@require_safe
def check_in_qr(request, pk: int):
    """The check-in link as a QR code (SVG image) for the registration page and the poster."""
    tournament = directed_tournament(request, pk)
    response = HttpResponse(
        qr_svg(_check_in_url(request, tournament), title=f"Check-in {tournament.name}"),
        content_type="image/svg+xml",
    )
    response["Cache-Control"] = "private, max-age=3600"
    return response


@login_required
@require_safe
def check_in_poster(request, pk: int):
    """An A4 poster to hang at the venue: the QR code large, the name, the link as text."""
    tournament = directed_tournament(request, pk)
    return render(
        request,
        "tournaments/print/check_in_poster.html",
        {
            "tournament": tournament,
            "check_in_url": _check_in_url(request, tournament),
            "check_in_open": tournament.check_in_open(timezone.now()),
        },
    )
