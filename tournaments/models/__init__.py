"""Models by product area, re-exported so `tournaments.models.X` and migrations stay as they are."""

from tournaments.models.plumbing import LostBump, PublicChange
from tournaments.models.referees import Absence, PlayerWarning, Ruling
from tournaments.models.registry import Player
from tournaments.models.rounds import CutDecision, PairingChange, Round, Seat, Table, TablePin
from tournaments.models.setup import Registration, Team, Tournament, TournamentStaff
from tournaments.models.sheets import ResultSheet, ScoredLine, ScoredRound, SheetVersion
from tournaments.models.signups import SignupRequest
from tournaments.models.standings import StandingsSnapshot

__all__ = [
    "Absence",
    "LostBump",
    "CutDecision",
    "PairingChange",
    "Player",
    "PublicChange",
    "PlayerWarning",
    "Registration",
    "ResultSheet",
    "Round",
    "Ruling",
    "ScoredLine",
    "ScoredRound",
    "Seat",
    "SheetVersion",
    "SignupRequest",
    "StandingsSnapshot",
    "Table",
    "TablePin",
    "Team",
    "Tournament",
    "TournamentStaff",
]
