"""Django's ``static`` library with ``{% static %}`` remembered (see `config.tags`): a file's
URL (its hashed name from the manifest) depends only on its path and the static settings."""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.templatetags import static as django_static

register = template.Library()
register.tags.update(django_static.register.tags)
register.filters.update(django_static.register.filters)


@lru_cache(maxsize=1024)
def _url(path: str) -> str:
    return django_static.StaticNode.handle_simple(path)


@receiver(setting_changed)
def _forget(*, setting, **kwargs) -> None:
    if setting in ("STATIC_URL", "STATIC_ROOT", "STORAGES", "STATICFILES_DIRS"):
        _url.cache_clear()


class RememberedStaticNode(django_static.StaticNode):
    def url(self, context):
        path = self.path.resolve(context)
        return _url(path) if type(path) is str else self.handle_simple(path)


@register.tag("static")
def do_static(parser, token):
    """Django's ``{% static %}``, remembered."""
    return RememberedStaticNode.handle_token(parser, token)
