"""The lines the benchmarks measured, gathered over all their processes, and the run's verdict.

Every measured line calls :func:`line`. A line compared with a reference (the trivial view, the
exact optimum, the cold page) passes the reference's measured value: the run fails when that
reference was not measured, as it fails when a benchmark crashes or measured no line at all. A
speed figure never fails the run: it stays a printed ratio beside its reference and goal.

The records go, one JSON object a line, to the file named by BENCH_RECORD, under the bench
named by BENCH_CURRENT (the runner sets both; a bench started on its own records nothing).
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, field
from pathlib import Path

ENV, CURRENT = "BENCH_RECORD", "BENCH_CURRENT"


def measured(value: object) -> bool:
    """Whether a reference was measured: a finite number above zero (a rate, a time), or any
    other result that is there (the optimum's objective, which may well be all zeros)."""
    if value is None or isinstance(value, bool):
        return value is True
    if isinstance(value, int | float):
        return math.isfinite(value) and value > 0
    return True


def line(name: str, *, reference: str | None = None, value: object = None) -> None:
    """One measured line of the running bench; ``reference`` names what it is compared with
    and ``value`` is that reference's measurement (``None``: not measured)."""
    path = os.environ.get(ENV)
    if not path:
        return
    entry = {"bench": os.environ.get(CURRENT, "?"), "line": name, "reference": reference}
    if reference is not None:
        entry["measured"] = measured(value)
    with open(path, "a", encoding="utf-8") as out:
        out.write(json.dumps(entry) + "\n")


def read(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines() if text]


@dataclass
class Verdict:
    lines: int = 0
    crashed: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)  # "bench: line (reference)"
    silent: list[str] = field(default_factory=list)  # benches that ran without a line

    @property
    def failed(self) -> bool:
        return bool(self.crashed or self.missing or self.silent)

    def text(self, seconds: float) -> str:
        parts = [f"bench: {self.lines} lines", f"{len(self.crashed)} crashed"]
        parts.append(f"{len(self.missing)} references missing")
        if self.silent:
            parts.append(f"{len(self.silent)} without lines")
        return ", ".join(parts) + f"; {seconds:.0f} s in all"


def verdict(records: list[dict], *, ran: list[str], crashed: list[str]) -> Verdict:
    """The run's verdict from the records of the benches in ``ran`` (``crashed``: those that
    raised)."""
    result = Verdict(lines=len(records), crashed=list(crashed))
    for entry in records:
        if entry["reference"] is not None and not entry["measured"]:
            result.missing.append(f"{entry['bench']}: {entry['line']} ({entry['reference']})")
    with_lines = {entry["bench"] for entry in records}
    result.silent = [name for name in ran if name not in crashed and name not in with_lines]
    return result
