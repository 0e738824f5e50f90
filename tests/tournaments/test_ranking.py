"""Tournament standings: tournament points, tiebreaks, byes, late entry, withdrawal, disqualification."""

from __future__ import annotations

import string
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.tournaments.ranking import (
    BYE,
    DEFAULT_TIEBREAKS,
    MISSED,
    SEATED,
    TIEBREAKS,
    WAITING,
    ClosedRound,
    Entrant,
    RoundScore,
    Standing,
    TableResult,
    lot_order,
    placement_points,
    round_half_away_from_zero,
    standings,
    table_winners,
    tiebreak_problems,
)

NAMES = string.ascii_uppercase


def id_of(name: str) -> int:
    return NAMES.index(name) + 1


def make_entrants(names: str, **states: str) -> list[Entrant]:
    """Entrants named by letters, start number and id from the letter (A is 1)."""
    return [Entrant(id_of(name), id_of(name), name, states.get(name, "active")) for name in names]


def table(losses: dict[str, int] | None = None, **game_points: int) -> TableResult:
    """A table by name: ``table(A=10, B=-10, losses={"A": 1})``."""
    return TableResult(
        {id_of(name): points for name, points in game_points.items()},
        {id_of(name): count for name, count in (losses or {}).items()},
    )


def closed(*tables: TableResult, byes: str = "") -> ClosedRound:
    return ClosedRound(tables, frozenset(id_of(name) for name in byes))


def rank(names: str | list[Entrant], *rounds: ClosedRound, **options: Any) -> list[Standing]:
    entrants = make_entrants(names) if isinstance(names, str) else names
    return standings(entrants, rounds, **{"lot_seed": 1, "tiebreaks": (), **options})


def places(result: list[Standing], only: str = NAMES) -> list[tuple[str, int | None]]:
    return [(line.entrant.name, line.place) for line in result if line.entrant.name in only]


def of(result: list[Standing], name: str) -> Standing:
    return next(line for line in result if line.entrant.name == name)


def ahead(result: list[Standing], first: str, second: str) -> bool:
    """Whether ``first`` has a better place than ``second``."""
    return (of(result, first).place or 0) < (of(result, second).place or 0)


# --- one table ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game_points", "expected"),
    [
        # distinct places
        ([40, 20, -10, -50], [3, 1, -1, -3]),
        ([30, 0, -30], [2, 0, -2]),
        ([12, -12], [1, -1]),
        # two tied at a table of 4
        ([10, 10, 0, -20], [2, 2, -1, -3]),
        ([10, 0, 0, -10], [3, 0, 0, -3]),
        ([10, 5, -7, -7], [3, 1, -2, -2]),
        ([5, 5, -5, -5], [2, 2, -2, -2]),
        # three and four tied at a table of 4
        ([1, 1, 1, -3], [1, 1, 1, -3]),
        ([3, -1, -1, -1], [3, -1, -1, -1]),
        ([0, 0, 0, 0], [0, 0, 0, 0]),
        # ties at a table of 3
        ([4, 4, -8], [1, 1, -2]),
        ([8, -4, -4], [2, -1, -1]),
        ([0, 0, 0], [0, 0, 0]),
        # a tie at a table of 2
        ([0, 0], [0, 0]),
    ],
)
def test_it_gives_placement_points_by_place_and_shares_tied_places(game_points: list[int], expected: list[int]) -> None:
    results = dict(enumerate(game_points, start=1))
    assert placement_points(results) == dict(enumerate(expected, start=1))


def test_it_places_by_game_points_whatever_the_seat_order() -> None:
    assert placement_points({7: -3, 2: 9, 5: 0}) == {7: -2, 2: 2, 5: 0}


@pytest.mark.parametrize(
    ("game_points", "winners"),
    [({"A": 5, "B": 0, "C": -5}, "A"), ({"A": 5, "B": 5, "C": -10}, "AB"), ({"A": 0, "B": 0, "C": 0, "D": 0}, "ABCD")],
)
def test_it_counts_every_shared_first_as_a_table_win(game_points: dict[str, int], winners: str) -> None:
    assert table_winners(table(**game_points).results) == {id_of(name) for name in winners}


# --- tournament points ----------------------------------------------------------------------


def test_it_scores_the_game_points_themselves_by_default() -> None:
    result = rank("ABC", closed(table(A=30, B=-10, C=-20)), closed(table(A=-5, B=15, C=-10)))
    assert [(line.entrant.name, line.points) for line in result] == [("A", 25), ("B", 5), ("C", -30)]
    assert of(result, "B").rounds == (RoundScore(SEATED, -10, -10), RoundScore(SEATED, 15, 15))


def test_it_scores_placement_points_under_placement() -> None:
    result = rank("ABC", closed(table(A=30, B=-10, C=-20)), closed(table(A=-5, B=15, C=-10)), scoring="placement")
    assert [(line.entrant.name, line.points) for line in result] == [("A", 2), ("B", 2), ("C", -4)]
    assert of(result, "B").rounds == (RoundScore(SEATED, 0, -10), RoundScore(SEATED, 2, 15))
    assert of(result, "B").game_points == 5


def test_it_keeps_the_totals_a_tiebreak_needs_under_either_scoring() -> None:
    rounds = (closed(table(A=30, B=-10, C=-20, losses={"A": 1, "C": 2})), closed(table(A=-5, B=15, C=-10)))
    for scoring in ("game_points", "placement"):
        a = of(rank("ABC", *rounds, scoring=scoring), "A")
        assert (a.game_points, a.placement_points, a.table_wins, a.declarer_losses) == (25, 2, 1, 1)


# --- tiebreaks ------------------------------------------------------------------------------

# Each case: two entrants A and B equal on tournament points, and the one tiebreak that puts B,
# the later start number, ahead. Fillers W to Z sit at the tables with them.
TIEBREAK_CASES = [
    pytest.param(
        "game_points",
        "placement",
        [closed(table(A=10, W=0, X=-10), table(B=50, Y=0, Z=-50))],
        id="game_points: both won a table, B by more",
    ),
    pytest.param(
        "placement_points",
        "game_points",
        [closed(table(A=10, W=20), table(B=10, X=0))],
        id="placement_points: same game points, B placed higher",
    ),
    pytest.param(
        "table_wins",
        "game_points",
        [closed(table(A=10, W=0), table(B=3, X=0)), closed(table(A=-5, W=5), table(B=2, X=0))],
        id="table_wins: A won one table, B two",
    ),
    pytest.param(
        "best_round",
        "game_points",
        [closed(table(A=5, W=0), table(B=12, X=0)), closed(table(A=5, W=0), table(B=-2, X=0))],
        id="best_round: A 5 and 5, B 12 and -2",
    ),
    pytest.param(
        "round_results",
        "game_points",
        [
            closed(table(A=5, W=0), table(B=5, X=0)),
            closed(table(A=3, W=0), table(B=4, X=0)),
            closed(table(A=1, W=0), table(B=0, X=0)),
        ],
        id="round_results: A 5 3 1, B 5 4 0",
    ),
    pytest.param(
        "fewest_declarer_losses",
        "game_points",
        [closed(table(A=10, W=-10, losses={"A": 3}), table(B=10, X=-10, losses={"B": 1}))],
        id="fewest_declarer_losses: A lost 3 as declarer, B 1",
    ),
]


@pytest.mark.parametrize(("tiebreak", "scoring", "rounds"), TIEBREAK_CASES)
def test_it_breaks_a_tie_on_points_by_each_tiebreak(tiebreak: str, scoring: str, rounds: list[ClosedRound]) -> None:
    untied = rank("ABWXYZ", *rounds, scoring=scoring)
    assert of(untied, "A").points == of(untied, "B").points
    assert of(untied, "A").place == of(untied, "B").place
    broken = rank("ABWXYZ", *rounds, scoring=scoring, tiebreaks=[tiebreak])
    assert ahead(broken, "B", "A")


def test_it_breaks_a_tie_by_the_lot() -> None:
    rounds = [closed(table(A=5, B=5))]
    for seed in range(6):
        first, second = (NAMES[n - 1] for n in lot_order([1, 2], seed))
        assert places(rank("AB", *rounds, tiebreaks=["lot"], lot_seed=seed)) == [(first, 1), (second, 2)]


def test_it_shares_a_place_when_equal_on_points_and_every_tiebreak_and_skips_the_next() -> None:
    # B and C make 0 each, with one table win and a best round of 0
    rounds = [closed(table(A=10, B=0), table(C=0, D=-10)), closed(table(A=5, C=0), table(B=0, D=-5))]
    assert places(rank("ABCD", *rounds, tiebreaks=["table_wins", "best_round"])) == [
        ("A", 1),
        ("B", 2),
        ("C", 2),
        ("D", 4),
    ]


@pytest.mark.parametrize(
    ("tiebreaks", "expected"),
    [
        ((), [("A", 1), ("B", 2), ("C", 2), ("D", 2)]),
        (("table_wins",), [("A", 1), ("B", 2), ("C", 3), ("D", 3)]),
        (("table_wins", "best_round"), [("A", 1), ("B", 2), ("C", 3), ("D", 3)]),
        (("table_wins", "best_round", "lot"), [("A", 1), ("B", 2), ("D", 3), ("C", 4)]),  # seed 7 draws D first
    ],
)
def test_it_breaks_a_three_way_tie_step_by_step_down_to_the_lot(
    tiebreaks: tuple[str, ...], expected: list[tuple[str, int]]
) -> None:
    # B, C and D make 10 each; B won both tables, C and D one each with a best round of 8.
    rounds = [
        closed(table(A=20, E=-20), table(B=5, F=-5), table(C=8, G=-8), table(D=2, H=4)),
        closed(table(A=20, F=-20), table(B=5, E=-5), table(C=2, H=4), table(D=8, G=-8)),
    ]
    assert lot_order([3, 4], 7) == [4, 3]
    assert places(rank("ABCDEFGH", *rounds, tiebreaks=tiebreaks, lot_seed=7), "ABCD") == expected


def test_it_compares_round_results_best_first_with_byes_among_them() -> None:
    # A: 5, a bye worth 4, 0; B: 5, 3, 1. Both best 5; next best A's bye 4 beats B's 3.
    rounds = [
        closed(table(A=5, W=0), table(B=5, X=0)),
        closed(table(B=3, X=0), byes="A"),
        closed(table(A=0, W=0), table(B=1, X=0)),
    ]
    result = rank("ABWX", *rounds, bye_points=4, tiebreaks=["best_round", "round_results"])
    assert [score.points for score in of(result, "A").rounds] == [5, 4, 0]
    assert places(result, "AB") == [("A", 1), ("B", 2)]


def test_it_ranks_never_seated_below_any_best_round() -> None:
    # both make 0: A missed both rounds, B lost 2 and won 2
    rounds = [closed(table(B=-2, X=2)), closed(table(B=2, X=-2))]
    result = rank("ABX", *rounds, tiebreaks=["best_round"])
    assert (of(result, "A").best_round, of(result, "B").best_round) == (None, 2)
    assert ahead(result, "B", "A")


def test_it_takes_the_best_round_from_rounds_seated_in_only() -> None:
    result = rank("AX", closed(table(A=2, X=-2)), closed(byes="A"), closed(table(A=3, X=-3)), bye_points=10)
    assert of(result, "A").points == 15
    assert of(result, "A").best_round == 3


# --- the lot --------------------------------------------------------------------------------


def test_it_draws_the_same_lot_on_every_call_and_every_python() -> None:
    assert lot_order(range(1, 9), 1) == [1, 7, 3, 6, 4, 8, 2, 5]
    assert lot_order(range(1, 9), 1) == lot_order(reversed(range(1, 9)), 1)


def test_it_keeps_two_entrants_order_under_the_lot_when_others_enter() -> None:
    everyone = lot_order(range(1, 30), 5)
    assert [n for n in everyone if n in (4, 9, 17)] == lot_order([17, 9, 4], 5)


def test_it_gives_the_same_standings_whatever_the_input_order() -> None:
    entrants = make_entrants("ABCDEF")
    rounds = [
        closed(table(A=5, B=5, C=-10), table(D=5, E=5, F=-10)),
        closed(table(A=0, D=0), table(B=0, E=0), table(C=0, F=0)),
    ]
    shuffled = [ClosedRound(list(reversed(r.tables)), r.byes) for r in rounds]
    options: dict[str, Any] = {"tiebreaks": DEFAULT_TIEBREAKS, "lot_seed": 42}
    once = standings(entrants, rounds, **options)
    assert standings(entrants, rounds, **options) == once
    assert standings(list(reversed(entrants)), shuffled, **options) == once
    assert [line.place for line in once] == [1, 2, 3, 4, 5, 6]


# --- byes, late entry, withdrawal, disqualification -----------------------------------------


def test_it_scores_a_bye_its_fixed_points() -> None:
    result = rank("ABC", closed(table(A=4, B=-4), byes="C"), closed(table(A=1, C=-1), byes="B"), bye_points=3)
    assert of(result, "C").rounds == (RoundScore(BYE, 3), RoundScore(SEATED, -1, -1))
    assert of(result, "C").points == 2
    assert of(result, "B").points == -1


@pytest.mark.parametrize(
    ("before", "bye"),
    [
        ([], 0),
        ([4], 4),
        ([3, -2], 1),  # 0.5
        ([-3, 2], -1),  # -0.5
        ([1, 2], 2),  # 1.5
        ([-1, -2], -2),  # -1.5
        ([1, 1, 2], 1),  # 1.33
        ([-1, -1, -2], -1),  # -1.33
        ([2, 2, 1], 2),  # 1.67
        ([5, 0], 3),  # 2.5
    ],
)
def test_it_scores_an_average_bye_as_the_average_so_far_half_away_from_zero(before: list[int], bye: int) -> None:
    rounds = [closed(table(A=points, X=-points)) for points in before]
    result = rank("AX", *rounds, closed(byes="A"), bye_points="average")
    assert of(result, "A").rounds[-1] == RoundScore(BYE, bye)


def test_it_averages_only_the_rounds_seated_in_before_the_bye() -> None:
    rounds = [
        closed(table(A=4, X=-4)),
        closed(byes="A"),
        closed(table(A=0, X=0)),
        closed(byes="A"),
        closed(table(A=100, X=-100)),
    ]
    result = rank("AX", *rounds, bye_points="average")
    assert [score.points for score in of(result, "A").rounds] == [4, 4, 0, 2, 100]


def test_it_averages_placement_points_under_placement() -> None:
    rounds = [closed(table(A=9, X=0, Y=-9)), closed(table(A=0, X=9, Y=-9)), closed(byes="A")]
    result = rank("AXY", *rounds, bye_points="average", scoring="placement")
    assert [score.points for score in of(result, "A").rounds] == [2, 0, 1]


@pytest.mark.parametrize(("value", "whole"), [("5/2", 3), ("-5/2", -3), ("1/2", 1), ("-1/2", -1), ("7/3", 2), ("0", 0)])
def test_it_rounds_halves_away_from_zero(value: str, whole: int) -> None:
    assert round_half_away_from_zero(Fraction(value)) == whole


def test_it_scores_a_late_entrant_missed_points_for_the_rounds_before_he_joined() -> None:
    rounds = [closed(table(A=5, B=-5)), closed(table(A=5, B=-5)), closed(table(A=5, L=-5), table(B=1, C=-1))]
    entrants = make_entrants("ABCL")
    result = standings(entrants, rounds, missed_round_points=-1, lot_seed=1)
    assert of(result, "L").rounds == (RoundScore(MISSED, -1), RoundScore(MISSED, -1), RoundScore(SEATED, -5, -5))
    assert of(result, "L").points == -7
    assert of(result, "C").points == -3


def test_it_gives_an_entrant_waiting_at_a_table_without_a_deal_nothing_yet() -> None:
    rounds = [closed(table(A=5, B=-5)), ClosedRound([], waiting=frozenset({id_of("A"), id_of("B")}))]
    result = standings(make_entrants("AB"), rounds, missed_round_points=-3, lot_seed=1)
    assert of(result, "B").rounds == (RoundScore(SEATED, -5, -5), RoundScore(WAITING, 0))
    assert of(result, "B").best_round == -5, "a table not played yet is no best round of 0"
    assert (of(result, "A").table_wins, of(result, "B").table_wins) == (1, 0)


def test_it_keeps_a_withdrawn_entrant_ranked_with_his_results() -> None:
    entrants = make_entrants("ABCW", W="withdrawn")
    rounds = [closed(table(A=-5, W=5), table(B=1, C=-1)), closed(table(A=2, B=-2), byes="C")]
    result = standings(entrants, rounds, lot_seed=1)
    assert [(line.entrant.name, line.place, line.state, line.points) for line in result] == [
        ("W", 1, "withdrawn", 5),
        ("B", 2, "active", -1),  # one table win to C's none
        ("C", 3, "active", -1),
        ("A", 4, "active", -3),
    ]
    assert of(result, "W").rounds[-1] == RoundScore(MISSED, 0)


def test_it_strikes_a_disqualified_entrant_and_leaves_the_others_results_as_played() -> None:
    rounds = [closed(table(A=10, D=20, B=-10, C=-20)), closed(table(A=-3, B=3), table(C=1, D=-1))]
    honest = rank("ABCD", *rounds, scoring="placement")
    struck = rank(make_entrants("ABCD", D="disqualified"), *rounds, scoring="placement")
    assert places(honest) == [("D", 1), ("A", 2), ("B", 2), ("C", 4)]
    assert places(struck) == [("A", 1), ("B", 1), ("C", 3), ("D", None)]
    for name in "ABC":
        assert of(struck, name).rounds == of(honest, name).rounds
    assert of(struck, "A").rounds[0].points == 1  # second behind D at the table, as played


def test_it_lists_disqualified_entrants_last_by_start_number() -> None:
    entrants = make_entrants("ABCD", A="disqualified", C="disqualified")
    result = standings(list(reversed(entrants)), [closed(table(A=9, B=1, C=5, D=-15))], lot_seed=1)
    assert places(result) == [("B", 1), ("D", 2), ("A", None), ("C", None)]


# --- the director's choices -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("tiebreaks", "declarer_game", "problems"),
    [
        (DEFAULT_TIEBREAKS, False, []),
        (TIEBREAKS, True, []),
        ((), False, []),
        (("best_round", "coin"), False, ["unknown tiebreak 'coin'; choose from " + ", ".join(TIEBREAKS)]),
        (("best_round", "table_wins", "best_round"), False, ["best_round is listed twice"]),
        (("lot", "best_round"), False, ["lot must be the last tiebreak: it leaves no tie for any after it"]),
        (
            ("fewest_declarer_losses", "lot"),
            False,
            ["fewest_declarer_losses exists only where one declarer plays against the others"],
        ),
        (("fewest_declarer_losses", "lot"), True, []),
    ],
)
def test_it_names_every_problem_of_a_tiebreak_list(
    tiebreaks: Sequence[str], declarer_game: bool, problems: list[str]
) -> None:
    assert [str(reason) for reason in tiebreak_problems(tiebreaks, declarer_game)] == problems


@pytest.mark.parametrize(
    ("rounds", "options"),
    [
        ([closed(table(A=1, Z=-1))], {}),
        ([closed(table(A=1, B=-1), table(A=0, C=0))], {}),
        ([closed(table(A=1, B=-1), byes="A")], {}),
        ([closed(TableResult({}))], {}),
        ([closed(table(A=1, B=-1, losses={"C": 1}))], {}),
        ([], {"scoring": "wins"}),
        ([], {"tiebreaks": ["lot", "table_wins"]}),
        ([], {"bye_points": "median"}),
    ],
)
def test_it_refuses_input_that_contradicts_itself(rounds: list[ClosedRound], options: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        rank("ABC", *rounds, **options)


# --- properties -----------------------------------------------------------------------------


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[list[Entrant], list[ClosedRound], dict[str, Any]]:
    """Entrants, closed rounds with tables of 2 to 4 (ties likely), byes and misses, and options."""
    count = draw(st.integers(min_value=2, max_value=12))
    numbers = draw(st.permutations(range(1, count + 1)))
    states = draw(st.lists(st.sampled_from(["active", "active", "withdrawn", "disqualified"]), min_size=count))
    entrants = [Entrant(100 + n, n, f"E{n}", states[n - 1]) for n in numbers]
    rng = draw(st.randoms(use_true_random=False))
    rounds = []
    for _ in range(draw(st.integers(min_value=0, max_value=5))):
        players = [e.id for e in entrants if rng.random() < 0.85]
        rng.shuffle(players)
        tables = []
        while len(players) >= 2:
            size = min(rng.choice([2, 3, 4]), len(players))
            seated, players = players[:size], players[size:]
            tables.append(TableResult({e: rng.randint(-3, 3) for e in seated}, {e: rng.randint(0, 2) for e in seated}))
        byes = frozenset(p for p in players if rng.random() < 0.5)
        rounds.append(ClosedRound(tables, byes))
    breaks = draw(st.lists(st.sampled_from(TIEBREAKS[:-1]), unique=True))
    options = {
        "scoring": draw(st.sampled_from(["game_points", "placement"])),
        "tiebreaks": breaks + (["lot"] if draw(st.booleans()) else []),
        "bye_points": draw(st.sampled_from([0, 2, -1, "average"])),
        "missed_round_points": draw(st.integers(min_value=-2, max_value=1)),
        "lot_seed": draw(st.integers(min_value=0, max_value=2**32)),
    }
    return entrants, rounds, options


def key_of(line: Standing, tiebreaks: Sequence[str], lot: list[int]) -> tuple[Any, ...]:
    """The rules' order, written out again: bigger is better."""
    values: dict[str, Any] = {
        "game_points": line.game_points,
        "placement_points": line.placement_points,
        "table_wins": line.table_wins,
        "best_round": (line.best_round is not None, line.best_round or 0),
        "round_results": sorted((score.points for score in line.rounds), reverse=True),
        "fewest_declarer_losses": -line.declarer_losses,
        "lot": -lot.index(line.entrant.start_number),
    }
    return (line.points, *(values[name] for name in tiebreaks))


@given(tournaments())
def test_places_follow_the_order_share_ties_and_skip_after_them(
    tournament: tuple[list[Entrant], list[ClosedRound], dict[str, Any]],
) -> None:
    entrants, rounds, options = tournament
    result = standings(entrants, rounds, **options)
    lot = lot_order([e.start_number for e in entrants], options["lot_seed"])
    ranked = [line for line in result if line.state != "disqualified"]
    struck = result[len(ranked) :]
    assert sorted(line.entrant.id for line in result) == sorted(e.id for e in entrants)
    assert all(line.state == "disqualified" and line.place is None for line in struck)
    assert [line.entrant.start_number for line in struck] == sorted(line.entrant.start_number for line in struck)
    keys = [key_of(line, options["tiebreaks"], lot) for line in ranked]
    for i, line in enumerate(ranked):
        if i == 0:
            assert line.place == 1
        elif keys[i] == keys[i - 1]:
            assert line.place == ranked[i - 1].place
        else:
            assert keys[i] < keys[i - 1]
            assert line.place == i + 1
    if "lot" in options["tiebreaks"]:
        assert [line.place for line in ranked] == list(range(1, len(ranked) + 1))


@given(tournaments())
def test_every_entrant_has_one_result_per_round_adding_up_to_his_points(
    tournament: tuple[list[Entrant], list[ClosedRound], dict[str, Any]],
) -> None:
    entrants, rounds, options = tournament
    for line in standings(entrants, rounds, **options):
        assert len(line.rounds) == len(rounds)
        assert line.points == sum(score.points for score in line.rounds)
        seated = [score.points for score in line.rounds if score.kind == SEATED]
        assert line.best_round == max(seated, default=None)


@given(tournaments())
def test_placement_points_of_every_table_sum_to_zero(
    tournament: tuple[list[Entrant], list[ClosedRound], dict[str, Any]],
) -> None:
    entrants, rounds, options = tournament
    result = {line.entrant.id: line for line in standings(entrants, rounds, **{**options, "scoring": "placement"})}
    for index, closed_round in enumerate(rounds):
        for table_result in closed_round.tables:
            assert sum(placement_points(table_result.results).values()) == 0
            assert sum(result[e].rounds[index].points for e in table_result.results) == 0
