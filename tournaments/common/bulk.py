"""Writing many rows at once: PostgreSQL `COPY` (psycopg 3), `bulk_create` on other back ends.

For derived tables (scored lines, ranking sums and entries) that are rewritten in bulk inside
a service's transaction; no signals, no `save()`, no primary keys returned.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import islice

from django.db import connection, models

BATCH = 2000


def insert_rows(model: type[models.Model], fields: Sequence[str], rows: Iterable[Sequence]) -> int:
    """Insert ``rows`` (values in the order of ``fields``, attribute names such as
    ``player_id``); returns how many. The primary key comes from the database. ``rows`` must
    not query the database while they are consumed (the COPY holds the connection)."""
    if connection.vendor == "postgresql":
        return _copy(model, fields, rows)
    count = 0
    iterator = iter(rows)
    while batch := list(islice(iterator, BATCH)):
        model.objects.bulk_create(
            [model(**dict(zip(fields, row, strict=True))) for row in batch], batch_size=BATCH
        )
        count += len(batch)
    return count


def delete_rows(model: type[models.Model], pks: Sequence[int]) -> int:
    """Delete rows by primary key: one statement with an array on PostgreSQL (thousands of
    parameters cost more to parse than the delete itself), chunks elsewhere. No signals, no
    cascades: for derived tables only."""
    if not pks:
        return 0
    if connection.vendor == "postgresql":
        quote = connection.ops.quote_name
        meta = model._meta
        with connection.cursor() as cursor:
            cursor.execute(
                f"DELETE FROM {quote(meta.db_table)} WHERE {quote(meta.pk.column)} = ANY(%s)",
                [list(pks)],
            )
            return cursor.rowcount
    count = 0
    for start in range(0, len(pks), 500):
        count += model.objects.filter(pk__in=pks[start : start + 500]).delete()[0]
    return count


def _copy(model: type[models.Model], fields: Sequence[str], rows: Iterable[Sequence]) -> int:
    quote = connection.ops.quote_name
    meta = model._meta
    columns = ", ".join(quote(meta.get_field(name).column) for name in fields)
    sql = f"COPY {quote(meta.db_table)} ({columns}) FROM STDIN"
    count = 0
    # cursor.cursor: the psycopg 3 cursor under Django's wrapper; COPY streams all rows at once
    with connection.cursor() as cursor, cursor.cursor.copy(sql) as copy:
        for row in rows:
            copy.write_row(row)
            count += 1
    return count
