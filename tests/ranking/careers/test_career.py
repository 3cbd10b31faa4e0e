"""The career page (issue 33.1): exact numbers from tournaments played through the services,
names as the player allows, a fixed number of queries, cached per version."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ranking.careers import selectors
from ranking.compute import services as compute
from ranking.models import RankingEntry
from tests.support import builders
from tournaments.models import Seat
from tournaments.rounds import services as round_services
from tournaments.standings.selectors import standings_table

pytestmark = pytest.mark.django_db

#: places per game of each seat with the fixed sheet (builders.FIXED_SHEET, Klub 10.1): game 2
#: C and D share 3rd, game 4 B and D share 2nd
PLACES = {"A": (1, 1, 1, 1), "B": (2, 2, 3, 2), "C": (3, 3, 2, 4), "D": (4, 3, 4, 2)}
#: per round: placement points and game points of each seat (the sheet's docstring)
SUMS = {"A": (16, 170), "B": (9, -37), "C": (5, -52), "D": (3, -81)}


def seats_of(tournament):
    """(round, table, letter, player) of every seat, as drawn."""
    return list(
        Seat.objects.filter(round__tournament=tournament).values_list(
            "round__number", "table_id", "letter", "player_id"
        )
    )


def test_career_numbers_are_exact(finished, field):
    compute.ranking_recompute_year(year=2026)
    player = field[0]
    seats = seats_of(finished)
    mine = [(r, t, letter) for r, t, letter, p in seats if p == player.pk]
    assert len(mine) == 3
    places = [place for _r, _t, letter in mine for place in PLACES[letter]]
    placings = tuple(places.count(n) for n in (1, 2, 3, 4))

    career = selectors.career_build(player)

    total = career.total
    assert (total.tournaments, total.rounds, total.games) == (1, 3, 12)
    assert total.placings == placings and total.won == placings[0]
    assert total.placement_points == sum(SUMS[letter][0] for _r, _t, letter in mine)
    assert total.game_points == sum(SUMS[letter][1] for _r, _t, letter in mine)
    assert [y.year for y in career.years] == [2026] and career.years[0].tally == total
    entry = RankingEntry.objects.get(player=player)
    assert [(p.year, p.rank, p.field) for p in career.positions] == [(2026, entry.rank, 8)]
    # the final standings' place, as the standings compute it
    table = standings_table(finished)
    rank = next(e.rank for e in table.entries if e.player.pk == player.pk)
    assert [(r.tournament_id, r.rank, r.field, r.finalist) for r in career.best] == [
        (finished.pk, rank, 8, False)
    ]
    assert career.finals == 0 and career.years[0].best.rank == rank
    # head-to-head: every opponent met, from the seats and the sheet's places
    expected: dict[int, list[int]] = {}
    for r, table_id, letter in mine:
        for r2, t2, other, pid in seats:
            if (r2, t2) != (r, table_id) or pid == player.pk:
                continue
            acc = expected.setdefault(pid, [0, 0, 0, 0])
            for own, theirs in zip(PLACES[letter], PLACES[other], strict=True):
                acc[0] += 1
                acc[1 if own < theirs else 2 if own > theirs else 3] += 1
    assert {o.player_id: [o.games, o.ahead, o.behind, o.level] for o in career.opponents} == (
        expected
    )
    assert sum(o.games for o in career.opponents) == 3 * 12
    # last games: the newest ten, round 3's four games first
    assert [(g.round_number, g.game_number) for g in career.last[:5]] == [
        (3, 4), (3, 3), (3, 2), (3, 1), (2, 4)
    ]  # fmt: skip
    assert len(career.last) == 10


def test_career_page_shows_the_figures_and_charts(client, finished, field):
    compute.ranking_recompute_year(year=2026)
    player = field[0]
    response = client.get(reverse("ranking:player", args=[player.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    career = selectors.career_build(player)
    totals = re.search(r'data-testid="career-totals">(.*?)</ul>', html, re.S).group(1)
    numbers = re.findall(r"<strong>([^<]+)</strong>", totals)
    per_game = career.total.placement_points_per_game
    assert numbers[:4] == ["1", "3", "12", str(career.total.won)]
    assert numbers[4] == f"{per_game // 100},{per_game % 100:02d}"  # German decimal comma
    # two charts, each an accessible image beside its table
    assert html.count('role="img"') == 2
    assert 'aria-labelledby="chart-positions-title chart-positions-desc"' in html
    assert 'data-testid="positions"' in html and 'data-testid="placings"' in html
    assert "style=" not in html
    assert 'data-testid="rating-over-time"' not in html  # no rating computed yet
    # links: the tournaments' player page, the club, each opponent's career
    assert f'href="{reverse("player_page", args=[player.pk])}"' in html
    assert f'href="{reverse("ranking:club", args=[player.club_slug])}"' in html
    for o in career.opponents:
        assert f'href="{reverse("ranking:player", args=[o.player_id])}"' in html


def test_english_page(client, finished, field):
    compute.ranking_recompute_year(year=2026)
    html = client.get(
        reverse("ranking:player", args=[field[0].pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "Placement distribution" in html and "Head-to-head" in html
    assert "Verteilung" not in html


def test_names_follow_the_players_choice(client, finished, field):
    hidden = field[1]
    hidden.publish_name = False
    hidden.save()
    for player in field[:8]:
        html = client.get(reverse("ranking:player", args=[player.pk])).content.decode()
        assert hidden.full_name not in html
    html = client.get(reverse("ranking:player", args=[hidden.pk])).content.decode()
    assert f"<h1>{hidden.public_name}</h1>" in html


def test_unknown_player_and_player_without_games_are_404(client, finished, field):
    assert client.get(reverse("ranking:player", args=[999999])).status_code == 404
    assert client.get(reverse("ranking:player", args=[field[15].pk])).status_code == 404


def test_draft_and_unpublished_rounds_are_not_counted(director, desk_user, field):
    tournament = builders.play_tournament(
        director=director, desk=desk_user, players=field, end=date(2026, 6, 7), rounds=1
    )
    builders.play_next_round(tournament, director=director, desk=desk_user, publish=False)
    assert selectors.career_build(field[0]).total.rounds == 1


@override_settings(PUBLIC_CACHE_SECONDS=0)
def test_query_count_does_not_grow_with_the_tournaments(
    client, director, desk_user, field, django_assert_max_num_queries
):
    player = field[0]
    url = reverse("ranking:player", args=[player.pk])
    builders.play_tournament(director=director, desk=desk_user, players=field,
                             end=date(2025, 5, 1))  # fmt: skip
    compute.ranking_rebuild()
    client.get(url)  # stores the tournament's standings (as the warm-up after publication)
    with CaptureQueriesContext(connection) as one:
        assert client.get(url).status_code == 200
    count = len(one)  # now: the next request empties the log the context reads from
    assert count <= 10  # the page's ten queries (the rating's history one of them)
    for year in (2026, 2027):
        builders.play_tournament(
            director=director, desk=desk_user, players=field, end=date(year, 5, 1),
            name=f"Turnier {year}",
        )  # fmt: skip
    compute.ranking_rebuild()
    client.get(url)
    with django_assert_max_num_queries(count):
        html = client.get(url).content.decode()
    assert html.count('<th scope="row">202') >= 3  # a line per year


def test_cached_per_version(
    client, finished, field, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    compute.ranking_recompute_year(year=2026)
    url = reverse("ranking:player", args=[field[0].pk])
    assert client.get(url)["X-Public-Cache"] == "miss"
    with django_assert_max_num_queries(2):  # the versions: tournaments' and ranking's
        assert client.get(url)["X-Public-Cache"] == "hit"
    field[0].club = "Neuer Verein"
    from tournaments.registry.services import player_save

    with django_capture_on_commit_callbacks(execute=True):  # the change is announced
        player_save(player=field[0])
    response = client.get(url)
    assert response["X-Public-Cache"] == "miss" and "Neuer Verein" in response.content.decode()
    compute.tournament_mark_changed(tournament_id=finished.pk, enqueue=False)
    assert client.get(url)["X-Public-Cache"] == "miss"  # the ranking moved on


def test_the_tournaments_player_page_links_the_career_once_there_are_results(
    client, director, desk_user, field, django_capture_on_commit_callbacks
):
    _tournament, rnd = builders.make_drawn_round(director=director, players=field, count=8, seed=7)
    player = rnd.seats.first().player
    link = f'href="{reverse("ranking:player", args=[player.pk])}"'
    builders.play_round(rnd, director=director, desk=desk_user, publish=False)
    assert link not in client.get(reverse("player_page", args=[player.pk])).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        round_services.round_publish(rnd=rnd, user=director)
    html = client.get(reverse("player_page", args=[player.pk])).content.decode()
    assert link in html
    assert client.get(reverse("ranking:player", args=[player.pk])).status_code == 200


def test_rating_over_time_beside_the_ranking(client, director, desk_user, field):
    """Issue 33.3: the skill rating's curve, one point per tournament, with its table; the page
    says it is not the ranking."""
    from ranking.rating import services as rating_services

    for year in (2025, 2026):
        builders.play_tournament(
            director=director, desk=desk_user, players=field, end=date(year, 5, 1),
            name=f"Turnier {year}",
        )  # fmt: skip
    compute.ranking_rebuild()
    rating_services.rating_rebuild()
    html = client.get(reverse("ranking:player", args=[field[0].pk])).content.decode()
    assert 'data-testid="rating-over-time"' in html and html.count('role="img"') == 3
    assert "nicht das offizielle Deutsche Rummikub Ranking" in html
    rows = re.search(r'data-testid="rating-points">(.*?)</table>', html, re.S).group(1)
    assert rows.count("<tr>") == 1 + 2  # the head, then one point per tournament


def test_a_merged_entrys_places_show_in_the_kept_players_career(
    director, desk_user, field, admin_user
):
    """A guest entry merged into the member's (issue 16): the member's career lists the
    guest's tournament with the guest's place, read before the merge under the guest's id."""
    from tournaments.merge import services as merge_services
    from tournaments.models import Player

    guest = Player.objects.create(first_name="Anna", last_name="Gast", is_guest=True)
    spring = builders.play_tournament(
        director=director, desk=desk_user, players=[guest, *field[1:8]],
        end=date(2026, 5, 3), name="Frühjahrsturnier",
    )  # fmt: skip
    summer = builders.play_tournament(
        director=director, desk=desk_user, players=[field[0], *field[8:15]],
        end=date(2026, 6, 7), name="Sommerturnier",
    )  # fmt: skip
    guest_rank = selectors.career_build(guest).best[0].rank  # stores spring's places
    member_rank = selectors.career_build(field[0]).best[0].rank  # and summer's

    merge_services.player_merge(kept=field[0], removed=guest, user=admin_user, reason="doppelt")

    career = selectors.career_build(field[0])
    assert {(r.tournament_id, r.rank) for r in career.best} == {
        (spring.pk, guest_rank), (summer.pk, member_rank)
    }  # fmt: skip
    assert career.total.tournaments == 2 and career.total.games == 24
