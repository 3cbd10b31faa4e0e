"""The benchmark runner's verdict (bench/record.py, bench/__main__.py): a crash, a bench without
a line or a line whose reference was not measured fails the run; a slow figure does not."""

import json
import math
import os
from types import SimpleNamespace

import pytest

from bench import __main__ as runner
from bench import mode, record


@pytest.fixture
def run_env(monkeypatch):
    """The runner sets these for its benches; they are restored after each test."""
    for name in (mode.ENV, record.ENV, record.CURRENT, "BENCH_RUN_DIR"):
        monkeypatch.setenv(name, "")
    for name in ("PAIRING_SEARCH_ITERATIONS", "PAIRING_SEARCH_BEAM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(mode, "QUICK", False)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, False),
        (0, False),
        (0.0, False),
        (-1.0, False),
        (math.nan, False),
        (math.inf, False),
        (False, False),
        (0.25, True),
        (812, True),
        (True, True),
        ((0, 0, 0, 0), True),  # an optimum may be all zeros
    ],
)
def test_a_reference_counts_as_measured_only_with_a_result(value, expected):
    assert record.measured(value) is expected


def test_lines_go_to_the_run_file_under_the_running_bench(tmp_path, monkeypatch):
    path = tmp_path / "lines.jsonl"
    monkeypatch.setenv(record.ENV, str(path))
    monkeypatch.setenv(record.CURRENT, "bench_pages")
    record.line("cold: trivial view (reference)")
    record.line("cold: standings", reference="cold trivial view", value=None)
    record.line("cached: standings", reference="cached trivial view", value=1200.0)
    assert [json.loads(x) for x in path.read_text().splitlines()] == [
        {"bench": "bench_pages", "line": "cold: trivial view (reference)", "reference": None},
        {
            "bench": "bench_pages",
            "line": "cold: standings",
            "reference": "cold trivial view",
            "measured": False,
        },
        {
            "bench": "bench_pages",
            "line": "cached: standings",
            "reference": "cached trivial view",
            "measured": True,
        },
    ]


def test_a_bench_started_on_its_own_records_nothing(tmp_path, monkeypatch):
    monkeypatch.delenv(record.ENV, raising=False)
    monkeypatch.chdir(tmp_path)
    record.line("speed: 16 players, round 2")
    assert list(tmp_path.iterdir()) == []


def test_verdict_lists_missing_references_crashes_and_silent_benches():
    records = [
        {"bench": "bench_a", "line": "x", "reference": None},
        {"bench": "bench_a", "line": "y", "reference": "trivial view", "measured": False},
        {"bench": "bench_a", "line": "z", "reference": "trivial view", "measured": True},
    ]
    verdict = record.verdict(records, ran=["bench_a", "bench_b", "bench_c"], crashed=["bench_b"])
    assert verdict.lines == 3
    assert verdict.missing == ["bench_a: y (trivial view)"]
    assert verdict.crashed == ["bench_b"]
    assert verdict.silent == ["bench_c"]
    assert verdict.failed is True
    assert verdict.text(61.4) == (
        "bench: 3 lines, 1 crashed, 1 references missing, 1 without lines; 61 s in all"
    )


def test_verdict_of_a_clean_run():
    records = [{"bench": "bench_a", "line": "z", "reference": "optimum", "measured": True}]
    verdict = record.verdict(records, ran=["bench_a"], crashed=[])
    assert verdict.failed is False
    assert verdict.text(2.0) == "bench: 1 lines, 0 crashed, 0 references missing; 2 s in all"


# --- the runner with stand-in benches ------------------------------------------------------------


def _bench(*lines):
    """A stand-in bench module: main() records ``lines`` (name, reference, value)."""

    def main():
        for name, reference, value in lines:
            record.line(name, reference=reference, value=value)

    return SimpleNamespace(main=main)


def _crashing():
    def main():
        raise ValueError("too many values to unpack (expected 3)")

    return SimpleNamespace(main=main)


def _run(benches, capsys, *, quick=False):
    status = runner.run(list(benches), quick=quick, load=benches.__getitem__)
    return status, capsys.readouterr().out.splitlines()


def test_runner_passes_when_every_reference_was_measured_however_slow(run_env, capsys):
    benches = {
        "bench_a": _bench(("trivial", None, None), ("standings", "trivial", 0.001)),
        "bench_b": _bench(("gap 16", "exact optimum", (4, 0, 0, 29))),
    }
    status, out = _run(benches, capsys)
    assert status == 0
    assert out[-1].startswith("bench: 3 lines, 0 crashed, 0 references missing; ")


def test_runner_fails_when_a_reference_was_not_measured(run_env, capsys):
    benches = {
        "bench_a": _bench(("trivial", None, None), ("standings", "trivial", 0.0)),
        "bench_b": _bench(("gap 16", "exact optimum", None)),
    }
    status, out = _run(benches, capsys)
    assert status == 1
    assert "MISSING reference: bench_a: standings (trivial)" in out
    assert "MISSING reference: bench_b: gap 16 (exact optimum)" in out
    assert out[-1].startswith("bench: 3 lines, 0 crashed, 2 references missing; ")


def test_runner_reports_a_crash_and_runs_the_next_bench(run_env, capsys):
    benches = {"bench_a": _crashing(), "bench_b": _bench(("line", None, None))}
    status, out = _run(benches, capsys)
    assert status == 1
    assert "CRASH  bench_a" in out
    assert "== bench_b" in out
    assert out[-1].startswith("bench: 1 lines, 1 crashed, 0 references missing; ")


def test_runner_fails_on_a_bench_that_measured_nothing(run_env, capsys):
    benches = {"bench_a": _bench(), "bench_b": _bench(("line", None, None))}
    status, out = _run(benches, capsys)
    assert status == 1
    assert "NO LINES: bench_a measured nothing" in out


def test_quick_run_tells_the_benches_and_their_processes(run_env, capsys):
    seen = {}

    def main():
        seen.update(quick=mode.QUICK, env=os.environ[mode.ENV], pick=mode.pick(400, 16))
        record.line("line")

    status, _ = _run({"bench_a": SimpleNamespace(main=main)}, capsys, quick=True)
    assert status == 0
    assert seen == {"quick": True, "env": "1", "pick": 16}
