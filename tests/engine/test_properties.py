"""Properties of every scored sitting, over generated valid sittings of every variant."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import VARIANTS, Carried, InvalidSitting, read_sitting, score_sitting
from scoring.engine import score as score_deals
from scoring.engine.reading import Reader, deal_format, read_deal, seating
from scoring.samples import random_deal, random_options, random_sitting

sittings = st.builds(
    random_sitting,
    st.randoms(use_true_random=False),
    st.sampled_from(list(VARIANTS)),
    st.integers(min_value=1, max_value=10),
)


@given(sittings)
def test_every_deal_conserves_points_between_players_and_pots(doc: dict[str, Any]) -> None:
    result = score_sitting(doc)
    before = dict.fromkeys(VARIANTS[doc["variant"]].pots, 0)
    for deal in result["deals"]:
        after = deal.get("pots", {})
        assert sum(deal["scores"].values()) + sum(after.values()) - sum(before.values()) == 0
        before = after


@given(sittings)
def test_totals_are_the_sums_of_the_deals(doc: dict[str, Any]) -> None:
    result = score_sitting(doc)
    for name in doc["players"]:
        assert result["totals"][name] == sum(deal["scores"][name] for deal in result["deals"])


@given(sittings)
def test_the_lines_of_a_deal_sum_to_its_scores_and_pot_changes(doc: dict[str, Any]) -> None:
    result = score_sitting(doc)
    before: dict[str, int] = dict.fromkeys(VARIANTS[doc["variant"]].pots, 0)
    for deal in result["deals"]:
        by_holder: Counter[str] = Counter()
        for line in deal["lines"]:
            by_holder[line.get("player") or "pot:" + line["pot"]] += line["points"]
        assert sum(by_holder.values()) == 0
        for name, score in deal["scores"].items():
            assert by_holder[name] == score
        for pot, amount in deal.get("pots", {}).items():
            assert by_holder["pot:" + pot] == amount - before[pot]
        before = deal.get("pots", {})


@given(sittings)
def test_renaming_players_changes_no_number(doc: dict[str, Any]) -> None:
    rename = {name: f"{name[::-1]} II" for name in doc["players"]}
    text = json.dumps(doc)
    for old, new in rename.items():
        text = text.replace(f'"{old}"', f'"{new}"')
    original, renamed = score_sitting(doc), score_sitting(json.loads(text))
    assert renamed["totals"] == {rename[p]: v for p, v in original["totals"].items()}
    for a, b in zip(original["deals"], renamed["deals"], strict=True):
        assert b["scores"] == {rename[p]: v for p, v in a["scores"].items()}
        assert b.get("pots") == a.get("pots")
        assert [line["points"] for line in a["lines"]] == [line["points"] for line in b["lines"]]


def without_lines(result: dict[str, Any]) -> dict[str, Any]:
    """The output document of the explained path as the scores path gives it."""
    deals = [{key: value for key, value in deal.items() if key != "lines"} for deal in result["deals"]]
    return {**result, "deals": deals}


@given(sittings)
def test_the_scores_path_gives_the_scores_pots_and_totals_of_the_explained_path(doc: dict[str, Any]) -> None:
    explained = score_sitting(doc)
    assert all(deal["lines"] or deal.get("thrown_in") for deal in explained["deals"]), "a deal played has lines"
    assert score_sitting(doc, breakdown=False) == without_lines(explained)


@given(sittings, st.data())
def test_scoring_the_deals_from_any_deal_on_from_what_the_earlier_carry_gives_the_same(
    doc: dict[str, Any], data: Any
) -> None:
    whole = score_deals(read_sitting(doc))
    cut = data.draw(st.integers(min_value=0, max_value=len(doc["deals"])))
    earlier = score_deals(read_sitting({**doc, "deals": doc["deals"][:cut]}))
    carried = Carried(earlier.pots, earlier.totals, earlier.played)
    later = score_deals(read_sitting({**doc, "deals": doc["deals"][cut:]}, first=cut + 1), before=carried)
    assert later.deals == whole.deals[cut:]
    assert (later.totals, later.pots) == (whole.totals, whole.pots)


@given(sittings)
def test_pots_never_go_negative(doc: dict[str, Any]) -> None:
    result = score_sitting(doc)
    for deal in result["deals"]:
        assert all(amount >= 0 for amount in deal.get("pots", {}).values())


def test_the_generator_covers_every_item_option_penalty_thrown_in_deal_and_four_at_the_table() -> None:
    rng = random.Random(1754)
    for key, variant in VARIANTS.items():
        seen: set[str] = set()
        for _ in range(120):
            doc = random_sitting(rng, key, deals=6)
            score_sitting(doc)
            seen |= {f"players:{len(doc['players'])}"} | {f"option:{k}={v}" for k, v in doc["options"].items()}
            for deal in doc["deals"]:
                seen.add(f"thrown_in:{deal.get('thrown_in', False)}")
                if deal.get("thrown_in"):
                    continue
                seen.add(f"contract:{deal.get('contract')}")
                seen |= {f"{key}:{deal.get(key, spec.default)}" for key, spec in variant.deal_fields.items()}
                for item in deal.get("declarations", []) + deal["events"]:
                    seen |= {f"type:{item['type']}", f"{item['type']}:result:{item.get('result')}"}
                    seen |= {f"penalty:to:{item.get('to')}"} if item["type"] == "penalty" else set()
        wanted = {f"players:{n}" for n in variant.table_sizes} | {"thrown_in:True", "thrown_in:False"}
        wanted |= {f"penalty:to:{pot}" for pot in [None, *variant.pots]}
        wanted |= {f"contract:{c}" for c in variant.contracts} or {"contract:None"}
        wanted |= {f"type:{t}" for t in [*variant.declaration_types, *variant.event_types]}
        for kind, fields in variant.event_types.items():
            if "result" in fields:
                wanted |= {f"{kind}:result:{r}" for r in fields["result"].choices}
        for spec in variant.options:
            values = spec.choices or ([True, False] if spec.kind == "bool" else [])
            wanted |= {f"option:{spec.name}={v}" for v in values} or {
                s for s in seen if s.startswith(f"option:{spec.name}=")
            }
        for key, spec in variant.deal_fields.items():
            values = spec.choices if spec.kind == "choice" else (True, False) if spec.kind == "flag" else ()
            wanted |= {f"{key}:{value}" for value in values}
        assert wanted - seen == set(), key


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-100, 100) | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += paths(inner, (*prefix, index))
    return found


def damage(doc: dict[str, Any], data: Any, junk: Any, within: tuple[object, ...] = ()) -> None:
    """Put ``junk`` in place of one value of the document, anywhere in it (or in its part at ``within``)."""
    inside = [path for path in paths(doc) if len(path) > len(within) and path[: len(within)] == within]
    path = data.draw(st.sampled_from(inside))
    target = doc
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = junk


@given(sittings, st.data(), json_values)
def test_a_damaged_document_is_scored_or_refused_with_problems_never_a_crash(
    doc: dict[str, Any], data: Any, junk: Any
) -> None:
    damage(doc, data, junk)
    try:
        score_sitting(doc)
    except InvalidSitting as refusal:
        assert refusal.problems
        assert all(isinstance(str(p), str) and p.message for p in refusal.problems)
        untranslated = [p for p in refusal.problems if p.reason.render(lambda template: template) != p.message]
        assert untranslated == [], "every reason renders as its English through a translation that changes nothing"


def outcome(doc: dict[str, Any], breakdown: bool) -> object:
    """The output document, or every problem of a refused document."""
    try:
        return score_sitting(doc, breakdown=breakdown)
    except InvalidSitting as refusal:
        return refusal.problems


@given(sittings, st.data(), json_values)
def test_a_damaged_document_is_scored_or_refused_alike_on_both_paths(doc: dict[str, Any], data: Any, junk: Any) -> None:
    damage(doc, data, junk)
    explained, scores_only = outcome(doc, breakdown=True), outcome(doc, breakdown=False)
    if isinstance(explained, tuple):
        assert scores_only == explained
    else:
        assert isinstance(explained, dict)
        assert scores_only == without_lines(explained)


@pytest.mark.parametrize("junk", [None, 3, "x", [], {}, {"variant": None}, {"deals": {}}])
def test_a_document_of_the_wrong_shape_is_refused(junk: Any) -> None:
    with pytest.raises(InvalidSitting):
        score_sitting(junk)


LONE_ITEM_FREE = [key for key, variant in VARIANTS.items() if not variant.lone_item_rules]


@pytest.mark.parametrize("key", LONE_ITEM_FREE)
def test_a_variant_without_lone_item_rules_finds_nothing_wrong_with_one_declaration_and_one_event(key: str) -> None:
    """The reader skips ``check`` for such deals, so every item of every type, alone in its list,
    must pass it under any house rules (of each list 0 or 1 item, drawn anew)."""
    variant, rng = VARIANTS[key], random.Random(key)
    players = ["Anna", "Ben", "Cleo", "Dora"][: max(variant.table_sizes)]
    for number in range(2000):
        deal = random_deal(rng, variant, players, number, items=1)
        try:
            options = random_options(rng, variant)
            sitting = read_sitting({"variant": key, "players": players, "options": options, "deals": [deal]})
        except InvalidSitting:
            continue  # a field out of the format, refused before any rule
        for read in sitting.deals:
            assert list(variant.check(read, sitting.options)) == [], deal


@given(sittings)
def test_every_generated_deal_is_read_in_one_pass(doc: dict[str, Any]) -> None:
    variant, players = VARIANTS[doc["variant"]], tuple(doc["players"])
    quick, seats = deal_format(variant).quick, seating(variant, players)
    for number, raw in enumerate(doc["deals"], start=1):
        assert quick(raw, number, players, seats) is not None, raw


@given(sittings, st.data(), json_values)
def test_a_deal_read_in_one_pass_is_the_deal_read_in_full(doc: dict[str, Any], data: Any, junk: Any) -> None:
    damage(doc, data, junk, within=("deals",))
    variant, players = VARIANTS[doc["variant"]], tuple(doc["players"])
    shape, seats = deal_format(variant), seating(variant, players)
    for number, raw in enumerate(doc["deals"], start=1):
        quick = shape.quick(raw, number, players, seats)
        reader = Reader()
        in_full = read_deal(raw, number, variant, players, reader, shape)
        if quick is not None:
            assert reader.problems == []
            assert quick == in_full
