"""DIN 5007 in SQL: the same order as `tournaments.domain.names` on SQLite and PostgreSQL.

Both databases compare the folded name by code point (PostgreSQL: ``COLLATE "C"``, whatever the
database's own collation; SQLite: its default BINARY), exactly as Python compares strings, and
fold case only after the letters of `FOLDED_LETTERS` are mapped, so ``LOWER`` only ever meets
what both databases lower alike (ASCII, with ``COLLATE "C"``).
"""

from __future__ import annotations

from django.db.models import CharField, F, Func
from django.db.models.expressions import OrderBy

from tournaments.domain.names import EXPANDED_LETTERS, FOLDED_LETTERS


class Din5007(Func):
    """`din5007_fold` of a text column, for ``order_by`` and annotations."""

    output_field = CharField()

    def as_sql(self, compiler, connection, **extra_context):
        """SQLite has no TRANSLATE: one REPLACE per letter."""
        sql, params = compiler.compile(self.source_expressions[0])
        params = list(params)
        for letter, base in (FOLDED_LETTERS | EXPANDED_LETTERS).items():
            sql = f"REPLACE({sql}, %s, %s)"
            params += [letter, base]
        return f"LOWER({sql})", params

    def as_postgresql(self, compiler, connection, **extra_context):
        sql, params = compiler.compile(self.source_expressions[0])
        params = [*params, "".join(FOLDED_LETTERS), "".join(FOLDED_LETTERS.values())]
        sql = f'TRANSLATE(({sql}) COLLATE "C", %s, %s)'
        for letter, base in EXPANDED_LETTERS.items():
            sql = f"REPLACE({sql}, %s, %s)"
            params += [letter, base]
        return f'(LOWER({sql}) COLLATE "C")', params


class CodePoints(Func):
    """A text column compared by code point: the original spelling as tie breaker."""

    output_field = CharField()

    def as_sql(self, compiler, connection, **extra_context):
        return compiler.compile(self.source_expressions[0])

    def as_postgresql(self, compiler, connection, **extra_context):
        sql, params = compiler.compile(self.source_expressions[0])
        return f'(({sql}) COLLATE "C")', params


def din5007_order(field: str) -> list[OrderBy]:
    """``order_by(*din5007_order("name"))``: one text column the German way (DIN 5007)."""
    return [Din5007(F(field)).asc(), CodePoints(F(field)).asc()]


def din5007_name_order(prefix: str = "") -> list[OrderBy]:
    """``order_by(*din5007_name_order("player__"))``: people by last name, first name, as
    `din5007_name_key` sorts them."""
    last, first = F(f"{prefix}last_name"), F(f"{prefix}first_name")
    return [
        Din5007(last).asc(),
        Din5007(first).asc(),
        CodePoints(last).asc(),
        CodePoints(first).asc(),
    ]
