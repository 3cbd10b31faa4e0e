"""A mail's subject, text and HTML from its kind's templates, in the recipient's language."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.template import Context
from django.template.loader import get_template, render_to_string
from django.utils import translation

from tournaments.mail import kinds


@dataclass(frozen=True)
class RenderedMail:
    subject: str
    body: str
    html: str


def mail_render(*, kind: str, language: str, context: Mapping[str, Any]) -> RenderedMail:
    """The .txt is rendered without HTML escaping (it is plain text): its first line is the
    subject, the rest the body (blank lines around it dropped, one final newline). The .html
    gets the same values plus `subject` and `body`."""
    found = kinds.get(kind)
    with translation.override(language):
        values = found.template_context(context)
        text = get_template(found.text_template).template.render(Context(values, autoescape=False))
        first, _newline, rest = text.lstrip("\n").partition("\n")
        subject, body = first.strip(), rest.strip("\n") + "\n"
        html = render_to_string(
            found.html_template, {**values, "subject": subject, "body": body.rstrip("\n")}
        )
    return RenderedMail(subject=subject, body=body, html=html)
