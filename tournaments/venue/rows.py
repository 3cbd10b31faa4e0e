"""Writing the rows of a venue document (see `load`): the state of one write (people and
players by their stable identifiers, what was inserted, the tournaments touched), a row's
columns as `carried` declares them, and the rule of the append-only rows (`sync`): inserted
when new, compared when known, refused when the document lacks one already recorded. Known rows
are compared through the same export that wrote the document (`document.Export`), so "the same
row" means the same JSON."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _

from tournaments.models import Tournament
from tournaments.venue.carried import CARRIED, CARRIED_MODELS
from tournaments.venue.document import Export

NOT_COMPARED = {name for c in CARRIED_MODELS for name in (*c.people, *c.rows)}
"""People are people of each site, not content (a venue's user may not exist centrally);
nested rows are compared on their own."""


class DocumentInvalid(ValidationError):
    """The document breaks a rule or contradicts what is stored: refused whole."""


def invalid(message: str) -> DocumentInvalid:
    return DocumentInvalid(message)


def when(text):
    return parse_datetime(text) if text else None


def stamp(model, pk: int, **fields) -> None:
    """Set the times the database would set itself on insert (auto_now_add)."""
    model.objects.filter(pk=pk).update(**{k: when(v) for k, v in fields.items()})


def _value(field: models.Field, value):
    """A document value as the model's: dates and times parsed, the rest as it is."""
    if isinstance(field, models.DateTimeField):
        return when(value)
    if isinstance(field, models.DateField):
        return parse_date(value)
    return value


def _parsed(model, row: dict, names: tuple[str, ...]) -> dict:
    """The named document values as the model's, leaving out the times stamped after insert."""
    stamped = CARRIED[model].stamped
    return {n: _value(model._meta.get_field(n), row[n]) for n in names if n not in stamped}


class WriteState:
    """One document being written. ``strict``: new sheet versions pass the desk's checks."""

    def __init__(self, *, strict: bool):
        self.strict = strict
        self.counts: Counter = Counter()
        self.players: dict[str, int] = {}  # uuid → pk
        self.users: dict[str, int] = {}
        self.unknown_users: set[str] = set()
        #: the venue's helpers by their log-in name there: never a central account of that name
        self.people: dict[str, int] = {}
        self.changed: dict[int, bool] = {}  # tournament pk → published results changed
        self._export: Export | None = None

    def user(self, username: str | None) -> int | None:
        if not username:
            return None
        if username in self.people:
            return self.people[username]
        if not self.users:
            self.users = dict(get_user_model().objects.values_list("username", "pk"))
        if username not in self.users:
            self.unknown_users.add(username)  # a person with an account only at the venue
        return self.users.get(username)

    def player(self, ref: str | None) -> int | None:
        if ref is None:
            return None
        if ref not in self.players:
            raise DocumentInvalid(_("The upload names a player it does not carry."))
        return self.players[ref]

    def touch(self, tournament: Tournament, *, results: bool = False) -> None:
        self.changed[tournament.pk] = self.changed.get(tournament.pk, False) or results

    @property
    def export(self) -> Export:
        """The export that wrote the document, for comparing known rows (players written)."""
        if self._export is None:
            self._export = Export([])
            self._export.players = {pk: ref for ref, pk in self.players.items()}
        return self._export

    def values(self, model, row: dict) -> dict:
        """The row's declared values as model fields (not its key, not the stamped times)."""
        return _parsed(model, row, CARRIED[model].values)

    def columns(self, model, row: dict, **given) -> dict:
        """A new row's fields as `carried` declares them (key, values, people, players,
        links); ``given`` adds the rest (parent, shaped fields) and takes the place of any
        declared field it names."""
        carried = CARRIED[model]
        fields = _parsed(model, row, carried.key + carried.values)
        for name in carried.people:
            fields[f"{name}_id"] = self.user(row[name])
        for name in carried.players:
            fields[f"{name}_id"] = self.player(row[name])
        for name in carried.links:
            if name not in given:
                related = model._meta.get_field(name).related_model
                fields[name] = related.objects.filter(uuid=row[name]).first() if row[name] else None
        return {k: v for k, v in fields.items() if k not in given} | given

    def insert(self, model, row: dict, **given):
        """A new row (`columns`), then the times the database set on insert as in the row."""
        obj = model.objects.create(**self.columns(model, row, **given))
        stamped = CARRIED[model].stamped
        if stamped:
            stamp(model, obj.pk, **{name: row[name] for name in stamped})
        return obj


def compare(old: dict, new: dict, *, once: tuple[str, ...] = ()) -> tuple[bool, bool]:
    """(differs in a way that is refused, has set-once fields to fill in)."""
    diffs = [k for k in new if k not in NOT_COMPARED and old.get(k) != new[k]]
    refused = any(k not in once or old.get(k) not in (None, "") for k in diffs)
    return refused, bool(diffs)


def sync(
    w: WriteState,
    *,
    kind: str,
    what: str,
    stored: dict,
    rows: list[dict],
    key: Callable[[dict], object],
    export: Callable,
    create: Callable[[dict], object],
    fill: Callable | None = None,
    once: tuple[str, ...] = (),
) -> int:
    """Insert the new rows, compare the known ones, refuse a stored row the document lacks.
    ``kind`` counts the inserts (`VenueUpload.counts`), ``what`` names the row in messages.
    Returns the number of rows inserted or filled in."""
    changed = 0
    seen = set()
    for row in rows:
        k = key(row)
        seen.add(k)
        obj = stored.get(k)
        if obj is None:
            create(row)
            w.counts[kind] += 1
            changed += 1
            continue
        refused, fills = compare(export(obj), row, once=once)
        if refused:
            raise invalid(
                _(
                    "%(what)s %(key)s differs from the one already recorded; recorded entries are "
                    "never changed."
                )
                % {"what": what, "key": k}
            )
        if fills and fill is not None:
            fill(obj, row)
            changed += 1
    missing = [k for k in stored if k not in seen]
    if missing:
        raise invalid(
            _("The upload lacks %(what)s %(key)s that was already recorded (an older copy?).")
            % {"what": what, "key": missing[0]}
        )
    return changed
