"""Response schemas of the tournament API v1: field names and shapes are the public contract.

Enums are spelled out here (not borrowed from the Django TextChoices) so the OpenAPI document
lists exactly the values the public can see – a draft is never served, so "draft" is no status.
tests/api checks that they stay equal to the model choices.
"""

from __future__ import annotations

from datetime import date
from enum import StrEnum

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
    detail: str = Field(description="Fehlermeldung auf Deutsch.")


class ValidationErrorOut(Schema):
    detail: str = Field(description="Fehlermeldung auf Deutsch.")
    errors: list[dict] = Field(description="Die beanstandeten Parameter (Pydantic-Fehler).")


class TournamentOut(Schema):
    id: int
    name: str
    category: CategoryCode
    start_date: date
    end_date: date
    status: PublicStatus
    rounds_planned: int = Field(description="Vorrunden, ohne Finalrunde.")
    games_per_round: int
    has_final: bool
    counts_for_ranking: bool
    ranking_year: int
    juniors_of_id: int | None = Field(
        description="Bei einem Juniorenfeld (Klub 6.3) die id des Hauptturniers, sonst null."
    )


class TournamentListOut(Schema):
    results: list[TournamentOut]


class RoundOut(Schema):
    number: int
    kind: RoundKindCode
    published: bool = Field(description="Ergebnisse veröffentlicht (sonst nur die Paarung).")


class TournamentDetailOut(TournamentOut):
    rounds: list[RoundOut] = Field(
        description="Runden mit freigegebener Paarung oder veröffentlichten Ergebnissen."
    )


class PlayerRef(Schema):
    id: int
    name: str = Field(description="Öffentlicher Name (nur Initialen, wenn der Spieler es wünscht).")


class SeatOut(Schema):
    letter: str = Field(pattern="^[A-D]$")
    player: PlayerRef
    reserve: bool


class GameResultOut(Schema):
    letter: str = Field(pattern="^[A-D]$")
    played: bool = Field(
        description="false: der Spieler hat dieses Spiel nicht gespielt (Rote Karte oder "
        "Abmeldung während der Runde, Klub 4.5.1); dann sind die Werte null."
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
    games: list[GameOut] = Field(description="Leer, solange die Runde nicht veröffentlicht ist.")


class RoundTablesOut(Schema):
    tables: list[TableOut]


class StandingsEntryOut(Schema):
    rank: int | None = Field(description="null für Ersatzspieler und ausgeschlossene Spieler.")
    player: PlayerRef
    reserve: bool
    excluded: bool
    finalist: bool
    placement_points: int
    game_points: int
    placings: list[int] = Field(
        min_length=4, max_length=4, description="Anzahl 1., 2., 3. und 4. Plätze."
    )
    minus_points: int
    games: int


class StandingsOut(Schema):
    after_round: int | None = Field(
        description="Letzte eingerechnete Runde; null vor der ersten veröffentlichten Runde."
    )
    entries: list[StandingsEntryOut]
