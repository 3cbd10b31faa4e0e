"""The ranking rules as pure Python, one module per section of SPEC.md.

* §8 Rules commission and appeals (Klub 3, 4.2.3: the 14-day window): `appeals`
* §9 German ranking (Klub 1.1, 2.4, 3.1.1, 6.3): `ranking` (the year's sums and order) and
  `versions` (which ranking rules apply in which year, Klub 2.4)

The tournament rules it builds on (§1–§7) are in `tournaments.domain`.
"""
