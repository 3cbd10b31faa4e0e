"""German: exactly the patterns the pages used before there was a second language.

Django's own German module supplies everything not named here (``DATE_FORMAT = "j. F Y"``,
``SHORT_DATE_FORMAT = "d.m.Y"``, ``SHORT_DATETIME_FORMAT = "d.m.Y H:i"``, ``TIME_FORMAT = "H:i"``,
``MONTH_DAY_FORMAT = "j. F"``, decimal comma); the site's extra names follow
(`tournaments.common.formats.EXTRA_FORMATS`).
"""

SHORT_DATETIME_SECONDS_FORMAT = "d.m.Y H:i:s"  # 03.05.2026 14:30:05
SHORT_DATE_COMMA_TIME_FORMAT = "d.m.Y, H:i"  # 03.05.2026, 14:30
SHORT_DATE_COMMA_TIME_SECONDS_FORMAT = "d.m.Y, H:i:s"  # 03.05.2026, 14:30:05
DATE_COMMA_TIME_FORMAT = "j. F Y, H:i"  # 3. Mai 2026, 14:30
SHORT_MONTH_DAY_TIME_FORMAT = "d.m. H:i"  # 03.05. 14:30
TIME_SECONDS_FORMAT = "H:i:s"  # 14:30:05
COMPACT_DATETIME_FORMAT = "j.n.Y H:i"  # 3.5.2026 14:30
