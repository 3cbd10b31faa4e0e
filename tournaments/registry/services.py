"""Player registry writes: create, edit, and the CSV import (preview, then all-or-nothing)."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.common import events
from tournaments.common.csv_export import FORMULA_STARTS
from tournaments.models import Player

MAX_CSV_BYTES = 2 * 1024 * 1024

# Header names as a federation spreadsheet writes them (German), English accepted too.
COLUMN_ALIASES: dict[str, tuple[str, ...]] = {
    "federation_number": (
        "mitgliedsnummer",
        "mitglieds-nr",
        "mitgliedsnr",
        "nummer",
        "federation_number",
    ),
    "last_name": ("nachname", "name", "last_name"),
    "first_name": ("vorname", "first_name"),
    "club": ("verein", "club"),
    "city": ("ort", "stadt", "wohnort", "city"),
    "birth_year": ("geburtsjahr", "jahrgang", "birth_year"),
    "email": ("e-mail", "email", "mail"),
    "publish_name": ("name veröffentlichen", "veröffentlichen", "publish_name", "öffentlich"),
}
REQUIRED_COLUMNS = ("federation_number", "last_name", "first_name")
FIELDS = tuple(COLUMN_ALIASES)
TRUE_WORDS = {"ja", "j", "yes", "y", "1", "true", "x", "wahr"}
FALSE_WORDS = {"nein", "n", "no", "0", "false", "falsch", ""}
# Free text that every export and page shows; refused when a spreadsheet would run it (OWASP).
TEXT_FIELDS = (("last_name", gettext_lazy("Last name")), ("first_name", gettext_lazy("First name")),
               ("club", gettext_lazy("Club")), ("city", gettext_lazy("Town")))  # fmt: skip


@dataclass(frozen=True)
class RowError:
    line: int
    message: str


@dataclass(frozen=True)
class PlayerRow:
    line: int
    values: dict
    action: str  # "create" | "update" | "unchanged"


@dataclass
class CsvPreview:
    rows: list[PlayerRow] = field(default_factory=list)
    errors: list[RowError] = field(default_factory=list)
    encoding: str = ""
    delimiter: str = ""

    @property
    def ok(self) -> bool:
        return not self.errors and bool(self.rows)

    def count(self, action: str) -> int:
        return sum(1 for row in self.rows if row.action == action)


def decode_csv(content: bytes) -> tuple[str, str]:
    """UTF-8 (with or without BOM) first; else Windows-1252, which Excel writes in Germany."""
    try:
        return content.decode("utf-8-sig"), "UTF-8"
    except UnicodeDecodeError:
        return content.decode("cp1252", errors="strict"), "Windows-1252"


def _delimiter(header_line: str) -> str:
    return ";" if header_line.count(";") >= header_line.count(",") else ","


def _map_header(header: list[str]) -> tuple[dict[str, int], list[str]]:
    mapping: dict[str, int] = {}
    problems: list[str] = []
    for index, raw in enumerate(header):
        name = raw.strip().lower()
        for key, aliases in COLUMN_ALIASES.items():
            if name in aliases:
                if key in mapping:
                    problems.append(
                        _("Column “%(column)s” appears twice.") % {"column": raw.strip()}
                    )
                mapping[key] = index
    for key in REQUIRED_COLUMNS:
        if key not in mapping:
            problems.append(
                _("Required column “%(column)s” is missing.")
                % {"column": COLUMN_ALIASES[key][0].capitalize()}
            )
    return mapping, problems


def _clean_row(cells: list[str], mapping: dict[str, int]) -> tuple[dict, list[str]]:
    def cell(key: str) -> str:
        index = mapping.get(key)
        return cells[index].strip() if index is not None and index < len(cells) else ""

    problems: list[str] = []
    values: dict = {}
    number = cell("federation_number")
    if not number:
        problems.append(_("Membership number is missing"))
    elif len(number) > 20 or not number.replace("-", "").isalnum():
        problems.append(
            _("Membership number “%(number)s” is invalid (only letters, digits, -)")
            % {"number": number}
        )
    values["federation_number"] = number
    limits = {"last_name": 80, "first_name": 80, "club": 120, "city": 120}
    for key, label in TEXT_FIELDS:
        value, limit = cell(key), limits[key]
        if key in REQUIRED_COLUMNS and not value:
            problems.append(_("%(field)s is missing") % {"field": label})
        if len(value) > limit:
            problems.append(
                _("%(field)s is longer than %(limit)s characters")
                % {"field": label, "limit": limit}
            )
        problems.extend(_formula_problem(label, value))
        values[key] = value
    year = cell("birth_year")
    if year:
        if not year.isdigit() or not 1900 <= int(year) <= 2100:
            problems.append(
                _("Year of birth “%(year)s” is not a year between 1900 and 2100") % {"year": year}
            )
        else:
            values["birth_year"] = int(year)
    values.setdefault("birth_year", None)
    email = cell("email")
    if email:
        try:
            validate_email(email)
        except ValidationError:
            problems.append(_("E-mail “%(email)s” is invalid") % {"email": email})
    values["email"] = email
    publish = cell("publish_name").lower()
    if "publish_name" not in mapping or publish in TRUE_WORDS:
        values["publish_name"] = True
    elif publish in FALSE_WORDS:
        values["publish_name"] = False
    else:
        problems.append(_("“Publish name” must be yes or no, not “%(value)s”") % {"value": publish})
    # Only the columns the file has: a short file must not wipe e-mail, club or the privacy choice.
    return {key: value for key, value in values.items() if key in mapping}, problems


def players_csv_preview(*, content: bytes) -> CsvPreview:
    """Parse and check every row; nothing is written. One message per bad row, with its line."""
    preview = CsvPreview()
    if len(content) > MAX_CSV_BYTES:
        preview.errors.append(RowError(0, _("The file is larger than 2 MB.")))
        return preview
    try:
        text, preview.encoding = decode_csv(content)
    except UnicodeDecodeError:
        preview.errors.append(RowError(0, _("The file is neither UTF-8 nor Windows-1252.")))
        return preview
    if "\x00" in text:
        preview.errors.append(RowError(0, _("This is not a CSV text file.")))
        return preview
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        preview.errors.append(RowError(1, _("The file is empty or the header line is missing.")))
        return preview
    preview.delimiter = _delimiter(lines[0])
    reader = csv.reader(io.StringIO(text), delimiter=preview.delimiter)
    try:
        header = next(reader)
    except csv.Error as exc:
        preview.errors.append(
            RowError(1, _("Header line not readable: %(error)s") % {"error": exc})
        )
        return preview
    mapping, header_problems = _map_header(header)
    if header_problems:
        preview.errors.extend(RowError(1, problem) for problem in header_problems)
        return preview

    parsed: list[tuple[int, dict]] = []
    seen: dict[str, int] = {}
    try:
        for cells in reader:
            line = reader.line_num
            if not any(c.strip() for c in cells):
                continue
            values, problems = _clean_row(cells, mapping)
            number = values["federation_number"]
            if number and number in seen:
                problems.append(
                    _("Membership number %(number)s is already in line %(line)s")
                    % {"number": number, "line": seen[number]}
                )
            elif number:
                seen[number] = line
            if problems:
                preview.errors.append(RowError(line, "; ".join(problems) + "."))
            else:
                parsed.append((line, values))
    except csv.Error as exc:
        preview.errors.append(
            RowError(reader.line_num, _("Line not readable: %(error)s") % {"error": exc})
        )
    if not parsed and not preview.errors:
        preview.errors.append(RowError(2, _("The file contains no player lines.")))

    existing = {
        p.federation_number: p for p in Player.objects.filter(federation_number__in=list(seen))
    }
    for line, values in parsed:
        player = existing.get(values["federation_number"])
        if player is None:
            action = "create"
        elif all(getattr(player, key) == value for key, value in values.items()):
            action = "unchanged"
        else:
            action = "update"
        preview.rows.append(PlayerRow(line=line, values=values, action=action))
    return preview


@dataclass(frozen=True)
class ImportSummary:
    created: int
    updated: int
    unchanged: int


@transaction.atomic
def players_csv_import(*, content: bytes) -> ImportSummary:
    """All-or-nothing, idempotent by federation number: the same file twice changes nothing."""
    preview = players_csv_preview(content=content)
    if not preview.ok:
        raise ValidationError(
            [
                _("Line %(line)s: %(message)s") % {"line": e.line, "message": e.message}
                for e in preview.errors
            ]
            or [_("No lines.")]  # fmt: skip
        )
    numbers = [row.values["federation_number"] for row in preview.rows]
    existing = {
        p.federation_number: p
        for p in Player.objects.select_for_update().filter(federation_number__in=numbers)
    }
    created = updated = unchanged = 0
    for row in preview.rows:
        player = existing.get(row.values["federation_number"])
        if player is None:
            Player.objects.create(**row.values)
            created += 1
        elif all(getattr(player, key) == value for key, value in row.values.items()):
            unchanged += 1
        else:
            for key, value in row.values.items():
                setattr(player, key, value)
            player.full_clean()
            player.save()
            _names_changed(player)
            updated += 1
    return ImportSummary(created=created, updated=updated, unchanged=unchanged)


def _formula_problem(label: str, value: str) -> list[str]:
    """Excel runs a cell that starts with =, +, - or @ as a formula: such names are refused."""
    if not value.startswith(FORMULA_STARTS):
        return []
    return [
        _(
            "%(field)s “%(value)s” starts with “%(first)s”; names, club and town must not start "
            "with =, +, - or @ (Excel would run them as a formula)"
        )
        % {"field": label, "value": value, "first": value[0]}
    ]


@transaction.atomic
def player_save(*, player: Player) -> Player:
    """Create or update one player from a validated form instance; a guest who gets a member
    number becomes a member."""
    errors = {
        key: [f"{problem}." for problem in _formula_problem(label, getattr(player, key) or "")]
        for key, label in TEXT_FIELDS
    }
    if any(errors.values()):
        raise ValidationError({key: messages for key, messages in errors.items() if messages})
    if player.federation_number:
        player.is_guest = False
    player.full_clean()
    player.save()
    _names_changed(player)
    return player


def _names_changed(player: Player) -> None:
    """Name, club or the privacy choice show on cached public pages of the player's tournaments."""
    if player.pk is None:
        return
    for tournament_id in player.registrations.values_list("tournament_id", flat=True):
        events.public_data_changed(tournament_id)
