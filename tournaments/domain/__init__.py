"""The tournament rules as pure Python, one module per section of SPEC.md.

Where a rule of SPEC lives (find it by its number in that module's docstring):

* §1 Formats (Klub 6.1, 6.2, 6.2.1, 6.3; 000 §1A, §1B; set-up checks with Klub 2.4): `formats`
* §2 Pairing (Klub 7.1; 000 §2A): `pairing` (search in `pairing.search`)
* §3 Seats inside a round (Klub 7.2, 9.1; 000 §2B): `seating`
* §4 One game's result (Klub 10.1 placement points, 11.4, 19.1, 19.2): `scoring`
* §5 Standings (Klub 10.1 chain; 000 §5A; 001 §22.7): `standings`; the rule set of a ranking
  year and its bounds (Klub 2.4, 14.1): `rules`
* §6 Result sheets (Klub 10.2–10.4; 000 §5B–D), read and scored: `sheets`; entered at the
  table, signed by the table-mates and compared with the paper at the desk: `table_entry`
* §7 Referees (Klub 4.2.2, 4.5): `referees`

§8 (appeals) and §9 (the German ranking) are in `ranking.domain`.
"""
