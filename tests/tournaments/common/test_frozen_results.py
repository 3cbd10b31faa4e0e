"""A finished tournament is frozen (SPEC §6, Klub 4.2.3, 10.2, 10.4); cards only while it runs
(SPEC §7, Klub 4.5.1). Every write service refuses with the same message and changes nothing."""

from datetime import date
from io import StringIO

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

from tests.support.builders import make_tournament, make_user, register_players
from tournaments.common.guards import FROZEN, NOT_RUNNING
from tournaments.enums import (
    GlobalRole,
    RoundStatus,
    RulingStatus,
    StaffRole,
    TournamentStatus,
    WarningGround,
    WarningKind,
)
from tournaments.models import (
    Player,
    PlayerWarning,
    Registration,
    ResultSheet,
    Ruling,
    SheetVersion,
    Tournament,
    TournamentStaff,
)
from tournaments.referees import services as referees_services
from tournaments.registration import services as registration_services
from tournaments.sheets import services as sheet_services


@pytest.fixture
def finished(db):
    out = StringIO()
    call_command(
        "simulate_tournament",
        *("--players", "12", "--category", "beginners", "--seed", "5", "--year", "2026"),
        stdout=out,
    )
    t = Tournament.objects.get(pk=int(out.getvalue().split()[-1]))
    assert t.status == TournamentStatus.FINISHED
    return t


@pytest.fixture
def staff(finished):
    director = make_user("leitung-frozen", role=GlobalRole.DIRECTOR)
    head = make_user("hauptschiri-frozen", role=GlobalRole.HEAD_REFEREE)
    referee = make_user("schiri-frozen", role=GlobalRole.REFEREE)
    for user, role in (
        (director, StaffRole.DIRECTOR),
        (head, StaffRole.HEAD_REFEREE),
        (referee, StaffRole.REFEREE),
    ):
        TournamentStaff.objects.create(tournament=finished, user=user, role=role)
    return {"director": director, "head": head, "referee": referee}


def _sheet(t: Tournament) -> ResultSheet:
    return ResultSheet.objects.filter(round__tournament=t).order_by("round__number", "pk").first()


def _corrected(sheet: ResultSheet) -> list[dict]:
    games = [dict(g, scores=dict(g["scores"])) for g in sheet.confirmed.games]
    letters = sorted(games[0]["scores"])
    games[0] = {
        "number": 1,
        "scores": {x: (-10 if x != letters[0] else 10 * (len(letters) - 1)) for x in letters},
    }
    return games


def _given_while_running(t: Tournament, referee) -> None:
    """A card and an escalated call from the days the tournament ran (stored as they were)."""
    PlayerWarning.objects.create(
        tournament=t,
        player=Registration.objects.filter(tournament=t).first().player,
        kind=WarningKind.YELLOW,
        ground=WarningGround.UNSPORTING,
        given_by=referee,
    )
    Ruling.objects.create(
        tournament=t,
        question="Joker?",
        decision="gilt",
        objections=3,
        status=RulingStatus.ESCALATED,
        decided_by=referee,
    )


WRITES = {
    "correction": lambda t, s: sheet_services.sheet_save(
        table=_sheet(t).table,
        games=_corrected(_sheet(t)),
        expected_version=_sheet(t).version,
        user=s["director"],
        reason="Übertragungsfehler",
    ),
    "interpretation": lambda t, s: sheet_services.sheet_accept_interpreted(
        sheet=_sheet(t),
        games=_corrected(_sheet(t)),
        expected_version=_sheet(t).version,
        reason="Spieler nicht erreichbar",
        user=s["director"],
    ),
    "clarification": lambda t, s: sheet_services.sheet_needs_clarification(
        sheet=_sheet(t), expected_version=_sheet(t).version, note="unklar", user=s["director"]
    ),
    "card": lambda t, s: referees_services.warning_give(
        tournament=t,
        player=Registration.objects.filter(tournament=t).first().player,
        kind=WarningKind.RED,
        ground=WarningGround.UNSPORTING,
        user=s["referee"],
    ),
    "card withdrawal": lambda t, s: referees_services.warning_withdraw(
        warning=PlayerWarning.objects.get(tournament=t), reason="Irrtum", user=s["head"]
    ),
    "ruling": lambda t, s: referees_services.ruling_record(
        tournament=t, question="Joker angelegt?", decision="gilt", user=s["referee"]
    ),
    "final ruling": lambda t, s: referees_services.ruling_decide_finally(
        ruling=Ruling.objects.get(tournament=t, status=RulingStatus.ESCALATED),
        decision="gilt nicht",
        user=s["head"],
    ),
    "withdrawal": lambda t, s: registration_services.registration_update(
        registration=Registration.objects.filter(tournament=t).first(), withdrawn=True
    ),
    "registration": lambda t, s: registration_services.registration_add(
        tournament=t,
        player=Player.objects.create(federation_number="FRZ-1", first_name="Neu", last_name="Spät"),
        reserve=True,
        user=s["director"],
    ),
}


def _snapshot(t: Tournament) -> tuple:
    return (
        SheetVersion.objects.filter(sheet__round__tournament=t).count(),
        list(PlayerWarning.objects.filter(tournament=t).values_list("pk", "withdrawn_at")),
        list(Ruling.objects.filter(tournament=t).values_list("pk", "status")),
        list(Registration.objects.filter(tournament=t).values_list("pk", "withdrawn_at")),
        list(t.rounds.values_list("number", "status")),
    )


@pytest.mark.parametrize("write", list(WRITES))
def test_a_finished_tournament_refuses_every_write(finished, staff, write):
    """Klub 4.2.3, 10.4: after the tournament only the commission changes anything (ranking)."""
    _given_while_running(finished, staff["referee"])
    before = _snapshot(finished)
    with pytest.raises(ValidationError) as info:
        WRITES[write](finished, staff)
    assert info.value.messages == [FROZEN]
    assert _snapshot(finished) == before
    assert set(finished.rounds.values_list("status", flat=True)) == {RoundStatus.PUBLISHED}


def test_no_card_before_the_tournament_day(director, players, monkeypatch):
    """Klub 4.5.1: cards during games or breaks; registration open weeks ahead is not that."""
    monkeypatch.setattr("tournaments.common.guards.localdate", lambda: date(2026, 12, 11))
    t = make_tournament(director=director, open=True)  # starts 12.12.2026
    register_players(t, players, count=4)
    referee = make_user("schiri-frueh", role=GlobalRole.REFEREE)
    TournamentStaff.objects.create(tournament=t, user=referee, role=StaffRole.REFEREE)

    with pytest.raises(ValidationError) as info:
        referees_services.warning_give(
            tournament=t,
            player=players[0],
            kind=WarningKind.YELLOW,
            ground=WarningGround.UNSPORTING,
            user=referee,
        )
    assert info.value.messages == [NOT_RUNNING]
    assert PlayerWarning.objects.count() == 0


def test_a_card_on_the_tournament_day_before_the_first_draw(director, players, monkeypatch):
    """Our reading: the tournament runs from its first day (check-in) on."""
    monkeypatch.setattr("tournaments.common.guards.localdate", lambda: date(2026, 12, 12))
    t = make_tournament(director=director, open=True)  # starts 12.12.2026
    register_players(t, players, count=4)
    referee = make_user("schiri-tag", role=GlobalRole.REFEREE)
    TournamentStaff.objects.create(tournament=t, user=referee, role=StaffRole.REFEREE)

    warning = referees_services.warning_give(
        tournament=t,
        player=players[0],
        kind=WarningKind.YELLOW,
        ground=WarningGround.UNSPORTING,
        user=referee,
    )
    assert (warning.kind, warning.player_id) == (WarningKind.YELLOW, players[0].pk)
