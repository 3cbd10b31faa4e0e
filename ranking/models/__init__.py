"""Tables of the ranking side (SPEC §8, §9), one module per meaning: the ranking as computed
(`computed`), the players' appeals (`appeals`), the commission's decisions (`commission`).
Tournaments' own tables are never changed here: a commission decision changes the ranking only,
never the published tournament result."""

from ranking.models.appeals import Appeal as Appeal
from ranking.models.appeals import AppealAddition as AppealAddition
from ranking.models.appeals import addition_upload_to as addition_upload_to  # named by 0011
from ranking.models.appeals import appeal_upload_to as appeal_upload_to  # named by migration 0001
from ranking.models.commission import CorrectionLine as CorrectionLine
from ranking.models.commission import Decision as Decision
from ranking.models.commission import RankingStrike as RankingStrike
from ranking.models.commission import RankingStrikeQuerySet as RankingStrikeQuerySet
from ranking.models.commission import ResultCorrection as ResultCorrection
from ranking.models.commission import ResultCorrectionQuerySet as ResultCorrectionQuerySet
from ranking.models.computed import RankingEntry as RankingEntry
from ranking.models.computed import RankingYear as RankingYear
from ranking.models.computed import TournamentContribution as TournamentContribution
from ranking.models.computed import TournamentRanking as TournamentRanking
from ranking.models.rating import ALL_TIME as ALL_TIME
from ranking.models.rating import PlayerRating as PlayerRating
from ranking.models.rating import RatingChange as RatingChange
from ranking.models.rating import RatingScope as RatingScope
