"""The pairing's messages for the director, as English msgids marked for the catalogues; the
site renders them (tournaments/domain/text.py)."""

from __future__ import annotations

from tournaments.domain.text import N_

REPEATS = {
    # (one pair?, also in the previous round?) -> msgid
    (True, False): N_(
        "%(n)s pair of players meets again. With this field it could not be avoided."
    ),
    (False, False): N_(
        "%(n)s pairs of players meet again. With this field it could not be avoided."
    ),
    (True, True): N_(
        "%(n)s pair of players meets again, %(last)s of them already in the previous round. "
        "With this field it could not be avoided."
    ),
    (False, True): N_(
        "%(n)s pairs of players meet again, %(last)s of them already in the previous round. "
        "With this field it could not be avoided."
    ),
}
NOT_RANKED = N_("Player %(player)s is missing from the ranking order.")
TWICE = N_("A player is listed more than once in the field.")
TABLE_SIZE = N_("Tables have 2 to 4 seats, not %(n)s.")
SEATS = N_("%(n)s players do not fit at tables with %(seats)s seats in all.")
PIN_NOT_PLAYING = N_("Player %(player)s is bound to a table but does not play.")
NO_SUCH_TABLE = N_("This round has no table %(table)s.")
PIN_FULL = N_("More players are bound to table %(table)s than it has free seats.")
