"""Director area: tournament set-up, registration and check-in."""

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Count, Exists, OuterRef, Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from tournaments import permissions, selectors_referee
from tournaments.enums import Category, GlobalRole, RuleSetCode, RulingStatus, TournamentStatus, WarningKind
from tournaments.forms import TournamentForm
from tournaments.forms_referee import StaffForm
from tournaments.models import Player, PlayerWarning, Registration, Ruling, Tournament, TournamentStaff
from tournaments.services import referees as referee_services
from tournaments.services import rounds as round_services
from tournaments.services import tournaments as tournament_services
from tournaments.views.common import apply_errors, flash_errors
from tournaments.views.players import search_players

FORMAT_FIELDS = tuple(TournamentForm.Meta.fields)


def _directed(request, pk: int) -> Tournament:
    tournament = get_object_or_404(Tournament, pk=pk)
    permissions.require_director(request.user, tournament)
    return tournament


@login_required
def tournament_create(request):
    permissions.require(permissions.is_director(request.user))
    today = timezone.localdate()
    initial = {
        "category": Category.CITY,
        "rounds_planned": 3,
        "games_per_round": 4,
        "finalists_count": 4,
        "ranking_year": today.year,
        "rule_set": RuleSetCode.RULES_2014,
        "counts_for_ranking": True,
    }
    form = TournamentForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = tournament_services.tournament_create(
                user=request.user, **{f: form.cleaned_data[f] for f in FORMAT_FIELDS}
            )
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, f"Turnier „{tournament.name}“ angelegt.")
            return redirect("director:tournament_detail", tournament.pk)
    return render(request, "tournaments/director/tournament_form.html", {"form": form})


@login_required
def tournament_edit(request, pk: int):
    tournament = _directed(request, pk)
    form = TournamentForm(request.POST or None, instance=tournament)
    if tournament.rounds.exists():  # fixed once round 1 is drawn (the service checks again)
        for name in ("ranking_year", "counts_for_ranking"):
            form.fields[name].disabled = True
            form.fields[name].help_text = "Steht nach der Auslosung der ersten Runde fest."
    if request.method == "POST" and form.is_valid():
        try:
            tournament_services.tournament_update(
                tournament=tournament, **{f: form.cleaned_data[f] for f in FORMAT_FIELDS}
            )
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, "Änderungen gespeichert.")
            return redirect("director:tournament_detail", tournament.pk)
    return render(
        request,
        "tournaments/director/tournament_form.html",
        {"form": form, "tournament": Tournament.objects.get(pk=pk)},
    )


@login_required
def tournament_detail(request, pk: int):
    tournament = _directed(request, pk)
    rounds = tournament.rounds.annotate(table_count=Count("tables")).order_by("number")
    counts = tournament.registrations.aggregate(
        active=Count("id", filter=Q(withdrawn_at__isnull=True, reserve=False)),
        reserves=Count("id", filter=Q(withdrawn_at__isnull=True, reserve=True)),
        checked_in=Count("id", filter=Q(withdrawn_at__isnull=True, checked_in_at__isnull=False)),
    )
    deadline = tournament_services.registration_deadline(tournament)
    return render(
        request,
        "tournaments/director/tournament_detail.html",
        {
            "tournament": tournament,
            "rounds": rounds,
            "counts": counts,
            "deadline": deadline,
            **_referee_overview(tournament, len(rounds)),
        },
    )


def _referee_overview(tournament: Tournament, drawn: int) -> dict:
    """Exclusions (winnings forfeited, Klub 4.5.2), warning counts and the next round's field."""
    warning_counts = PlayerWarning.objects.filter(
        tournament=tournament, withdrawn_at__isnull=True
    ).aggregate(
        total=Count("id"),
        yellow=Count("id", filter=Q(kind=WarningKind.YELLOW)),
    )
    next_is_preliminary = (
        tournament.status == TournamentStatus.RUNNING and drawn < tournament.rounds_planned
    )
    return {
        "exclusions": selectors_referee.exclusions(tournament),
        "warning_counts": warning_counts,
        "open_calls": Ruling.objects.filter(
            tournament=tournament, status=RulingStatus.ESCALATED, final_ruling__isnull=True
        ).count(),
        "next_round": round_services.next_round_status(tournament) if next_is_preliminary else None,
        "staff_count": tournament.staff.count(),
    }


@login_required
@require_POST
def tournament_open_registration(request, pk: int):
    tournament = _directed(request, pk)
    try:
        tournament_services.tournament_open_registration(tournament=tournament)
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        messages.success(
            request, "Die Anmeldung ist geöffnet; das Turnier ist öffentlich sichtbar."
        )
    return redirect("director:tournament_detail", pk)


def _registration_context(tournament: Tournament) -> dict:
    red_card = PlayerWarning.objects.filter(
        tournament=OuterRef("tournament"),
        player=OuterRef("player"),
        kind=WarningKind.RED,
        withdrawn_at__isnull=True,
    )
    regs = list(
        Registration.objects.filter(tournament=tournament)
        .select_related("player")
        .annotate(excluded=Exists(red_card))  # same query: the page's query budget stays
        .order_by("withdrawn_at", "player__last_name", "player__first_name")
    )
    active = [r for r in regs if r.withdrawn_at is None]
    # The field of the next draw: checked in, not excluded by a red card (SPEC §1, §7).
    seated = [r for r in active if r.checked_in_at and not r.excluded]
    players = tuple(r.player_id for r in seated if not r.reserve)
    reserves = tuple(r.player_id for r in seated if r.reserve)
    status = tournament_services.field_status(
        tournament=tournament, players=len(players), reserves=len(reserves)
    )
    next_round = round_services.NextRoundStatus(
        status,
        players,
        reserves,
        tuple(r.player_id for r in active if r.checked_in_at and r.excluded),
    )
    started = tournament.rounds.exists()
    return {
        "tournament": tournament,
        "registrations": regs,
        "active_count": len(active),
        "field": status,
        "next_round": next_round,
        "started": started,
        "can_register": tournament.status != TournamentStatus.FINISHED,
    }


@login_required
def registration_page(request, pk: int):
    tournament = _directed(request, pk)
    context = _registration_context(tournament)
    template = "tournaments/director/registration.html"
    if request.htmx and request.htmx.target == "registration-list":
        template += "#registration-list"
    return render(request, template, context)


@login_required
def registration_search(request, pk: int):
    """Search as you type: players not yet registered in this tournament."""
    tournament = _directed(request, pk)
    query = request.GET.get("q", "").strip()
    results = []
    if len(query) >= 2:
        registered = tournament.registrations.filter(withdrawn_at__isnull=True).values("player_id")
        results = list(search_players(query).exclude(pk__in=registered)[:15])
    return render(
        request,
        "tournaments/director/registration.html#search-results",
        {"tournament": tournament, "results": results, "query": query},
    )


@login_required
@require_POST
def registration_add(request, pk: int):
    tournament = _directed(request, pk)
    player = (
        Player.objects.filter(pk=request.POST.get("player") or 0).first()
        if str(request.POST.get("player", "")).isdecimal()  # isdigit() accepts "²", int() not
        else None
    )
    if player is None:
        messages.error(request, "Bitte einen Spieler aus der Suche auswählen.")
    else:
        try:
            tournament_services.registration_add(
                tournament=tournament,
                player=player,
                reserve=request.POST.get("reserve") == "1",
                user=request.user,
            )
        except ValidationError as exc:
            flash_errors(request, exc)
        else:
            kind = "als Ersatzspieler " if request.POST.get("reserve") == "1" else ""
            messages.success(request, f"{player.full_name} {kind}angemeldet.")
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
    tournament = _directed(request, pk)
    registration = get_object_or_404(Registration, pk=reg_pk, tournament=tournament)
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
        messages.error(request, "Unbekannte Aktion.")
    else:
        try:
            tournament_services.registration_update(registration=registration, **changes)
        except ValidationError as exc:
            flash_errors(request, exc)
    return _registration_response(request, tournament)


@login_required
@require_POST
def registration_check_in_all(request, pk: int):
    tournament = _directed(request, pk)
    try:
        count = tournament_services.registrations_check_in_all(tournament=tournament)
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        messages.success(request, f"{count} Spieler eingecheckt.")
    return _registration_response(request, tournament)


@login_required
@require_POST
def round_pair(request, pk: int):
    tournament = _directed(request, pk)
    try:
        rnd = round_services.round_pair_next(tournament=tournament, user=request.user)
    except ValidationError as exc:
        flash_errors(request, exc)
        return redirect("director:tournament_detail", pk)
    messages.success(request, f"Runde {rnd.number} ist ausgelost (Startwert {rnd.seed}).")
    return redirect("director:round_detail", pk, rnd.number)


# --- Staff: desk, referees and the head referee (issue 6) ------------------------------------


def _staff_context(tournament: Tournament, form) -> dict:
    referee_groups = [GlobalRole.REFEREE.value, GlobalRole.HEAD_REFEREE.value]
    return {
        "tournament": tournament,
        "form": form,
        "staff": selectors_referee.staff(tournament),
        "referee_candidates": get_user_model()
        .objects.filter(is_active=True, groups__name__in=referee_groups)
        .distinct()
        .order_by("username")[:200],
    }


@login_required
def staff_page(request, pk: int):
    """The director assigns desk staff, referees and the one head referee of this tournament."""
    tournament = _directed(request, pk)
    form = StaffForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            assignment = referee_services.staff_assign(
                tournament=tournament,
                username=form.cleaned_data["username"],
                role=form.cleaned_data["role"],
                user=request.user,
            )
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(
                request,
                f"{assignment.user.get_username()} ist als {assignment.get_role_display()} "
                "zugeordnet.",
            )
            return redirect("director:staff", tournament.pk)
    return render(request, "tournaments/director/staff.html", _staff_context(tournament, form))


@login_required
@require_POST
def staff_remove(request, pk: int, staff_pk: int):
    tournament = _directed(request, pk)
    assignment = get_object_or_404(
        TournamentStaff.objects.select_related("user"), pk=staff_pk, tournament=tournament
    )
    try:
        referee_services.staff_unassign(assignment=assignment, user=request.user)
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        messages.success(
            request,
            f"Zuordnung von {assignment.user.get_username()} als "
            f"{assignment.get_role_display()} aufgehoben.",
        )
    return redirect("director:staff", tournament.pk)
