"""The tournament document: the interchange and archive format of a tournament, as the sitting
document is for a sitting (``docs/tournaments.md`` shows it whole).

``tournament_document`` writes one from a stored tournament; ``import_tournament`` stores one, all
or nothing, after checking all of it: every problem names the round, the table, the deal and the
field (``round 2, table 3: deal 4: card points add up to 77, not 78``). The import takes the
seating as it was played: any table whose size the tournament allows, without re-checking the
layout, the preferred size or the fairness of byes. The export of an import exports the same.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring.club.models import Club, Player
from scoring.engine import VARIANTS, Variant, read_sitting
from scoring.engine.reading import Reader, from_to, is_date, read_options, show
from scoring.engine.reasons import Reason, _, about, alternatives, why
from scoring.engine.refusal import Problem, Refusal
from scoring.limits import (
    CLOSED_EARLY_LENGTH,
    GROUP_LENGTH,
    TOURNAMENT_NAME_LENGTH,
    group_problem,
    name_problem,
    normalise_name,
    quoted,
    text_problem,
)
from scoring.sittings import months
from scoring.sittings.documents import deal_by_index, deal_by_name, with_normalised_names
from scoring.sittings.results import sitting_document
from scoring.sittings.services import User, acting, import_sitting
from scoring.submissions import once
from scoring.tournaments.layout import check_sizes
from scoring.tournaments.models import (
    CLOSED,
    DRAWN,
    MOST_ENTRANTS,
    MOST_ROUNDS,
    MOST_SEED,
    PUBLISHED,
    Entrant,
    Round,
    RoundTable,
    Tournament,
    held,
)
from scoring.tournaments.ranking import AVERAGE, SCORINGS, STATES, tiebreak_problems

FLAGS = ("confirm_deals", "hold_results", "byes_at_tables")
"""The tournament's switches a document carries only when on: a document without one (as every
document written before the switch existed) leaves it off."""
KEYS = frozenset(
    {
        "name",
        "variant",
        "date",
        "options",
        "scoring",
        "tiebreaks",
        "table_sizes",
        "deals_per_dealer",
        "entrants",
        "rounds",
        "bye_points",
        "missed_round_points",
        "preferred_table_size",
        "public",
        "live_standings",
        *FLAGS,
        "seeded_from_round",
        "planned_rounds",
        "seed",
    }
)
ROUND_KEYS = frozenset({"tables", "state", "byes"})
TABLE_KEYS = frozenset({"players", "deals", "closed_early"})
STATE_ORDER = {CLOSED: 0, PUBLISHED: 1, DRAWN: 2}


# --- writing --------------------------------------------------------------------------------


def tournament_document(tournament: Tournament) -> dict[str, Any]:
    """The tournament as a document, everything included, players by name."""
    sizes = list(tournament.table_sizes)
    doc: dict[str, Any] = {
        "name": tournament.name,
        "variant": tournament.variant,
        "date": tournament.date.isoformat(),
        "options": dict(tournament.options),
        "scoring": tournament.scoring,
        "tiebreaks": list(tournament.tiebreaks),
        "table_sizes": sorted(sizes),
        "preferred_table_size": sizes[0],
        "deals_per_dealer": tournament.deals_per_dealer,
        "planned_rounds": tournament.rounds_planned,
        "bye_points": AVERAGE if tournament.bye_average else tournament.bye_points,
        "missed_round_points": tournament.missed_round_points,
        "public": tournament.public,
        "live_standings": tournament.live_standings,
        "seeded_from_round": tournament.seeded_from_round,
        "seed": tournament.seed,
        **{flag: True for flag in FLAGS if getattr(tournament, flag)},
    }
    entrants = list(tournament.entrants.select_related("player").order_by("start_number"))
    by_number = {e.start_number: e.player.display_name for e in entrants}
    doc["entrants"] = [
        {
            "name": e.player.display_name,
            **({"state": e.state} if e.state != "active" else {}),
            **({"group": e.group} if e.group else {}),
        }
        for e in entrants
    ]
    doc["rounds"] = [round_document(r, by_number) for r in tournament.rounds.order_by("number")]
    return doc


def round_document(round_: Round, by_number: Mapping[int, str]) -> dict[str, Any]:
    tables = []
    for table in round_.tables.select_related("sitting").order_by("number"):
        sitting = sitting_document(table.sitting)
        entry: dict[str, Any] = {"players": sitting["players"], "deals": sitting["deals"]}
        if table.closed_early:
            entry["closed_early"] = table.closed_early
        tables.append(entry)
    out: dict[str, Any] = {"state": round_.state, "tables": tables}
    if round_.byes:
        out["byes"] = [by_number[n] for n in round_.byes]
    return out


# --- reading --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Place:
    """Where in the document a problem is: a round, a table of it, an entrant (numbers from 1)."""

    round: int | None = None
    table: int | None = None
    entrant: int | None = None


DOCUMENT = Place()


class Check:
    """Collects the problems of one document."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, place: Place, field: str | None, reason: Reason) -> None:
        self.problems.append(Problem(None, field, reason, round=place.round, table=place.table, entrant=place.entrant))

    def found(self, place: Place, problem: Problem) -> None:
        """A problem found by another reader (the engine's, of the options or a table's deals)."""
        self.problems.append(replace(problem, round=place.round, table=place.table, entrant=place.entrant))


def whole(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def not_among(value: object, values: Sequence[object]) -> Reason:
    """A value that is none of ``values``, listed by their names (not quoted, as the document's keys)."""
    return why(_("{value} is not one of {values}"), value=show(value), values=", ".join(map(str, values)))


def read_settings(doc: Mapping[str, Any], check: Check) -> tuple[Variant | None, list[int], dict[str, Any]]:
    """The tournament's own fields: its variant, table sizes (preferred first) and house rules."""
    for unknown in set(doc) - KEYS:
        check.add(DOCUMENT, str(unknown), why(_("unknown key")))
    name = doc.get("name")
    kept = normalise_name(name) if isinstance(name, str) else ""
    if not kept or len(kept) > TOURNAMENT_NAME_LENGTH:
        check.add(DOCUMENT, "name", why(_("give the tournament a name of 1 to 100 characters")))
    elif named := name_problem(kept, TOURNAMENT_NAME_LENGTH):
        check.add(DOCUMENT, "name", named)
    said = doc.get("variant")
    variant = VARIANTS.get(said) if isinstance(said, str) else None
    if variant is None:
        check.add(DOCUMENT, "variant", not_among(doc.get("variant"), list(VARIANTS)))
    if not is_date(doc.get("date")):
        check.add(DOCUMENT, "date", why(_("{value} is not a date written YYYY-MM-DD"), value=show(doc.get("date"))))
    scoring = doc.get("scoring", SCORINGS[0])
    if scoring not in SCORINGS:
        check.add(DOCUMENT, "scoring", not_among(scoring, SCORINGS))
    tiebreaks = doc.get("tiebreaks", [])
    if not isinstance(tiebreaks, list) or not all(isinstance(t, str) for t in tiebreaks):
        check.add(DOCUMENT, "tiebreaks", why(_("must be a list of tiebreak names")))
    elif variant is not None:
        for reason in tiebreak_problems(tiebreaks, variant.declarer_game):
            check.add(DOCUMENT, "tiebreaks", reason)
    sizes: list[int] = []
    given = doc.get("table_sizes")
    try:
        sizes = list(check_sizes(given if isinstance(given, list) else []))
    except Refusal as refusal:
        for problem in refusal.problems:
            check.add(DOCUMENT, "table_sizes", problem.reason)
    except TypeError:  # sizes that are not even comparable: lists, objects
        check.add(DOCUMENT, "table_sizes", why(_("must be a list of table sizes: 2, or 3 and 4")))
    if variant is not None and sizes and not set(sizes) <= set(variant.table_sizes):
        played = why(
            _("{game} is played at tables of {sizes}"), game=variant.key, sizes=alternatives(variant.table_sizes)
        )
        check.add(DOCUMENT, "table_sizes", played)
    preferred = doc.get("preferred_table_size", sizes[0] if sizes else None)
    if sizes and preferred not in sizes:
        check.add(
            DOCUMENT, "preferred_table_size", why(_("{value} is not one of the table sizes"), value=show(preferred))
        )
    elif sizes:
        sizes = [preferred, *(n for n in sizes if n != preferred)]
    for key, low, high in (
        ("deals_per_dealer", 1, 20),
        ("missed_round_points", -10_000, 10_000),
        ("seed", 0, MOST_SEED),
    ):
        if key in doc and not whole(doc[key], low, high):
            check.add(DOCUMENT, key, from_to(low, high, doc[key]))
    if "planned_rounds" in doc and not whole(doc["planned_rounds"], 1, MOST_ROUNDS):
        check.add(DOCUMENT, "planned_rounds", why(_("must be a whole number from 1 to {most}"), most=MOST_ROUNDS))
    if (
        "seeded_from_round" in doc
        and doc["seeded_from_round"] is not None
        and not whole(doc["seeded_from_round"], 1, MOST_ROUNDS)
    ):
        said = why(_("must be a round's number or null, not {value}"), value=show(doc["seeded_from_round"]))
        check.add(DOCUMENT, "seeded_from_round", said)
    bye = doc.get("bye_points", 0)
    if bye != AVERAGE and not whole(bye, -10_000, 10_000):
        check.add(DOCUMENT, "bye_points", why(_('must be a whole number or "average", not {value}'), value=show(bye)))
    for key in ("public", "live_standings", *FLAGS):
        if key in doc and not isinstance(doc[key], bool):
            check.add(DOCUMENT, key, why(_("must be true or false, not {value}"), value=show(doc[key])))
    options: dict[str, Any] = {}
    if variant is not None:
        reader = Reader()
        read = read_options(doc.get("options", {}), variant, reader)
        for refused in reader.problems:
            check.found(DOCUMENT, refused)
        options = read.as_dict() if read is not None else {}
    return variant, sizes, options


def read_entrants(value: object, check: Check) -> list[dict[str, str]]:
    if not isinstance(value, list):
        check.add(DOCUMENT, "entrants", why(_("must be a list of entrants")))
        return []
    if len(value) > MOST_ENTRANTS:
        check.add(DOCUMENT, "entrants", why(_("at most {most} entrants"), most=MOST_ENTRANTS))
    found: list[dict[str, str]] = []
    seen: set[str] = set()
    for number, entry in enumerate(value, start=1):
        where = Place(entrant=number)
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            check.add(where, None, why(_('must be an object with a "name"')))
            continue
        unknown = set(entry) - {"name", "state", "group"}
        if unknown:
            check.add(where, None, why(_("unknown keys {keys}"), keys=", ".join(sorted(unknown))))
        name = normalise_name(entry["name"])
        problem = name_problem(name)
        if problem:
            check.add(where, None, about(quoted(entry["name"]), problem))
        elif name.casefold() in seen:
            check.add(where, None, why(_("{name} is entered twice"), name=show(name)))
        seen.add(name.casefold())
        state = entry.get("state", "active")
        if state not in STATES:
            check.add(
                where, None, why(_("state {value} is not one of {values}"), value=show(state), values=", ".join(STATES))
            )
        group = entry.get("group", "")
        if not isinstance(group, str) or len(normalise_name(group)) > GROUP_LENGTH:
            check.add(where, None, why(_("the group must be a text of at most 40 characters")))
        elif problem := group_problem(normalise_name(group)):
            check.add(where, None, about(quoted(group), problem))
        found.append({"name": name, "state": str(state), "group": normalise_name(str(group))})
    return found


def read_rounds(
    value: object,
    variant: Variant,
    sizes: Sequence[int],
    options: Mapping[str, Any],
    per_dealer: int,
    names: set[str],
    check: Check,
) -> None:
    """Check every round, table and deal (the deals by the engine, as a sitting of the table)."""
    if not isinstance(value, list):
        check.add(DOCUMENT, "rounds", why(_("must be a list of rounds")))
        return
    if len(value) > MOST_ROUNDS:
        check.add(DOCUMENT, "rounds", why(_("at most {most} rounds"), most=MOST_ROUNDS))
    states = []
    for number, raw in enumerate(value, start=1):
        where = Place(round=number)
        if not isinstance(raw, dict):
            check.add(where, None, why(_("must be an object with its tables")))
            continue
        for key in set(raw) - ROUND_KEYS:
            check.add(where, None, why(_("{key} is not a field of a round"), key=show(key)))
        state = raw.get("state", CLOSED)
        if state not in STATE_ORDER:
            said = why(_("state {value} is not one of {values}"), value=show(state), values=", ".join(STATE_ORDER))
            check.add(where, None, said)
        states.append(STATE_ORDER.get(state, 0))
        seated: set[str] = set()
        tables = raw.get("tables")
        if not isinstance(tables, list) or not tables:
            check.add(where, None, why(_("must list its tables")))
            continue
        for index, table in enumerate(tables, start=1):
            at = Place(round=number, table=index)
            read_table(table, at, variant, sizes, options, per_dealer, names, seated, state, check)
        byes = raw.get("byes", [])
        if not isinstance(byes, list) or not all(
            isinstance(b, str) and normalise_name(b).casefold() in names - seated for b in byes
        ):
            check.add(where, None, why(_("byes must name entrants seated at no table of the round")))
    if states != sorted(states) or states.count(1) + states.count(2) > 1:
        check.add(DOCUMENT, "rounds", why(_("closed rounds come first, then at most one published or drawn round")))


def read_table(
    table: object,
    where: Place,
    variant: Variant,
    sizes: Sequence[int],
    options: Mapping[str, Any],
    per_dealer: int,
    names: set[str],
    seated: set[str],
    state: object,
    check: Check,
) -> None:
    if not isinstance(table, dict):
        check.add(where, None, why(_("must be an object with its players and deals")))
        return
    for key in set(table) - TABLE_KEYS:
        check.add(where, None, why(_("{key} is not a field of a table"), key=show(key)))
    players = table.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        check.add(where, None, why(_("players must be a list of entrants' names")))
        return
    keys = [normalise_name(p).casefold() for p in players]
    for player, key in zip(players, keys, strict=True):
        if key not in names:
            check.add(where, None, why(_("{name} is not an entrant"), name=show(player)))
        elif key in seated:
            check.add(where, None, why(_("{name} sits at two tables of the round"), name=show(player)))
        seated.add(key)
    if len(players) not in sizes:
        said = why(
            _("a table of {count}: the tournament plays at tables of {sizes}"),
            count=len(players),
            sizes=alternatives(sizes),
        )
        check.add(where, None, said)
        return
    deals = table.get("deals", [])
    due = len(players) * per_dealer
    if not isinstance(deals, list):
        check.add(where, None, why(_("deals must be a list")))
        return
    # deals thrown in are no deals played: a table plays its deals due besides them
    played = sum(not (isinstance(deal, dict) and deal.get("thrown_in") is True) for deal in deals)
    if played > due:
        said = why(
            _("{count} deals, but a table of {players} plays {due}"), count=played, players=len(players), due=due
        )
        check.add(where, None, said)
    closed_early = table.get("closed_early")
    if closed_early is not None and (not isinstance(closed_early, str) or not normalise_name(closed_early)):
        check.add(where, None, why(_("closed_early must give the reason")))
    elif isinstance(closed_early, str) and (why_not := text_problem(normalise_name(closed_early), CLOSED_EARLY_LENGTH)):
        check.add(where, None, about("closed_early", why_not))
    if state == CLOSED and played < due and not closed_early:
        said = why(
            _("{count} of {due} deals in a closed round: give the reason it closed early (closed_early)"),
            count=played,
            due=due,
        )
        check.add(where, None, said)
    if state == DRAWN and deals:
        check.add(where, None, why(_("a drawn round has no deals yet")))
    written = normalised(table, variant)
    try:
        read_sitting(
            {"variant": variant.key, "players": written["players"], "options": dict(options), "deals": written["deals"]}
        )
    except Refusal as refusal:
        for problem in refusal.problems:
            check.found(where, problem)


def check_document(doc: object) -> tuple[Variant, list[int], dict[str, Any], list[dict[str, str]]]:
    """Everything the import needs, or a :class:`Refusal` with every problem."""
    check = Check()
    if not isinstance(doc, dict):
        raise Refusal.because(_("a tournament document must be a JSON object"))
    variant, sizes, options = read_settings(doc, check)
    entrants = read_entrants(doc.get("entrants"), check)
    if variant is not None and sizes:
        names = {e["name"].casefold() for e in entrants}
        per_dealer = doc.get("deals_per_dealer", 4)
        read_rounds(
            doc.get("rounds", []), variant, sizes, options, per_dealer if whole(per_dealer, 1, 20) else 4, names, check
        )
    if check.problems:
        raise Refusal(check.problems)
    assert variant is not None
    return variant, sizes, options, entrants


def normalised(table: Mapping[str, Any], variant: Variant) -> dict[str, Any]:
    """A table's players and deals with every name normalised wherever it stands."""
    doc = with_normalised_names(
        {"variant": variant.key, "players": list(table["players"]), "deals": list(table.get("deals", []))}
    )
    assert isinstance(doc, dict)
    return doc


# --- storing --------------------------------------------------------------------------------


def import_tournament(club: Club, doc: Any, *, user: User, key: str = "") -> Tournament:
    """Store a whole tournament document, all or nothing (players matched by name in the club and
    made where missing). The form's ``key`` sent again returns the tournament the first send
    imported."""
    variant, sizes, options, entrants = check_document(doc)
    rounds = doc.get("rounds", [])
    bye = doc.get("bye_points", 0)

    def write() -> Tournament:
        tournament = Tournament.objects.create(
            club=club,
            name=normalise_name(doc["name"]),
            variant=variant.key,
            date=datetime.date.fromisoformat(doc["date"]),
            options=options,
            scoring=doc.get("scoring", SCORINGS[0]),
            tiebreaks=list(doc.get("tiebreaks", [])),
            table_sizes=sizes,
            deals_per_dealer=doc.get("deals_per_dealer", 4),
            rounds_planned=doc.get("planned_rounds", max(len(rounds), 1)),
            bye_points=0 if bye == AVERAGE else bye,
            bye_average=bye == AVERAGE,
            missed_round_points=doc.get("missed_round_points", 0),
            public=doc.get("public", False),
            live_standings=doc.get("live_standings", False),
            **{flag: doc.get(flag, False) for flag in FLAGS},
            seeded_from_round=doc.get("seeded_from_round"),
            seed=doc.get("seed", 0),
            numbers_given=len(entrants),
            created_by=acting(user),
        )
        players = {p.display_name.casefold(): p for p in club.players.all()}
        numbers: dict[str, int] = {}
        for number, entry in enumerate(entrants, start=1):
            player = players.get(entry["name"].casefold()) or Player.objects.create(
                club=club, display_name=entry["name"]
            )
            Entrant.objects.create(
                tournament=tournament, player=player, start_number=number, state=entry["state"], group=entry["group"]
            )
            numbers[player.display_name.casefold()] = number
            players[entry["name"].casefold()] = player
        for number, raw in enumerate(rounds, start=1):
            store_round(tournament, number, raw, players, numbers, user)
        return tournament

    imported = once(club, key, write).result
    assert imported is not None
    return imported


def store_round(
    tournament: Tournament,
    number: int,
    raw: Mapping[str, Any],
    players: Mapping[str, Player],
    numbers: Mapping[str, int],
    user: User,
) -> None:
    round_ = Round.objects.create(
        tournament=tournament,
        number=number,
        state=raw.get("state", CLOSED),
        byes=sorted(numbers[normalise_name(name).casefold()] for name in raw.get("byes", [])),
    )
    variant = tournament.rules
    for index, table in enumerate(raw["tables"], start=1):
        written = normalised(table, variant)
        kept = [players[name.casefold()].display_name for name in written["players"]]
        deals = [deal_by_name(deal_by_index(d, variant, written["players"]), variant, kept) for d in written["deals"]]
        sitting = import_sitting(
            tournament.club,
            {
                "variant": variant.key,
                "players": kept,
                "options": tournament.options,
                "date": tournament.date.isoformat(),
                "deals": deals,
            },
            user=user,
        )
        sitting.deals_due = tournament.deals_due(len(kept))
        sitting.held = held(number, round_.state, closed_early=bool(table.get("closed_early")))
        sitting.save(update_fields=["deals_due", "held"])
        RoundTable.objects.create(
            round=round_, number=index, sitting=sitting, closed_early=normalise_name(table.get("closed_early") or "")
        )
        months.refresh_sitting(sitting)  # its months count it as a tournament's table now
