"""What of this database travels to the venue laptop and back (issue 18, 26.4), declared once.

Every model of tournaments, players and ranking is named here: its rows travel in the venue
document (`CARRIED`, field by field), or not at all (`NOT_CARRIED`, with why). The export
(`document.Export.row`) and the writer (`rows.WriteState.columns`) read this table, so a field
added to ``values`` travels both ways without further code. A new model or field that is named
nowhere fails tests/tournaments/venue/test_document_coverage.py until it is declared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from django.db import models

from tournaments.models import (
    Absence,
    CutDecision,
    PairingChange,
    Player,
    PlayerWarning,
    RefereeCall,
    Registration,
    ResultSheet,
    Round,
    RoundClockAction,
    Ruling,
    Seat,
    SheetSignoff,
    SheetVersion,
    Table,
    TablePin,
    Team,
    Tournament,
    VenuePerson,
)


class Shaped(NamedTuple):
    """A field written into the document by hand (`document.Export`, `load`): under ``key``,
    as ``how`` says."""

    key: str
    how: str


@dataclass(frozen=True)
class Carried:
    """How the rows of ``model`` travel. Each field of the model is in exactly one group."""

    model: type[models.Model]
    key: tuple[str, ...] = ()
    """Names the row: its uuid, or its natural key inside its parent; never changes."""
    values: tuple[str, ...] = ()
    """As they are (dates and times as ISO text, uuids as text); written back on load."""
    people: tuple[str, ...] = ()
    """Users of the site, as usernames (a venue's user may not exist centrally)."""
    players: tuple[str, ...] = ()
    """Registry rows, as the player's uuid."""
    links: tuple[str, ...] = ()
    """Other rows of the document, as their uuid."""
    shaped: dict[str, Shaped] = field(default_factory=dict)
    """Fields the export and the writer put into the document and back by hand."""
    placed: tuple[str, ...] = ()
    """Given by where the row sits in the document: its parent."""
    left_out: dict[str, str] = field(default_factory=dict)
    """Fields that stay in this database, with why."""
    rows: dict[str, type[models.Model]] = field(default_factory=dict)
    """The rows nested in this one, by their key in the document."""

    @cached_property
    def stamped(self) -> tuple[str, ...]:
        """Times the database sets itself on insert (auto_now_add): stamped after it, as the
        document has them."""
        fields = [self.model._meta.get_field(name) for name in self.key + self.values]
        return tuple(f.name for f in fields if getattr(f, "auto_now_add", False))

    @cached_property
    def document_keys(self) -> frozenset[str]:
        """The keys of the row in the document."""
        carried = self.key + self.values + self.people + self.players + self.links
        return frozenset(carried) | {s.key for s in self.shaped.values()} | set(self.rows)


BOOKKEEPING = "this database's own bookkeeping (when the row was made or last saved here)"
DATABASE_ID = "database ids never travel: a row is named by its key (a uuid or a natural key)"

# fmt: off
CARRIED_MODELS = (
    Carried(
        Player,
        key=("uuid",),
        values=("federation_number", "is_guest", "first_name", "last_name", "club", "city",
                "birth_year", "publish_name"),
        shaped={"erased_at": Shaped("erased", "whether the entry was anonymised; read only")},
        left_out={
            "email": "personal data: never leaves the central site (acceptance 8)",
            "created_at": BOOKKEEPING,
            "updated_at": BOOKKEEPING,
        },
    ),
    Carried(
        Tournament,
        key=("uuid",),
        values=("name", "category", "rounds_planned", "games_per_round", "has_final",
                "finalists_count", "final_mode", "table_policy", "max_players", "ranking_year",
                "rule_set", "counts_for_ranking", "ranking_note", "seconds_per_move",
                "start_date", "end_date", "venue", "status", "registration_opened_at",
                "signup_deadline", "signup_approval", "table_entry", "check_in_opens_at",
                "check_in_closes_at"),
        people=("created_by",),
        shaped={"juniors_of": Shaped("juniors_of", "the main tournament's uuid")},
        left_out={
            "created_at": BOOKKEEPING,
            "updated_at": BOOKKEEPING,
            "organising_club": "shown on the central club pages only; the laptop runs the day",
        },
        rows={"teams": Team, "registrations": Registration, "pins": TablePin,
              "cut_decisions": CutDecision, "warnings": PlayerWarning, "rulings": Ruling,
              "rounds": Round},
    ),
    Carried(
        Team,
        key=("name",),
        placed=("tournament",),
        left_out={"created_at": "only the name travels (a list of names): dated where written"},
    ),
    Carried(
        Registration,
        values=("reserve", "checked_in_at", "withdrawn_at", "registered_at", "source"),
        people=("registered_by",),
        players=("player",),
        shaped={"team": Shaped("team", "the team's name")},
        placed=("tournament",),
    ),
    Carried(
        TablePin,
        values=("table_number", "reason", "created_at"),
        people=("created_by",),
        players=("player",),
        placed=("tournament",),
    ),
    Carried(
        CutDecision,
        key=("uuid",),
        values=("kind", "table_number", "method", "reason", "decided_at"),
        people=("decided_by",),
        shaped={"tied_player_ids": Shaped("tied", "the players' uuids"),
                "chosen_player_ids": Shaped("chosen", "the players' uuids")},
        placed=("tournament",),
    ),
    Carried(
        PlayerWarning,
        key=("uuid",),
        values=("game_number", "table_number", "kind", "ground", "ground_text", "note",
                "given_at", "withdrawn_at", "withdrawal_reason"),
        people=("given_by", "withdrawn_by"),
        players=("player",),
        shaped={"round": Shaped("round", "the round's number")},
        placed=("tournament",),
    ),
    Carried(
        Ruling,
        key=("uuid",),
        values=("table_number", "game_number", "question", "decision", "rule_cited",
                "objections", "status", "decided_at"),
        people=("decided_by",),
        shaped={"round": Shaped("round", "the round's number"),
                "escalated_from": Shaped("escalated_from", "the earlier ruling's uuid, required")},
        placed=("tournament",),
    ),
    Carried(
        Round,
        key=("number",),
        values=("kind", "status", "seed", "method", "notice", "created_at", "released_at",
                "published_at"),
        people=("created_by",),
        placed=("tournament",),
        rows={"tables": Table, "changes": PairingChange, "absences": Absence,
              "calls": RefereeCall, "clock": RoundClockAction},
    ),
    Carried(
        Table,
        key=("number",),
        placed=("round",),
        rows={"seats": Seat, "sheet": ResultSheet},
    ),
    Carried(
        Seat,
        key=("letter",),
        values=("reserve",),
        players=("player",),
        placed=("round", "table"),
    ),
    Carried(
        PairingChange,
        key=("uuid",),
        values=("at", "action", "description", "created_repeat"),
        people=("user",),
        placed=("round",),
    ),
    Carried(
        Absence,
        key=("uuid",),
        values=("from_game", "reason", "created_at", "cancelled_at"),
        people=("created_by", "cancelled_by"),
        players=("player",),
        links=("warning",),
        shaped={"registration": Shaped("registration", "its player's uuid")},
        placed=("round",),
    ),
    Carried(
        RefereeCall,
        key=("uuid",),
        values=("reason", "device", "created_at", "taken_at", "closed_at", "outcome"),
        people=("taken_by", "closed_by"),
        links=("warning", "ruling"),
        shaped={"table": Shaped("table_number", "the table's number")},
        placed=("tournament", "round"),
    ),
    Carried(
        RoundClockAction,
        key=("number",),
        values=("action", "minutes", "at"),
        people=("created_by",),
        placed=("round",),
    ),
    Carried(
        ResultSheet,
        values=("status", "version"),
        shaped={"current": Shaped("current", "the version's number"),
                "confirmed": Shaped("confirmed", "the version's number")},
        placed=("table", "round"),
        left_out={"updated_at": BOOKKEEPING},
        rows={"versions": SheetVersion},
    ),
    Carried(
        SheetVersion,
        key=("number",),
        values=("games", "status", "action", "reason", "filled_in_by", "signed_by_all",
                "created_at", "device", "submission_key"),
        people=("created_by",),
        placed=("sheet",),
        rows={"signoffs": SheetSignoff},
    ),
    Carried(
        SheetSignoff,
        key=("letter",),
        values=("verdict", "note", "device", "created_at"),
        placed=("version",),
    ),
    Carried(
        VenuePerson,
        key=("uuid",),
        values=("name", "role", "username", "created_at"),
        placed=("checkout",),
        left_out={"user": "each site's own account: the laptop's log-in, centrally one that "
                          "cannot log in (issue 29)"},
    ),
)
# fmt: on
CARRIED: dict[type[models.Model], Carried] = {c.model: c for c in CARRIED_MODELS}
DOCUMENT_ROWS = {"players": Player, "tournaments": Tournament, "venue_persons": VenuePerson}
"""The rows at the top of the document (beside its envelope data: format, checkout, sequence)."""

CENTRAL_ONLY = "personal data of the players' area: stays central (acceptance 8)"
NOT_CARRIED: dict[str, str] = {
    "tournaments.TournamentStaff": "each site's roles: the package names the staff, the laptop "
    "assigns them there (issue 29)",
    "tournaments.StaffChange": "each site's staff log: the laptop logs its own assignments",
    "tournaments.VenuePersonLink": "the federation's link of a venue helper to an account",
    "tournaments.SignupRequest": "online signups wait centrally; a place travels as Registration",
    "tournaments.ScoredLine": "derived: scored from the confirmed sheet version where written",
    "tournaments.ScoredRound": "derived: scored from the confirmed sheet version where written",
    "tournaments.StandingsSnapshot": "derived: computed again from the scored lines where read",
    "tournaments.StandingsPlaces": "derived: computed again from the scored lines where read",
    "tournaments.OutgoingMail": "this server's e-mail outbox: the laptop sends no mail",
    "tournaments.PublicChange": "this server's count of announced changes, counted where written",
    "tournaments.PlayerMerge": "the federation's registry administration: central only",
    "tournaments.ErasureRequest": "a privacy request to the federation: central only",
    "tournaments.VenueCheckout": "the checkout itself: made on the laptop by the package's load",
    "tournaments.VenueUpload": "the central log of uploads",
    "tournaments.VenueRegistryConflict": "the central review of registry edits",
    "tournaments.VenueSyncState": "the laptop's own upload state",
    "players.PlayerAccount": CENTRAL_ONLY,
    "players.PlayerInvitation": CENTRAL_ONLY,
    "players.PlayerPreferences": CENTRAL_ONLY,
    "players.Notification": CENTRAL_ONLY,
    "players.PushSubscription": "a device's push subscription: this server sends the messages",
    "players.PushDelivery": "this server's push messages: the laptop sends none",
    "ranking.Appeal": "appeals stay central (acceptance 8)",
    "ranking.AppealAddition": "appeals stay central (acceptance 8), their additions too",
    "ranking.Decision": "the rules commission decides centrally",
    "ranking.ResultCorrection": "the rules commission decides centrally",
    "ranking.CorrectionLine": "the rules commission decides centrally",
    "ranking.RankingStrike": "the rules commission decides centrally",
    "ranking.TournamentRanking": "derived: the ranking is computed centrally",
    "ranking.TournamentContribution": "derived: the ranking is computed centrally",
    "ranking.RankingYear": "derived: the ranking is computed centrally",
    "ranking.RankingEntry": "derived: the ranking is computed centrally",
    "ranking.RatingScope": "derived: the skill rating is computed centrally",
    "ranking.PlayerRating": "derived: the skill rating is computed centrally",
    "ranking.RatingChange": "derived: the skill rating is computed centrally",
}
"""Models whose rows never travel, by label, with why (labels: tournaments imports neither
players nor ranking)."""

PLAYER_FIELDS = CARRIED[Player].values
"""The registry fields a venue sees and may change (never the e-mail)."""
