"""The messages of a result sheet's checks (`domain.scoring`), as English msgids marked for the
catalogues; `scoring._error` puts game and seat in front and the site renders them (text.py)."""

from __future__ import annotations

from tournaments.domain.text import N_

PREFIX_SEAT = N_("Game %(game)s, player %(letter)s: %(text)s")
PREFIX_GAME = N_("Game %(game)s: %(text)s")

TABLE_SIZE = N_("A table has 2 to 4 players, here there are %(n)s.")
GAME_SIZE = N_(
    "A game needs at least 2 players, here %(n)s plays; a table left with one player does not "
    "play the game (SPEC §7)."
)
LETTERS = N_(
    "The %(n)s players must carry the letters A–%(last)s once each (entered: %(entered)s)."
)
NO_MELD_VALUE = N_(
    "Without a first meld there are a flat 100 or 200 minus points (Klub 19.2), not %(value)s."
)
EMPTY = N_("Field is empty.")
NO_MELD_POINTS = N_(
    "Without a first meld a flat -%(value)s counts (Klub 19.2), entered is %(points)s."
)
TOO_MANY_MINUS = N_("%(points)s is impossible: there are no more than %(max)s minus points.")
TOO_MANY_PLUS = N_("%(points)s is impossible: there are no more than %(max)s plus points.")
NO_WINNER = N_("No player has plus points, the winner is missing.")
SEVERAL_WINNERS = N_("Several players have plus points (%(letters)s), there is only one winner.")
ZERO = N_("0 points are not possible: whoever does not win has minus points.")
WINNER_NOT_PLUS = N_("Named as the winner, but player %(winner)s has the plus points.")
SUM = N_("The sum is %(total)s instead of 0 (control sum).")
EXHAUSTED_PLUS = N_(
    "Pool empty: everybody writes their tiles as minus points (Klub 11.4), %(points)s is not "
    "possible."
)
EXHAUSTED_TIE = N_(
    "Pool empty and the same lowest sum for %(letters)s: the sheet must name the winner (fewer "
    "tiles or referee, Klub 11.4)."
)
WINNER_NOT_LOWEST = N_(
    "Named as the winner, but does not have the lowest sum (%(letters)s, Klub 11.4)."
)
WINNER_NOT_AT_TABLE = N_("The named winner %(winner)s does not sit at this table.")
