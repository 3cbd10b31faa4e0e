"""Small helpers shared by the views."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404


def error_messages(exc: ValidationError) -> list[str]:
    if hasattr(exc, "message_dict"):
        return [m for msgs in exc.message_dict.values() for m in msgs]
    return list(exc.messages)


def flash_errors(request, exc: ValidationError) -> None:
    for message in error_messages(exc):
        messages.error(request, message)


def apply_errors(form, exc: ValidationError) -> None:
    """Attach a service's ValidationError to the form fields it names, or to the whole form."""
    if hasattr(exc, "error_dict"):
        for field, errors in exc.error_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, exc)


def int_or_404(value) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError) as exc:
        raise Http404 from exc
    if number < 1 or number > 2**31:
        raise Http404
    return number


def year_or_404(value, *, first: int = 1990, last: int = 2200) -> int:
    """A ranking or rating year from the URL: 404 outside ``first``..``last``."""
    number = int_or_404(value)
    if not first <= number <= last:
        raise Http404
    return number
