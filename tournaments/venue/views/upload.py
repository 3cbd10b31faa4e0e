"""The laptop's upload endpoint (issue 18): ``POST /venue/upload/``, the body is the signed
envelope; the answer is JSON. No session, no CSRF token (the signature proves the sender);
limited per client address. Bad input is a 4xx with a message, never a 500. Beside it the
laptop's resume request, ``POST /venue/resume/`` (issue 29.4)."""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import Http404, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from tournaments.common import ratelimit
from tournaments.common.http import error_messages
from tournaments.models import UploadOutcome
from tournaments.venue.answers import ResumeRefused, registry_answer, venue_resume_answer
from tournaments.venue.apply import venue_upload_receive

log = logging.getLogger(__name__)

MAX_BYTES = 16 * 1024 * 1024
LIMIT_PER_MINUTE = 20
"""The laptop uploads at most every 2 minutes and at each publication; a venue's Wi-Fi may put
several laptops behind one address, and retries after a cut line come in bursts."""

STATUS = {
    UploadOutcome.APPLIED: 200,
    UploadOutcome.UNCHANGED: 200,
    UploadOutcome.STALE: 409,
    UploadOutcome.FORK: 409,
    UploadOutcome.TAMPERED: 400,
    UploadOutcome.INVALID: 400,
    UploadOutcome.VERSION: 400,
    UploadOutcome.REVIEW: 202,
}


def _refused(status: int, message: str) -> JsonResponse:
    return JsonResponse({"outcome": "refused", "message": message, "sequence": None}, status=status)


@csrf_exempt
@require_POST
def venue_upload(request):
    raw = _body(request)
    if isinstance(raw, JsonResponse):
        return raw
    try:
        upload = venue_upload_receive(raw=raw)
    except ValidationError as exc:
        return _refused(400, " ".join(error_messages(exc)))
    except (KeyError, TypeError, ValueError, AttributeError):
        # a signed document of a shape the apply path did not expect: bad input, not a 500;
        # logged in full, as nothing was written (the receive transaction was rolled back)
        log.exception("venue upload could not be read")
        return _refused(400, _("The upload could not be read; nothing was applied."))
    answer = {"outcome": upload.outcome, "message": upload.message, "sequence": upload.sequence}
    if upload.outcome in (UploadOutcome.APPLIED, UploadOutcome.UNCHANGED):
        # the registry's changes of the checked-out players, signed (issue 29.2)
        answer["registry"] = registry_answer(checkout=upload.checkout)
    return JsonResponse(answer, status=STATUS.get(upload.outcome, 400))


def _body(request) -> str | JsonResponse:
    """The request's body as text, or the refusal of too many requests from the address, of a
    body too large, empty or not UTF-8. Not on the laptop: it sends, it does not take."""
    if settings.VENUE_MODE:
        raise Http404
    address = ratelimit.client_address(request)
    if ratelimit.hit("venue-upload", address, window=60) > LIMIT_PER_MINUTE:
        return _refused(429, _("Too many uploads from this address: please wait a minute."))
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > MAX_BYTES:
        return _refused(413, _("The upload is too large."))
    body = request.read(MAX_BYTES + 1)
    if len(body) > MAX_BYTES:
        return _refused(413, _("The upload is too large."))
    if not body:
        return _refused(400, _("The upload is empty."))
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        return _refused(400, _("The upload is not UTF-8 text."))


@csrf_exempt
@require_POST
def venue_resume(request):
    """``POST /venue/resume/`` (issue 29.4): the body is the laptop's request signed with the
    checkout's key; the answer is the central copy of the checkout as of its last applied
    upload, signed with that key, for the laptop to carry on from (`venue_resume`)."""
    raw = _body(request)
    if isinstance(raw, JsonResponse):
        return raw
    try:
        state = venue_resume_answer(raw=raw)
    except ResumeRefused as refusal:
        return _refused(refusal.status, " ".join(refusal.messages))
    return JsonResponse({"outcome": "resume", "message": "", "state": state})
