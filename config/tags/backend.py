"""Django's template back end; its system check accepts the two libraries `config.tags`
replaces on purpose (``i18n``, ``static``: "templates.W003", one name for two modules), and
only these two: any other module under one of their names is still reported."""

from __future__ import annotations

from django.template.backends.django import DjangoTemplates as Django

REPLACED = {"i18n": "config.tags.i18n", "static": "config.tags.static"}


def _replaced_on_purpose(message: str) -> bool:
    for name, ours in REPLACED.items():
        modules = ", ".join(repr(m) for m in sorted({ours, f"django.templatetags.{name}"}))
        if message == f"{name!r} is used for multiple template tag modules: {modules}":
            return True
    return False


class DjangoTemplates(Django):
    def check(self, **kwargs):
        return [
            error
            for error in super().check(**kwargs)
            if not (error.id == "templates.W003" and _replaced_on_purpose(error.msg))
        ]
