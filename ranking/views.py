"""Ranking pages, appeals, the commission inbox and player accounts. Thin: services decide."""

from __future__ import annotations

import csv
import mimetypes

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from tournaments import permissions
from tournaments.enums import RoundStatus
from tournaments.models import Player, Registration, Round, Seat, Tournament
from tournaments.sheet_forms import grid_from_games, parse_grid
from tournaments.views.common import apply_errors, error_messages, flash_errors, int_or_404

from ranking import domain, selectors
from ranking.enums import AppealStatus, DecisionOutcome
from ranking.forms import AppealForm, DecisionForm, InviteForm, SetPasswordForm
from ranking.models import Appeal, PlayerAccount, RankingYear, ResultCorrection
from ranking.services import accounts as account_services
from ranking.services import appeals as appeal_services

MIN_YEAR, MAX_YEAR = 1990, 2200


def _year_or_404(year) -> int:
    number = int_or_404(year)
    if not MIN_YEAR <= number <= MAX_YEAR:
        raise Http404
    return number


# --- Public ranking ----------------------------------------------------------------------


def ranking_index(request):
    """The newest year with a ranking (or the current year)."""
    year = (
        RankingYear.objects.filter(computed_at__isnull=False)
        .order_by("-year")
        .values_list("year", flat=True)
        .first()
    ) or timezone.localdate().year
    return redirect("ranking:year", year=year)


def _year_context(year: int) -> dict:
    snapshot = selectors.ranking_snapshot(year)
    entries = selectors.ranking_entries(snapshot) if snapshot else []
    rules = domain.rules_for_year(year)
    return {
        "year": year,
        "snapshot": snapshot,
        "entries": entries,
        "rules": rules,
        "years": selectors.ranking_years(),
        "states": selectors.year_tournament_states(year, now=timezone.now()),
    }


def ranking_year(request, year: int):
    year = _year_or_404(year)
    context = _year_context(year)
    current = timezone.localdate().year
    if context["snapshot"] is None and year not in context["years"] and year != current:
        raise Http404
    template = "ranking/year.html"
    if request.htmx:
        template += "#status"
    return render(request, template, context)


def ranking_csv(request, year: int):
    year = _year_or_404(year)
    snapshot = selectors.ranking_snapshot(year)
    if snapshot is None:
        raise Http404
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="ranking-{year}.csv"'
    response.write("\ufeff")  # Excel opens UTF-8 with the BOM
    writer = csv.writer(response, delimiter=";")
    writer.writerow(
        [
            "Rang",
            "Spieler",
            "Verein",
            "Turniere",
            "Runden",
            "Spiele",
            "Platzierungspunkte",
            "Platzierungspunkte pro Spiel",
            "Spielpunkte",
            "1. Plätze",
            "2. Plätze",
            "3. Plätze",
            "4. Plätze",
            "Minuspunkte",
        ]
    )
    for e in selectors.ranking_entries(snapshot):
        writer.writerow(
            [
                e.rank,
                e.player.public_name,
                e.player.club,
                e.tournaments,
                e.rounds,
                e.games,
                e.placement_points,
                f"{e.placement_points_per_game:.2f}".replace(".", ","),
                e.game_points,
                e.first,
                e.second,
                e.third,
                e.fourth,
                e.minus_points,
            ]
        )
    return response


def player_history(request, player_id: int):
    player = get_object_or_404(Player, pk=int_or_404(player_id))
    history = selectors.player_history(player)
    if not history:
        raise Http404
    return render(request, "ranking/player.html", {"player": player, "history": history})


# --- My area: players and staff who file appeals -----------------------------------------


def _account(user) -> PlayerAccount | None:
    return PlayerAccount.objects.select_related("player").filter(user=user).first()


@login_required
def my_area(request):
    account = _account(request.user)
    staff = permissions.is_director(request.user)
    permissions.require(
        account is not None or staff, "Dieser Bereich ist für Spielerkonten und Turnierleitungen."
    )
    now = timezone.now()
    context = {"account": account, "staff": staff}
    if account is not None:
        context["tournaments"] = selectors.appealable_tournaments_for_player(
            account.player, now=now
        )
        context["appeals"] = selectors.appeals_of_player(account.player)
        context["history"] = selectors.player_history(account.player)
    if staff:
        context["staff_tournaments"] = selectors.tournaments_for_appeal_staff(request.user, now=now)
        context["filed"] = selectors.appeals_filed_by(request.user)
    return render(request, "ranking/my_area.html", context)


@login_required
def appeal_new(request, tournament_pk: int):
    tournament = get_object_or_404(Tournament, pk=int_or_404(tournament_pk))
    account = _account(request.user)
    staff = permissions.can_direct(request.user, tournament)
    permissions.require(
        staff or account is not None,
        "Einsprüche legt der Spieler selbst oder die Turnierleitung für ihn ein.",
    )
    players = None
    if staff:
        players = [
            r.player
            for r in Registration.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
            .select_related("player")
            .order_by("player__last_name", "player__first_name")
        ]
    rounds = selectors.published_rounds(tournament)
    deadline = domain.deadline_text(tournament.end_date)
    form = AppealForm(request.POST or None, request.FILES or None, players=players, rounds=rounds)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            player = get_object_or_404(Player, pk=data["player"]) if staff else account.player
            try:
                appeal = appeal_services.appeal_file(
                    user=request.user,
                    tournament=tournament,
                    player=player,
                    round_number=data["round_number"],
                    table_number=data["table_number"],
                    game_number=data["game_number"],
                    what_is_wrong=data["what_is_wrong"],
                    correction_requested=data["correction_requested"],
                    attachment=data["attachment"],
                )
            except ValidationError as exc:
                apply_errors(form, exc)
            else:
                messages.success(
                    request,
                    f"Einspruch Nr. {appeal.pk} ist eingegangen. Die Regelkommission entscheidet; "
                    "die Entscheidung kommt per E-Mail.",
                )
                return redirect("ranking:appeal_detail", pk=appeal.pk)
        status = 422
    return render(
        request,
        "ranking/appeal_new.html",
        {
            "tournament": tournament,
            "form": form,
            "deadline": deadline,
            "in_time": domain.appeal_in_time(tournament.end_date, timezone.now()),
            "staff": staff,
        },
        status=status,
    )


def _appeal(pk) -> Appeal:
    return get_object_or_404(
        Appeal.objects.select_related("tournament", "player", "round", "filed_by"),
        pk=int_or_404(pk),
    )


@login_required
def appeal_detail(request, pk: int):
    appeal = _appeal(pk)
    permissions.require(appeal_services.can_see_appeal(request.user, appeal))
    decision = getattr(appeal, "decision", None)
    return render(request, "ranking/appeal_detail.html", {"appeal": appeal, "decision": decision})


@login_required
def appeal_attachment(request, pk: int):
    """Attachments are private (names on a sheet): served only to those who may see the appeal."""
    appeal = _appeal(pk)
    permissions.require(appeal_services.can_see_appeal(request.user, appeal))
    if not appeal.attachment:
        raise Http404
    try:
        handle = appeal.attachment.open("rb")
    except FileNotFoundError as exc:
        raise Http404 from exc
    content_type = mimetypes.guess_type(appeal.attachment.name)[0] or "application/octet-stream"
    return FileResponse(handle, content_type=content_type)


# --- Commission -------------------------------------------------------------------------


def _require_commission(user) -> None:
    permissions.require(permissions.is_commission(user), "Nur für Mitglieder der Regelkommission.")


@login_required
def commission_inbox(request):
    _require_commission(request.user)
    groups = selectors.inbox()
    sections = [(status, groups[status.value]) for status in AppealStatus]
    return render(request, "ranking/inbox.html", {"sections": sections})


def _effective_games(rnd: Round, table_number: int) -> list[dict] | None:
    """What the ranking uses for a table now: the newest correction, else the sheet."""
    corrected = (
        ResultCorrection.objects.filter(round=rnd, table_number=table_number)
        .order_by("-decision__decided_at", "-pk")
        .values_list("games", flat=True)
        .first()
    )
    if corrected is not None:
        return corrected
    return (
        rnd.sheets.filter(table__number=table_number)
        .values_list("confirmed__games", flat=True)
        .first()
    )


def _correction_target(request, appeal: Appeal):
    """Round and table to correct: from the appeal, or chosen by the commission (?runde=&tisch=)."""
    source = request.POST if request.method == "POST" else request.GET
    rnd = appeal.round
    table_number = appeal.table_number
    try:
        if source.get("runde"):
            rnd = Round.objects.filter(
                tournament_id=appeal.tournament_id,
                number=int(source["runde"]),
                status=RoundStatus.PUBLISHED,
            ).first()
        if source.get("tisch"):
            table_number = int(source["tisch"])
    except (TypeError, ValueError):
        return None, None, []
    if rnd is None or table_number is None:
        return rnd, table_number, []
    seats = list(
        Seat.objects.filter(round=rnd, table__number=table_number)
        .select_related("player")
        .order_by("letter")
    )
    return rnd, table_number, seats


def _commission_context(request, appeal: Appeal, **extra) -> dict:
    rnd, table_number, seats = _correction_target(request, appeal)
    raw = extra.pop("raw", None)
    if raw is None and seats:
        games = _effective_games(rnd, table_number)
        raw = grid_from_games(games) if games else {}
    return {
        "appeal": appeal,
        "decision": getattr(appeal, "decision", None),
        "deadline": domain.deadline_text(appeal.tournament.end_date),
        "rounds": selectors.published_rounds(appeal.tournament),
        "target_round": rnd,
        "target_table": table_number,
        "seats": seats,
        "games": range(1, appeal.tournament.games_per_round + 1),
        "raw": raw or {},
        "form": extra.pop("form", None) or DecisionForm(),
        **selectors.appeal_context(appeal),
        **extra,
    }


@login_required
def commission_appeal(request, pk: int):
    _require_commission(request.user)
    appeal = _appeal(pk)
    return render(request, "ranking/commission_appeal.html", _commission_context(request, appeal))


@login_required
@require_POST
def commission_review(request, pk: int):
    _require_commission(request.user)
    appeal = _appeal(pk)
    try:
        appeal_services.appeal_start_review(appeal=appeal, user=request.user)
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        messages.success(request, f"Einspruch Nr. {appeal.pk} ist in Prüfung.")
    return redirect("ranking:commission_appeal", pk=appeal.pk)


@login_required
@require_POST
def commission_decide(request, pk: int):
    _require_commission(request.user)
    appeal = _appeal(pk)
    form = DecisionForm(request.POST)
    rnd, table_number, seats = _correction_target(request, appeal)
    raw = None
    if form.is_valid():
        outcome = form.cleaned_data["outcome"]
        games = None
        if outcome == DecisionOutcome.UPHELD and seats:
            letters = tuple(s.letter for s in seats)
            grid = parse_grid(
                request.POST, letters=letters, games=appeal.tournament.games_per_round
            )
            raw = grid.raw
            if grid.errors:
                form.add_error(None, [m for msgs in grid.errors.values() for m in msgs])
            games = grid.games
        if not form.errors:
            try:
                appeal_services.appeal_decide(
                    appeal=appeal,
                    user=request.user,
                    outcome=outcome,
                    reasoning=form.cleaned_data["reasoning"],
                    round_number=rnd.number if rnd else None,
                    table_number=table_number,
                    games=games,
                )
            except ValidationError as exc:
                for message in error_messages(exc):
                    form.add_error(None, message)
            else:
                messages.success(
                    request,
                    f"Entscheidung zu Einspruch Nr. {appeal.pk} gespeichert; der Einspruchsführer "
                    "wird per E-Mail benachrichtigt. Das Ranking wird neu berechnet.",
                )
                return redirect("ranking:commission_appeal", pk=appeal.pk)
    appeal.refresh_from_db()
    context = _commission_context(request, appeal, form=form, raw=raw)
    return render(request, "ranking/commission_appeal.html", context, status=422)


# --- Player accounts --------------------------------------------------------------------


@login_required
def invite(request):
    permissions.require(
        account_services.can_invite(request.user), "Nur Turnierleitung und Verband laden ein."
    )
    form = InviteForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            player = Player.objects.filter(
                federation_number__iexact=form.cleaned_data["federation_number"].strip()
            ).first()
            if player is None:
                form.add_error(
                    "federation_number", "Keine Spielerin / kein Spieler mit dieser Nummer."
                )
            else:
                try:
                    invitation, _token = account_services.player_invite(
                        player=player,
                        user=request.user,
                        email=form.cleaned_data["email"],
                        base_url=request.build_absolute_uri("/").rstrip("/"),
                    )
                except ValidationError as exc:
                    apply_errors(form, exc)
                else:
                    messages.success(
                        request,
                        f"Einladung an {invitation.email} für {player.full_name} verschickt.",
                    )
                    return redirect("ranking:invite")
        status = 422
    return render(request, "ranking/invite.html", {"form": form}, status=status)


def invitation_accept(request, token: str):
    try:
        invitation = account_services.invitation_for_token(token)
    except ValidationError as exc:
        return render(
            request, "ranking/invitation.html", {"error": error_messages(exc)[0]}, status=404
        )
    form = SetPasswordForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                account = account_services.invitation_accept(
                    token=token,
                    password=form.cleaned_data["password"],
                    password_again=form.cleaned_data["password_again"],
                )
            except ValidationError as exc:
                apply_errors(form, exc)
            else:
                login(request, account.user, backend="django.contrib.auth.backends.ModelBackend")
                messages.success(
                    request,
                    f"Willkommen! Ihr Benutzername ist {account.user.username}.",
                )
                return redirect(reverse("ranking:my_area"))
        status = 422
    return render(
        request,
        "ranking/invitation.html",
        {"form": form, "invitation": invitation},
        status=status,
    )
