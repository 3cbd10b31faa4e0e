"""Tournament formats: field sizes, table plans, category presets and format checks (SPEC §1).

Rules: Klub 6.1 (tables of four, up to three reserves), 6.2 (2 to 4 rounds of 4 games, final
round), 6.2.1 (special tournaments), 6.3 (categories); house format 000 §1A (3-player tables),
000 §1B (a final of the table winners).
The set-up checks also hold Klub 2.4 (ranking year = calendar year of the start, its rule set;
SPEC §5, §9) as far as a tournament's settings must agree with it.

Our readings, where the rule texts are silent (SPEC "our reading"):

* With 3-player tables the field is split into 4-tables first and as few 3-tables as possible;
  the 3-tables are the last table numbers.
* Any category may announce a final round: 6.2 speaks of it for the national championship and
  12.1 lists it after round 4, 6.3 for beginners' tournaments.
* Club tournaments seat their final at tables of four only (6.1), so a top-N final of a club
  tournament has 4, 8, 12 ... finalists; this is checked at set-up, never first at the draw.
* The final of the table winners (000 §1B) is a house-format rule, so only special tournaments
  (6.2.1) announce it; its finalist count is the number of tables of the last preliminary round.
* Special tournaments (6.2.1 "abweichende Rundenzahlen") play any number of preliminary rounds
  (at least one) and 1 to 4 games per round (000 §1B); they are scored by their ranking year's
  rule set or choose the house format (000 §5A) in any year.
* The 14 days of 6.2.1 hold for every later change of an announced special tournament's format
  or start date: the change is made only if the (new) start is at least 14 days away, so a
  director who must change the format late moves the start to the earliest date we name.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from enum import StrEnum

from tournaments.domain.rules import RULES_HOUSE, ruleset_for_year
from tournaments.domain.text import N_, Message, message

TABLE_SIZE = 4
"""Klub 6.1: "Spieltischen mit je vier Teilnehmern"."""

ANNOUNCE_DAYS_SPECIAL = 14
"""Klub 6.2.1: a special tournament is announced at least 14 days before it starts."""

SMALL_TABLE_SIZE = 3
"""House format 000 §1A: the remainder of the field sits at tables of three."""


class FieldSizeError(ValueError):
    """The field cannot be split into tables; its argument is a `Message` for the director
    (``str(exc)`` renders it in the user's language)."""


def reserves_needed(n: int) -> int:
    """How many reserves fill the last table: (4 - n mod 4) mod 4, so 0 to 3 (Klub 6.1)."""
    if n < 0:
        raise FieldSizeError(message(N_("Invalid number of players: %(n)s."), n=n))
    return (TABLE_SIZE - n % TABLE_SIZE) % TABLE_SIZE


def table_sizes_with_reserves(n_total: int) -> tuple[int, ...]:
    """Tables of four for a field already filled up with reserves (Klub 6.1).

    ``n_total`` counts registered players plus reserves, so it must be a positive multiple of 4.
    """
    if n_total <= 0 or n_total % TABLE_SIZE:
        raise FieldSizeError(
            message(
                N_(
                    "%(n)s players (with reserves) cannot be split into tables of four: the "
                    "number must be a multiple of 4."
                ),
                n=n_total,
            )
        )
    return (TABLE_SIZE,) * (n_total // TABLE_SIZE)


def three_table_plan(n: int) -> tuple[int, ...]:
    """Split n players into 4-tables and the fewest 3-tables, 4-tables first (000 §1A).

    N = 4a + 3b with b minimal: n mod 4 = 3 needs one 3-table, 2 needs two, 1 needs three, which
    works from n = 9 on. Fields below 3 players and n = 5 cannot be split at all.
    """
    remainder = n % TABLE_SIZE
    threes = (0, 3, 2, 1)[remainder]
    fours = (n - SMALL_TABLE_SIZE * threes) // TABLE_SIZE
    if n < SMALL_TABLE_SIZE or fours < 0:
        raise FieldSizeError(
            message(N_("%(n)s players cannot be split into tables of three and four."), n=n)
        )
    return (TABLE_SIZE,) * fours + (SMALL_TABLE_SIZE,) * threes


class Category(StrEnum):
    """Tournament categories of Klub 6.3; the value is stored, the label is shown."""

    BEGINNERS = "beginners"
    CITY = "city"
    NATIONAL = "national"
    SPECIAL = "special"

    @property
    def label(self) -> str:
        """The English msgid; the site shows it translated (`tournaments.enums.Category`)."""
        return CATEGORY_LABELS[self]


CATEGORY_LABELS: dict[Category, str] = {
    Category.BEGINNERS: N_("Beginners' tournament"),
    Category.CITY: N_("City championship"),
    Category.NATIONAL: N_("German championship"),
    Category.SPECIAL: N_("Special tournament"),
}

PRESET_ROUNDS_MESSAGES: dict[Category, str] = {
    Category.BEGINNERS: N_("A beginners' tournament has %(n)s preliminary rounds (Klub 6.3)."),
    Category.CITY: N_("A city championship has %(n)s preliminary rounds (Klub 6.3)."),
    Category.NATIONAL: N_("A German championship has %(n)s preliminary rounds (Klub 6.3)."),
}
"""Klub 6.3's round count per category (a special tournament announces its own)."""


@dataclass(frozen=True, slots=True)
class Preset:
    """Defaults of a category: rounds (None = announced freely), final round allowed, games."""

    rounds: int | None
    final_allowed: bool
    games_per_round: int


CATEGORY_PRESETS: dict[str, Preset] = {
    # Klub 6.3: "Einsteiger-Turnieren: 2 Runden (eventl Final-Runde)".
    Category.BEGINNERS.value: Preset(rounds=2, final_allowed=True, games_per_round=4),
    # Klub 6.3: "Stadtmeisterschaften: 3 Runden".
    # Our reading: any category may announce a final (Klub 6.2, 12.1).
    Category.CITY.value: Preset(rounds=3, final_allowed=True, games_per_round=4),
    # Klub 6.2/6.3: the national championship is played over 4 rounds; 6.2 names its final.
    Category.NATIONAL.value: Preset(rounds=4, final_allowed=True, games_per_round=4),
    # Klub 6.2.1: announced per tournament (rounds, 3-player tables, 1 to 4 games, 000 §1B).
    Category.SPECIAL.value: Preset(rounds=None, final_allowed=True, games_per_round=4),
}
"""Klub 6.2: every round has four games; only special tournaments may deviate (6.2.1)."""


MAX_ROUNDS = 4
"""Klub 6.2: club tournaments play at most 4 rounds; special tournaments any number, at least 1
(6.2.1 "abweichende Rundenzahlen")."""

MIN_ROUNDS_CLUB = 2
"""Klub 6.2: club tournaments play 2 to 4 rounds."""

GAMES_PER_ROUND = 4
"""Klub 6.2: four games per round."""

MIN_GAMES_SPECIAL = 1
"""Klub 6.2.1 with 000 §1B: a special tournament plays 1 to 4 games per round, as announced."""

MIN_FINALISTS = 2
"""The site's floor for a final round: two finalists (000 §1B: the two table winners of 5-8
players play the final at one table of two)."""

FINAL_TOP_N = "top_n"
"""The final is filled by the top of the preliminary standings (Klub 6.2; the default)."""

FINAL_TABLE_WINNERS = "table_winners"
"""The final is filled by the winner of every table of the last preliminary round (000 §1B)."""

MIN_PLAYERS = 3
"""The smallest field that can be seated: one table of three (000 §1A)."""

TABLE_WINNERS_MAX_TABLES = TABLE_SIZE
"""000 §1B: the table winners play the final at one table, so the preliminary round has at
most four tables (one winner per table)."""

TABLE_WINNERS_MIN_TABLES = MIN_FINALISTS
"""000 §1B: one table gives one winner, no final; two tables (5-8 players) give a final of two."""

TABLE_WINNERS_MAX_PLAYERS = TABLE_WINNERS_MAX_TABLES * TABLE_SIZE
"""000 §1A: "max. 16 Spieler": four tables of at most four players (SPEC §1)."""


def default_final_mode(*, rule_set: str) -> str:
    """SPEC §1: a house-format tournament (000 §5A rule set) fills its final with the winner of
    every table (000 §1B); every other one with the top of the preliminary standings (Klub 6.2)."""
    return FINAL_TABLE_WINNERS if rule_set == RULES_HOUSE.code else FINAL_TOP_N


def field_cap(*, max_players: int | None, has_final: bool, final_mode: str) -> int | None:
    """The most players the field may hold (None: no cap): the announced maximum, and with a
    final of the table winners at most 16 (000 §1A, §1B: one final table, so four tables)."""
    if not (has_final and final_mode == FINAL_TABLE_WINNERS):
        return max_players
    return min(max_players or TABLE_WINNERS_MAX_PLAYERS, TABLE_WINNERS_MAX_PLAYERS)


def table_winners_field_error(tables: int) -> Message | None:
    """Why a preliminary round of ``tables`` tables cannot lead to a final of the table winners
    (000 §1B: one final table of two to four winners), or None. Checked at the draw, so no
    round is played whose final cannot be drawn."""
    if tables > TABLE_WINNERS_MAX_TABLES:
        return message(
            N_(
                "%(tables)s tables would give %(tables)s table winners, but their final is one "
                "table: at most 4 tables, i.e. at most 16 players (000 §1A, §1B). Please check "
                "players out, or change the final first."
            ),
            tables=tables,
        )
    if tables < TABLE_WINNERS_MIN_TABLES:
        return message(
            N_(
                "One table gives a single table winner, so no final: a final of the table "
                "winners needs at least two tables (000 §1B). Please check more players in, or "
                "change the final first."
            )
        )
    return None


def top_final_field_error(*, players: int, finalists: int) -> Message | None:
    """Why a preliminary round of ``players`` players (reserves not counted: they can never be
    finalists, SPEC §1) cannot lead to a final of the top ``finalists``, or None. Checked at the
    draw, so no round is played whose final cannot be drawn (Klub 6.2, 12.1)."""
    if players >= finalists:
        return None
    return message(
        N_(
            "The final seats the top %(finalists)s, but only %(players)s players without "
            "reserves play: no round is drawn whose final cannot be drawn (Klub 6.2). Please "
            "check more players in, or change the final first."
        ),
        finalists=finalists,
        players=players,
    )


def format_errors(
    *,
    category: str,
    rounds_planned: int,
    games_per_round: int,
    has_final: bool,
    finalists_count: int,
    three_player_tables: bool,
    final_mode: str = FINAL_TOP_N,
    max_players: int | None,
    start_date: date,
    end_date: date,
    ranking_year: int,
    rule_set: str,
    junior_field: bool = False,
) -> dict[str, Message]:
    """Field name → message for every format rule the settings break.

    A juniors' field playing apart from the main field may play its own round count (Klub 6.3,
    last sentence); *our reading*: still within Klub 6.2's 2 to 4 rounds of a club tournament.

    Klub 6.2 (rounds, games), 6.2.1 (what only special tournaments may do), 6.3 (category presets,
    final round), 000 §1A (tables of three), 2.4 (ranking year and its rule set). One message per
    field; where two rules hit the same field the later one in this order is shown.
    """
    errors: dict[str, Message] = {}
    if category not in CATEGORY_PRESETS:
        errors["category"] = message(N_("Unknown category."))
        return errors
    special = category == Category.SPECIAL
    preset = CATEGORY_PRESETS[category].rounds
    if preset is not None and rounds_planned != preset and not junior_field:
        errors["rounds_planned"] = message(PRESET_ROUNDS_MESSAGES[Category(category)], n=preset)
    if rounds_planned < 1:
        errors["rounds_planned"] = message(N_("A tournament has at least one preliminary round."))
    elif not special and not MIN_ROUNDS_CLUB <= rounds_planned <= MAX_ROUNDS:
        errors["rounds_planned"] = message(N_("Club tournaments have 2 to 4 rounds (Klub 6.2)."))
    if games_per_round != GAMES_PER_ROUND and not special:
        errors["games_per_round"] = message(
            N_("Every round has four games; 1 to 3 games only in special tournaments (Klub 6.2.1).")
        )
    elif not MIN_GAMES_SPECIAL <= games_per_round <= GAMES_PER_ROUND:
        errors["games_per_round"] = message(N_("A round has 1 to 4 games."))
    if has_final and not CATEGORY_PRESETS[category].final_allowed:
        errors["has_final"] = message(
            N_(
                "A final round is provided only for beginners' tournaments or special "
                "tournaments (Klub 6.3)."
            )
        )
    top_n = final_mode == FINAL_TOP_N
    if has_final and top_n and finalists_count < MIN_FINALISTS:
        errors["finalists_count"] = message(N_("A final round needs at least two finalists."))
    elif has_final and top_n and not special and finalists_count % TABLE_SIZE:
        errors["finalists_count"] = message(
            N_(
                "Club tournaments play the final at tables of four: the number of finalists must "
                "be a multiple of 4 (Klub 6.1)."
            )
        )
    elif has_final and top_n and not _seatable(finalists_count):
        errors["finalists_count"] = message(
            N_(
                "A final of %(n)s players can never be seated: the final sits at tables of four "
                "and three (000 §1A), which no field of %(n)s fills. Please choose another "
                "number of finalists."
            ),
            n=finalists_count,
        )
    if final_mode not in (FINAL_TOP_N, FINAL_TABLE_WINNERS):
        errors["final_mode"] = message(N_("Unknown way of filling the final."))
    elif has_final and not top_n and not special:
        errors["final_mode"] = message(
            N_(
                "A final of the table winners exists only in the house format, i.e. for special "
                "tournaments (000 §1B, Klub 6.2.1)."
            )
        )
    if three_player_tables and not special:
        errors["table_policy"] = message(
            N_("Tables of three exist only in special tournaments (Klub 6.2.1).")
        )
    if max_players is not None and max_players < MIN_PLAYERS:
        errors["max_players"] = message(N_("At least three players."))
    elif has_final and not top_n and special and (max_players or 0) > TABLE_WINNERS_MAX_PLAYERS:
        errors["max_players"] = message(
            N_(
                "The final of the table winners is one table, so the preliminary round has at "
                "most 4 tables: at most 16 players (000 §1A, §1B)."
            )
        )
    if end_date < start_date:
        errors["end_date"] = message(N_("The end lies before the start."))
    if ranking_year != start_date.year:
        errors["ranking_year"] = message(
            N_("The ranking year is the calendar year of the tournament's start (Klub 2.4).")
        )
    year_rules = ruleset_for_year(ranking_year)
    allowed = {year_rules.code, RULES_HOUSE.code} if special else {year_rules.code}
    if rule_set not in allowed:
        errors["rule_set"] = message(
            N_(
                "A tournament is scored by the rule set of its ranking year (Klub 2.4), "
                "%(year)s: %(rules)s; only special tournaments may choose the house format "
                "(Klub 6.2.1)."
            ),
            year=ranking_year,
            rules=message(year_rules.label),
        )
    return errors


SECONDS_PER_MOVE = 60
"""Klub 12.1: one minute per move in every round, the final round included."""

MOVE_TIME_RANGE = (10, 600)
"""Our bounds for a special tournament's announced time per move (000 §1B leaves it open)."""


def move_time_errors(*, special: bool, seconds_per_move: int | None) -> dict[str, Message]:
    """The announced time per move (Klub 12.1; 000 §1B): club tournaments play one minute,
    special tournaments announce their own or none (empty)."""
    if not special:
        if seconds_per_move != SECONDS_PER_MOVE:
            return {
                "seconds_per_move": message(
                    N_("Club tournaments play with 1 minute per move (Klub 12.1).")
                )
            }
        return {}
    low, high = MOVE_TIME_RANGE
    if seconds_per_move is not None and not low <= seconds_per_move <= high:
        return {
            "seconds_per_move": message(
                N_(
                    "The time per move lies between %(low)s and %(high)s seconds; leave it empty "
                    "when playing without a time limit."
                ),
                low=low,
                high=high,
            )
        }
    return {}


def move_time_text(seconds_per_move: int | None) -> Message:
    """How the time per move is announced on table cards and the hall display."""
    if seconds_per_move is None:
        return message(N_("no time limit"))
    minutes, seconds = divmod(seconds_per_move, 60)
    if seconds == 0:
        if minutes == 1:
            return message(N_("1 minute"))
        return message(N_("%(n)s minutes"), n=minutes)
    return message(N_("%(n)s seconds"), n=seconds_per_move)


FORMAT_FIELDS: tuple[str, ...] = (
    "category",
    "rounds_planned",
    "games_per_round",
    "table_policy",
    "has_final",
    "final_mode",
    "finalists_count",
    "rule_set",
    "seconds_per_move",
)
"""The announced format of a tournament (Klub 6.2, 6.2.1, 6.3), the rule set and the way the
final is filled included (6.2.1: "Sonderregeln", "abweichende Finalmodi"); with the start date it
may change only 14 days ahead for an announced special tournament."""


FINAL_FIELDS: tuple[str, ...] = ("has_final", "final_mode", "finalists_count")
"""The announced final (Klub 6.2, 6.2.1): whether there is one, how it is filled, by how many."""


def announced_final(*, has_final: bool, final_mode: str, finalists_count: int) -> tuple:
    """What the announcement says of the final: no final; a final of the top N; or one of the
    table winners (000 §1B), whose size the last preliminary round decides. A field the final
    does not use (the count without a final, say) is no part of it."""
    if not has_final:
        return (False,)
    if final_mode == FINAL_TOP_N:
        return (True, final_mode, finalists_count)
    return (True, final_mode)


def final_change_errors(*, before: dict, after: dict) -> dict[str, Message]:
    """Klub 6.2, 6.2.1: the final is announced with the tournament and is fixed once play
    starts (the first round drawn): no final added or dropped, no other count or mode after the
    results are seen. ``before`` and ``after`` hold `FINAL_FIELDS`; the message goes to the first
    field that changed."""
    if announced_final(**before) == announced_final(**after):
        return {}
    field = next(k for k in FINAL_FIELDS if before[k] != after[k])
    return {
        field: message(
            N_(
                "The announced final is fixed once play has started: whether there is one, how "
                "it is filled and by how many cannot change after the draw of the first round "
                "(Klub 6.2, 6.2.1)."
            )
        )
    }


def announcement_changed(*, before: dict, after: dict) -> bool:
    """Klub 6.2.1: whether a change touches the announced format or start (`FORMAT_FIELDS` and
    ``start_date`` in ``before`` and ``after``); the final counts as announced
    (`announced_final`), so a field it does not use is no change of it."""
    plain = [k for k in (*FORMAT_FIELDS, "start_date") if k not in FINAL_FIELDS]
    if any(before[k] != after[k] for k in plain):
        return True
    return announced_final(**{k: before[k] for k in FINAL_FIELDS}) != announced_final(
        **{k: after[k] for k in FINAL_FIELDS}
    )


def earliest_start_after_change(today: date) -> date:
    """Klub 6.2.1: a changed special tournament starts at the earliest 14 days after today."""
    return today + timedelta(days=ANNOUNCE_DAYS_SPECIAL)


def special_change_error(*, today: date, start_date: date) -> Message | None:
    """Why a change of format or start of an announced special tournament is refused, or None.

    Klub 6.2.1: the deviations are announced at least 14 days before the start; our reading (SPEC
    §1): the same holds for every later change, so it needs the (new) start 14 days away or more.
    """
    earliest = earliest_start_after_change(today)
    if start_date >= earliest:
        return None
    return message(
        N_(
            "Changes to the format of a special tournament must be announced 14 days before the "
            "start (Klub 6.2.1); earliest new start: %(date)s."
        ),
        date=earliest,  # written in the reader's date format where it is shown
    )


def _seatable(finalists: int) -> bool:
    """Whether a final of this many players can be seated at all (`final_table_sizes`)."""
    try:
        final_table_sizes(finalists)
    except FieldSizeError:
        return False
    return True


def final_table_sizes(finalists: int) -> tuple[int, ...]:
    """The tables of a final round: tables of four where the count allows (Klub 6.1), else the
    3-table plan of special tournaments (000 §1A), and one table of two for the two table winners
    of a 5-8 player house tournament (000 §1B; our reading)."""
    if finalists < MIN_FINALISTS:
        raise FieldSizeError(message(N_("A final round needs at least two finalists.")))
    if finalists == MIN_FINALISTS:
        return (MIN_FINALISTS,)
    if finalists % TABLE_SIZE == 0:
        return (TABLE_SIZE,) * (finalists // TABLE_SIZE)
    return three_table_plan(finalists)
