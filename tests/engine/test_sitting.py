"""Scoring a whole sitting on both paths: the explained one with its lines, the scores one without."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine import VARIANTS, InvalidSitting, read_sitting, score, score_sitting
from scoring.engine.base import MOST_POINTS, Deal, Line, Options, Payments, Variant
from scoring.engine.reading import Sitting, deal_format

from .helpers import cp, ev, make_sitting

DANISH = make_sitting(
    "danish_tarok",
    {"card_points": cp(40, 20, 18)},
    {"dealer": "B", "card_points": cp(26, 26, 26), "events": [ev("pagat_ultimo", player="A", result="won")]},
)


def test_it_explains_every_deal_by_default() -> None:
    result = score(read_sitting(DANISH))
    assert all(deal.lines for deal in result.deals)
    assert all("lines" in deal for deal in score_sitting(DANISH)["deals"])


def test_it_gives_the_site_each_line_with_its_reason_to_store() -> None:
    lines = score(read_sitting(DANISH)).deals[0].lines
    assert lines is not None
    first, pot = lines[0], lines[3]
    assert isinstance(first, Line) and (first.player, first.points, first.pot) == ("A", -20, None)
    assert (pot.player, pot.points, pot.pot) == (None, 60, "king")
    assert str(first.reason) == "founding the King pot: 20 from every player"
    assert first.reason.as_data() == {
        "t": "founding the {pot}: {ante} from every player",
        "a": {"pot": {"term": "king_pot"}, "ante": 20},
    }


def test_it_leaves_the_lines_out_when_the_breakdown_is_not_asked_for() -> None:
    result = score(read_sitting(DANISH), breakdown=False)
    assert [deal.lines for deal in result.deals] == [None, None]
    explained = score_sitting(DANISH)
    scores_only = score_sitting(DANISH, breakdown=False)
    assert [sorted(deal) for deal in scores_only["deals"]] == [["number", "pots", "scores"]] * 2
    assert scores_only["totals"] == explained["totals"] == {"A": 125, "B": -100, "C": -95}
    assert scores_only["pots"] == explained["pots"] == {"king": 70, "pagat": 0}


def test_it_refuses_bad_input_with_the_same_problems_on_both_paths() -> None:
    doc: dict[str, Any] = {**DANISH, "deals": [{"dealer": "A", "card_points": cp(40, 20, 17)}, {"dealer": "Z"}]}
    refusals = []
    for breakdown in (True, False):
        with pytest.raises(InvalidSitting) as refusal:
            score_sitting(doc, breakdown=breakdown)
        refusals.append(refusal.value.problems)
    assert refusals[0] == refusals[1]
    assert [(p.deal, p.field) for p in refusals[0]] == [(1, "card_points"), (2, "dealer"), (2, "card_points")]


def test_it_compiles_a_variants_deal_format_once() -> None:
    for variant in VARIANTS.values():
        assert deal_format(variant) is deal_format(variant)


class Swing(Variant):
    """Made up: the dealer wins the most a line may hold from each opponent, then pays it back."""

    key = "swing"
    name = "Swing"
    pack_points = 0
    deal_fields = {}
    event_types = {}

    def score(self, deal: Deal, options: Options, payments: Payments) -> None:
        payments.each_opponent_pays(deal.dealer, MOST_POINTS // 2 + 1, "there")
        payments.each_opponent_pays(deal.dealer, -(MOST_POINTS // 2 + 1), "back")


@pytest.mark.parametrize("breakdown", [True, False])
def test_it_refuses_a_line_beyond_the_most_points_even_when_the_scores_are_not(breakdown: bool) -> None:
    players = ("A", "B", "C")
    deal = Deal(number=1, players=players, dealer="A", sitting_out=None, active=players)
    with pytest.raises(InvalidSitting) as refusal:
        score(Sitting(Swing(), players, Options({}), (deal,)), breakdown=breakdown)
    assert [(p.deal, p.message) for p in refusal.value.problems] == [
        (1, "an amount goes beyond 1,000,000,000 game points")
    ]


class Drift(Swing):
    """Made up: the dealer wins a quarter of the most a line may hold from each opponent."""

    key = "drift"
    name = "Drift"

    def score(self, deal: Deal, options: Options, payments: Payments) -> None:
        payments.each_opponent_pays(deal.dealer, MOST_POINTS // 4, "a quarter")


@pytest.mark.parametrize("breakdown", [True, False])
def test_it_refuses_at_the_first_deal_whose_running_total_goes_beyond_the_most_points(breakdown: bool) -> None:
    """Each deal is within the bound; the dealer's total reaches it after deal 2 and goes beyond
    it after deal 3, and only deal 3 is named, however many deals follow."""
    players = ("A", "B", "C")
    deals = tuple(Deal(number=n, players=players, dealer="A", sitting_out=None, active=players) for n in range(1, 6))
    with pytest.raises(InvalidSitting) as refusal:
        score(Sitting(Drift(), players, Options({}), deals), breakdown=breakdown)
    assert [(p.deal, p.message) for p in refusal.value.problems] == [
        (3, "an amount goes beyond 1,000,000,000 game points")
    ]
    within = score(Sitting(Drift(), players, Options({}), deals[:2]), breakdown=breakdown)
    assert within.totals == {"A": MOST_POINTS, "B": -MOST_POINTS // 2, "C": -MOST_POINTS // 2}


@pytest.mark.parametrize("breakdown", [True, False])
def test_it_scores_deals_that_move_more_than_the_most_points_in_all_where_no_amount_goes_beyond(
    breakdown: bool,
) -> None:
    """Each deal moves half the bound as the deal goes round, twice: three times the bound in
    all, yet every total comes back to 0 after each round."""
    players = ("A", "B", "C")
    dealers = players * 2
    deals = tuple(
        Deal(number=n, players=players, dealer=dealer, sitting_out=None, active=players)
        for n, dealer in enumerate(dealers, start=1)
    )
    result = score(Sitting(Drift(), players, Options({}), deals), breakdown=breakdown)
    assert result.totals == {"A": 0, "B": 0, "C": 0}
    assert result.deals[0].scores == {"A": MOST_POINTS // 2, "B": -MOST_POINTS // 4, "C": -MOST_POINTS // 4}
