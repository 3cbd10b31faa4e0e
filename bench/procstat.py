"""What a gunicorn under test costs, read from /proc (Linux): its processes' CPU time and each
worker's resident memory. Throughput on a shared machine is noisy; the CPU time the server
spent per request is not (issue 32: "measure CPU per request").

The processes of a gunicorn started by `bench.load.serve` are found by the address in their
command line (the master's, inherited by its workers).
"""

from __future__ import annotations

import os
from pathlib import Path

PROC = Path("/proc")


def available() -> bool:
    return (PROC / "self" / "stat").exists()


def server_pids(port: int) -> list[int]:
    """The master and workers of the gunicorn bound to 127.0.0.1:``port``."""
    needle = f"127.0.0.1:{port}".encode()
    found = []
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if needle in command and b"gunicorn" in command:
            found.append(int(entry.name))
    return sorted(found)


def worker_pids(port: int) -> list[int]:
    """The workers (children of the master) of that gunicorn."""
    pids = server_pids(port)
    return [pid for pid in pids if _parent(pid) in pids]


def _stat(pid: int) -> list[str]:
    # the fields after the command name (which may hold spaces) in its parentheses
    return (PROC / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()


def _parent(pid: int) -> int:
    try:
        return int(_stat(pid)[1])
    except OSError:
        return 0


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU time these processes have used so far (those gone count 0)."""
    ticks = 0
    for pid in pids:
        try:
            fields = _stat(pid)
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    """The resident memory of a process in MB (VmRSS)."""
    for text in (PROC / str(pid) / "status").read_text().splitlines():
        if text.startswith("VmRSS:"):
            return int(text.split()[1]) / 1024
    raise LookupError(f"no VmRSS for {pid}")
