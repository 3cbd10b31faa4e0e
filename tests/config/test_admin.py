"""Every model in the Django admin opens for a federation admin (list and add pages, no 500)."""

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse

from tests.support.builders import make_user

pytestmark = pytest.mark.django_db

MODELS = sorted(
    (model._meta.app_label, model._meta.model_name)
    for model in admin.site._registry
    if model._meta.app_label in ("tournaments", "players", "ranking")
)


@pytest.mark.parametrize(("app", "model"), MODELS, ids=[f"{a}.{m}" for a, m in MODELS])
def test_changelist_opens(client, app, model):
    client.force_login(make_user("vb-admin", superuser=True))
    assert client.get(reverse(f"admin:{app}_{model}_changelist")).status_code == 200


RECORDS = ["tournaments.pairingchange", "tournaments.cutdecision", "tournaments.absence"]


@pytest.mark.parametrize("record", RECORDS)
def test_records_cannot_be_added_in_the_admin(client, record):
    """Written only by their services: an empty add form posted by an admin was a 500 (the
    pairing log had no guard) and must be refused without writing."""
    app, model = record.split(".")
    client.force_login(make_user("vb-admin", superuser=True))

    response = client.post(reverse(f"admin:{app}_{model}_add"), {})

    assert response.status_code == 403
    assert apps.get_model(record).objects.count() == 0
