"""The planned switch to English msgids (issue 17), done by a program, not by hand.

    python -m config.msgid_switch            # what would change (nothing is written)
    python -m config.msgid_switch --write    # rewrite the sources and both catalogues

Today the msgids are German and ``locale/en`` maps each to its English text (one English text
per German one: a test keeps it so). The switch puts those English texts into the templates
(``{% translate %}``, ``{% blocktranslate %}``, ``_("…")`` in variables) and the Python files
(gettext calls), then writes ``locale/de`` (English msgid → the German text as it is today) and
``locale/en`` (English → English) and compiles both. Every German page stays as it is.

Run it once, on a clean tree, when no other branch changes texts; then ``ruff format`` and
the test suite (``tests/config/test_catalogues.py`` checks the result). Entries whose English
needs a second msgid (their translator comment says so, e.g. "Anmelden": log in and register)
are listed for a hand edit afterwards.
"""

from __future__ import annotations

import ast
import re
import sys

from config import catalogues
from config.catalogues import Entry, Key

_TRANSLATE = re.compile(r"""(\{%\s*translate\s+)("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')""")
_UNDERSCORE = re.compile(r"""(\b_\()("[^"]*"|'[^']*')(\))""")
_BLOCK = re.compile(
    r"(\{%\s*blocktranslate\b[^%]*%\})(.*?)(?:(\{%\s*plural\s*%\})(.*?))?"
    r"(\{%\s*endblocktranslate\s*%\})",
    re.S,
)
_VARIABLE = re.compile(r"\{\{\s*(\w+)\s*\}\}")
_NAMED = re.compile(r"%\((\w+)\)s")


def _mapping(entries: list[Entry]) -> dict[Key, list[str]]:
    return {e.key: e.msgstr for e in entries if e.translated}


def _block_msgid(body: str) -> str:
    """The msgid Django builds from a blocktranslate body (`render_token_list`)."""
    parts, last = [], 0
    for m in _VARIABLE.finditer(body):
        parts.append(body[last : m.start()].replace("%", "%%"))
        parts.append(f"%({m.group(1)})s")
        last = m.end()
    parts.append(body[last:].replace("%", "%%"))
    return "".join(parts)


def _block_body(text: str) -> str:
    return _NAMED.sub(lambda m: "{{ " + m.group(1) + " }}", text).replace("%%", "%")


def _literal(text: str, quote: str) -> str | None:
    if quote in text or "\\" in text:
        quote = "'" if quote == '"' else '"'
        if quote in text or "\\" in text:
            return None
    return f"{quote}{text}{quote}"


def switch_template(source: str, mapping: dict[Key, list[str]], misses: list[str]) -> str:
    def single(m: re.Match, prefix: int = 1, literal: int = 2, suffix: str = "") -> str:
        old = m.group(literal)
        german = ast.literal_eval(old)
        english = mapping.get(("", german, ""))
        new = _literal(english[0], old[0]) if english else None
        if new is None:
            misses.append(german)
            return m.group(0)
        return m.group(prefix) + new + suffix

    def block(m: re.Match) -> str:
        head, body, plural_tag, plural, end = m.groups()
        key = ("", _block_msgid(body), _block_msgid(plural) if plural_tag else "")
        english = mapping.get(key)
        if english is None:
            misses.append(key[1])
            return m.group(0)
        if plural_tag:
            return f"{head}{_block_body(english[0])}{plural_tag}{_block_body(english[1])}{end}"
        return f"{head}{_block_body(english[0])}{end}"

    source = _BLOCK.sub(block, source)
    source = _TRANSLATE.sub(single, source)
    return _UNDERSCORE.sub(lambda m: single(m, suffix=")"), source)


def _python_literal(text: str, indent: int, multiline: bool) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    if not multiline or len(escaped) <= 80:
        return f'"{escaped}"'
    chunks, line = [], ""
    for word in re.split(r"(?<= )", escaped):
        if line and len(line) + len(word) > 80:
            chunks.append(line)
            line = ""
        line += word
    chunks.append(line)
    return ("\n" + " " * indent).join(f'"{c}"' for c in chunks)


def switch_python(source: str, mapping: dict[Key, list[str]], misses: list[str]) -> str:
    lines = source.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    edits = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        roles = catalogues.KEYWORDS.get(name)
        if not roles or len(node.args) < len(roles):
            continue
        args = node.args[: len(roles)]
        if not all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args):
            continue
        key = catalogues._key(roles, [a.value for a in args])
        english = mapping.get(key)
        if english is None:
            misses.append(key[1])
            continue
        texts = iter([english[0], english[1] if key[2] else ""])
        for role, arg in zip(roles, args, strict=True):
            if role == "c":
                continue
            text = next(texts)
            begin = starts[arg.lineno - 1] + _char_offset(lines[arg.lineno - 1], arg.col_offset)
            end = starts[arg.end_lineno - 1] + _char_offset(
                lines[arg.end_lineno - 1], arg.end_col_offset
            )
            try:
                same = ast.literal_eval("(" + source[begin:end] + ")") == arg.value
            except (SyntaxError, ValueError):
                same = False
            if not same:  # e.g. inside an f-string before Python 3.12: positions are off
                misses.append(arg.value)
                continue
            multiline = arg.lineno != arg.end_lineno
            literal = _python_literal(text, _char_offset(lines[arg.lineno - 1], arg.col_offset),
                                      multiline)  # fmt: skip
            edits.append((begin, end, literal))
    for begin, end, literal in sorted(edits, reverse=True):
        source = source[:begin] + literal + source[end:]
    return source


def _char_offset(line: str, byte_offset: int) -> int:
    """ast counts UTF-8 bytes; strings count characters."""
    return len(line.encode()[:byte_offset].decode())


def switched_catalogues(entries: list[Entry]) -> tuple[list[Entry], list[Entry]]:
    """(de, en) entries with English msgids: German texts as they are, English as itself."""
    german, english = [], []
    for e in entries:
        plural = e.msgstr[1] if e.msgid_plural else ""
        source = [e.msgid, e.msgid_plural] if e.msgid_plural else [e.msgid]
        common = {"msgid": e.msgstr[0], "msgid_plural": plural, "msgctxt": e.msgctxt}
        german.append(Entry(**common, msgstr=source, references=list(e.references)))
        english.append(Entry(**common, msgstr=list(e.msgstr), references=list(e.references)))
    return german, english


def main(argv: list[str]) -> int:
    import django

    django.setup()
    write = "--write" in argv
    po = catalogues.LOCALE / "en" / "LC_MESSAGES" / "django.po"
    header, entries = catalogues.read_po(po.read_text(encoding="utf-8"))
    mapping = _mapping(entries)
    misses: list[str] = []
    changed = 0
    for folder in catalogues.SOURCES:
        for path in sorted((catalogues.ROOT / folder).rglob("*")):
            if path.suffix not in (".html", ".txt", ".py") or "migrations" in path.parts:
                continue
            if path.name in ("catalogues.py", "msgid_switch.py"):
                continue
            old = path.read_text(encoding="utf-8")
            if path.suffix == ".py":
                new = switch_python(old, mapping, misses)
            else:
                new = switch_template(old, mapping, misses)
            if new != old:
                changed += 1
                if write:
                    path.write_text(new, encoding="utf-8")
    print(f"{changed} files {'rewritten' if write else 'to rewrite'}")
    for miss in sorted(set(misses)):
        print(f"by hand: {miss!r}")
    for e in entries:
        if e.comments:
            print(f"check: {e.msgid!r}: {' '.join(e.comments)}")
    if write:
        german, english = switched_catalogues(entries)
        for language, switched in (("de", german), ("en", english)):
            path = catalogues.LOCALE / language / "LC_MESSAGES" / "django.po"
            path.parent.mkdir(parents=True, exist_ok=True)
            text = catalogues.write_po(header.replace("Language: en", f"Language: {language}"),
                                       switched)  # fmt: skip
            path.write_text(text, encoding="utf-8")
            mo = catalogues.compile_mo(catalogues.translations(*catalogues.read_po(text)))
            path.with_suffix(".mo").write_bytes(mo)
    return 1 if misses else 0


if __name__ == "__main__":
    import os

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.exit(main(sys.argv[1:]))
