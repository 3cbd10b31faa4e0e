"""Models by product area, re-exported so `tournaments.models.X` and migrations stay as they are."""

from tournaments.models.clock import RoundClockAction
from tournaments.models.mail import OutgoingMail
from tournaments.models.plumbing import PublicChange
from tournaments.models.privacy import ErasureRequest, PlayerMerge
from tournaments.models.referees import Absence, PlayerWarning, RefereeCall, Ruling
from tournaments.models.registry import Player
from tournaments.models.rounds import CutDecision, PairingChange, Round, Seat, Table, TablePin
from tournaments.models.scores import GameScoreColumns, ScoreSumColumns
from tournaments.models.setup import Registration, Team, Tournament, TournamentStaff
from tournaments.models.sheets import (
    ResultSheet,
    ScoredLine,
    ScoredRound,
    SheetSignoff,
    SheetVersion,
)
from tournaments.models.signups import SignupRequest
from tournaments.models.staff import StaffChange, StaffChangeKind
from tournaments.models.standings import StandingsPlaces, StandingsSnapshot
from tournaments.models.venue import (
    CheckoutState,
    UploadOutcome,
    VenueCheckout,
    VenueRegistryConflict,
    VenueUpload,
)
from tournaments.models.venue_laptop import VenueSyncState
from tournaments.models.venue_people import VenuePerson, VenuePersonLink

__all__ = [
    "Absence",
    "OutgoingMail",
    "CutDecision",
    "ErasureRequest",
    "GameScoreColumns",
    "PairingChange",
    "Player",
    "PlayerMerge",
    "PublicChange",
    "PlayerWarning",
    "RefereeCall",
    "Registration",
    "ResultSheet",
    "Round",
    "RoundClockAction",
    "Ruling",
    "ScoredLine",
    "ScoredRound",
    "ScoreSumColumns",
    "Seat",
    "SheetSignoff",
    "SheetVersion",
    "SignupRequest",
    "StaffChange",
    "StaffChangeKind",
    "StandingsPlaces",
    "StandingsSnapshot",
    "Table",
    "TablePin",
    "Team",
    "Tournament",
    "TournamentStaff",
    "CheckoutState",
    "UploadOutcome",
    "VenueCheckout",
    "VenueRegistryConflict",
    "VenueUpload",
    "VenueSyncState",
    "VenuePerson",
    "VenuePersonLink",
]
