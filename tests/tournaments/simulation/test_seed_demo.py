"""`seed_demo` can run twice without duplicating the demo."""

import pytest

pytestmark = pytest.mark.django_db


def test_seed_demo_is_idempotent(django_user_model):
    from django.core.management import call_command

    call_command("seed_demo", players=48, force=True)
    call_command("seed_demo", players=48, force=True)
    assert django_user_model.objects.filter(username="admin").count() == 1
    from tournaments.models import Round, Tournament

    assert sorted(
        Tournament.objects.filter(name__startswith="Demo:").values_list("name", "juniors_of__name")
    ) == [
        ("Demo: Einsteiger-Turnier Hamburg", None),
        ("Demo: Stadtmeisterschaft Berlin", None),
        ("Demo: Stadtmeisterschaft Berlin – Junioren", "Demo: Stadtmeisterschaft Berlin"),
        ("Demo: Stadtmeisterschaft Köln", None),
    ]
    juniors = Tournament.objects.get(name="Demo: Stadtmeisterschaft Berlin – Junioren")
    assert juniors.registrations.count() == 8
    assert juniors.rounds.get().status == "released"
    assert Round.objects.filter(tournament__name="Demo: Stadtmeisterschaft Berlin").count() == 1
    assert Tournament.objects.get(name="Demo: Stadtmeisterschaft Köln").status == "finished"
