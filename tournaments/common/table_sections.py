"""Sections other apps add to a round's table pages (issue 33: the skill rating's expectation
at a table on "Mein Tisch" and on the table's own page, `/tisch/`).

tournaments never imports the apps built on it; such an app registers a provider from its
AppConfig.ready (as the export sections of "Meine Daten"). A provider takes the round and the
table numbers shown and returns, per table number, the HTML of its section (rendered in the
request's language, escaped by its own template); the page shows them in the order they were
registered. A provider's section must follow the tournament's public generation: the page is
cached under it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django.utils.safestring import SafeString

from tournaments.models import Round

Provider = Callable[[Round, list[int]], Mapping[int, SafeString]]

_PROVIDERS: dict[str, Provider] = {}


def register(name: str, provider: Provider) -> None:
    """Add (or, registered again under the same name, replace) one provider."""
    _PROVIDERS[name] = provider


def sections(rnd: Round, table_numbers: list[int]) -> dict[int, list[SafeString]]:
    """Per table number, the registered sections (empty lists where nothing was added)."""
    out: dict[int, list[SafeString]] = {number: [] for number in table_numbers}
    if not table_numbers:
        return out
    for provider in _PROVIDERS.values():
        for number, html in provider(rnd, table_numbers).items():
            if number in out and html:
                out[number].append(html)
    return out
