"""Sections other apps add to a player's data export ("Meine Daten", DSGVO Art. 15, 20).

The export lives with the player's account, but some rows about the player belong to apps that
build on this one (the ranking: appeals, ranking lines), and players never imports them. Such an
app registers a reader per section from its AppConfig.ready; the export adds the sections in the
order they were registered, after its own.
"""

from __future__ import annotations

from collections.abc import Callable

from tournaments.models import Player

Reader = Callable[[Player], list[dict]]

_SECTIONS: dict[str, Reader] = {}


def register(name: str, reader: Reader) -> None:
    """Add (or, registered again under the same name, replace) one section of the export."""
    _SECTIONS[name] = reader


def registered() -> list[tuple[str, Reader]]:
    return list(_SECTIONS.items())
