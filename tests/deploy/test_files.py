"""deploy/ names what exists and the operator's guide names every variable it sets; that the
stack starts and works is `make prod-check` (deploy/prod_check.py, CI's last stage)."""

from __future__ import annotations

import importlib
import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
GUIDE = (ROOT / "docs" / "operations.md").read_text()
UNITS = sorted((DEPLOY / "systemd").glob("*.service"))


def exec_starts(path: Path) -> list[list[str]]:
    return [
        shlex.split(line.partition("=")[2])
        for line in path.read_text().splitlines()
        if line.startswith("ExecStart=")
    ]


def test_every_variable_of_the_environment_example_is_in_the_guide():
    names = [
        line.partition("=")[0].lstrip("# ")
        for line in (DEPLOY / "drv.env.example").read_text().splitlines()
        if re.match(r"#? ?[A-Z_]+=", line)
    ]
    assert len(names) > 15
    assert [name for name in names if f"`{name}`" not in GUIDE] == []


@pytest.mark.parametrize("unit", UNITS, ids=lambda p: p.name)
def test_the_units_start_what_exists(unit):
    commands = exec_starts(unit)
    assert commands, unit.name
    for command in commands:
        text = " ".join(command)
        for path in re.findall(r"deploy/[\w./-]+", text):
            assert (ROOT / path).is_file(), path
        for module, attribute in re.findall(r"\b(config\.\w+):(\w+)", text):
            assert hasattr(importlib.import_module(module), attribute)
        for module in re.findall(r"-m (config\.\w+)", text):
            assert (ROOT / (module.replace(".", "/") + ".py")).is_file(), module


def test_the_guide_lists_every_file_of_deploy():
    files = [
        path.relative_to(ROOT).as_posix()
        for path in DEPLOY.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    ]
    missing = [
        name
        for name in files
        if f"`{name}`" not in GUIDE
        and not (name.endswith(".timer") and f"`{name[:-6]}.service`, `.timer`" in GUIDE)
    ]
    assert missing == []
