"""A person's devices with push messages (issue 34): the list (each device's messages, remove
it) and the browser's subscription, sent by static/js/push.js after the person's click."""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from players.models import PushSubscription
from players.push import selectors as push_selectors
from players.push import sender
from players.push import services as push_services
from players.push.forms import DeviceKindsForm
from tournaments.common.http import error_messages, flash_errors

MAX_BODY = 4096


@login_required
def devices(request):
    """GET only: the forms post to `push_device` and `push_subscribe`."""
    if request.method != "GET":
        return redirect("push_devices")
    allowed = push_selectors.kinds_for(request.user)
    rows = [
        (
            device,
            DeviceKindsForm(
                initial={"kinds": device.kinds}, allowed=allowed, prefix=f"device-{device.pk}"
            ),
        )
        for device in push_selectors.devices_of(request.user)
    ]
    return render(
        request,
        "players/push/devices.html",
        {
            "rows": rows,
            "new_form": DeviceKindsForm(initial={"kinds": allowed}, allowed=allowed, prefix="new"),
            "allowed": allowed,
            "configured": sender.push_configured(),
            "public_key": settings.PUSH_VAPID_PUBLIC_KEY,
        },
    )


@login_required
@require_POST
def subscribe(request):
    """The browser's subscription as JSON (push.js, with the page's CSRF token): 201 with the
    device's id, or 400 with the reason in the page's language."""
    try:
        if len(request.body) > MAX_BODY:
            raise ValueError
        data = json.loads(request.body or b"{}")
        keys = data.get("keys") or {}
        values = {
            "endpoint": str(data.get("endpoint") or ""),
            "p256dh": str(keys.get("p256dh") or ""),
            "auth": str(keys.get("auth") or ""),
            "kinds": [str(kind) for kind in data.get("kinds") or []],
        }
    except (ValueError, TypeError, AttributeError):
        return JsonResponse(
            {"error": _("This browser sent an incomplete subscription.")}, status=400
        )
    try:
        device = push_services.push_subscribe(
            user=request.user,
            language=get_language(),
            user_agent=request.headers.get("User-Agent", ""),
            **values,
        )
    except ValidationError as exc:
        return JsonResponse({"error": " ".join(error_messages(exc))}, status=400)
    messages.success(request, _("Notifications are on for this device."))
    return JsonResponse({"id": device.pk}, status=201)


@login_required
@require_POST
def device(request, pk: int):
    """Save a device's messages, or remove it (a form without JavaScript)."""
    try:
        if request.POST.get("action") == "remove":
            push_services.push_device_remove(user=request.user, subscription_id=pk)
            messages.success(request, _("The device gets no more notifications."))
        else:
            updated = push_services.push_device_update(
                user=request.user,
                subscription_id=pk,
                kinds=request.POST.getlist(f"device-{pk}-kinds"),  # checked by the service
                language=get_language(),
            )
            if updated.pk is None:
                messages.success(request, _("The device gets no more notifications."))
            else:
                messages.success(request, _("Your settings have been saved."))
    except PushSubscription.DoesNotExist:
        raise Http404 from None
    except ValidationError as exc:
        flash_errors(request, exc)
    return redirect("push_devices")
