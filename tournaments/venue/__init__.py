"""Offline venue mode (issue 18): a tournament checked out to a laptop at the venue.

`carried`: which models and fields travel, declared once; `document`: the complete copy of a
tournament (stable identifiers, no personal data beyond the registry rows of its players);
`signing`: its signed envelope; `load` (with `rows`, `log_rows`, `sheet_rows`): writing a
document into a database; `apply`: uploads received centrally and packages loaded at the venue.
"""
