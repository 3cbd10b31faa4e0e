"""Full or quick (`python -m bench --quick`, `make bench-quick`): the same code paths, only
smaller sizes and fewer repetitions. The runner sets BENCH_QUICK before it imports a bench,
and every process a bench starts inherits it."""

from __future__ import annotations

import os
from typing import TypeVar

ENV = "BENCH_QUICK"
QUICK = os.environ.get(ENV) == "1"
T = TypeVar("T")


def pick(full: T, quick: T) -> T:
    """The full run's size, or the quick run's."""
    return quick if QUICK else full
