"""Properties of the scoring engine over generated games and standings (SPEC §4, §5)."""

from hypothesis import assume, given
from hypothesis import strategies as st

from tests.support.texts import german
from tournaments.domain.rules import RULES_2014, RULES_HOUSE, RULES_PRE_2014
from tournaments.domain.scoring import (
    PLACEMENT_POINTS,
    GameInput,
    SeatScore,
    score_game,
    validate_game,
)
from tournaments.domain.standings import (
    GameLine,
    Participant,
    compute_standings,
    order_players,
    sort_key,
    totals_for,
)

RULESETS = st.sampled_from([RULES_2014, RULES_PRE_2014, RULES_HOUSE])


@st.composite
def normal_games(draw):
    """A valid normal end (Klub 19.1/19.2): losers' minus or a flat -100/-200, winner the sum."""
    size = draw(st.sampled_from([3, 4]))
    letters = "ABCD"[:size]
    winner = draw(st.sampled_from(letters))
    scores = []
    for letter in letters:
        if letter == winner:
            continue
        no_meld = draw(st.sampled_from([None, None, None, 100, 200]))
        points = -no_meld if no_meld else draw(st.integers(-400, -1))
        scores.append(SeatScore(letter, points, no_meld))
    scores.append(SeatScore(winner, -sum(s.points for s in scores)))
    order = draw(st.permutations(scores))
    return GameInput(number=draw(st.integers(1, 4)), scores=tuple(order))


@st.composite
def exhausted_games(draw):
    """A valid pool-exhausted end (Klub 11.4), with the referee's winner where the lowest ties."""
    size = draw(st.sampled_from([3, 4]))
    letters = "ABCD"[:size]
    points = {x: draw(st.integers(-60, 0)) for x in letters}
    best = max(points.values())
    tied = sorted(x for x, p in points.items() if p == best)
    winner = draw(st.sampled_from(tied)) if len(tied) > 1 else None
    scores = tuple(SeatScore(x, p) for x, p in points.items())
    return GameInput(number=1, scores=scores, pool_exhausted=True, declared_winner=winner)


ANY_GAME = st.one_of(normal_games(), exhausted_games())


@given(normal_games(), RULESETS)
def test_validate_game_generated_normal_end_is_valid_and_sums_to_zero(game, ruleset):
    assert validate_game(game, ruleset=ruleset) == ()
    result = score_game(game, ruleset=ruleset)
    assert sum(e.game_points for e in result.entries) == 0


@given(exhausted_games())
def test_validate_game_generated_exhausted_pool_is_valid(game):
    assert validate_game(game, ruleset=RULES_2014) == ()
    result = score_game(game, ruleset=RULES_2014)
    (winner,) = [e for e in result.entries if e.winner]
    assert winner.game_points == max(e.game_points for e in result.entries)
    assert all(e.minus_points == -e.game_points for e in result.entries)


@given(ANY_GAME, st.data())
def test_score_game_seat_order_does_not_matter(game, data):
    shuffled = GameInput(
        number=game.number,
        scores=tuple(data.draw(st.permutations(game.scores))),
        pool_exhausted=game.pool_exhausted,
        declared_winner=game.declared_winner,
    )
    assert score_game(shuffled, ruleset=RULES_2014) == score_game(game, ruleset=RULES_2014)


@given(ANY_GAME)
def test_score_game_placement_points_follow_the_klub_10_1_table(game):
    result = score_game(game, ruleset=RULES_2014)
    by_place = sorted((e.place, e.placement_points) for e in result.entries)
    pattern = tuple(place for place, _ in by_place)
    assert PLACEMENT_POINTS[pattern] == tuple(points for _, points in by_place)
    winners = [e for e in result.entries if e.winner]
    assert len(winners) == 1
    assert (winners[0].place, winners[0].placement_points) == (1, 4)
    assert [e.place for e in result.entries].count(1) == 1


@given(normal_games(), st.integers(1, 50).map(lambda d: d if d % 2 else -d))
def test_validate_game_wrong_winner_total_gives_exactly_the_sum_error(game, delta):
    winner = next(s for s in game.scores if s.points > 0)
    assume(winner.points + delta > 0)  # else a different sheet problem (no winner)
    changed = tuple(
        SeatScore(s.letter, s.points + delta, s.no_meld) if s is winner else s for s in game.scores
    )
    errors = validate_game(GameInput(game.number, changed), ruleset=RULES_2014)
    sign = f"{delta:+d}"
    assert [(e.code, german(e.message)) for e in errors] == [
        ("sum_not_zero", f"Spiel {game.number}: Die Summe ist {sign} statt 0 (Kontrollsumme).")
    ]


# --- standings ----------------------------------------------------------------------------------

PLACE_AND_POINTS = st.sampled_from([(1, 4), (2, 3), (2, 2), (3, 1), (4, 0), (4, 1)])


@st.composite
def fields(draw):
    """Participants and lines with small figures, so that ties on every key are common."""
    count = draw(st.integers(1, 8))
    participants = [
        Participant(
            pid,
            reserve=draw(st.booleans()) and draw(st.booleans()),
            excluded=draw(st.integers(0, 5)) == 0,
        )
        for pid in range(1, count + 1)
    ]
    lines = []
    for p in participants:
        results = draw(st.lists(st.tuples(st.integers(1, 2), PLACE_AND_POINTS, st.integers(-3, 3))))
        for number, (round_number, (place, pp), gp) in enumerate(results, start=1):
            lines.append(GameLine(p.player_id, round_number, number, gp, place, pp))
    return participants, lines


def _check_ranked_block(rows, ruleset, first_rank):
    """Competition ranks over one block of ranked rows, consistent with the chain."""
    keys = [sort_key(r, ruleset) for r in rows]
    for i, row in enumerate(rows):
        better = sum(1 for other in keys if other > keys[i])
        assert row.rank == first_rank + better
        if i:
            assert keys[i - 1] >= keys[i]
            assert (rows[i - 1].rank == row.rank) == (keys[i - 1] == keys[i])


@given(fields(), RULESETS)
def test_compute_standings_ranks_follow_the_chain(field, ruleset):
    participants, lines = field
    rows = compute_standings(lines, participants, ruleset=ruleset)
    assert sorted(r.player_id for r in rows) == [p.player_id for p in participants]
    ranked = [r for r in rows if r.rank is not None]
    assert rows[: len(ranked)] == tuple(ranked)
    assert all((r.rank is None) == (r.reserve or r.excluded) for r in rows)
    _check_ranked_block(ranked, ruleset, 1)
    unranked = rows[len(ranked) :]
    assert [r.excluded for r in unranked] == sorted(r.excluded for r in unranked)


@given(fields())
def test_compute_standings_before_2014_more_games_won_never_rank_lower(field):
    # 001 §22.7: "finishing a game always ranks above points" (SPEC §5, our reading).
    participants, lines = field
    rows = compute_standings(lines, participants, ruleset=RULES_PRE_2014)
    wins = [r.placings[0] for r in rows if r.rank is not None]
    assert wins == sorted(wins, reverse=True)


@given(fields(), st.sampled_from([RULES_2014, RULES_HOUSE]))
def test_compute_standings_placement_points_come_first_from_2014_and_in_the_house_format(
    field, ruleset
):
    # Klub 10.1 key 1 and 000 §5A: more placement points never rank lower.
    participants, lines = field
    rows = compute_standings(lines, participants, ruleset=ruleset)
    points = [r.placement_points for r in rows if r.rank is not None]
    assert points == sorted(points, reverse=True)


@given(fields(), RULESETS, st.data())
def test_compute_standings_finalists_first_then_the_rest(field, ruleset, data):
    participants, lines = field
    eligible = [p.player_id for p in participants if not p.reserve]
    finalists = frozenset(
        data.draw(st.lists(st.sampled_from(eligible), unique=True)) if eligible else []
    )
    rows = compute_standings(
        lines, participants, ruleset=ruleset, final_round=2, finalists=finalists
    )
    ranked = [r for r in rows if r.rank is not None]
    top = [r for r in ranked if r.finalist]
    rest = [r for r in ranked if not r.finalist]
    assert ranked == top + rest
    _check_ranked_block(top, ruleset, 1)
    _check_ranked_block(rest, ruleset, len(top) + 1)
    final_totals = totals_for([x for x in lines if x.round_number == 2], finalists)
    for row in top:
        assert row.placement_points == final_totals[row.player_id].placement_points


@given(fields(), RULESETS)
def test_order_players_is_the_chain_over_everybody(field, ruleset):
    participants, lines = field
    ids = [p.player_id for p in participants]
    order = order_players(lines, ids, ruleset=ruleset)
    assert sorted(order) == ids
    totals = totals_for(lines, ids)
    keys = [sort_key(totals[pid], ruleset) for pid in order]
    assert keys == sorted(keys, reverse=True)


@given(ANY_GAME.filter(lambda g: len(g.scores) == 3), st.sampled_from("ABCD"), RULESETS)
def test_score_game_with_a_seat_not_played_equals_the_three_at_a_3_table(game, absent, ruleset):
    """SPEC §7 + §4: a 4-table game with one seat not played scores its three players exactly
    like a 3-player table with the same points (letters renamed to fill the absent seat)."""
    remaining = [x for x in "ABCD" if x != absent]
    rename = dict(zip("ABC", remaining, strict=True))
    at_four = GameInput(
        number=game.number,
        scores=tuple(SeatScore(rename[s.letter], s.points, s.no_meld) for s in game.scores),
        pool_exhausted=game.pool_exhausted,
        declared_winner=rename[game.declared_winner] if game.declared_winner else None,
        not_played=(absent,),
    )
    three = score_game(game, ruleset=ruleset)
    four = score_game(at_four, ruleset=ruleset)
    assert [e.letter for e in four.entries] == remaining
    assert [
        (e.game_points, e.minus_points, e.place, e.placement_points, e.winner) for e in four.entries
    ] == [
        (e.game_points, e.minus_points, e.place, e.placement_points, e.winner)
        for e in three.entries
    ]
