"""Django's ``{% url %}``, ``{% static %}`` and ``{% translate %}`` with their answers
remembered per process (issue 32): the same syntax and the same output, without reversing a
URL, looking up a hashed file name or a message catalogue again a dozen times on every page.
`url` is a builtin; `i18n` and `static` replace Django's libraries of those names
(config/settings.py, TEMPLATES). Each memo forgets on the settings its answers depend on."""
