"""Texts of the rules core in the user's language, without Django (issue 17).

The core holds English msgids only, marked with :func:`N_` so the catalogues find them
(``config.catalogues`` KEYWORDS). A text with values is a :class:`Message`: the msgid and its
values, kept apart until the text is shown. The site translates at its boundary:

* ``message.render(gettext)`` (or ``render(message, gettext)``) in a view or service, or
* ``str(message)``: the translator the site installed at start-up (``use_translator``, done by
  ``TournamentsConfig.ready`` with Django's ``gettext``), so a message shown in a template, put
  into a ``ValidationError`` or raised in a ``ValueError`` speaks the request's language.

A text whose words depend on a number is a :func:`plural_message` (ngettext, chosen by its
value ``count``); texts shown one after another (a change and its warning) are
:class:`Sentences`. Both may be stored in a record (``to_record``/``from_record``), values that
are messages themselves included, so a later reader sees them in their own language.

Without a translator (the core alone, a script) ``str(message)`` is the English text.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

Translate = Callable[[str], str]
TranslatePlural = Callable[[str, str, int], str]


def N_(text: str) -> str:  # noqa: N802 - the usual name of gettext_noop
    """Mark ``text`` as a msgid for the catalogues; returns it unchanged (gettext_noop)."""
    return text


def _identity(text: str) -> str:
    return text


def _english_plural(singular: str, plural: str, count: int) -> str:
    return singular if count == 1 else plural


_translate: Translate = _identity
_translate_plural: TranslatePlural = _english_plural


def use_translator(translate: Translate | None, plural: TranslatePlural | None = None) -> None:
    """Install the site's translator for ``str(message)`` and, for plural messages, its
    ngettext (None: English again)."""
    global _translate, _translate_plural
    _translate = translate or _identity
    _translate_plural = plural or _english_plural


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

    Values may be messages themselves (a prefix around a reason) or :class:`Sentences`: they are
    rendered with the same translator. Dates are written by the site's format
    (``use_value_format``). With ``plural`` (the msgid's plural form) the value ``count``
    chooses the form, as ngettext does (see :func:`plural_message`).
    """

    text: str
    args: tuple[tuple[str, Any], ...] = ()
    plural: str = ""

    @property
    def params(self) -> dict[str, Any]:
        return dict(self.args)

    def render(self, translate: Translate | None = None) -> str:
        """The text in the language of ``translate`` (default: the installed translator; a
        plural message given another translator takes the English form by ``count``)."""
        if self.plural and translate is None:
            translated = _translate_plural(self.text, self.plural, self.params["count"])
        elif self.plural:
            translated = translate(_english_plural(self.text, self.plural, self.params["count"]))
        else:
            translated = (translate or _translate)(self.text)
        if not self.args:
            return translated
        values = {
            name: value.render(translate) if isinstance(value, Text) else _show_value(value)
            for name, value in self.args
        }
        return translated % values

    def __str__(self) -> str:
        return self.render()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


@dataclass(frozen=True, slots=True)
class Sentences:
    """Texts shown one after another, a space between them (a change and its warning, a head
    and the reason it gives), each rendered late; a plain ``str`` part is text already written
    (a name, a reason the director typed) and is shown as it is."""

    parts: tuple[Message | Sentences | str, ...]

    def render(self, translate: Translate | None = None) -> str:
        return " ".join(p if isinstance(p, str) else p.render(translate) for p in self.parts)

    def __str__(self) -> str:
        return self.render()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


Text = (Message, Sentences)
"""What renders late (``isinstance(value, Text)``)."""


def message(msgid: str, /, **params: Any) -> Message:
    """``message(N_("Table %(table)s is full."), table=3)``: msgid and values, sorted by name."""
    return Message(msgid, tuple(sorted(params.items())))


def plural_message(singular: str, plural: str, /, *, count: int, **params: Any) -> Message:
    """``plural_message("%(count)s table", "%(count)s tables", count=n)``: the form ``count``
    asks for in the reader's language (ngettext; the call marks both msgids for the
    catalogues)."""
    return Message(singular, tuple(sorted({"count": count, **params}.items())), plural)


def sentences(*parts: Message | Sentences | str) -> Sentences:
    """``sentences(change, warning)``: the texts one after another, empty parts left out."""
    return Sentences(tuple(p for p in parts if not isinstance(p, str) or p))


def render(text: Message | Sentences | str, translate: Translate | None = None) -> str:
    """A message or a plain msgid (a label) in the language of ``translate``."""
    if isinstance(text, Text):
        return text.render(translate)
    return (translate or _translate)(text)


def _data(text: Message | Sentences) -> dict[str, Any]:
    if isinstance(text, Sentences):
        return {"sentences": [p if isinstance(p, str) else _data(p) for p in text.parts]}
    values = {name: _data(v) if isinstance(v, Text) else v for name, v in text.args}
    data: dict[str, Any] = {"msgid": text.text, "values": values}
    if text.plural:
        data["plural"] = text.plural
    return data


def to_record(text: Message | Sentences | None) -> str:
    """A message as a record stores it (a round's pairing notice, issue 17; a pairing change):
    the msgid and its values as JSON, messages among the values and the parts of
    :class:`Sentences` likewise, so every later reader sees it in their own language; '' for
    none."""
    if text is None:
        return ""
    return json.dumps(_data(text), ensure_ascii=False)


def _text(data: Any) -> Message | Sentences | None:
    """The message or sentences of a record's JSON, None where it holds none."""
    if isinstance(data, dict) and isinstance(data.get("msgid"), str):
        values = data.get("values", {})
        if not isinstance(values, dict):
            return None
        args = {name: _value(v) for name, v in values.items()}
        return Message(data["msgid"], tuple(sorted(args.items())), data.get("plural", ""))
    if isinstance(data, dict) and isinstance(data.get("sentences"), list):
        parts = [p if isinstance(p, str) else _text(p) for p in data["sentences"]]
        return None if None in parts else Sentences(tuple(parts))
    return None


def _value(data: Any) -> Any:
    text = _text(data)
    return data if text is None else text


def from_record(value: str) -> Message | Sentences | str:
    """The message a record stored; a text stored before as plain text comes back as it is."""
    try:
        data = json.loads(value)
    except ValueError:
        return value
    text = _text(data)
    return value if text is None else text


def render_record(value: str) -> str:
    """What a record stored, in the reader's language; a plain text (a row written before
    texts were stored as records) exactly as it is, never looked up as a msgid."""
    text = from_record(value)
    return text if isinstance(text, str) else text.render()
