"""Referee area (Klub 4): a phone in the hall – table → player → kind → ground → save – plus the
history of warnings and rulings for the staff of this tournament. Permissions are checked per
tournament here and again in the services."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django_htmx.http import HttpResponseClientRedirect

from tournaments import permissions, selectors_referee
from tournaments.enums import RulingStatus, WarningKind
from tournaments.forms_referee import FinalRulingForm, RulingForm, WarningForm, WithdrawForm
from tournaments.models import PlayerWarning, Registration, Round, Ruling, Tournament
from tournaments.services import referees as referee_services
from tournaments.views.common import apply_errors, int_or_404

SEE_DENIED = "Nur das Personal dieses Turniers sieht Verwarnungen und Entscheidungen."


def _tournament(request, pk) -> Tournament:
    """Any staff of this tournament may look; writing is checked per view and in the service."""
    tournament = get_object_or_404(Tournament, pk=int_or_404(pk))
    permissions.require(permissions.can_see_referee_log(request.user, tournament), SEE_DENIED)
    return tournament


def _logging_tournament(request, pk) -> Tournament:
    tournament = get_object_or_404(Tournament, pk=int_or_404(pk))
    permissions.require(
        permissions.can_referee(request.user, tournament), referee_services.REFEREE_ONLY
    )
    return tournament


def _rights(user, tournament: Tournament) -> dict:
    return {
        "can_log": permissions.can_referee(user, tournament),
        "can_withdraw": permissions.can_head_referee(user, tournament),
        "is_head": permissions.is_head_referee_of(user, tournament),
        "is_director": permissions.can_direct(user, tournament),
    }


def _search(tournament: Tournament, query: str) -> list[dict]:
    """Registered players matching every word, with their table in the current round."""
    query = (query or "").strip()[:100]
    if len(query) < 2:
        return []
    regs = Registration.objects.filter(tournament=tournament).select_related("player")
    for term in query.replace(",", " ").split():
        regs = regs.filter(
            Q(player__last_name__icontains=term)
            | Q(player__first_name__icontains=term)
            | Q(player__federation_number__icontains=term)
        )
    regs = list(regs.order_by("player__last_name", "player__first_name")[:20])
    rnd = selectors_referee.current_round(tournament)
    seats = selectors_referee.seats_by_player(rnd)
    summaries = selectors_referee.summaries(tournament)
    return [
        {
            "player": r.player,
            "seat": seats.get(r.player_id),
            "summary": summaries.get(r.player_id),
        }
        for r in regs
    ]


@login_required
def tournament_home(request, pk: int):
    """Start on the phone: the current round's tables, a name search, exclusions, open calls."""
    tournament = _tournament(request, pk)
    rnd = selectors_referee.current_round(tournament)
    summaries = selectors_referee.summaries(tournament)
    tables = selectors_referee.round_tables(rnd) if rnd else []
    for table in tables:
        table["flags"] = [summaries.get(s.player_id) for s in table["seats"]]
    query = request.GET.get("q", "")
    context = {
        "tournament": tournament,
        "round": rnd,
        "tables": tables,
        "query": query,
        "results": _search(tournament, query),
        "exclusions": selectors_referee.exclusions(tournament),
        "open_calls": Ruling.objects.filter(
            tournament=tournament, status=RulingStatus.ESCALATED, final_ruling__isnull=True
        ).select_related("round"),
        "head": selectors_referee.head_referee(tournament),
        **_rights(request.user, tournament),
    }
    return render(request, "tournaments/referee/tournament.html", context)


@login_required
def search(request, pk: int):
    """Search as you type (htmx); without JS the search form goes to the tournament page."""
    tournament = _tournament(request, pk)
    if not request.htmx:
        query = urlencode({"q": request.GET.get("q", "")})
        return redirect(f"{reverse('referee:tournament', args=[tournament.pk])}?{query}")
    query = request.GET.get("q", "")
    return render(
        request,
        "tournaments/referee/tournament.html#search-results",
        {
            "tournament": tournament,
            "query": query,
            "results": _search(tournament, query),
            **_rights(request.user, tournament),
        },
    )


@login_required
def table(request, pk: int, number: int, table_number: int):
    """The four (or three) players of one table, each one tap from the warning form."""
    tournament = _tournament(request, pk)
    rnd = get_object_or_404(Round, tournament=tournament, number=int_or_404(number))
    tables = [
        t for t in selectors_referee.round_tables(rnd) if t["number"] == int_or_404(table_number)
    ]
    if not tables:
        raise Http404
    summaries = selectors_referee.summaries(tournament)
    rows = [{"seat": s, "summary": summaries.get(s.player_id)} for s in tables[0]["seats"]]
    return render(
        request,
        "tournaments/referee/table.html",
        {
            "tournament": tournament,
            "round": rnd,
            "table_number": tables[0]["number"],
            "rows": rows,
            "rulings": Ruling.objects.filter(
                tournament=tournament, round=rnd, table_number=tables[0]["number"]
            ).order_by("-decided_at"),
            **_rights(request.user, tournament),
        },
    )


def _id_or_none(value) -> int | None:
    """A database id from user input, or None for anything else (no 500 on odd input)."""
    value = str(value or "")
    if value.isdecimal() and 0 < int(value) < 2**31:
        return int(value)
    return None


def _history_context(tournament: Tournament, player_id: int | None) -> dict:
    if not player_id:
        return {"history_player": None, "history": [], "summary": None}
    reg = (
        Registration.objects.filter(tournament=tournament, player_id=player_id)
        .select_related("player")
        .first()
    )
    if reg is None:
        return {"history_player": None, "history": [], "summary": None}
    history = selectors_referee.player_warnings(tournament, player_id)
    return {
        "history_player": reg.player,
        "history": history,
        "summary": selectors_referee.summary_of(history),
    }


@login_required
def player_history(request, pk: int):
    """The earlier warnings of one player (?player=<id>; htmx loads it as soon as the player is
    chosen). No or an unknown player gives the empty hint, never an error."""
    tournament = _tournament(request, pk)
    player = request.GET.get("player", "")
    context = _history_context(tournament, _id_or_none(player))
    return render(
        request,
        "tournaments/referee/warning_form.html#history",
        {"tournament": tournament, **context},
    )


def _initial_from_query(request, tournament: Tournament) -> dict:
    """Prefill from the table page: ?player=<id>&round=<number>."""
    initial = {}
    player = request.GET.get("player", "")
    if player.isdecimal():
        initial["player"] = player
    rnd = request.GET.get("round", "")
    if rnd.isdecimal():
        initial["round"] = rnd
    elif (current := selectors_referee.current_round(tournament)) is not None:
        initial["round"] = str(current.number)
    return initial


@login_required
def warning_create(request, pk: int):
    """Log a warning; a red card first asks for confirmation (a dialog with htmx, otherwise the
    same page with the confirmation box), then excludes the player from later rounds."""
    tournament = _logging_tournament(request, pk)
    registrations = selectors_referee.registered_players(tournament)
    form_kwargs = {"tournament": tournament, "registrations": registrations}
    confirm_red = False
    if request.method == "POST":
        form = WarningForm(request.POST, **form_kwargs)
        if form.is_valid():
            data = form.cleaned_data
            wants_cancel = "cancel" in request.POST
            confirmed = request.POST.get("confirm") == "1"
            if wants_cancel:
                pass  # back to the form, values kept, nothing saved
            elif data["kind"] == WarningKind.RED and not confirmed:
                confirm_red = True
            else:
                try:
                    warning = referee_services.warning_give(
                        tournament=tournament,
                        player=form.player_obj,
                        kind=data["kind"],
                        ground=data["ground"],
                        ground_text=data["ground_text"],
                        note=data["note"],
                        rnd=data["round"],
                        game_number=data["game_number"],
                        user=request.user,
                    )
                except ValidationError as exc:
                    apply_errors(form, exc)
                else:
                    messages.success(request, _saved_message(warning))
                    target = reverse("referee:tournament", args=[tournament.pk])
                    if request.htmx:
                        return HttpResponseClientRedirect(target)
                    return redirect(target)
        player_id = request.POST.get("player", "")
    else:
        form = WarningForm(initial=_initial_from_query(request, tournament), **form_kwargs)
        player_id = form.initial.get("player", "")
    context = {
        "tournament": tournament,
        "form": form,
        "confirm_red": confirm_red,
        "confirm_player": form.player_obj if confirm_red else None,
        **_history_context(tournament, _id_or_none(player_id)),
        **_rights(request.user, tournament),
    }
    template = "tournaments/referee/warning_form.html"
    if request.htmx and request.htmx.target == "warning-panel":
        template += "#panel"
    return render(request, template, context)


def _saved_message(warning: PlayerWarning) -> str:
    name = warning.player.full_name
    if warning.kind == WarningKind.RED:
        return (
            f"Rote Karte für {name} gespeichert: ausgeschlossen ab der nächsten Auslosung, "
            "eventuelle Gewinne verfallen (Klub 4.5.2)."
        )
    return f"{warning.get_kind_display()} für {name} gespeichert."


@login_required
def warning_list(request, pk: int):
    """The tournament's warnings, withdrawn ones kept and marked (history)."""
    tournament = _tournament(request, pk)
    return render(
        request,
        "tournaments/referee/warnings.html",
        {
            "tournament": tournament,
            "warnings": selectors_referee.tournament_warnings(tournament),
            **_rights(request.user, tournament),
        },
    )


@login_required
def warning_withdraw(request, pk: int, warning_pk: int):
    """Head referee or director withdraws a warning given by mistake – with a reason."""
    tournament = get_object_or_404(Tournament, pk=int_or_404(pk))
    permissions.require(
        permissions.can_head_referee(request.user, tournament),
        referee_services.HEAD_OR_DIRECTOR_ONLY,
    )
    warning = get_object_or_404(
        PlayerWarning.objects.select_related("player", "round", "given_by", "withdrawn_by"),
        pk=int_or_404(warning_pk),
        tournament=tournament,
    )
    form = WithdrawForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            referee_services.warning_withdraw(
                warning=warning, reason=form.cleaned_data["reason"], user=request.user
            )
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            text = f"{warning.get_kind_display()} für {warning.player.full_name} zurückgenommen."
            if warning.kind == WarningKind.RED:
                text += " Der Spieler wird ab der nächsten Auslosung wieder gesetzt."
            messages.success(request, text)
            return redirect("referee:warnings", tournament.pk)
    return render(
        request,
        "tournaments/referee/withdraw.html",
        {"tournament": tournament, "warning": warning, "form": form},
    )


@login_required
def ruling_list(request, pk: int):
    tournament = _tournament(request, pk)
    return render(
        request,
        "tournaments/referee/rulings.html",
        {
            "tournament": tournament,
            "rulings": selectors_referee.tournament_rulings(tournament),
            "head": selectors_referee.head_referee(tournament),
            **_rights(request.user, tournament),
        },
    )


@login_required
def ruling_create(request, pk: int):
    tournament = _logging_tournament(request, pk)
    initial = {}
    for key in ("round", "table_number"):
        value = request.GET.get(key, "")
        if value.isdecimal():
            initial[key] = value
    if "round" not in initial and (rnd := selectors_referee.current_round(tournament)):
        initial["round"] = str(rnd.number)
    form = RulingForm(request.POST or None, tournament=tournament, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            ruling = referee_services.ruling_record(
                tournament=tournament,
                question=data["question"],
                decision=data["decision"],
                rule_cited=data["rule_cited"],
                objections=data["objections"],
                rnd=data["round"],
                table_number=data["table_number"],
                game_number=data["game_number"],
                user=request.user,
            )
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            if ruling.status == RulingStatus.ESCALATED:
                messages.warning(
                    request,
                    "Mehr als zwei Spieler widersprechen: die Entscheidung ist an den "
                    "Hauptschiedsrichter übergeben (Klub 4.2.2).",
                )
            elif data["objections"] > 2:
                messages.warning(
                    request,
                    "Kein Hauptschiedsrichter auf diesem Turnier: die Entscheidung des "
                    "Schiedsrichters ist bindend (Klub 4.2.2).",
                )
            else:
                messages.success(request, "Entscheidung gespeichert.")
            return redirect("referee:rulings", tournament.pk)
    return render(
        request,
        "tournaments/referee/ruling_form.html",
        {"tournament": tournament, "form": form},
    )


@login_required
def ruling_final(request, pk: int, ruling_pk: int):
    """The head referee hears everyone and decides finally (Klub 4.2.2); no later change."""
    tournament = get_object_or_404(Tournament, pk=int_or_404(pk))
    permissions.require(
        permissions.is_head_referee_of(request.user, tournament), referee_services.HEAD_ONLY
    )
    ruling = get_object_or_404(
        Ruling.objects.select_related("round", "decided_by"),
        pk=int_or_404(ruling_pk),
        tournament=tournament,
        status=RulingStatus.ESCALATED,
    )
    final = Ruling.objects.filter(escalated_from=ruling).select_related("decided_by").first()
    form = FinalRulingForm(request.POST or None)
    if request.method == "POST" and final is None and form.is_valid():
        try:
            referee_services.ruling_decide_finally(
                ruling=ruling,
                decision=form.cleaned_data["decision"],
                rule_cited=form.cleaned_data["rule_cited"],
                user=request.user,
            )
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, "Endgültige Entscheidung gespeichert.")
            return redirect("referee:rulings", tournament.pk)
    elif request.method == "POST" and final is not None:
        messages.error(
            request,
            "Hierzu gibt es bereits eine endgültige Entscheidung; sie kann nicht geändert werden.",
        )
    return render(
        request,
        "tournaments/referee/ruling_final.html",
        {"tournament": tournament, "ruling": ruling, "final": final, "form": form},
    )
