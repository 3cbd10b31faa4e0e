"""`python manage.py check_standings_snapshots [--tournament ID …] [--repair]`: prove that every
stored standings snapshot still read by the pages equals a fresh computation; exits with an
error listing each one that differs. ``--repair`` drops the stored standings of those
tournaments (the next reader computes and stores them again)."""

from django.core.management.base import BaseCommand, CommandError

from tournaments.standings.snapshots import snapshot_mismatches, snapshots_forget


class Command(BaseCommand):
    help = (
        "Prüft, ob die gespeicherten Ranglisten einer frischen Berechnung entsprechen "
        "(Rangliste, Saalanzeige, API lesen sie)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--tournament", type=int, action="append", help="Nur dieses Turnier (mehrfach)."
        )
        parser.add_argument(
            "--repair",
            action="store_true",
            help="Abweichende gespeicherte Ranglisten verwerfen (werden neu berechnet).",
        )

    def handle(self, *args, tournament: list[int] | None, repair: bool, **options):
        found = snapshot_mismatches(tournament)
        for mismatch in found:
            self.stdout.write(mismatch.message)
        if found and repair:
            repaired = sorted({m.tournament_id for m in found})
            snapshots_forget(tournament_ids=repaired)
            self.stdout.write(f"Verworfen: Turniere {', '.join(map(str, repaired))}.")
            found = snapshot_mismatches(repaired)
        if found:
            raise CommandError(f"{len(found)} Abweichungen.")
        self.stdout.write("Alle gespeicherten Ranglisten stimmen mit einer frischen Berechnung.")
