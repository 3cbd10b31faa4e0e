"""Translation catalogues without GNU gettext: extract, update and compile in plain Python.

A fresh machine has nothing but Python (no xgettext, no msgfmt), so the catalogues in
``locale/<lang>/LC_MESSAGES/django.po`` are kept by this module (docs/development.md "Languages"):

    python -m config.catalogues update    # new msgids from templates and Python into every .po
    python -m config.catalogues compile   # every .po into its .mo (committed, used at runtime)
    python -m config.catalogues check     # exit 1 if a msgid lacks a translation or a .mo is stale

Templates are read with Django's own ``templatize`` (what ``makemessages`` feeds to xgettext),
Python files with ``ast``. The .po files carry file names without line numbers and are sorted
by msgid, so edits elsewhere in a file do not touch them. ``manage.py makemessages`` and
``compilemessages`` still work where GNU gettext is installed; their output reads the same.
"""

from __future__ import annotations

import ast
import re
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
SOURCES = ("templates", "tournaments", "players", "ranking", "config")
HEADER = (
    "Project-Id-Version: drv-turniere\n"
    "Language: {language}\n"
    "MIME-Version: 1.0\n"
    "Content-Type: text/plain; charset=UTF-8\n"
    "Content-Transfer-Encoding: 8bit\n"
    "Plural-Forms: nplurals=2; plural=(n != 1);\n"
)
#: gettext functions and their argument roles: c context, s singular, p plural
KEYWORDS = {
    "_": "s",
    "gettext": "s",
    "gettext_lazy": "s",
    "gettext_noop": "s",
    "N_": "s",  # the rules core's marker (tournaments/domain/text.py), no Django there
    "plural_message": "sp",  # the rules core's plural message (tournaments/domain/text.py)
    "ngettext": "sp",
    "ngettext_lazy": "sp",
    "pgettext": "cs",
    "pgettext_lazy": "cs",
    "npgettext": "csp",
    "npgettext_lazy": "csp",
}
Key = tuple[str, str, str]  # (context, msgid, msgid_plural); "" when absent


@dataclass
class Entry:
    msgid: str
    msgid_plural: str = ""
    msgctxt: str = ""
    msgstr: list[str] = field(default_factory=lambda: [""])
    flags: set[str] = field(default_factory=set)
    comments: list[str] = field(default_factory=list)  # translator comments ("# …")
    references: list[str] = field(default_factory=list)

    @property
    def key(self) -> Key:
        return (self.msgctxt, self.msgid, self.msgid_plural)

    @property
    def translated(self) -> bool:
        return "fuzzy" not in self.flags and all(self.msgstr) and bool(self.msgstr)


# --- .po files


def _unquote(text: str) -> str:
    return ast.literal_eval(text)


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    lines = escaped.split("\n")
    parts = [line + "\\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    if len(parts) <= 1:
        return f'"{parts[0] if parts else ""}"'
    return '""\n' + "\n".join(f'"{p}"' for p in parts)


def read_po(text: str) -> tuple[str, list[Entry]]:
    """The header's msgstr and the entries (obsolete ``#~`` ones dropped) of a .po file."""
    entries: list[Entry] = []
    header = ""
    current: Entry | None = None
    pending_flags: set[str] = set()
    pending_comments: list[str] = []
    pending_refs: list[str] = []
    target: tuple[str, int] | None = None
    last = ""

    def finish():
        nonlocal current, header
        if current is not None:
            if current.msgid == "" and not current.msgctxt:
                header = current.msgstr[0]
            else:
                entries.append(current)
        current = None

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#~"):
            continue
        if line.startswith("#,"):
            pending_flags |= {f.strip() for f in line[2:].split(",") if f.strip()}
        elif line.startswith("#:"):
            pending_refs += line[2:].split()
        elif line.startswith("# ") or line == "#":
            pending_comments.append(line[2:])
        elif line.startswith("#"):
            continue  # extracted comments and previous msgids are rebuilt by `update`
        elif line.startswith('"'):
            if current is None or target is None:
                raise ValueError(f"string without a keyword: {raw!r}")
            name, index = target
            value = _unquote(line)
            if name == "msgstr":
                current.msgstr[index] += value
            else:
                setattr(current, name, getattr(current, name) + value)
        else:
            keyword, _, rest = line.partition(" ")
            match = re.fullmatch(r"msgstr\[(\d+)\]", keyword)
            if keyword == "msgctxt" or (keyword == "msgid" and last != "msgctxt"):
                finish()
                current = Entry(msgid="", flags=pending_flags, comments=pending_comments)
                current.references = pending_refs
                pending_flags, pending_comments, pending_refs = set(), [], []
            last = keyword
            if current is None:
                raise ValueError(f"unexpected line: {raw!r}")
            value = _unquote(rest)
            if keyword in ("msgctxt", "msgid", "msgid_plural"):
                setattr(current, keyword, value)
                target = (keyword, 0)
            elif keyword == "msgstr":
                current.msgstr = [value]
                target = ("msgstr", 0)
            elif match:
                index = int(match.group(1))
                current.msgstr = [*current.msgstr[:index], value] if index else [value]
                target = ("msgstr", index)
            else:
                raise ValueError(f"unknown keyword: {raw!r}")
    finish()
    return header, entries


def write_po(header: str, entries: list[Entry]) -> str:
    out = [f'msgid ""\nmsgstr {_quote(header)}\n']
    for e in sorted(entries, key=lambda e: (e.msgid.lower(), e.key)):
        lines = [f"# {c}".rstrip() for c in e.comments]
        if e.references:
            lines.append("#: " + " ".join(e.references))
        if e.flags:
            lines.append("#, " + ", ".join(sorted(e.flags)))
        if e.msgctxt:
            lines.append(f"msgctxt {_quote(e.msgctxt)}")
        lines.append(f"msgid {_quote(e.msgid)}")
        if e.msgid_plural:
            lines.append(f"msgid_plural {_quote(e.msgid_plural)}")
            lines += [f"msgstr[{i}] {_quote(s)}" for i, s in enumerate(e.msgstr)]
        else:
            lines.append(f"msgstr {_quote(e.msgstr[0])}")
        out.append("\n".join(lines) + "\n")
    return "\n".join(out)


# --- .mo files


def translations(header: str, entries: list[Entry]) -> dict[str, str]:
    """What a compiled catalogue holds: translated, non-fuzzy entries (and the header)."""
    found = {"": header}
    for e in entries:
        if not e.translated:
            continue
        key = (f"{e.msgctxt}\x04" if e.msgctxt else "") + e.msgid
        if e.msgid_plural:
            found[f"{key}\0{e.msgid_plural}"] = "\0".join(e.msgstr)
        else:
            found[key] = e.msgstr[0]
    return found


def compile_mo(catalogue: dict[str, str]) -> bytes:
    """GNU .mo bytes (little-endian, no hash table: Python's gettext does not need one)."""
    keys = sorted(catalogue, key=lambda k: k.encode())
    ids = [k.encode() for k in keys]
    strs = [catalogue[k].encode() for k in keys]
    count = len(keys)
    start = 7 * 4 + 16 * count
    offsets, data = [], b""
    for blob in ids + strs:
        offsets.append((len(blob), start + len(data)))
        data += blob + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, count, 28, 28 + 8 * count, 0, start)
    table = b"".join(struct.pack("<2I", length, offset) for length, offset in offsets)
    return head + table + data


def read_mo(data: bytes) -> dict[str, str]:
    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">"
    _magic, _rev, count, ids_at, strs_at = struct.unpack(order + "5I", data[:20])
    found = {}
    for i in range(count):
        id_len, id_off = struct.unpack(order + "2I", data[ids_at + 8 * i : ids_at + 8 * i + 8])
        s_len, s_off = struct.unpack(order + "2I", data[strs_at + 8 * i : strs_at + 8 * i + 8])
        found[data[id_off : id_off + id_len].decode()] = data[s_off : s_off + s_len].decode()
    return found


# --- extraction

_CALL = re.compile(r"\b(n?p?gettext)\(")
_LITERAL = re.compile(r"""\s*(u?'(?:[^'\\]|\\.)*'|u?"(?:[^"\\]|\\.)*")\s*(,|\))""")


def _template_keys(source: str, origin: str) -> list[Key]:
    from django.utils.translation.template import templatize

    code = templatize(source, origin)
    keys = []
    for call in _CALL.finditer(code):
        roles = KEYWORDS[call.group(1)]
        values, position = [], call.end()
        while len(values) < len(roles) and (m := _LITERAL.match(code, position)):
            values.append(_unquote(m.group(1)))
            position = m.end()
        if len(values) == len(roles):
            keys.append(_key(roles, values))
    return keys


def _key(roles: str, values: list[str]) -> Key:
    named = dict(zip(roles, values, strict=True))
    return (named.get("c", ""), named["s"], named.get("p", ""))


def _python_keys(source: str) -> list[Key]:
    keys = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        roles = KEYWORDS.get(name)
        if not roles or len(node.args) < len(roles):
            continue
        args = node.args[: len(roles)]
        if all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args):
            keys.append(_key(roles, [a.value for a in args]))
    return keys


def extract(root: Path = ROOT) -> dict[Key, list[str]]:
    """Every msgid marked in the templates and Python sources, with the files using it."""
    found: dict[Key, list[str]] = {}
    for folder in SOURCES:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in (".html", ".txt", ".py") or "migrations" in path.parts:
                continue
            name = str(path.relative_to(root))
            source = path.read_text(encoding="utf-8")
            python = path.suffix == ".py"
            keys = _python_keys(source) if python else _template_keys(source, name)
            for key in keys:
                if key[1]:
                    files = found.setdefault(key, [])
                    if name not in files:
                        files.append(name)
    return found


# --- commands


def po_files() -> list[Path]:
    return sorted(LOCALE.glob("*/LC_MESSAGES/django.po"))


def update(path: Path, found: dict[Key, list[str]]) -> tuple[int, int]:
    """Add new msgids (untranslated) to ``path``, drop vanished ones; (added, dropped)."""
    language = path.parent.parent.name
    header, entries = read_po(path.read_text(encoding="utf-8")) if path.exists() else ("", [])
    known = {e.key: e for e in entries}
    kept = []
    for key, files in found.items():
        entry = known.get(key) or Entry(msgctxt=key[0], msgid=key[1], msgid_plural=key[2])
        if entry.msgid_plural and len(entry.msgstr) < 2:
            entry.msgstr = [*entry.msgstr, ""][:2]
        entry.references = files
        flags = {f for f in entry.flags if f != "python-format"}
        if re.search(r"%\(\w+\)[sd]", key[1]):
            flags.add("python-format")
        entry.flags = flags
        kept.append(entry)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(write_po(header or HEADER.format(language=language), kept), encoding="utf-8")
    return len(set(found) - set(known)), len(set(known) - set(found))


def problems(found: dict[Key, list[str]]) -> list[str]:
    """Missing, empty or fuzzy translations and stale .mo files, as readable lines."""
    lines = []
    for po in po_files():
        header, entries = read_po(po.read_text(encoding="utf-8"))
        by_key = {e.key: e for e in entries}
        for key in found:
            entry = by_key.get(key)
            if entry is None or not entry.translated:
                state = "missing" if entry is None else "untranslated or fuzzy"
                lines.append(f"{po.relative_to(ROOT)}: {state}: {key[1]!r}")
        mo = po.with_suffix(".mo")
        if not mo.exists() or read_mo(mo.read_bytes()) != translations(header, entries):
            lines.append(f"{mo.relative_to(ROOT)}: stale (python -m config.catalogues compile)")
    return lines


def main(argv: list[str]) -> int:
    import django

    django.setup()
    command = argv[0] if argv else "check"
    if command == "update":
        found = extract()
        for po in po_files() or [LOCALE / "en" / "LC_MESSAGES" / "django.po"]:
            added, dropped = update(po, found)
            print(f"{po.relative_to(ROOT)}: {added} new, {dropped} dropped")
        return 0
    if command == "compile":
        for po in po_files():
            header, entries = read_po(po.read_text(encoding="utf-8"))
            po.with_suffix(".mo").write_bytes(compile_mo(translations(header, entries)))
            print(f"{po.with_suffix('.mo').relative_to(ROOT)} written")
        return 0
    if command == "check":
        lines = problems(extract())
        print("\n".join(lines) or "catalogues complete")
        return 1 if lines else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    import os

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.exit(main(sys.argv[1:]))
