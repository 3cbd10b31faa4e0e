"""Templates ask a model, not its stored values (issue 26): no template compares a model's choice
field with a string literal (``{% if round.status == "released" %}``); the model says it with a
property defined next to the field with its enum (``round.is_released``).

Every ``{% %}`` tag of every template under templates/ (pages, partials, e-mails) is read with
Django's own Lexer. A comparison (``==``, ``!=``) of a string literal with a variable whose last
part is the name of a choice field of a model of the project's apps is a finding. A few such
names belong to objects that are no model; they are allowed below, each with its reason, and
the test fails as well when one of them is no longer found (the list stays exact).
"""

from __future__ import annotations

import re
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.template.base import Lexer, TokenType

TEMPLATES = Path(settings.BASE_DIR) / "templates"
APPS = ("tournaments", "players", "ranking")
LITERAL = r"""(?:"[^"]*"|'[^']*')"""
VARIABLE = r"[\w.]+"
COMPARISON = re.compile(
    rf"(?P<left>{VARIABLE})\s*(?:==|!=)\s*{LITERAL}|{LITERAL}\s*(?:==|!=)\s*(?P<right>{VARIABLE})"
)
ALLOWED = {
    ("tournaments/director/_round_clock.html", "clock.status"): (
        "the clock's state from the rules core (tournaments/domain/clock.py ClockState), no model"
    ),
    ("tournaments/public/hall.html", "clock.status"): (
        "the clock's state from the rules core (tournaments/domain/clock.py ClockState), no model"
    ),
    ("tournaments/public/standings.html", "table.rule_set"): (
        "the standings as computed and cached (tournaments/standings/rows.py), no model"
    ),
    ("tournaments/players/import.html", "row.action"): (
        "a row of the import preview (tournaments/registry/services.py PlayerRow), no model"
    ),
    ("tournaments/desk/board.html", "row.state"): (
        "the desk's derived state of a table (tournaments/sheets/selectors.py TableEntry), no model"
    ),
    ("tournaments/desk/sheet.html", "entry.state"): (
        "the desk's derived state of a table (tournaments/sheets/selectors.py TableEntry), no model"
    ),
}


def choice_field_names() -> set[str]:
    """Names of the model fields with choices (status, kind, role, verdict, outcome …)."""
    return {
        field.name
        for app in APPS
        for model in apps.get_app_config(app).get_models()
        for field in model._meta.fields
        if field.choices
    }


def literal_comparisons(text: str) -> list[str]:
    """The variables compared with a string literal in the tags of one template's source."""
    found = []
    for token in Lexer(text).tokenize():
        if token.token_type is TokenType.BLOCK:
            for match in COMPARISON.finditer(token.contents):
                found.append(match["left"] or match["right"])
    return found


def test_the_scan_finds_comparisons_on_either_side_in_any_tag():
    source = (
        '{% if r.status == "drawn" %}{% elif "red" != w.kind or tab == \'x\' %}{% endif %}'
        '{{ r.status }} == "drawn" {# x.kind == "red" #}'
    )
    assert literal_comparisons(source) == ["r.status", "w.kind", "tab"]


def test_the_choice_fields_include_the_enum_fields_templates_show():
    assert {"status", "kind", "role", "verdict", "outcome", "ground"} <= choice_field_names()


def test_no_template_compares_a_model_choice_field_with_a_literal():
    names = choice_field_names()
    found = {
        (str(path.relative_to(TEMPLATES)), variable)
        for path in sorted(TEMPLATES.rglob("*"))
        if path.is_file()
        for variable in literal_comparisons(path.read_text(encoding="utf-8"))
        if variable.rsplit(".", 1)[-1] in names
    }
    assert found == set(ALLOWED)


def test_a_fields_help_text_is_the_text_its_widget_is_described_by():
    """Django points a widget with help text at `<id>_helptext` (aria-describedby): the shared
    field template must give the help text exactly that id, or screen readers read nothing."""
    import re

    from django import forms
    from django.template.loader import render_to_string

    class Form(forms.Form):
        pin = forms.CharField(label="PIN", help_text="At least 6 characters.")

    html = render_to_string("_form_fields.html", {"form": Form()})
    [described] = re.findall(r'aria-describedby="([^"]+)"', html)
    assert f'id="{described}">At least 6 characters.</span>' in html


def test_every_aria_describedby_of_a_help_text_has_its_text(client, director, players):
    """The same as above for the forms written out by hand: every `<id>_helptext` a widget
    names is on the page (the director's tournament page, the referee's forms)."""
    import re

    from django.urls import reverse

    from tests.support.builders import add_staff, make_released_round, make_user
    from tournaments.enums import GlobalRole, StaffRole

    t, _ = make_released_round(director=director, players=players, count=8, seed=1)
    referee = make_user("schiri-hilfe", role=GlobalRole.REFEREE)
    add_staff(t, referee, StaffRole.REFEREE)
    pages = [
        (director, reverse("director:tournament_detail", args=[t.pk])),
        (referee, reverse("referee:warning_create", args=[t.pk])),
        (referee, reverse("referee:ruling_create", args=[t.pk])),
    ]
    for user, url in pages:
        client.force_login(user)
        answer = client.get(url)
        assert answer.status_code == 200, url
        html = answer.content.decode()
        named = set(re.findall(r'aria-describedby="([^"]*_helptext)"', html))
        missing = [name for name in sorted(named) if f'id="{name}"' not in html]
        assert missing == [], url
