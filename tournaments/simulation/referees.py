"""Demo data for the referee area (`seed_demo`): assigned referees, a few warnings and cards,
a withdrawn one, and a call that went to the head referee. Safe to run again."""

from __future__ import annotations

from tournaments.enums import StaffRole, WarningGround, WarningKind
from tournaments.models import PlayerWarning, Seat, Tournament, TournamentStaff
from tournaments.referees import services as referees_services


def _assign(tournament: Tournament, users: dict) -> None:
    for username, role in (("schiri", StaffRole.REFEREE), ("hauptschiri", StaffRole.HEAD_REFEREE)):
        if username in users:
            TournamentStaff.objects.get_or_create(
                tournament=tournament, user=users[username], role=role
            )


def seed_referee_demo(users: dict) -> None:
    """Berlin (running): an unofficial warning, a yellow card, a red card withdrawn by mistake
    and one that stands – so the director sees an exclusion and the next round needs a change
    of reserves (SPEC §1) – and an escalated call with the head referee's final ruling.
    Köln (finished): referees assigned, one yellow card in the history."""
    tournaments = {t.name: t for t in Tournament.objects.filter(name__startswith="Demo:")}
    for tournament in tournaments.values():
        if tournament.status != "draft":
            _assign(tournament, users)
    berlin = tournaments.get("Demo: Stadtmeisterschaft Berlin")
    if berlin is None or PlayerWarning.objects.filter(tournament=berlin).exists():
        return
    referee, head = users["schiri"], users["hauptschiri"]
    rnd = berlin.rounds.order_by("number").first()
    if rnd is None:
        return
    seats = list(
        Seat.objects.filter(round=rnd, reserve=False).select_related("player", "table")[:6]
    )
    if len(seats) < 4:
        return

    def give(seat, kind, ground, **extra):
        return referees_services.warning_give(
            tournament=berlin,
            player=seat.player,
            kind=kind,
            ground=ground,
            rnd=rnd,
            user=referee,
            **extra,
        )

    give(seats[0], WarningKind.UNOFFICIAL, WarningGround.DROPPED_TILES, game_number=1)
    give(seats[0], WarningKind.YELLOW, WarningGround.UNSPORTING, game_number=2, note="Laut.")
    mistaken = give(seats[1], WarningKind.RED, WarningGround.REFEREE_ABUSE, game_number=2)
    referees_services.warning_withdraw(
        warning=mistaken, reason="Falscher Spieler notiert (Verwechslung am Tisch).", user=head
    )
    give(
        seats[2],
        WarningKind.RED,
        WarningGround.FREE_TEXT,
        ground_text="Beleidigung des Schiedsrichters",
        game_number=3,
    )
    call = referees_services.ruling_record(
        tournament=berlin,
        rnd=rnd,
        table_number=seats[3].table.number,
        game_number=3,
        question="Darf ein Joker aus einer Reihe genommen werden, ohne ihn sofort zu legen?",
        decision="Nein, der Joker muss im selben Zug ausgelegt werden.",
        rule_cited="Klub 14.4",
        objections=3,
        user=referee,
    )
    referees_services.ruling_decide_finally(
        ruling=call,
        decision="Entscheidung bestätigt: der Joker muss im selben Zug gelegt werden.",
        rule_cited="Klub 14.4",
        user=head,
    )
    referees_services.ruling_record(
        tournament=berlin,
        rnd=rnd,
        table_number=seats[4].table.number,
        question="Stapel umgefallen, Zahlen sichtbar.",
        decision="Steine mit den anderen Stapeln neu gemischt.",
        rule_cited="Klub 15.2",
        user=referee,
    )
