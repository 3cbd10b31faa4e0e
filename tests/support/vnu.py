"""The Nu HTML Checker (W3C; npm package `vnu-jar`, MIT) for the browser tests' page crawl.

`make test` fetches the pinned jar once (`python -m tests.support.vnu`, checked against its
SHA-512) into the virtualenv; it runs on the machine's Java. Without Java or the jar the checks
that need it are skipped with the reason, as the browser tests are without Chromium.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import shutil
import subprocess
import sys
import tarfile
import urllib.request
from pathlib import Path

VERSION = "26.9.27"
SHA512 = "TkQd5DFfOaWC9ebtvozTsrH2Vaod3jYg+vrOeREzIXxBexLz9+rS2DNtjn7+RPUiZhgli0SghgBX6RJRNea0KA=="
REGISTRY = "https://registry.npmjs.org"
JAR = Path(__file__).resolve().parents[2] / ".venv" / "vnu" / VERSION / "vnu.jar"


def missing() -> str | None:
    """Why the checker cannot run here (None: it can)."""
    if not shutil.which("java"):
        return "Kein Java: HTML-Prüfung (Nu HTML Checker) übersprungen (apt-get install java)."
    if not JAR.exists():
        return f"Kein {JAR}: HTML-Prüfung übersprungen (make test lädt ihn)."
    return None


def _registry() -> str:
    """npm's configured registry (a mirror at some venues' CI), else the public one."""
    if npm := shutil.which("npm"):
        found = subprocess.run(
            [npm, "config", "get", "registry"], capture_output=True, text=True, check=False
        ).stdout.strip()
        if found.startswith("http"):
            return found.rstrip("/")
    return REGISTRY


def fetch() -> Path:
    """Download, check and unpack the pinned jar (nothing to do when it is there)."""
    if JAR.exists():
        return JAR
    url = f"{_registry()}/vnu-jar/-/vnu-jar-{VERSION}.tgz"
    with urllib.request.urlopen(url, timeout=120) as answer:  # noqa: S310 - a fixed https URL
        packed = answer.read()
    digest = base64.b64encode(hashlib.sha512(packed).digest()).decode()
    if digest != SHA512:
        raise SystemExit(f"vnu-jar {VERSION}: SHA-512 {digest} is not the pinned one")
    with tarfile.open(fileobj=io.BytesIO(packed)) as archive:
        jar = archive.extractfile("package/build/dist/vnu.jar")
        JAR.parent.mkdir(parents=True, exist_ok=True)
        JAR.write_bytes(jar.read())
    return JAR


def validate(documents: dict[str, str], folder: Path) -> dict[str, list[str]]:
    """The checker's errors per document name ({} when every document is valid HTML).

    One Java start for all documents: each is written to `folder` and checked as HTML."""
    files = {}
    for number, (name, text) in enumerate(documents.items()):
        path = folder / f"page-{number}.html"
        path.write_text(text, encoding="utf-8")
        files[str(path)] = name
    if not files:
        return {}
    run = subprocess.run(
        [
            "java",
            "-XX:TieredStopAtLevel=1",
            "-Xss4m",
            "-jar",
            str(JAR),
            "--format",
            "json",
            "--exit-zero-always",
            *files,
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    errors: dict[str, list[str]] = {}
    for message in json.loads(run.stderr)["messages"]:
        if message.get("type") != "error" and message.get("subType") != "fatal":
            continue  # "info" and warnings: advice, not invalid HTML
        name = files.get(message.get("url", "").removeprefix("file:"), "?")
        line = message.get("lastLine", "?")
        errors.setdefault(name, []).append(f"Zeile {line}: {message['message']}")
    return errors


if __name__ == "__main__":
    try:
        print(f"Nu HTML Checker: {fetch()}")
    except Exception as error:  # no network, no registry: the HTML checks are skipped
        print(f"Nu HTML Checker nicht geladen ({error}): HTML-Prüfung wird übersprungen.")
        sys.exit(0)
