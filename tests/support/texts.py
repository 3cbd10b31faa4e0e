"""The rules core's messages (tournaments/domain/text.py) as the site shows them: rendered with
Django's gettext in one language, or as the English msgids the core holds."""

from __future__ import annotations

from dataclasses import replace

from django.utils import translation

from tournaments.domain.text import Message, render


def english(text: Message | str) -> str:
    """The core's own text: the English msgid with its values (no catalogue involved)."""
    return render(text, str)


def german(text: Message | str) -> str:
    """What a German page shows: the msgid translated by locale/de, values filled in."""
    with translation.override("de"):
        return render(text, translation.gettext)


def german_errors(errors) -> tuple:
    """Sheet errors (`GameError`) with their message rendered in German, for exact comparisons."""
    return tuple(replace(e, message=german(e.message)) for e in errors)
