"""Dates and numbers per language (issue 17): the site's format modules and their extra names.

``FORMAT_MODULE_PATH = ["config.formats"]`` puts ``config/formats/<lang>/formats.py`` in front of
Django's own locale formats. German keeps the patterns the pages always had ("3. Mai 2026",
"03.05.2026", "03.05.2026 14:30"); English writes day, month name and year in that order
("3 May 2026", short "3 May 2026" too, so no one has to guess whether 03/05 is March or May) and
a 24-hour clock ("14:30"), as the hall's clock and the schedule do.

Django's ``date``/``time`` filters know only its own names (``DATE_FORMAT``, ``SHORT_DATE_FORMAT``,
...). The site's extra names (a time with seconds, a date with a comma before the time) are
defined in the same modules and read by ``tournaments.common.formats.local_format``
(templates: ``{% load site_formats %}`` and ``|local_date:"TIME_SECONDS_FORMAT"``). Machine
formats (``date:"c"``, ``"U"``, CSV, ICS, JSON) stay fixed and do not come through here.
"""
