"""The front door and the docs (issue 26.8): README.md and every docs/*.md name only what exists.

What is checked, in README.md and in every docs/*.md:

* Markdown links ``[text](target)``: a target that is not a URL (``http:``, ``https:``,
  ``mailto:``) must resolve, relative to the file that holds it, to a file or folder of the
  repository; a ``#fragment`` must name a heading of the target file (GitHub's anchors).
* Paths in inline code (single backticks), after dropping a ``::name`` or ``:line`` suffix:
  a span with a ``/`` is a repository path and must exist from the repository root (file or
  folder: ``tournaments/venue/document.py``, ``deploy/``); a span without ``/`` that ends in a
  source file's extension (``.py``, ``.md``, ``.html`` …, see ``EXTENSIONS``) or is ``Makefile``
  is a file name (``services.py`` of any area) and some file of the repository must have it;
  an extension alone (``.po``) is a kind of file, not a name.
  Not paths, so not checked: spans with a space (command lines), spans starting with ``/`` or
  ``…`` or holding ``://`` (URLs and URL paths), spans holding ``* ? [ ] { } < > $ = … |``
  (globs, placeholders, variables, options), dotted module names (``config.catalogues``),
  environment variables and other words. A path the site or the tools create at run time is
  accepted when .gitignore names it or a folder above it (``media/``, ``venue-backups/``,
  ``.venv/``).
* Fenced code blocks are not read for paths (shell sessions, sample output).
* Every ``make <target>`` in inline code or in a fenced block names a target of the Makefile.
* README.md has at most 120 lines.

A failure names the file and the path, e.g. ``docs/operations.md: `deploy/` does not exist``.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
README_MAX_LINES = 120
DOCS = [README, *sorted((ROOT / "docs").glob("*.md"))]
EXTENSIONS = (
    ".py", ".md", ".txt", ".toml", ".lock", ".html", ".js", ".css", ".po", ".mo", ".cfg", ".sh",
)  # fmt: skip
NOT_A_PATH = re.compile(r"[\s*?\[\]{}<>$=…|]|://")
FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.MULTILINE | re.DOTALL)
SPAN = re.compile(r"(`+)(.+?)\1", re.DOTALL)
LINK = re.compile(r"(?<!\!)\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
MAKE = re.compile(r"\bmake\s+([A-Za-z][\w-]*)")
SUFFIX = re.compile(r"(::[\w.\[\]-]+|:\d+(-\d+)?)$")


def _doc_id(path: Path) -> str:
    return str(path.relative_to(ROOT))


def _split(text: str) -> tuple[str, list[str]]:
    """The text without its fenced blocks, and the blocks."""
    blocks = [m.group(0) for m in FENCE.finditer(text)]
    return FENCE.sub("", text), blocks


def _spans(prose: str) -> list[str]:
    return [m.group(2).strip() for m in SPAN.finditer(prose) if len(m.group(1)) == 1]


def _as_path(span: str) -> str | None:
    """The repository path a code span names, or None when it names none (see the docstring)."""
    if not span or span.startswith(("/", "…", "-", "~")) or NOT_A_PATH.search(span):
        return None
    if span in EXTENSIONS:  # a kind of file (`.po`), not a name
        return None
    span = SUFFIX.sub("", span)
    if "/" in span or span.endswith(EXTENSIONS) or span == "Makefile":
        return span
    return None


def _ignored() -> set[str]:
    """Plain names in .gitignore (no globs), without leading or trailing slashes."""
    lines = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    return {
        line.strip().strip("/")
        for line in lines
        if line.strip() and not line.startswith("#") and not NOT_A_PATH.search(line.strip())
    }


def _made_at_run_time(path: str, ignored: set[str]) -> bool:
    parts = Path(path.rstrip("/")).parts
    return any("/".join(parts[: i + 1]) in ignored for i in range(len(parts)))


def _slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"`|\*\*|__", "", heading.strip().lower())
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    prose, _blocks = _split(path.read_text(encoding="utf-8"))
    seen: dict[str, int] = {}
    anchors = set()
    for line in prose.splitlines():
        match = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if match:
            slug = _slug(match.group(1))
            count = seen.get(slug, 0)
            anchors.add(slug if count == 0 else f"{slug}-{count}")
            seen[slug] = count + 1
    return anchors


def _make_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return {m.group(1) for m in re.finditer(r"^([A-Za-z][\w-]*)\s*:(?!=)", text, re.MULTILINE)}


def test_the_docs_exist():
    assert README.exists()
    assert len(DOCS) > 1, "docs/ holds no .md file"


def test_the_readme_is_a_front_door_of_at_most_120_lines():
    lines = len(README.read_text(encoding="utf-8").splitlines())
    assert lines <= README_MAX_LINES, f"README.md: {lines} lines, at most {README_MAX_LINES}"


def _file_names() -> set[str]:
    """The names of the repository's files (what .gitignore names and .git left out)."""
    ignored = _ignored()
    names = set()
    for folder, subfolders, files in os.walk(ROOT):
        here = Path(folder).relative_to(ROOT)
        subfolders[:] = [
            d for d in subfolders if d != ".git" and not _made_at_run_time(str(here / d), ignored)
        ]
        names.update(files)
    return names


def _exists(path: str, names: set[str], ignored: set[str]) -> bool:
    if "/" not in path:  # a file name: of the repository, or made at run time
        return path in names or path in ignored
    return (ROOT / path).exists() or _made_at_run_time(path, ignored)


@pytest.mark.parametrize("doc", DOCS, ids=_doc_id)
def test_every_path_named_in_code_exists(doc: Path):
    prose, _blocks = _split(doc.read_text(encoding="utf-8"))
    names, ignored = _file_names(), _ignored()
    missing = sorted(
        {
            f"{_doc_id(doc)}: `{path}` does not exist"
            for span in _spans(prose)
            if (path := _as_path(span)) is not None and not _exists(path, names, ignored)
        }
    )
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("doc", DOCS, ids=_doc_id)
def test_every_relative_link_resolves(doc: Path):
    prose, _blocks = _split(doc.read_text(encoding="utf-8"))
    broken = []
    for target in LINK.findall(prose):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # http:, https:, mailto:
            continue
        name, _, fragment = target.partition("#")
        linked = (doc.parent / name).resolve() if name else doc
        if not linked.exists():
            broken.append(f"{_doc_id(doc)}: link ({target}) leads nowhere")
        elif fragment and linked.suffix == ".md" and fragment not in _anchors(linked):
            broken.append(f"{_doc_id(doc)}: link ({target}) names no heading of {linked.name}")
    assert not broken, "\n".join(broken)


@pytest.mark.parametrize("doc", DOCS, ids=_doc_id)
def test_every_make_target_named_exists(doc: Path):
    prose, blocks = _split(doc.read_text(encoding="utf-8"))
    targets = _make_targets()
    code = "\n".join([*_spans(prose), *blocks])
    unknown = sorted(
        {
            f"{_doc_id(doc)}: `make {name}` is no target of the Makefile"
            for name in MAKE.findall(code)
            if name not in targets
        }
    )
    assert not unknown, "\n".join(unknown)


def test_the_checker_reads_paths_as_the_docstring_says():
    assert _as_path("tournaments/venue/document.py") == "tournaments/venue/document.py"
    assert _as_path("deploy/") == "deploy/"
    assert _as_path("tests/test_layout.py::test_no_module_over_400_lines") == (
        "tests/test_layout.py"
    )
    assert _as_path("config/settings.py:131") == "config/settings.py"
    assert _as_path("manage.py") == "manage.py"
    for not_a_path in (
        "/leitung/",
        "…/runden/<n>/namen/",
        "bench/bench_*.py",
        "config/formats/<lang>/formats.py",
        "bash .ci/run",
        "DATABASE_URL",
        "config.catalogues",
        "https://turniere.example.org",
        "redis.conf",
        "ranking:check_in",
        ".po",
    ):
        assert _as_path(not_a_path) is None, not_a_path
    assert _made_at_run_time("venue-backups/", _ignored())
    assert _made_at_run_time(".venv/bin/python", _ignored())
    assert not _made_at_run_time("deploy/", _ignored())
    names = _file_names()
    assert _exists("services.py", names, _ignored())
    assert not _exists("domain.py", names, _ignored())
    assert _slug("Backup and restore (PostgreSQL)") == "backup-and-restore-postgresql"
    assert _slug("`make venue`: the laptop") == "make-venue-the-laptop"
