"""Offline venue mode (issue 18): a tournament checked out to a laptop at the venue.

`document`: the complete copy of a tournament (stable identifiers, no personal data beyond the
registry rows of its players); `signing`: its signed envelope; `load`/`rows`: writing a
document into a database; `apply`: uploads received centrally and packages loaded at the venue.
"""
