"""The exact step's limits (`exact.py`), apart from the solver: the pairing reads these on every
import, while numpy and scipy (some 40 MB in every web worker) load only when a director draws
a field the exact step runs on."""

from __future__ import annotations

from dataclasses import dataclass

EXACT_MAX_PLAYERS = 64
"""Fields up to this size get the exact optimum; larger ones keep the heuristic."""

TIME_GUARD_S = 10.0
"""Last resort only: the wall-clock guard of the exact step, far above what the work limits
allow (a 64-player step takes well under 1 s within them). When it strikes the draw says
``time-capped`` and may differ between machines; the limits are meant to strike first."""


@dataclass(frozen=True, slots=True)
class ExactLimits:
    """How much work the exact step may do, in counts (never seconds), so the same input gives
    the same seating on any machine at any load.

    ``rounds``: master LPs solved (rounds of pricing and of cuts); ``simplex``: simplex
    iterations over all master LPs (HiGHS's iteration limit); ``tables``: tables handed to the
    integer programmes, summed over all of them; ``nodes``: branch-and-bound nodes per integer
    programme (HiGHS's node limit).
    """

    rounds: int = 50
    simplex: int = 8_000
    tables: int = 1_100
    nodes: int = 100

    def text(self) -> str:
        """The limits as the round's method records them (``rounds50,simplex8000,...``)."""
        return f"rounds{self.rounds},simplex{self.simplex},tables{self.tables},nodes{self.nodes}"
