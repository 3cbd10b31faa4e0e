"""The language a player's e-mails are written in (issue 17): stored per account, taken from the
language the player uses on the site (at sign-up, at the language switch, on the settings page)."""

from __future__ import annotations

from django.conf import settings
from django.utils import translation

CODES = tuple(code for code, _name in settings.LANGUAGES)


def supported(code: str | None) -> str:
    """One of the site's languages for a code like "en-us"; the default language otherwise."""
    base = (code or "").lower().split("-")[0].split("_")[0]
    return base if base in CODES else settings.LANGUAGE_CODE


def mail_language() -> str:
    """The active language (the request's), as stored for the e-mails."""
    return supported(translation.get_language())


def language_of(account) -> str:
    """The language of an account's e-mails: its choice, else the site's default."""
    try:
        preferences = account.preferences
    except account.__class__.preferences.RelatedObjectDoesNotExist:
        return settings.LANGUAGE_CODE
    return supported(preferences.language)
