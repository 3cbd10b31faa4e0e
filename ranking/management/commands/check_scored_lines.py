"""`python manage.py check_scored_lines [--tournament ID …] [--repair]`: prove that the stored
scored lines equal a fresh re-score of every valid sheet version and every commission
correction; exits with an error listing each table that differs.

It lives in the ranking app because it checks both sides (tournaments never import ranking).
"""

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ranking.compute.selectors import correction_line_mismatches
from tournaments.results.selectors import scored_line_mismatches
from tournaments.results.services import scored_lines_rebuild


class Command(BaseCommand):
    help = (
        "Checks that the stored scored lines equal a fresh scoring of the valid result "
        "sheets (and of the rules commission's corrections)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--tournament", type=int, action="append", help="Only this tournament (repeatable)."
        )
        parser.add_argument(
            "--repair",
            action="store_true",
            help="Re-score differing tournaments (ranking and pages are notified).",
        )

    def handle(self, *args, tournament: list[int] | None, repair: bool, **options):
        found = scored_line_mismatches(tournament)
        for mismatch in found:
            self.stdout.write(mismatch.message)
        if found and repair:
            repaired = sorted({m.tournament_id for m in found})
            scored_lines_rebuild(tournament_ids=repaired)
            self.stdout.write(
                _("Re-scored: tournaments %(ids)s.") % {"ids": ", ".join(map(str, repaired))}
            )
            found = scored_line_mismatches(repaired)
        corrections = [] if tournament else correction_line_mismatches()
        for message in corrections:
            self.stdout.write(message)
        if found or corrections:
            raise CommandError(
                ngettext("%(n)s difference.", "%(n)s differences.", len(found) + len(corrections))
                % {"n": len(found) + len(corrections)}
            )
        self.stdout.write(_("All stored scored lines agree with a fresh scoring."))
