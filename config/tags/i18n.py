"""Django's ``i18n`` library with ``{% translate "text" %}`` remembered (see `config.tags`):
the translation of a text written in the template depends only on the language and the
catalogues. A variable, a filter, a message context, ``noop`` or ``as`` are translated each
time, as Django does."""

from __future__ import annotations

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.templatetags import i18n as django_i18n
from django.utils.translation import get_language

register = template.Library()
register.tags.update(django_i18n.register.tags)
register.filters.update(django_i18n.register.filters)

_kept: dict[tuple, str] = {}


@receiver(setting_changed)
def _forget(*, setting, **kwargs) -> None:
    if setting in ("LANGUAGES", "LANGUAGE_CODE", "LOCALE_PATHS", "INSTALLED_APPS"):
        _kept.clear()


class RememberedTranslateNode(django_i18n.TranslateNode):
    def render(self, context):
        expression = self.filter_expression
        literal = getattr(expression.var, "literal", None)
        if (
            not isinstance(literal, str)  # a text written in the template (a SafeString)
            or expression.filters
            or self.noop
            or self.asvar
            or self.message_context is not None
        ):
            return super().render(context)
        key = (get_language(), literal, context.autoescape)
        found = _kept.get(key)
        if found is None:
            found = super().render(context)
            if len(_kept) > 10_000:  # texts of every template in every language: plenty
                _kept.clear()
            _kept[key] = found
        return found


def _remembered(tag):
    def parse(parser, token):
        node = tag(parser, token)
        if type(node) is django_i18n.TranslateNode:
            node.__class__ = RememberedTranslateNode
        return node

    parse.__doc__ = f"Django's ``{{% {tag.__name__} %}}``, remembered for texts."
    return parse


register.tag("translate", _remembered(django_i18n.do_translate))
register.tag("trans", _remembered(django_i18n.do_translate))
