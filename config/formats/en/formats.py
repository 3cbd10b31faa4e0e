"""English: day, month name, year ("3 May 2026") and a 24-hour clock ("14:30").

A short date is "3 May 2026" too: "03/05/2026" reads as March in America and as May in Britain.
Decimal point and thousands comma come from Django's English module.
"""

DATE_FORMAT = "j F Y"  # 3 May 2026
TIME_FORMAT = "H:i"  # 14:30
DATETIME_FORMAT = "j F Y, H:i"  # 3 May 2026, 14:30
YEAR_MONTH_FORMAT = "F Y"  # May 2026
MONTH_DAY_FORMAT = "j F"  # 3 May
SHORT_DATE_FORMAT = "j M Y"  # 3 May 2026
SHORT_DATETIME_FORMAT = "j M Y, H:i"  # 3 May 2026, 14:30
FIRST_DAY_OF_WEEK = 1  # Monday, as in Germany

SHORT_DATETIME_SECONDS_FORMAT = "j M Y, H:i:s"  # 3 May 2026, 14:30:05
SHORT_DATE_COMMA_TIME_FORMAT = "j M Y, H:i"  # 3 May 2026, 14:30
SHORT_DATE_COMMA_TIME_SECONDS_FORMAT = "j M Y, H:i:s"  # 3 May 2026, 14:30:05
DATE_COMMA_TIME_FORMAT = "j F Y, H:i"  # 3 May 2026, 14:30
SHORT_MONTH_DAY_TIME_FORMAT = "j M, H:i"  # 3 May, 14:30
TIME_SECONDS_FORMAT = "H:i:s"  # 14:30:05
COMPACT_DATETIME_FORMAT = "j M Y, H:i"  # 3 May 2026, 14:30
