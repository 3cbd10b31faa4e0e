"""Play a whole tournament through the same services the UI uses (issue 4 §7)."""

import random

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournaments.enums import Category
from tournaments.simulation.tournament import simulate_tournament


class Command(BaseCommand):
    help = "Spielt ein ganzes Turnier mit zufälligen, gültigen Ergebnissen durch."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=40)
        parser.add_argument("--category", choices=[c.value for c in Category], default="city")
        parser.add_argument("--rounds", type=int, help="Vorrunden (Sonderturnier frei).")
        parser.add_argument("--games", type=int, default=4)
        parser.add_argument("--final", action="store_true")
        parser.add_argument("--three-player-tables", action="store_true")
        parser.add_argument(
            "--house-final",
            action="store_true",
            help="Hausformat (000 §1B): Finale der Tischsieger der letzten Vorrunde.",
        )
        parser.add_argument(
            "--tie-at-cut",
            action="store_true",
            help="Tisch 1 der letzten Vorrunde endet im Gleichstand; entschieden wird per Los.",
        )
        parser.add_argument("--seed", type=int, default=None)
        parser.add_argument("--year", type=int, default=None)
        parser.add_argument(
            "--stop-after", type=int, default=None, help="Nach dieser Runde anhalten (laufend)."
        )
        parser.add_argument("--name", default=None)
        parser.add_argument(
            "--red-card-mid-round",
            action="store_true",
            help=(
                "Rote Karte mitten in der Runde (SPEC §7) an Tisch 1, mit Dreiertischen am "
                "ersten Dreiertisch (die zwei anderen spielen zu zweit weiter)."
            ),
        )
        parser.add_argument(
            "--red-card-round",
            type=int,
            default=1,
            help="Die Runde der roten Karte (Standard 1; die letzte Runde: z. B. das Finale).",
        )
        parser.add_argument(
            "--withdrawal-mid-round",
            action="store_true",
            help=(
                "Dazu meldet sich ein zweiter Spieler desselben Tisches ab einem Spiel ab "
                "(SPEC §7): ein Dreiertisch bleibt mit einem Spieler zurück."
            ),
        )
        parser.add_argument(
            "--red-card-before-release",
            action="store_true",
            help="Rote Karte nach der Auslosung von Runde 1, vor der Freigabe: neu ausgelost "
            "(SPEC §7).",
        )
        parser.add_argument(
            "--teams",
            type=int,
            default=0,
            help="Städtekampf (Klub 6.2.1): die Spieler auf so viele Mannschaften verteilen.",
        )

    def handle(self, *args, **opts):
        if opts["three_player_tables"] and opts["category"] != Category.SPECIAL:
            raise CommandError("--three-player-tables nur mit --category special.")
        if opts["withdrawal_mid_round"] and not opts["red_card_mid_round"]:
            raise CommandError("--withdrawal-mid-round nur mit --red-card-mid-round.")
        if opts["red_card_round"] < 1:
            raise CommandError("--red-card-round braucht eine Zahl ab 1.")
        if opts["red_card_round"] != 1 and not opts["red_card_mid_round"]:
            raise CommandError("--red-card-round nur mit --red-card-mid-round.")
        if opts["house_final"] and opts["category"] != Category.SPECIAL:
            raise CommandError("--house-final nur mit --category special (000 §1B).")
        if opts["tie_at_cut"] and not opts["house_final"]:
            raise CommandError("--tie-at-cut nur mit --house-final.")
        if opts["teams"] and opts["category"] != Category.SPECIAL:
            raise CommandError("--teams nur mit --category special (Klub 6.2.1).")
        if opts["teams"] < 0:
            raise CommandError("--teams braucht eine Zahl ab 1.")
        seed = opts["seed"] if opts["seed"] is not None else random.SystemRandom().randrange(2**31)
        try:
            tournament = simulate_tournament(
                players=opts["players"],
                category=opts["category"],
                rounds=opts["rounds"],
                games=opts["games"],
                final=opts["final"],
                three_player_tables=opts["three_player_tables"],
                house_final=opts["house_final"],
                tie_at_cut=opts["tie_at_cut"],
                seed=seed,
                year=opts["year"],
                stop_after=opts["stop_after"],
                name=opts["name"],
                rng=random.Random(seed),
                red_card_mid_round=opts["red_card_mid_round"],
                red_card_round=opts["red_card_round"],
                withdrawal_mid_round=opts["withdrawal_mid_round"],
                red_card_before_release=opts["red_card_before_release"],
                teams=opts["teams"],
            )
        except ValidationError as exc:
            raise CommandError("; ".join(exc.messages)) from exc
        self.stdout.write(f"tournament {tournament.pk}")
