"""A player's own area and appeals: file one, add to it, read it, its attachments."""

from __future__ import annotations

from pathlib import PurePath

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import FileResponse, Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from players.accounts import selectors as accounts_selectors
from ranking.appeals import selectors as appeals_selectors
from ranking.appeals import services as appeals_services
from ranking.appeals.files import attachment_delivery, caps_text
from ranking.appeals.forms import AdditionForm, AppealForm
from ranking.appeals.selectors import appeal_or_404
from ranking.domain import appeals as domain_appeals
from ranking.public import selectors as public_selectors
from tournaments import permissions
from tournaments.common import access
from tournaments.common.http import apply_errors, int_or_404


@login_required
def my_area(request):
    account = accounts_selectors.account_of(request.user)
    staff = permissions.is_director(request.user)
    permissions.require(
        account is not None or staff,
        _("This area is for player accounts and tournament directors."),
    )
    now = timezone.now()
    context = {"account": account, "staff": staff}
    if account is not None:
        context["tournaments"] = appeals_selectors.appealable_tournaments_for_player(
            account.player, now=now
        )
        context["appeals"] = appeals_selectors.appeals_of_player(account.player)
        context["history"] = public_selectors.player_history(account.player)
    if staff:
        context["staff_tournaments"] = appeals_selectors.tournaments_for_appeal_staff(
            request.user, now=now
        )
        context["filed"] = appeals_selectors.appeals_filed_by(request.user)
    return render(request, "ranking/appeals/my_area.html", context)


@login_required
def appeal_new(request, tournament_pk: int):
    tournament = access.tournament_or_404(int_or_404(tournament_pk))
    account = accounts_selectors.account_of(request.user)
    staff = permissions.can_direct(request.user, tournament)
    if not staff and not tournament.is_public:
        raise Http404  # a draft is not announced: not even its name
    permissions.require(
        staff or account is not None,
        _("Appeals are lodged by the player or by the tournament director on the player's behalf."),
    )
    players = appeals_selectors.players_who_played(tournament) if staff else None
    rounds = appeals_selectors.published_rounds(tournament)
    deadline = appeals_selectors.deadline_text(tournament.end_date)
    form = AppealForm(
        request.POST or None,
        request.FILES or None,
        players=players,
        rounds=rounds,
        caps_text=caps_text(),
    )
    status = 200
    # the player's own open appeal is offered to add to (issue 30.5); staff see it once they
    # chose the player
    open_appeal = None if staff else appeals_selectors.open_appeal(tournament, account.player)
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            player = access.player_or_404(data["player"]) if staff else account.player
            if staff:
                open_appeal = appeals_selectors.open_appeal(tournament, player)
            try:
                appeal = appeals_services.appeal_file(
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
                    _(
                        "Appeal no. %(number)s has been received. The rules commission decides; "
                        "the decision comes by e-mail."
                    )
                    % {"number": appeal.pk},
                )
                return redirect("ranking:appeal_detail", pk=appeal.pk)
        status = 422
    return render(
        request,
        "ranking/appeals/new.html",
        {
            "tournament": tournament,
            "form": form,
            "deadline": deadline,
            "in_time": domain_appeals.appeal_in_time(tournament.end_date, timezone.now()),
            "staff": staff,
            "per_hour": settings.APPEALS_PER_HOUR,
            "open_appeal": open_appeal,
        },
        status=status,
    )


@login_required
def appeal_detail(request, pk: int):
    appeal = appeal_or_404(pk)
    permissions.require(appeals_services.can_see_appeal(request.user, appeal))
    decision = getattr(appeal, "decision", None)
    return render(
        request,
        "ranking/appeals/detail.html",
        {
            "appeal": appeal,
            "decision": decision,
            "additions": appeals_selectors.additions_of(appeal),
            "may_add": _may_add(request.user, appeal),
        },
    )


def _may_add(user, appeal) -> bool:
    return (
        not appeal.is_decided
        and appeals_services.can_add_to(user, appeal)
        and domain_appeals.appeal_in_time(appeal.tournament.end_date, timezone.now())
    )


@login_required
def appeal_addition_new(request, pk: int):
    """Add to an open appeal (issue 30.5): the player, or staff on the player's behalf."""
    appeal = appeal_or_404(pk)
    permissions.require(
        appeals_services.can_add_to(request.user, appeal), str(appeals_services.WHO_MAY_FILE)
    )
    form = AdditionForm(request.POST or None, request.FILES or None, caps_text=caps_text())
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                appeals_services.appeal_addition_file(
                    user=request.user,
                    appeal=appeal,
                    text=form.cleaned_data["text"],
                    attachment=form.cleaned_data["attachment"],
                )
            except ValidationError as exc:
                apply_errors(form, exc)
            else:
                messages.success(
                    request,
                    _("Your addition to appeal no. %(number)s has been received.")
                    % {"number": appeal.pk},
                )
                return redirect("ranking:appeal_detail", pk=appeal.pk)
        status = 422
    return render(
        request,
        "ranking/appeals/addition_new.html",
        {
            "appeal": appeal,
            "form": form,
            "open": _may_add(request.user, appeal),
            "deadline": appeals_selectors.deadline_text(appeal.tournament.end_date),
            "per_hour": settings.APPEAL_ADDITIONS_PER_HOUR,
        },
        status=status,
    )


@login_required
def appeal_attachment(request, pk: int):
    """Attachments are private (names on a sheet): served only to those who may see the appeal.

    Photos open in the browser, anything else downloads; `sandbox` keeps an uploaded file from
    running scripts with the site's cookies even if a browser sniffs it as HTML.
    """
    appeal = appeal_or_404(pk)
    permissions.require(appeals_services.can_see_appeal(request.user, appeal))
    return _serve(appeal.attachment)


@login_required
def appeal_addition_attachment(request, pk: int, addition_pk: int):
    """An addition's attachment: served to exactly those who may see its appeal."""
    appeal = appeal_or_404(pk)
    permissions.require(appeals_services.can_see_appeal(request.user, appeal))
    addition = appeals_selectors.addition_or_404(appeal, addition_pk)
    return _serve(addition.attachment)


def _serve(stored) -> FileResponse:
    if not stored:
        raise Http404
    try:
        handle = stored.open("rb")
    except FileNotFoundError as exc:
        raise Http404 from exc
    content_type, inline = attachment_delivery(stored.name)
    response = FileResponse(
        handle,
        content_type=content_type,
        as_attachment=not inline,
        filename=PurePath(stored.name).name,
    )
    response["Content-Security-Policy"] = "sandbox"
    response["X-Content-Type-Options"] = "nosniff"
    return response
