"""Club pages (issue 33.2): members who played, the club table of a year with exact sums, the
tournaments a club hosted, names as the players allow; the API's club endpoints."""

from __future__ import annotations

import pytest
from django.urls import reverse

from ranking.clubs import selectors
from ranking.compute import services as compute
from ranking.models import RankingEntry
from tests.ranking.conftest import END
from tests.support import builders
from tournaments.models import Player, Tournament

pytestmark = pytest.mark.django_db

CLUBS = ["RC Köln e.V.", "rc  koeln", "RC Köln", "SG Bonn", "SG Bonn", "", "TuS Aachen", ""]


@pytest.fixture
def clubbed(director, desk_user, field):
    """The first eight players in clubs (three spellings of RC Köln), a finished city
    championship of those eight, the ranking computed."""
    for player, club in zip(field, CLUBS, strict=False):
        player.club = club
    Player.objects.bulk_update(field[:8], ["club"])
    t = builders.play_tournament(director=director, desk=desk_user, players=field, end=END)
    compute.ranking_recompute_year(year=2026)
    return t


def points(players) -> int:
    return sum(RankingEntry.objects.get(player=p).placement_points for p in players)


def test_club_table_of_the_year_is_exact(clubbed, field):
    koeln, bonn, aachen = field[0:3], field[3:5], field[6:7]
    expected = sorted(
        [
            ("rc-koeln", 3, points(koeln)),
            ("sg-bonn", 2, points(bonn)),
            ("tus-aachen", 1, points(aachen)),
        ],
        key=lambda c: (-c[2], -(200 * c[2] + c[1]) // (2 * c[1]), c[0]),
    )
    table = selectors.year_table(2026)
    assert [(line.slug, line.members, line.placement_points) for line in table] == expected
    keys = [(line.placement_points, line.average) for line in table]
    assert [line.rank for line in table] == [keys.index(k) + 1 for k in keys]  # 1, 2, 2, 4
    koeln_line = next(line for line in table if line.slug == "rc-koeln")
    assert koeln_line.average == (200 * points(koeln) + 3) // 6
    assert koeln_line.name == "RC Köln"  # spellings collapse; the most frequent… ties: A–Z
    best = min(RankingEntry.objects.get(player=p).rank for p in koeln)
    assert koeln_line.best_rank == best


def test_club_page(client, clubbed, field):
    response = client.get(reverse("ranking:club", args=["rc-koeln"]))
    assert response.status_code == 200
    html = response.content.decode()
    for player in field[0:3]:
        assert f'href="{reverse("ranking:player", args=[player.pk])}"' in html
    assert field[3].public_name not in html  # Bonn
    assert 'data-testid="club-table-how"' in html and 'role="img"' in html
    club = selectors.club_build("rc-koeln")
    assert [m.games for m in club.members] == [12, 12, 12]
    [year] = club.years
    assert (year.year, year.players, year.tournaments, year.games) == (2026, 3, 1, 36)
    assert year.clubs == 3 and year.line.members == 3


def test_members_names_follow_their_choice(client, clubbed, field):
    hidden = field[0]
    hidden.publish_name = False
    hidden.save()
    html = client.get(reverse("ranking:club", args=["rc-koeln"])).content.decode()
    assert hidden.full_name not in html and hidden.public_name in html


def test_hosted_tournaments(client, clubbed, director):
    Tournament.objects.filter(pk=clubbed.pk).update(organising_club="SG Bonn e. V.")
    draft = builders.make_tournament(director=director, name="Entwurf", organising_club="SG Bonn")
    club = selectors.club_build("sg-bonn")
    assert [h.tournament_id for h in club.hosted] == [clubbed.pk]  # never a draft
    assert draft.pk not in [h.tournament_id for h in club.hosted]
    # a club that only hosts
    Tournament.objects.filter(pk=clubbed.pk).update(organising_club="Gastgeber Verein")
    html = client.get(reverse("ranking:club", args=["gastgeber-verein"])).content.decode()
    assert "<h1>Gastgeber Verein</h1>" in html and clubbed.name in html
    page = client.get(reverse("tournament_public", args=[clubbed.pk])).content.decode()
    assert (
        'Ausgerichtet von <a href="/ranking/verein/gastgeber-verein/">Gastgeber Verein</a>' in page
    )


def test_unknown_club_is_404(client, clubbed):
    assert client.get(reverse("ranking:club", args=["niemand"])).status_code == 404
    assert client.get("/api/v1/clubs/niemand/").status_code == 404


def test_index_and_year_pages(client, clubbed):
    html = client.get(reverse("ranking:clubs")).content.decode()
    assert 'data-testid="club-table"' in html and "Vereinswertung 2026" in html
    assert html.count('href="/ranking/verein/') == 6  # three clubs: table and list
    empty = client.get(reverse("ranking:clubs_year", args=[2019])).content.decode()
    assert "In diesem Jahr hat kein Verein ein Mitglied im Ranking." in empty
    assert client.get(reverse("ranking:clubs_year", args=[1800])).status_code == 404
    ranking = client.get(reverse("ranking:year", args=[2026])).content.decode()
    assert 'href="/ranking/vereine/2026/"' in ranking
    assert 'href="/ranking/verein/rc-koeln/"' in ranking  # the club beside each ranked name


def test_cached_pages_follow_a_club_change(
    client, clubbed, field, django_capture_on_commit_callbacks
):
    url = reverse("ranking:club", args=["sg-bonn"])
    assert client.get(url)["X-Public-Cache"] == "miss"
    assert client.get(url)["X-Public-Cache"] == "hit"
    from tournaments.registry.services import player_save

    field[5].club = "SG Bonn"
    with django_capture_on_commit_callbacks(execute=True):
        player_save(player=field[5])
    response = client.get(url)
    assert response["X-Public-Cache"] == "miss"
    assert f'href="{reverse("ranking:player", args=[field[5].pk])}"' in response.content.decode()


def test_a_club_edit_of_a_player_who_never_played_leaves_the_cached_index_true(
    client, clubbed, field, settings, django_capture_on_commit_callbacks
):
    """The index is cached per version (global generation and ranking); a registry edit of a
    player without registrations announces nothing (no tournament shows the player), and
    none is needed: a club counts members with a published game only, which takes a
    registration, so the cached index still equals one built now."""
    from tournaments.registry.services import player_save

    url = reverse("ranking:clubs")
    cached = client.get(url)
    nobody = field[10]  # in the registry, never registered (the tournament took eight)
    assert not nobody.registrations.exists()
    nobody.club = "Neuer Verein"
    with django_capture_on_commit_callbacks(execute=True):
        player_save(player=nobody)

    again = client.get(url)
    settings.PUBLIC_CACHE_SECONDS = 0
    fresh = client.get(url)

    assert again["X-Public-Cache"] == "hit"
    assert again.content == cached.content
    assert "Neuer Verein" not in fresh.content.decode()
    assert selectors.directory_build() == selectors.directory()
    assert nobody.pk not in {pk for c in selectors.directory().values() for pk in c.player_ids}


def test_club_api(client, clubbed, field):
    clubs = client.get("/api/v1/clubs/").json()
    assert clubs == [
        {"slug": "rc-koeln", "name": "RC Köln", "players": 3},
        {"slug": "sg-bonn", "name": "SG Bonn", "players": 2},
        {"slug": "tus-aachen", "name": "TuS Aachen", "players": 1},
    ]
    table = client.get("/api/v1/clubs/tables/2026/").json()
    koeln = next(line for line in table["lines"] if line["club"]["slug"] == "rc-koeln")
    assert koeln["ranked_members"] == 3 and koeln["placement_points"] == points(field[0:3])
    assert client.get("/api/v1/clubs/tables/2019/").status_code == 404
    detail = client.get("/api/v1/clubs/sg-bonn/").json()
    assert sorted(m["player_id"] for m in detail["members"]) == sorted(p.pk for p in field[3:5])
    bonn = next(line for line in table["lines"] if line["club"]["slug"] == "sg-bonn")
    assert detail["years"][0]["club_table_rank"] == bonn["rank"]
    assert detail["years"][0]["ranked_placement_points"] == points(field[3:5])
