"""`{% url %}` with its answers remembered: a builtin that replaces Django's (`config.tags`).

Reversing a name walks the URL patterns and quotes the arguments: 15–20 µs, a dozen times on
every page. The answer depends only on the name, the arguments, the current app (instance
namespaces), the URLconf and the script prefix, which are all the key; a process keeps 4,096
answers. Arguments other than plain numbers and strings are reversed every time, as Django
does (an object's text may change, ``True`` equals ``1``).
"""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template.defaulttags import URLNode
from django.template.defaulttags import url as django_url
from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse
from django.utils.html import conditional_escape

register = template.Library()


@lru_cache(maxsize=4096)
def _reversed(view_name, args: tuple, kwargs: tuple, current_app, urlconf, prefix: str) -> str:
    """``prefix``: part of the key only (`reverse` reads the thread's script prefix itself)."""
    return reverse(
        view_name, urlconf=urlconf, args=args, kwargs=dict(kwargs), current_app=current_app
    )


@receiver(setting_changed)
def _forget(*, setting, **kwargs) -> None:
    if setting == "ROOT_URLCONF":  # tests that swap the URLconf
        _reversed.cache_clear()


class RememberedURLNode(URLNode):
    def render(self, context):
        args = tuple(arg.resolve(context) for arg in self.args)
        kwargs = tuple((k, v.resolve(context)) for k, v in self.kwargs.items())
        if not all(type(value) in (int, str) for value in (*args, *(v for _k, v in kwargs))):
            return super().render(context)
        view_name = self.view_name.resolve(context)
        try:
            current_app = context.request.current_app
        except AttributeError:
            try:
                current_app = context.request.resolver_match.namespace
            except AttributeError:
                current_app = None
        url = ""
        try:
            url = _reversed(
                view_name, args, kwargs, current_app, get_urlconf(), get_script_prefix()
            )
        except NoReverseMatch:
            if self.asvar is None:
                raise
        if self.asvar:
            context[self.asvar] = url
            return ""
        return conditional_escape(url) if context.autoescape else url


@register.tag
def url(parser, token):
    """Django's ``{% url %}`` (the same syntax and answers), remembered."""
    node = django_url(parser, token)
    return RememberedURLNode(node.view_name, node.args, node.kwargs, node.asvar)
