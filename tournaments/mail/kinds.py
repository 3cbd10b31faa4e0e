"""The registry of mail kinds. Each app declares the kinds it sends (their name, a sample and,
if needed, how the stored values become the templates' context) and registers them from its
AppConfig.ready: tournaments never imports the apps built on it, yet renders their mails."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

Prepare = Callable[[dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class MailKind:
    """templates/mail/<name>.txt (its first line is the subject, the rest the body) and
    templates/mail/<name>.html (the HTML alternative; it also gets `subject` and `body`).

    `sample` is the stored context of a typical mail (plain JSON values): the catalogue test
    renders it in every language. `prepare` turns stored values into what the templates need,
    in the recipient's language (a date from its ISO text, a label from its code)."""

    name: str
    sample: Mapping[str, Any] = field(default_factory=dict)
    prepare: Prepare | None = None

    @property
    def text_template(self) -> str:
        return f"mail/{self.name}.txt"

    @property
    def html_template(self) -> str:
        return f"mail/{self.name}.html"

    def template_context(self, stored: Mapping[str, Any]) -> dict[str, Any]:
        values = dict(stored)
        return self.prepare(values) if self.prepare is not None else values


_KINDS: dict[str, MailKind] = {}


def register(*kinds: MailKind) -> None:
    """Add (or, under the same name again, replace) kinds of mail."""
    for kind in kinds:
        _KINDS[kind.name] = kind


def get(name: str) -> MailKind:
    try:
        return _KINDS[name]
    except KeyError:
        raise LookupError(f"No mail kind {name!r} is registered.") from None


def registered() -> list[MailKind]:
    return sorted(_KINDS.values(), key=lambda kind: kind.name)
