"""`python manage.py check_scored_lines [--tournament ID …] [--repair]`: prove that the stored
scored lines equal a fresh re-score of every valid sheet version and every commission
correction; exits with an error listing each table that differs.

It lives in the ranking app because it checks both sides (tournaments never import ranking).
"""

from django.core.management.base import BaseCommand, CommandError

from ranking.compute.selectors import correction_line_mismatches
from tournaments.results.selectors import scored_line_mismatches
from tournaments.results.services import scored_lines_rebuild


class Command(BaseCommand):
    help = (
        "Prüft, ob die gespeicherten Ergebniszeilen einer frischen Wertung der gültigen "
        "Ergebnislisten (und der Korrekturen der Regelkommission) entsprechen."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--tournament", type=int, action="append", help="Nur dieses Turnier (mehrfach)."
        )
        parser.add_argument(
            "--repair",
            action="store_true",
            help="Abweichende Turniere neu werten (Ranking und Seiten werden benachrichtigt).",
        )

    def handle(self, *args, tournament: list[int] | None, repair: bool, **options):
        found = scored_line_mismatches(tournament)
        for mismatch in found:
            self.stdout.write(mismatch.message)
        if found and repair:
            repaired = sorted({m.tournament_id for m in found})
            scored_lines_rebuild(tournament_ids=repaired)
            self.stdout.write(f"Neu gewertet: Turniere {', '.join(map(str, repaired))}.")
            found = scored_line_mismatches(repaired)
        corrections = [] if tournament else correction_line_mismatches()
        for message in corrections:
            self.stdout.write(message)
        if found or corrections:
            raise CommandError(f"{len(found) + len(corrections)} Abweichungen.")
        self.stdout.write("Alle gespeicherten Ergebniszeilen stimmen mit einer frischen Wertung.")
