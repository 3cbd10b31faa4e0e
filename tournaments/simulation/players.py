"""Demo data for `make run` and the browser tests: plausible German players and staff."""

from __future__ import annotations

import random

FIRST_NAMES = (
    "Anna Bernd Carla Dieter Elke Frank Gisela Hans Ingrid Jürgen Karin Lars Monika Norbert Olga "
    "Peter Renate Stefan Tanja Uwe Vera Werner Yvonne Zeynep Ömer Sabine Thomas Ulrike Klaus "
    "Heike Michael Petra Andreas Birgit Markus Claudia Jens Doris Holger Silke"
).split()
LAST_NAMES = (
    "Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch "
    "Bauer Richter Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann "
    "Lange Schmitt Werner Krause Meier Lehmann Köhler Herrmann König Walter Mayer Huber Kaiser "
    "Fuchs Peters Lang Scholz Möller Weiß Jung Hahn Vogel Friedrich Keller Günther Frank"
).split()
CLUBS = (
    "RC Berlin-Mitte",
    "Rummikub Freunde Hamburg",
    "SG Köln 1998",
    "RV München Nord",
    "Spielkreis Leipzig",
    "Rummi-Club Dortmund",
    "TSV Bremen Rummikub",
    "",
)
CITIES = ("Berlin", "Hamburg", "Köln", "München", "Leipzig", "Dortmund", "Bremen", "Hannover")

DEMO_PASSWORD = "rummikub-demo"
"""Password of every demo account (make run only; seed_demo refuses without DEBUG)."""


def demo_player_rows(count: int, *, seed: int = 2026, start: int = 1) -> list[dict]:
    rng = random.Random(seed)
    rows = []
    for i in range(start, start + count):
        club_index = rng.randrange(len(CLUBS))
        rows.append(
            {
                "federation_number": f"DRV-{i:05d}",
                "first_name": rng.choice(FIRST_NAMES),
                "last_name": rng.choice(LAST_NAMES),
                "club": CLUBS[club_index],
                "city": CITIES[club_index % len(CITIES)],
                "birth_year": rng.randint(1945, 2012),
                "email": f"spieler{i}@example.org",
                "publish_name": rng.random() > 0.1,
            }
        )
    return rows
