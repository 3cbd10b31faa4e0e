"""Every model and field of tournaments, players and ranking is declared for the venue copy
(issue 26.4), the way tests/tournaments/merge/test_tables.py holds the merges to every table:
its rows travel in the venue document (`CARRIED` in tournaments/venue/carried.py, the table the
export and the writer read) or stay here with a reason (`NOT_CARRIED`, `Carried.left_out`).
A new model or column fails here, named, until it is declared."""

from django.apps import apps
from django.contrib.auth import get_user_model
from django.test import override_settings
from django.utils import timezone

from tests.support.builders import make_user
from tests.tournaments.venue.conftest import document_of, eventful_round
from tournaments.models import (
    Absence,
    CutDecision,
    Player,
    PlayerWarning,
    Registration,
    Team,
    VenuePerson,
)
from tournaments.venue.carried import (
    CARRIED,
    CARRIED_MODELS,
    DATABASE_ID,
    DOCUMENT_ROWS,
    NOT_CARRIED,
)

APPS = ("tournaments", "players", "ranking")
CARRIED_FILE = "tournaments/venue/carried.py"


def _models() -> list:
    """Every model of the apps (a many-to-many's own table is checked as its field)."""
    return [
        model
        for label in APPS
        for model in apps.get_app_config(label).get_models()
        if not model._meta.proxy
    ]


def _fields(model) -> list:
    """Every field stored with the model's rows: columns, foreign keys, many-to-many (not the
    reverse side of another model's relation)."""
    return [f for f in model._meta.get_fields() if not f.auto_created or f.concrete]


def _groups(carried) -> dict[str, tuple[str, ...]]:
    return {
        "key": carried.key,
        "values": carried.values,
        "people": carried.people,
        "players": carried.players,
        "links": carried.links,
        "shaped": tuple(carried.shaped),
        "placed": carried.placed,
        "left_out": tuple(carried.left_out),
    }


def _problems(problems: list[str]) -> str:
    return "\n" + "\n".join(problems)


def test_every_model_travels_to_the_venue_or_says_why_not():
    problems = [
        f"{model._meta.label}: not declared for the venue copy. If its rows travel to the venue "
        f"laptop, add Carried({model.__name__}, ...) to CARRIED_MODELS in {CARRIED_FILE} (and "
        f"nest its rows in venue/document.py and venue/load.py); else add "
        f'"{model._meta.label}": "<one line: why it stays>" to NOT_CARRIED there.'
        for model in _models()
        if model not in CARRIED and model._meta.label not in NOT_CARRIED
    ]
    assert problems == [], _problems(problems)


def test_every_field_of_a_travelling_model_travels_or_says_why_not():
    problems = []
    for model, carried in CARRIED.items():
        declared = [name for names in _groups(carried).values() for name in names]
        for f in _fields(model):
            if f.primary_key and f.auto_created:
                continue  # DATABASE_ID: never travels
            if f.name not in declared:
                problems.append(
                    f"{model._meta.label}.{f.name}: not declared for the venue copy. In "
                    f"{CARRIED_FILE}, add it to Carried({model.__name__}).values to carry it "
                    "as it is (export and load then carry it by themselves), or to people, "
                    "players, links, shaped or placed as it travels, or to left_out with a "
                    "one-line reason why it stays in this database."
                )
        names = {f.name for f in _fields(model)}
        for name in sorted(set(declared)):
            if name not in names:
                problems.append(
                    f"{model._meta.label}.{name}: declared in {CARRIED_FILE} but no such "
                    "field (renamed or removed?): take it out of Carried there."
                )
            elif declared.count(name) > 1:
                problems.append(
                    f"{model._meta.label}.{name}: declared twice in Carried({model.__name__}) "
                    f"in {CARRIED_FILE}: keep it in the one group that says how it travels."
                )
    assert problems == [], _problems(problems)


def test_declared_fields_travel_the_way_their_kind_allows():
    """Values are plain columns; people, players and links are foreign keys to a user, a
    player and a row of the document that has a uuid."""
    user = get_user_model()
    problems = []
    for model, carried in CARRIED.items():
        label, fields = model._meta.label, {f.name: f for f in _fields(model)}
        for name in carried.key + carried.values:
            if name in fields and fields[name].is_relation:
                problems.append(f"{label}.{name}: a relation, not a value")
        for group, target in (("people", user), ("players", Player)):
            for name in getattr(carried, group):
                f = fields.get(name)
                if f and (not f.many_to_one or f.related_model is not target):
                    problems.append(f"{label}.{name}: not a foreign key to {target.__name__}")
        for name in carried.links:
            related = fields[name].related_model if name in fields else None
            if related not in CARRIED or "uuid" not in CARRIED[related].key:
                problems.append(f"{label}.{name}: links only to a row named by its uuid")
    assert problems == [], _problems(problems)


def test_the_reasons_are_one_line_each_and_name_existing_models():
    labels = {model._meta.label for model in _models()}
    reasons = {label: why for label, why in NOT_CARRIED.items()}
    reasons |= {"DATABASE_ID": DATABASE_ID}
    for carried in CARRIED_MODELS:
        label = carried.model._meta.label
        reasons |= {f"{label}.{name}": why for name, why in carried.left_out.items()}
        reasons |= {f"{label}.{name}": shaped.how for name, shaped in carried.shaped.items()}
    assert [name for name, why in reasons.items() if not why.strip() or "\n" in why] == []
    assert sorted(set(NOT_CARRIED) - labels) == []
    assert sorted(label for label in NOT_CARRIED if apps.get_model(label) in CARRIED) == []
    assert len(CARRIED) == len(CARRIED_MODELS)


def _rows_of(model, value, seen: dict, problems: set[str]) -> None:
    """Check the rows of ``model`` in the document against the declaration, nested ones too."""
    carried = CARRIED[model]
    for row in value if isinstance(value, list) else [value]:
        if row is None:
            continue
        seen[model] = seen.get(model, 0) + 1
        if not isinstance(row, dict):  # a bare name (teams): the row is its one key
            if carried.document_keys != {"name"} or not isinstance(row, str):
                problems.add(f"{model.__name__}: a bare {type(row).__name__} in the document")
            continue
        if set(row) != carried.document_keys:
            problems.add(
                f"{model.__name__}: the document has {sorted(set(row))}, the declaration "
                f"{sorted(carried.document_keys)}"
            )
        for key, child in carried.rows.items():
            _rows_of(child, row.get(key), seen, problems)


def test_the_document_carries_what_is_declared_and_every_declared_row(running, crew, players):
    """A day with every kind of row: each row of the document has the keys its model declares
    (carried fields, shaped keys, nested rows), and every declared model occurs."""
    t = running.tournament
    with override_settings(VENUE_MODE=True):
        eventful_round(t, crew, publish=False)()
    team = Team.objects.create(tournament=t, name="Team Nord")
    Registration.objects.filter(tournament=t, player=players[0]).update(team=team)
    rnd = t.rounds.order_by("-number").first()
    Absence.objects.create(
        round=rnd, player=players[1], from_game=2, reason="ill",
        warning=PlayerWarning.objects.filter(tournament=t).first(),
        registration=Registration.objects.get(tournament=t, player=players[1]),
    )  # fmt: skip
    CutDecision.objects.create(
        tournament=t, kind="final_place", tied_player_ids=[players[0].pk, players[1].pk],
        chosen_player_ids=[players[1].pk], method="lot", reason="Los", decided_at=timezone.now(),
    )  # fmt: skip
    VenuePerson.objects.create(
        checkout=running, name="Anna Helfer", role="desk", username="anna-helfer",
        user=make_user("anna-helfer"),
    )  # fmt: skip
    document = document_of(running, 1)
    seen: dict = {}
    problems: set[str] = set()
    for key, model in DOCUMENT_ROWS.items():
        _rows_of(model, document[key], seen, problems)
    assert sorted(problems) == [], _problems(sorted(problems))
    assert sorted(m.__name__ for m in CARRIED if m not in seen) == []
