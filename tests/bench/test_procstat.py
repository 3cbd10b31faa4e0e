"""The bench's /proc readings (bench/procstat.py): a gunicorn's processes by its address, their
CPU time, a worker's resident memory."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bench import procstat

pytestmark = pytest.mark.skipif(not procstat.available(), reason="needs /proc (Linux)")


def test_cpu_time_grows_with_work_and_gone_processes_count_nothing():
    before = procstat.cpu_seconds([os.getpid()])
    deadline = time.process_time() + 0.2
    while time.process_time() < deadline:
        pass
    after = procstat.cpu_seconds([os.getpid()])
    assert after - before >= 0.15
    assert procstat.cpu_seconds([2**22 + 1]) == 0  # above pid_max's default: no such process


def test_resident_memory_of_this_process():
    held = bytearray(64 * 1024 * 1024)  # touched: resident
    held[::4096] = b"x" * len(held[::4096])
    assert procstat.rss_mb(os.getpid()) > 64


def test_a_servers_master_and_workers_are_found_by_its_address():
    address = "127.0.0.1:59999"
    child = f"import time; time.sleep(30)  # gunicorn {address}"
    master = (
        "import subprocess, sys, time\n"
        f"p = subprocess.Popen([sys.executable, '-c', {child!r}])\n"
        "print(p.pid, flush=True)\n"
        "time.sleep(30)\n"
        f"# gunicorn {address}\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", master], stdout=subprocess.PIPE, text=True)
    try:
        worker = int(proc.stdout.readline())
        # the worker's command line is its own once it has started (just after the fork it
        # is briefly empty: the check looked too early once in CI)
        deadline = time.monotonic() + 10
        while address not in _cmdline(worker) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert procstat.server_pids(59999) == sorted([proc.pid, worker])
        assert procstat.worker_pids(59999) == [worker]
        assert procstat.server_pids(59998) == []
    finally:
        os.kill(worker, 15)
        proc.terminate()
        proc.wait()


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""
