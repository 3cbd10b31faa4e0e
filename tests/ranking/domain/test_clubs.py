"""The club table of a year (issue 33.2): sum, average, shared places, spellings merged."""

from __future__ import annotations

from ranking.domain.clubs import ClubGroup, ClubLine, club_table


def test_club_table_sums_averages_and_shares_places():
    groups = [
        ClubGroup("rc-koeln", 2, 60, 3),
        ClubGroup("rc-koeln", 1, 20, 1),  # another spelling of the same club
        ClubGroup("sg-bonn", 4, 80, 2),
        ClubGroup("tus-aachen", 2, 40, 9),
        ClubGroup("uhu", 2, 40, 7),  # the same sum and average as Aachen: a shared place
        ClubGroup("", 5, 500, 4),  # players without a club are in no club's line
    ]
    assert club_table(groups) == [
        # 80 placement points each; Köln's average 80/3 = 26.67 is the better one
        ClubLine(1, "rc-koeln", 3, 80, 2667, 1),
        ClubLine(2, "sg-bonn", 4, 80, 2000, 2),
        ClubLine(3, "tus-aachen", 2, 40, 2000, 9),
        ClubLine(3, "uhu", 2, 40, 2000, 7),
    ]


def test_empty_year():
    assert club_table([]) == []
