"""Response schemas of the tournament API v1: field names and shapes are the public contract.

Enums are spelled out here (not borrowed from the Django TextChoices) so the OpenAPI document
lists exactly the values the public can see – a draft is never served, so "draft" is no status.
tests/api checks that they stay equal to the model choices.
"""

from __future__ import annotations

from datetime import date, datetime
from enum import StrEnum

from django.utils.translation import gettext_lazy as _
from ninja import Field, Schema


class CategoryCode(StrEnum):
    """Tournament category (Klub 6.3)."""

    BEGINNERS = "beginners"
    CITY = "city"
    NATIONAL = "national"
    SPECIAL = "special"


class PublicStatus(StrEnum):
    """Status of a public tournament: registration open, running or finished."""

    REGISTRATION = "registration"
    RUNNING = "running"
    FINISHED = "finished"


class RoundKindCode(StrEnum):
    """A preliminary round or the final round (Klub 6.2)."""

    PRELIMINARY = "preliminary"
    FINAL = "final"


class ErrorOut(Schema):
    detail: str = Field(description=_("Error message in the language of the request."))


class ValidationErrorOut(Schema):
    detail: str = Field(description=_("Error message in the language of the request."))
    errors: list[dict] = Field(description=_("The parameters objected to (Pydantic errors)."))


class TournamentOut(Schema):
    id: int
    name: str
    category: CategoryCode
    start_date: date
    end_date: date
    status: PublicStatus
    rounds_planned: int = Field(description=_("Preliminary rounds, without the final."))
    games_per_round: int
    has_final: bool
    counts_for_ranking: bool
    ranking_year: int
    juniors_of_id: int | None = Field(
        description=_("For a junior field (Klub 6.3) the id of the main tournament, else null.")
    )


class TournamentListOut(Schema):
    results: list[TournamentOut]


class RoundOut(Schema):
    number: int
    kind: RoundKindCode
    published: bool = Field(description=_("Results published (else only the pairing)."))


class CheckedOutOut(Schema):
    as_of: datetime | None = Field(
        description=_(
            "The venue laptop's time of its last upload applied centrally; null while "
            "nothing has arrived from the venue yet."
        )
    )


class TournamentDetailOut(TournamentOut):
    rounds: list[RoundOut] = Field(
        description=_("Rounds with a released pairing or published results.")
    )
    checked_out: CheckedOutOut | None = Field(
        description=_(
            "Set while the tournament is checked out to the venue (offline venue mode): it is "
            "played on the venue's laptop and its results here are as of the venue's last "
            "upload. Null otherwise."
        )
    )


class PlayerRef(Schema):
    id: int
    name: str = Field(description=_("Public name (only initials if the player wishes so)."))


class SeatOut(Schema):
    letter: str = Field(pattern="^[A-D]$")
    player: PlayerRef
    reserve: bool


class GameResultOut(Schema):
    letter: str = Field(pattern="^[A-D]$")
    played: bool = Field(
        description=_(
            "false: the player did not play this game (red card or withdrawal during the round, "
            "Klub 4.5.1); then the values are null."
        )
    )
    game_points: int | None
    place: int | None = Field(ge=1, le=4)
    placement_points: int | None


class GameOut(Schema):
    number: int
    pool_exhausted: bool
    results: list[GameResultOut]


class TableOut(Schema):
    number: int
    seats: list[SeatOut]
    games: list[GameOut] = Field(description=_("Empty while the round is not published."))
    corrected_at: datetime | None = Field(
        description=_(
            "When the tournament director corrected the table's published result (the newest "
            "correction); null while it stands as published."
        )
    )
    reason: str | None = Field(
        description=_("Why the published result was corrected; null when it was not.")
    )


class RoundTablesOut(Schema):
    tables: list[TableOut]


class StandingsEntryOut(Schema):
    rank: int | None = Field(description=_("null for reserves and excluded players."))
    player: PlayerRef
    reserve: bool
    excluded: bool
    finalist: bool
    placement_points: int
    game_points: int
    placings: list[int] = Field(
        min_length=4, max_length=4, description=_("Number of 1st, 2nd, 3rd and 4th places.")
    )
    minus_points: int
    games: int


class StandingsOut(Schema):
    after_round: int | None = Field(
        description=_("Last round counted; null before the first published round.")
    )
    entries: list[StandingsEntryOut]
