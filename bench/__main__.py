"""`make bench` / `make bench-quick`: every bench/bench_*.py module's main() in turn.

``python -m bench [--quick] [NAME ...]``: ``--quick`` runs every line with small sizes (about a
second a line); names (e.g. ``pages``) pick benches. A crash is reported and the next bench
runs; the exit status is 1 when a bench crashed, measured no line, or compared a line with a
reference that was not measured (bench/record.py), never because of a speed figure.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from types import ModuleType


def main(argv: list[str]) -> int:
    sys.stdout.reconfigure(line_buffering=True)  # in order with the benches' own processes
    wanted = [arg for arg in argv if not arg.startswith("-")]
    here = Path(__file__).resolve().parent
    names = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))
    names = [n for n in names if not wanted or any(w in n for w in wanted)]
    if not names:
        print("no benchmarks to run")
        return 1
    return run(names, quick="--quick" in argv, load=lambda n: importlib.import_module(f"bench.{n}"))


def run(names: list[str], *, quick: bool, load: Callable[[str], ModuleType]) -> int:
    """Run the benches ``names`` (``load`` imports one), then print the summary; the exit
    status (see the module docstring)."""
    from bench import backends, mode, record

    os.environ[mode.ENV] = "1" if quick else "0"  # the benches' own processes
    mode.QUICK = quick
    if quick:  # the site's pairing search as the tests run it: data built in seconds
        os.environ.setdefault("PAIRING_SEARCH_ITERATIONS", "2000")
        os.environ.setdefault("PAIRING_SEARCH_BEAM", "200")
    started = time.perf_counter()
    crashed: list[str] = []
    with tempfile.TemporaryDirectory(prefix="bench-run-") as tmp:
        os.environ[record.ENV] = str(Path(tmp) / "lines.jsonl")
        os.environ[backends.RUN_DIR] = tmp  # this run's migrated template databases
        modules = {}
        for name in names:
            try:
                modules[name] = load(name)
            except Exception:
                traceback.print_exc()
                crashed.append(name)
                print(f"CRASH  {name} (import)")
        if any(getattr(m, "USES_DATABASE", False) for m in modules.values()):
            start = time.perf_counter()
            backends.prepare_templates()
            print(f"== databases migrated once for the run ({time.perf_counter() - start:.0f} s)")
        for name, module in modules.items():
            print(f"== {name}{' (quick)' if quick else ''}")
            os.environ[record.CURRENT] = name
            start = time.perf_counter()
            try:
                module.main()
            except Exception:
                traceback.print_exc()
                crashed.append(name)
                print(f"CRASH  {name}")
            print(f"   ({name}: {time.perf_counter() - start:.0f} s)")
        records = record.read(Path(tmp) / "lines.jsonl")
    verdict = record.verdict(records, ran=names, crashed=crashed)
    print()
    for text in verdict.missing:
        print(f"MISSING reference: {text}")
    for name in verdict.silent:
        print(f"NO LINES: {name} measured nothing")
    print(verdict.text(time.perf_counter() - started))
    return 1 if verdict.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
