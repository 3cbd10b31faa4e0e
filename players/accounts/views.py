"""Player accounts: invitation by directors, sign-up by the player, password reset, and the
start page each role lands on after logging in."""

from __future__ import annotations

from functools import partial

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from players.accounts import selectors as accounts_selectors
from players.accounts import services as account_services
from players.accounts import throttle
from players.accounts.forms import AccountOpenForm, InviteForm, PasswordResetForm, SetPasswordForm
from players.accounts.language import mail_language
from tournaments import permissions
from tournaments.common.http import apply_errors, error_messages
from tournaments.registry import selectors as registry_selectors


@login_required
def invite(request):
    permissions.require(
        account_services.can_invite(request.user),
        _("Only tournament directors and the federation send invitations."),
    )
    form = InviteForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            player = registry_selectors.player_by_federation_number(
                form.cleaned_data["federation_number"].strip()
            )
            if player is None:
                form.add_error("federation_number", _("No player with this number."))
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
                        _("Invitation to %(email)s for %(name)s sent.")
                        % {"email": invitation.email, "name": player.full_name},
                    )
                    return redirect("ranking:invite")
        status = 422
    return render(request, "players/invite.html", {"form": form}, status=status)


def invitation_accept(request, token: str):
    try:
        invitation = account_services.invitation_for_token(token)
    except ValidationError as exc:
        return render(
            request, "players/invitation.html", {"error": error_messages(exc)[0]}, status=404
        )
    form = SetPasswordForm(request.POST or None)
    status = 200
    if request.method == "POST":
        done = _account_made(
            request, form, partial(account_services.invitation_accept, token=token)
        )
        if done is not None:
            return done
        status = 422
    return render(
        request,
        "players/invitation.html",
        {"form": form, "invitation": invitation},
        status=status,
    )


def _account_made(request, form, complete) -> HttpResponseRedirect | None:
    """The password form that ends an invitation or a sign-up, posted: ``complete`` (the
    service, its token given) makes the account; its holder is signed in, welcomed and sent to
    "My area". None: the form holds its errors (its own or the service's)."""
    if not form.is_valid():
        return None
    try:
        account = complete(
            password=form.cleaned_data["password"],
            password_again=form.cleaned_data["password_again"],
        )
    except ValidationError as exc:
        apply_errors(form, exc)
        return None
    login(request, account.user, backend="django.contrib.auth.backends.ModelBackend")
    messages.success(
        request, _("Welcome! Your user name is %(username)s.") % {"username": account.user.username}
    )
    return redirect("ranking:my_area")


def _base_url(request) -> str:
    return request.build_absolute_uri("/").rstrip("/")


def account_open(request):
    """Member number and e-mail; the same answer whether or not they match (no address leaks)."""
    form = AccountOpenForm(request.POST or None)
    if request.method == "POST":
        typed = (request.POST.get("federation_number", ""), request.POST.get("email", ""))
        refusal = throttle.refusal(request, throttle.OPEN, typed)
        if refusal is not None:
            return refusal
        if form.is_valid():
            account_services.account_request_enqueue(
                task=account_services.ACCOUNT_OPEN_TASK,
                language=mail_language(),
                federation_number=form.cleaned_data["federation_number"],
                email=form.cleaned_data["email"],
                base_url=_base_url(request),
            )
            return redirect("signup_sent")
        return render(request, "players/accounts/open.html", {"form": form}, status=422)
    return render(request, "players/accounts/open.html", {"form": form})


@require_safe
def account_open_sent(request):
    return render(request, "players/accounts/open_sent.html")


def account_open_verify(request, token: str):
    """The e-mailed link: set a password, and the account exists (the link is spent)."""
    refusal = throttle.link_refusal(request)
    if refusal is not None:
        return refusal
    try:
        player, _email = account_services.account_open_player(token)
    except ValidationError as exc:
        throttle.bad_link(request)
        return render(
            request,
            "players/accounts/open_verify.html",
            {"error": error_messages(exc)[0]},
            status=404,
        )
    form = SetPasswordForm(request.POST or None)
    status = 200
    if request.method == "POST":
        complete = partial(account_services.account_open_complete, token=token)
        done = _account_made(request, form, complete)
        if done is not None:
            return done
        status = 422
    return render(
        request,
        "players/accounts/open_verify.html",
        {"form": form, "player": player},
        status=status,
    )


@login_required
def start(request):
    """Where a log-in lands: each role on its own start page (issue 16)."""
    user = request.user
    if permissions.is_director(user):
        return redirect("director:home")
    if permissions.is_referee(user) or accounts_selectors.has_referee_assignment(user):
        return redirect("referee_home")
    if permissions.is_desk_staff(user):
        return redirect("desk_home")
    if permissions.is_commission(user):
        return redirect("commission_home")
    if accounts_selectors.account_of(user) is not None:
        return redirect("ranking:my_area")
    return redirect("home")


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset, throttled; it mails only existing addresses and always answers alike."""

    form_class = PasswordResetForm
    template_name = "players/accounts/password_reset_form.html"

    def post(self, request, *args, **kwargs):
        refusal = throttle.refusal(request, throttle.RESET, (request.POST.get("email", ""),))
        if refusal is not None:
            return refusal
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        """Not Django's `form.save()` here: a worker looks the address up and mails (issue
        30.6), so a known address answers as fast as an unknown one."""
        account_services.account_request_enqueue(
            task=account_services.PASSWORD_RESET_TASK,
            language=mail_language(),
            email=form.cleaned_data["email"],
            base_url=_base_url(self.request),
        )
        return HttpResponseRedirect(self.get_success_url())


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's single-use, expiring link (PASSWORD_RESET_TIMEOUT); a bad link counts."""

    success_url = reverse_lazy("password_reset_complete")
    template_name = "players/accounts/password_reset_confirm.html"

    def dispatch(self, *args, **kwargs):
        refusal = throttle.link_refusal(self.request)
        if refusal is not None:
            return refusal
        response = super().dispatch(*args, **kwargs)
        if not getattr(self, "validlink", False) and response.status_code == 200:
            throttle.bad_link(self.request)
        return response
