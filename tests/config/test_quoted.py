"""`|quoted` (config/formats/templatetags.py): a caller's reason or a player's note in the
language's quotation marks (issue 17), escaped."""

from __future__ import annotations

import pytest
from django.template import engines
from django.utils import translation

TEMPLATE = "{% load site_formats %}{{ reason|quoted }}"


@pytest.mark.parametrize(
    ("language", "expected"),
    [("de", "„Joker &lt;b&gt;?“"), ("en", "“Joker &lt;b&gt;?”")],
)
def test_quoted_in_the_languages_marks_and_escaped(language, expected):
    template = engines["django"].from_string(TEMPLATE)
    with translation.override(language):
        assert template.render({"reason": "Joker <b>?"}) == expected
