"""`{% url %}` remembered (config/tags/url.py): Django's answers, whatever was asked before."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.test import RequestFactory, override_settings
from django.urls import NoReverseMatch, path, reverse

from config.tags import url as urltags


def _render(text: str, **context) -> str:
    return Template(text).render(Context(context))


def test_the_builtin_url_tag_is_the_remembering_one():
    assert isinstance(Template("{% url 'home' %}").nodelist[0], urltags.RememberedURLNode)


@pytest.mark.parametrize("pk", [1, 7, 123456789])
def test_answers_equal_djangos_reverse(pk):
    text = "{% url 'standings' pk %}|{% url 'round_results' pk number %}|{% url 'ranking:index' %}"

    first = _render(text, pk=pk, number=2)
    again = _render(text, pk=pk, number=2)

    expected = "|".join(
        [
            reverse("standings", args=[pk]),
            reverse("round_results", args=[pk, 2]),
            reverse("ranking:index"),
        ]
    )
    assert first == again == expected


def test_keyword_arguments_and_as_variables():
    text = "{% url 'standings' pk=5 as link %}<a href='{{ link }}'>"

    assert _render(text) == f"<a href='{reverse('standings', kwargs={'pk': 5})}'>"
    assert _render("{% url 'no-such-page' as link %}[{{ link }}]") == "[]"
    with pytest.raises(NoReverseMatch):
        _render("{% url 'no-such-page' %}")


def test_true_is_not_taken_for_one():
    """``True == 1`` and both hash alike: a key of plain numbers would mix them up."""
    one = _render("{% url 'standings' pk %}", pk=1)

    with pytest.raises(NoReverseMatch):  # Django's own answer: "True" is no number
        _render("{% url 'standings' pk %}", pk=True)
    assert one == reverse("standings", args=[1])


def test_the_script_prefix_is_part_of_the_key():
    from django.urls import get_script_prefix, set_script_prefix

    before = get_script_prefix()
    try:
        plain = _render("{% url 'home' %}")
        set_script_prefix("/drv/")
        prefixed = _render("{% url 'home' %}")
    finally:
        set_script_prefix(before)
    assert (plain, prefixed) == ("/", "/drv/")


urlpatterns = [path("anders/<int:pk>/", lambda request, pk: None, name="standings")]


def test_another_urlconf_forgets_what_was_remembered():
    assert _render("{% url 'standings' 3 %}") == reverse("standings", args=[3])

    with override_settings(ROOT_URLCONF=__name__):
        assert _render("{% url 'standings' 3 %}") == "/anders/3/"
    assert _render("{% url 'standings' 3 %}") == reverse("standings", args=[3])


def test_the_current_app_of_the_request_is_part_of_the_key():
    request = RequestFactory().get("/")
    request.current_app = "ranking"

    text = "{% url 'ranking:index' %}"
    with_app = Template(text).render(Context({"request": request}))

    assert with_app == reverse("ranking:index", current_app="ranking")
    assert urltags._reversed.cache_info().currsize > 0


# --- {% translate %} and {% static %} (config/tags/i18n.py, config/tags/static.py) -----------

TRANSLATED = (
    "{% load i18n %}{% translate 'Standings' %}|{% translate \"50%% off\" %}|"
    "{% translate word %}|{% translate 'Standings' as t %}[{{ t }}]|"
    "{% translate 'May' context 'month name' %}|{% translate 'Standings'|upper %}"
)


def _django_engine_render(text: str, **context) -> str:
    """The same template through Django's own i18n library."""
    from django.template import Engine

    engine = Engine(libraries={"i18n": "django.templatetags.i18n"})
    return engine.from_string(text).render(Context(context))


@pytest.mark.parametrize("language", ["de", "en"])
def test_translations_equal_djangos_in_each_language(language):
    from django.utils import translation

    with translation.override(language):
        ours = [_render(TRANSLATED, word="Ranking") for _ in range(2)]
        django = _django_engine_render(TRANSLATED, word="Ranking")

    assert ours[0] == ours[1] == django
    assert ("Rangliste|" in django) == (language == "de")


def test_a_remembered_translation_follows_the_language():
    from django.utils import translation

    with translation.override("de"):
        german = _render("{% load i18n %}{% translate 'Standings' %}")
    with translation.override("en"):
        english = _render("{% load i18n %}{% translate 'Standings' %}")

    assert (german, english) == ("Rangliste", "Standings")


def test_static_urls_equal_djangos():
    from django.templatetags.static import static

    text = (
        "{% load static %}{% static 'css/site.css' %}|{% static name %}|"
        "{% static 'js/site.js' as s %}{{ s }}"
    )

    ours = [_render(text, name="img/favicon.svg") for _ in range(2)]

    expected = f"{static('css/site.css')}|{static('img/favicon.svg')}|{static('js/site.js')}"
    assert ours[0] == ours[1] == expected


def test_another_static_url_forgets_what_was_remembered():
    from django.templatetags.static import static

    _render("{% load static %}{% static 'css/site.css' %}")
    with override_settings(STATIC_URL="/anders/"):
        assert _render("{% load static %}{% static 'css/site.css' %}").startswith("/anders/")
    assert _render("{% load static %}{% static 'css/site.css' %}") == static("css/site.css")


def test_the_system_check_accepts_only_the_libraries_replaced_on_purpose():
    from django.template import engines

    from config.tags.backend import _replaced_on_purpose

    assert engines["django"].check() == []
    ours = "'static' is used for multiple template tag modules: "
    assert _replaced_on_purpose(ours + "'config.tags.static', 'django.templatetags.static'")
    assert not _replaced_on_purpose(
        ours + "'config.tags.static', 'django.templatetags.static', 'other.templatetags.static'"
    )
    assert not _replaced_on_purpose("'i18n' is used for multiple template tag modules: 'a', 'b'")
