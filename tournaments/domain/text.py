"""Texts of the rules core in the user's language, without Django (issue 17).

The core holds English msgids only, marked with :func:`N_` so the catalogues find them
(``config.catalogues`` KEYWORDS). A text with values is a :class:`Message`: the msgid and its
values, kept apart until the text is shown. The site translates at its boundary:

* ``message.render(gettext)`` (or ``render(message, gettext)``) in a view or service, or
* ``str(message)``: the translator the site installed at start-up (``use_translator``, done by
  ``TournamentsConfig.ready`` with Django's ``gettext``), so a message shown in a template, put
  into a ``ValidationError`` or raised in a ``ValueError`` speaks the request's language.

Without a translator (the core alone, a script) ``str(message)`` is the English text.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

Translate = Callable[[str], str]


def N_(text: str) -> str:  # noqa: N802 - the usual name of gettext_noop
    """Mark ``text`` as a msgid for the catalogues; returns it unchanged (gettext_noop)."""
    return text


def _identity(text: str) -> str:
    return text


_translate: Translate = _identity


def use_translator(translate: Translate | None) -> None:
    """Install the site's translator for ``str(message)`` (None: English again)."""
    global _translate
    _translate = translate or _identity


def _iso(value: Any) -> Any:
    return value.isoformat() if isinstance(value, (date, datetime)) else value


_show_value: Callable[[Any], Any] = _iso


def use_value_format(show: Callable[[Any], Any] | None) -> None:
    """Install how the site writes a message's dates (its language's date format); without
    one a date is written as ISO 8601. Other values pass unchanged."""
    global _show_value
    _show_value = show or _iso


@dataclass(frozen=True, slots=True)
class Message:
    """An English msgid and its named values (``%(name)s`` placeholders), rendered late.

    Values may be messages themselves (a prefix around a reason): they are rendered with the
    same translator. Dates are written by the site's format (``use_value_format``).
    """

    text: str
    args: tuple[tuple[str, Any], ...] = ()

    @property
    def params(self) -> dict[str, Any]:
        return dict(self.args)

    def render(self, translate: Translate | None = None) -> str:
        """The text in the language of ``translate`` (default: the installed translator)."""
        translate = translate or _translate
        translated = translate(self.text)
        if not self.args:
            return translated
        values = {
            name: value.render(translate) if isinstance(value, Message) else _show_value(value)
            for name, value in self.args
        }
        return translated % values

    def __str__(self) -> str:
        return self.render()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def message(msgid: str, /, **params: Any) -> Message:
    """``message(N_("Table %(table)s is full."), table=3)``: msgid and values, sorted by name."""
    return Message(msgid, tuple(sorted(params.items())))


def render(text: Message | str, translate: Translate | None = None) -> str:
    """A message or a plain msgid (a label) in the language of ``translate``."""
    if isinstance(text, Message):
        return text.render(translate)
    return (translate or _translate)(text)


def to_record(text: Message | None) -> str:
    """A message as a record stores it (a round's pairing notice, issue 17): the msgid and its
    values as JSON, so every later reader sees it in their own language; '' for none."""
    if text is None:
        return ""
    return json.dumps({"msgid": text.text, "values": text.params}, ensure_ascii=False)


def from_record(value: str) -> Message | str:
    """The message a record stored; a text stored before as plain text comes back as it is."""
    try:
        data = json.loads(value)
    except ValueError:
        return value
    if not isinstance(data, dict) or "msgid" not in data:
        return value
    return message(data["msgid"], **data.get("values", {}))
