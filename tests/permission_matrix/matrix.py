"""How the tables of the permission matrix are written and read (issue 19.9).

A table is text: a header naming the roles (tests/support/permission_world.ROLES, in order), then
one row per URL and method with the expected outcome for every role:

    200 … 422   the status code; nothing written to the database (302: a redirect without a
                write, e.g. the service refused with a message; 410: a spent key, e.g. a
                table's after its round was published)
    L           sent to the log-in page (the admin's for /admin/), `next` back here; nothing written
    W           a redirect after a write (the only outcome that may change data)

A row's key is the URL name without its namespace; `name@variant` is a second row for the same
URL with other objects (a draft, a round not yet released, another tournament's record) where a
leak would hide. Lines starting with `#` are comments.

A new URL: add its Call to its area's module; the matrix test then prints the cells it observed
(a write where none is allowed shows as `403+W`). Judge every cell before copying them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.support.permission_world import ROLES

CODES = {"200", "302", "400", "403", "404", "405", "409", "410", "422", "L", "W"}
METHODS = ("GET", "POST")


@dataclass(frozen=True)
class Call:
    """How to call a URL in the world: its arguments, query string and POST body."""

    kwargs: Callable[[Any], dict] | None = None
    query: dict = field(default_factory=dict)
    data: Callable[[Any], dict] | None = None
    path: Callable[[Any], str] | None = None  # for URLs without a name (the admin's)


def parse(table: str, prefix: str = "") -> dict[tuple[str, str], dict[str, str]]:
    """(key, method) -> {role: code}; the key gets the namespace `prefix`."""
    lines = [
        line.split()
        for line in table.strip().splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    header, rows = lines[0], lines[1:]
    assert tuple(header) == ROLES, header
    parsed: dict[tuple[str, str], dict[str, str]] = {}
    for key, method, *codes in rows:
        assert method in METHODS, (key, method)
        assert len(codes) == len(ROLES), (key, method)
        assert set(codes) <= CODES, (key, method, codes)
        assert (prefix + key, method) not in parsed, (key, method)
        parsed[prefix + key, method] = dict(zip(ROLES, codes, strict=True))
    keys = {key for key, _method in parsed}
    missing = {(k, m) for k in keys for m in METHODS} - set(parsed)
    assert not missing, f"every URL needs a GET and a POST row: {sorted(missing)}"
    return parsed
