"""Everything that writes a tournament: creating it, entrants, draws, publishing and closing.

Each function is one transaction and every write a form makes is keyed (``scoring.submissions``).
Refusals are :class:`~scoring.engine.refusal.Refusal`, in words a tournament director understands. Deals at the
tables are entered and corrected by the services of sittings, like any sitting's.
"""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.db.models import Min
from django.utils import timezone

from scoring.club.changes import changing
from scoring.club.models import Club, Player
from scoring.club.services import checked_names
from scoring.engine import VARIANTS
from scoring.engine.reading import Reader, read_options
from scoring.engine.reasons import _, alternatives, by_count, why
from scoring.engine.refusal import Problem, Refusal
from scoring.limits import (
    CLOSED_EARLY_LENGTH,
    TOURNAMENT_NAME_LENGTH,
    group_problem,
    name_key,
    name_problem,
    normalise_name,
    text_problem,
)
from scoring.ratings.stored import rerate
from scoring.sittings import months
from scoring.sittings.models import Sitting
from scoring.sittings.services import User, acting, start_sitting
from scoring.spreadsheets.reader import NameList
from scoring.submissions import Done, once
from scoring.tournaments import draw as drawing
from scoring.tournaments.layout import check_sizes
from scoring.tournaments.models import (
    ACTIVE,
    CLOSED,
    DRAWN,
    MOST_ENTRANTS,
    MOST_SEED,
    PUBLISHED,
    Entrant,
    Round,
    RoundTable,
    Tournament,
    held,
    new_token,
)
from scoring.tournaments.ranking import SCORINGS, STATES, tiebreak_problems
from scoring.tournaments.results import removable_entrants, seating, standings, unconfirmed


@dataclass(frozen=True)
class Settings:
    """What a director chooses when creating a tournament (the tournament document's fields)."""

    name: str
    variant: str
    date: datetime.date
    options: dict[str, Any]
    scoring: str
    tiebreaks: Sequence[str]
    table_sizes: Sequence[int]
    deals_per_dealer: int = 4
    rounds: int = 4
    bye_points: int = 0
    bye_average: bool = False
    missed_round_points: int = 0
    public: bool = False
    live_standings: bool = False
    hold_results: bool = False
    confirm_deals: bool = True
    byes_at_tables: bool = False
    seeded_from_round: int | None = None
    seed: int | None = None


def settings_problems(chosen: Settings) -> list[Problem]:
    """Every reason the settings cannot make a tournament, in words for the director, each with
    the setting it concerns (the field of the tournament form)."""
    found = []
    named = name_problem(normalise_name(chosen.name), TOURNAMENT_NAME_LENGTH)
    if named:
        found.append(Problem(None, "name", named))
    variant = VARIANTS.get(chosen.variant)
    if variant is None:
        return [*found, Problem(None, "variant", why(_("{game} is not a game of the site."), game=chosen.variant))]
    try:
        sizes = check_sizes(chosen.table_sizes)
    except Refusal as refusal:
        found += [replace(problem, field="table_sizes") for problem in refusal.problems]
    else:
        if not set(sizes) <= set(variant.table_sizes):
            played = why(
                _("{game} is played at tables of {sizes}."), game=variant.name, sizes=alternatives(variant.table_sizes)
            )
            found.append(Problem(None, "table_sizes", played))
    if chosen.scoring not in SCORINGS:
        found.append(Problem(None, "scoring", why(_("{scoring} is not a way of scoring."), scoring=chosen.scoring)))
    found += [
        Problem(None, "tiebreaks", reason) for reason in tiebreak_problems(chosen.tiebreaks, variant.declarer_game)
    ]
    reader = Reader()
    read_options(chosen.options, variant, reader)
    found += reader.problems
    if chosen.seeded_from_round is not None and not 1 <= chosen.seeded_from_round <= chosen.rounds:
        found.append(Problem(None, "seeded_from_round", why(_("Seeded rounds start at one of the rounds played."))))
    if chosen.seed is not None and not 0 <= chosen.seed <= MOST_SEED:
        found.append(Problem(None, "seed", why(_("The seed is a whole number from 0 to {most}."), most=MOST_SEED)))
    return found


def create_tournament(club: Club, chosen: Settings, *, user: User, key: str = "") -> Tournament:
    """A new tournament with its house rules written out (the engine's defaults filled in)."""
    problems = settings_problems(chosen)
    if problems:
        raise Refusal(problems)
    reader = Reader()
    options = read_options(chosen.options, VARIANTS[chosen.variant], reader)
    assert options is not None

    def write() -> Tournament:
        return Tournament.objects.create(
            club=club,
            variant=chosen.variant,
            options=options.as_dict(),
            **_settings_fields(chosen),
            seed=secrets.randbelow(MOST_SEED + 1) if chosen.seed is None else chosen.seed,
            created_by=acting(user),
        )

    created = once(club, key, write).result
    assert created is not None
    return created


def change_settings(tournament: Tournament, chosen: Settings) -> bool:
    """Change the tournament's settings (not its game) until round 1 is published. A round 1
    drawn already stays when only what its draw does not depend on changed (the name, the date,
    the scoring, the public page; its tables move to the new date); otherwise it is drawn no more
    (its tables go, and the plan with them), and whether it went is returned, so that the
    director is told to draw it again."""
    _refuse_if_closed(tournament)
    problems = settings_problems(replace(chosen, variant=tournament.variant))
    if problems:
        raise Refusal(problems)
    reader = Reader()
    options = read_options(chosen.options, VARIANTS[tournament.variant], reader)
    assert options is not None
    with changing(tournament.club_id):
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if locked.rounds.exclude(state=DRAWN).exists():
            raise Refusal.because(_("Round 1 is published: the settings stay as they are."))
        fields = {**_settings_fields(chosen), "options": options.as_dict()}
        drawn = locked.rounds.first()
        undrawn = drawn is not None and any(getattr(locked, name) != fields[name] for name in DRAW_DEPENDS_ON)
        if undrawn:
            assert drawn is not None
            _undraw(drawn)
            locked.plan = []
        for field, value in fields.items():
            setattr(locked, field, value)
        locked.save()
        # a round 1 that stays drawn is played on the new date: its tables' sittings (no deal yet)
        # are dated as the tournament, which the ledger and the ratings read
        tables = Sitting.objects.filter(round_table__round__tournament=locked)
        with months.kept(tables):
            tables.update(date=locked.date)
    return undrawn


DRAW_DEPENDS_ON = (
    "table_sizes",
    "byes_at_tables",
    "rounds_planned",
    "seeded_from_round",
    "deals_per_dealer",
    "confirm_deals",
    "options",
)
"""The settings a drawn round's seating or its tables' sittings were made from."""


def _settings_fields(chosen: Settings) -> dict[str, Any]:
    """The tournament's fields the director chooses, as ``chosen`` sets them (the house rules apart)."""
    return {
        "name": normalise_name(chosen.name),
        "date": chosen.date,
        "scoring": chosen.scoring,
        "tiebreaks": list(chosen.tiebreaks),
        "table_sizes": list(chosen.table_sizes),
        "deals_per_dealer": chosen.deals_per_dealer,
        "rounds_planned": chosen.rounds,
        "bye_points": chosen.bye_points,
        "bye_average": chosen.bye_average,
        "missed_round_points": chosen.missed_round_points,
        "public": chosen.public,
        "live_standings": chosen.live_standings,
        "hold_results": chosen.hold_results,
        "confirm_deals": chosen.confirm_deals,
        "byes_at_tables": chosen.byes_at_tables,
        "seeded_from_round": chosen.seeded_from_round,
    }


def _refuse_if_closed(tournament: Tournament) -> None:
    if tournament.is_closed:
        raise Refusal.because(_("The tournament is closed."))


# --- entrants -------------------------------------------------------------------------------


def add_entrant(
    tournament: Tournament, *, player: Player | None = None, name: str = "", group: str = "", key: str = ""
) -> Entrant:
    """Enter a club player, or a guest by name (the club's player of that name whatever its
    capitals, or one made for him). The start number is the next one, never reused; an entrant
    joins at the next round that is drawn. The name and the group are normalised and checked as
    on every path (``scoring.limits``)."""
    _refuse_if_closed(tournament)
    if player is None:
        name = normalise_name(name)
        problem = name_problem(name)
        if problem:
            raise Refusal.because(problem, field="name")
    group = normalise_name(group)
    grouped = group_problem(group)
    if grouped:
        raise Refusal.because(grouped, field="group")

    def write() -> Entrant:
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        who = player or locked.club.players.called(name) or Player.objects.create(club=locked.club, display_name=name)
        if locked.entrants.filter(player=who).exists():
            raise Refusal.because(_("{name} has entered already."), name=who.display_name)
        if locked.entrants.count() >= MOST_ENTRANTS:
            raise Refusal.because(_("A tournament takes at most {most} entrants."), most=MOST_ENTRANTS)
        return Entrant.objects.create(tournament=locked, player=who, start_number=_numbers(locked, 1), group=group)

    entered = once(tournament.club, key, write).result
    if entered is None:  # this form entered him before, and he was removed since
        raise Refusal.because(_("This form was sent before, and the entrant it entered was removed since."))
    return entered


def import_entrants(tournament: Tournament, names: NameList, *, key: str = "") -> tuple[int, int]:
    """Enter every name of a list (making the club players it lacks), all or nothing; names who
    entered already are left. Returns how many entered and how many were there already. A list
    that would make more than ``MOST_ENTRANTS`` entrants enters nobody, as one by one."""
    _refuse_if_closed(tournament)
    listed = checked_names(names)
    club = tournament.club

    def write() -> None:
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        known = club.players.by_name()
        entered = set(locked.entrants.values_list("player_id", flat=True))
        known_ids = {key: player.pk for key, player in known.items()}
        new = {name_key(name) for name, _item in listed if known_ids.get(name_key(name)) not in entered}
        if len(entered) + len(new) > MOST_ENTRANTS:
            said = _("A tournament takes at most {most} entrants: with this list it would have {count}.")
            raise Refusal.because(said, most=MOST_ENTRANTS, count=len(entered) + len(new))
        top = _numbers(locked, len(new)) - 1
        for name, _item in listed:
            player = known.get(name_key(name)) or Player.objects.create(club=club, display_name=name)
            known[name_key(name)] = player
            if player.pk not in entered:
                top += 1
                Entrant.objects.create(tournament=locked, player=player, start_number=top)
                entered.add(player.pk)

    before = tournament.entrants.count()
    if not once(club, key, write).first:
        return 0, len(listed)
    added = tournament.entrants.count() - before
    return added, len(listed) - added


def _numbers(locked: Tournament, count: int) -> int:
    """The first of ``count`` new start numbers, the ones after every number given so far (a
    removed entrant's too: numbers are never given twice), taken for the tournament (locked)."""
    first = locked.numbers_given + 1
    locked.numbers_given += count
    Tournament.objects.filter(pk=locked.pk).update(numbers_given=locked.numbers_given)
    return first


def enter_players(tournament: Tournament, players: Sequence[Player], *, key: str = "") -> int:
    """Enter the club's players chosen (the director unticks who is absent) in one step, in the
    order given, all or nothing; players who entered already are left. Returns how many entered
    (none when the form's ``key`` was sent before)."""
    _refuse_if_closed(tournament)
    strangers = [p.display_name for p in players if p.club_id != tournament.club_id]
    if strangers:
        said = by_count(len(strangers), _("{names} is not of this club."), _("{names} are not of this club."))
        raise Refusal.because(said, names=", ".join(strangers))

    def write() -> None:
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        entered = set(locked.entrants.values_list("player_id", flat=True))
        new = [p for p in dict.fromkeys(players) if p.pk not in entered]
        if len(entered) + len(new) > MOST_ENTRANTS:
            said = _("A tournament takes at most {most} entrants: with these it would have {count}.")
            raise Refusal.because(said, most=MOST_ENTRANTS, count=len(entered) + len(new))
        first = _numbers(locked, len(new))
        Entrant.objects.bulk_create(
            Entrant(tournament=locked, player=player, start_number=first + n) for n, player in enumerate(new)
        )

    before = tournament.entrants.count()
    once(tournament.club, key, write)
    return tournament.entrants.count() - before


def remove_entrant(entrant: Entrant) -> None:
    """Remove an entrant entered by mistake, while no round that seats him or gives him a bye is
    drawn; afterwards he can only withdraw (his rounds are part of the tournament). His start
    number is not given again."""
    _refuse_if_closed(entrant.tournament)
    with changing(entrant.tournament.club_id):
        locked = Entrant.objects.select_for_update().select_related("player", "tournament").get(pk=entrant.pk)
        if locked.pk not in removable_entrants(locked.tournament):
            said = _("{name} is in a round drawn already: withdraw him instead.")
            raise Refusal.because(said, name=locked.player.display_name)
        locked.delete()


def set_state(entrant: Entrant, state: str) -> Entrant:
    """Withdraw, disqualify or reinstate an entrant; his tables' results stay for everyone."""
    if state not in STATES:
        raise Refusal.because(_("{state} is not a state of an entrant."), state=state)
    _refuse_if_closed(entrant.tournament)
    with changing(entrant.tournament.club_id):
        entrant.state = state
        entrant.save(update_fields=["state"])
    return entrant


# --- rounds ---------------------------------------------------------------------------------


class _Changed(Exception):
    """What a draw was planned from changed before it was stored: plan it again."""


@dataclass(frozen=True)
class DrawInputs:
    """Everything the next draw depends on, read from the tournament as it stands: read once to
    plan the draw without a lock, and again under the lock to store it only if nothing changed."""

    number: int
    seed: int
    again: Round | None
    """The drawn round that is drawn again (deleted when the new one is stored), if any."""
    entrants: list[tuple[int, str, str]]
    """Every entrant's start number, state and group, in start-number order."""
    history: list[tuple[tuple[int, ...], ...]]
    byes: list[list[int]]
    ranking: list[int] | None
    table_sizes: list[int]
    byes_at_tables: bool
    rounds_planned: int
    seeded_from_round: int | None
    plan: list[list[list[int]]]

    @property
    def active(self) -> list[int]:
        return [number for number, state, _group in self.entrants if state == ACTIVE]


def round_seed(seed: int) -> int:
    """A round's seed as stored: the tournament's seed plus 1000 × the round, or the previous one
    plus one for *draw again*, kept within ``MOST_SEED`` (so that it fits a database integer)."""
    return seed % (MOST_SEED + 1)


def draw_inputs(tournament: Tournament) -> DrawInputs:
    """What the next draw is drawn from: the next round, or the drawn round drawn again (with the
    next seed); refused while a round is published or when every round is drawn."""
    last = tournament.rounds.order_by("-number").first()
    if last is not None and last.state == PUBLISHED:
        raise Refusal.because(_("Close round {number} before drawing the next."), number=last.number)
    again = last if last is not None and last.state == DRAWN else None
    if again is not None:
        number, seed = again.number, round_seed(again.seed + 1)
    else:
        number = (last.number if last else 0) + 1
        if number > tournament.rounds_planned:
            raise Refusal.because(_("All {rounds} rounds are drawn."), rounds=tournament.rounds_planned)
        seed = round_seed(tournament.seed + 1000 * number)
    entrants = list(tournament.entrants.order_by("start_number").values_list("start_number", "state", "group"))
    played = list(tournament.rounds.filter(number__lt=number).order_by("number"))
    return DrawInputs(
        number=number,
        seed=seed,
        again=again,
        entrants=entrants,
        history=[tuple(seating(r)) for r in played],
        byes=[sorted(r.byes) for r in played],
        ranking=_ranking(tournament, number),
        table_sizes=list(tournament.table_sizes),
        byes_at_tables=tournament.byes_at_tables,
        rounds_planned=tournament.rounds_planned,
        seeded_from_round=tournament.seeded_from_round,
        plan=tournament.plan,
    )


def draw_round(tournament: Tournament, *, user: User, key: str = "") -> Round:
    """Draw the next round, or draw again the round that is drawn but not yet published (with the
    next seed, recorded). The first draw makes the whole plan at once where it can; later rounds
    follow the plan while the entrants and the rounds played are the plan's, else they are drawn
    against every earlier round as it was played.

    The draw is planned before the club's write lock is taken (a big one takes seconds, and every
    deal at the club's tables would wait for it), then stored under the lock only if what it was
    planned from is unchanged; if it changed meanwhile, it is planned again. The form's ``key``
    sent again answers with the round drawn now, which is the first send's unless it was drawn
    again since."""
    _refuse_if_closed(tournament)
    for _attempt in range(3):
        try:
            drawn = _plan_and_store(tournament, user, key)
        except _Changed:
            continue
        last = drawn or tournament.rounds.order_by("-number").first()
        if last is None:  # the round this form drew went with a change of the settings
            raise Refusal.because(_("The round this form drew is drawn no more: draw it again."))
        return last
    raise Refusal.because(_("The entrants or the rounds changed while the round was drawn: draw it again."))


def _plan_and_store(tournament: Tournament, user: User, key: str) -> Round | None:
    """One try of ``draw_round``: plan without a lock, then store if nothing changed (else
    ``_Changed``). ``None``: the round an earlier send of the form drew has been drawn again."""
    inputs: DrawInputs | None = None
    planned: tuple[tuple[tuple[int, ...], ...], list[list[list[int]]] | None] | Refusal
    try:
        inputs = draw_inputs(Tournament.objects.get(pk=tournament.pk))
        planned = _plan_draw(inputs)
    except Refusal as refusal:
        planned = refusal  # said again under the lock, unless an earlier send of the form drew

    def write() -> Round:
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if draw_inputs(locked) != inputs:
            raise _Changed
        if isinstance(planned, Refusal):
            raise planned
        assert inputs is not None
        return _store_draw(locked, inputs, *planned, user)

    return once(tournament.club, key, write).result


def _plan_draw(inputs: DrawInputs) -> tuple[tuple[tuple[int, ...], ...], list[list[list[int]]] | None]:
    """The round's tables as start numbers in seat order, and the whole plan when this is the
    first draw (``None`` otherwise): the slow part of a draw, reading nothing."""
    active = inputs.active
    groups = {number: group for number, _state, group in inputs.entrants if group}
    number, sizes, allow = inputs.number, inputs.table_sizes, inputs.byes_at_tables
    byes = {n: sum(n in round_byes for round_byes in inputs.byes) for n in active}
    if number == 1 and inputs.again is None:
        plan = drawing.draw_plan(
            active, inputs.rounds_planned, sizes, seed=inputs.seed, groups=groups, byes=byes, allow_byes=allow
        )
        return tuple(tuple(table) for table in plan[0]), [[list(table) for table in r] for r in plan]
    if inputs.again is None and _plan_holds(inputs.plan, inputs.seeded_from_round, active, inputs.history, number):
        return tuple(tuple(table) for table in inputs.plan[number - 1]), None
    tables = drawing.draw_round(
        active,
        sizes,
        seed=inputs.seed,
        history=inputs.history,
        groups=groups,
        byes=byes,
        ranking=inputs.ranking,
        allow_byes=allow,
    )
    return tuple(tuple(table) for table in tables), None


def _store_draw(
    tournament: Tournament,
    inputs: DrawInputs,
    tables: tuple[tuple[int, ...], ...],
    plan: list[list[list[int]]] | None,
    user: User,
) -> Round:
    """Store a planned draw (the caller holds the lock and has checked nothing changed): the drawn
    round it draws again goes, the plan of a first draw is kept, the round and its tables made."""
    if inputs.again is not None:
        _undraw(inputs.again)
    if plan is not None:
        tournament.plan = plan
        tournament.save(update_fields=["plan"])
    seated = {n for table in tables for n in table}
    number = inputs.number
    byes = sorted(set(inputs.active) - seated)
    round_ = Round.objects.create(tournament=tournament, number=number, seed=inputs.seed, byes=byes)
    by_number = {e.start_number: e.player for e in tournament.entrants.select_related("player")}
    for index, table in enumerate(tables, start=1):
        sitting = start_sitting(
            tournament.club,
            tournament.variant,
            [by_number[n] for n in table],
            user=user,
            date=tournament.date,
            options=tournament.options,
            deals_due=tournament.deals_due(len(table)),
            held=held(number, DRAWN),
            confirms=tournament.confirm_deals,
        )
        RoundTable.objects.create(round=round_, number=index, sitting=sitting)
    return round_


def _undraw(round_: Round) -> None:
    """Delete a drawn round that was never published, with its tables and their empty sittings."""
    with months.kept(Sitting.objects.filter(round_table__round=round_)):
        for table in round_.tables.select_related("sitting"):
            table.delete()
            table.sitting.delete()
    round_.delete()


def _plan_holds(
    plan: list[list[list[int]]],
    seeded_from_round: int | None,
    active: list[int],
    history: list[tuple[tuple[int, ...], ...]],
    number: int,
) -> bool:
    """Whether round ``number`` can come from the plan: the plan's entrants exactly, every round so
    far played as planned, and not a seeded round."""
    if len(plan) < number or (seeded_from_round and number >= seeded_from_round):
        return False
    planned = {n for r in plan for table in r for n in table}
    as_played = [sorted(map(sorted, r)) for r in history]
    return set(active) == planned and as_played == [sorted(map(sorted, r)) for r in plan[: number - 1]]


def _ranking(tournament: Tournament, number: int) -> list[int] | None:
    """Start numbers best first for a seeded round, from the standings so far."""
    if not tournament.seeded_from_round or number < tournament.seeded_from_round:
        return None
    return [line.entrant.start_number for line in standings(tournament) if line.place is not None]


def publish_round(round_: Round) -> Round:
    """Make a drawn round's seating public; its tables play and enter deals."""
    _refuse_if_closed(round_.tournament)
    with changing(round_.tournament.club_id):
        locked = Round.objects.select_for_update().get(pk=round_.pk)
        if locked.state == DRAWN:
            locked.state = PUBLISHED
            locked.save(update_fields=["state"])
            _hold(locked)
    return locked


def close_table_early(table: RoundTable, reason: str) -> RoundTable:
    """Close a table before its deals are all played (a time limit); the deals played count."""
    reason = normalise_name(reason)
    if not reason:
        raise Refusal.because(_("Say why the table closes early."), field="reason")
    problem = text_problem(reason, CLOSED_EARLY_LENGTH)
    if problem:
        raise Refusal.because(problem, field="reason")
    with changing(table.round.tournament.club_id):
        if Round.objects.select_for_update().get(pk=table.round_id).state != PUBLISHED:
            raise Refusal.because(_("Only a table of the round being played closes early."))
        table.closed_early = reason
        table.save(update_fields=["closed_early"])
        Sitting.objects.filter(pk=table.sitting_id).update(held=held(table.round.number, PUBLISHED, closed_early=True))
    return table


def new_link(table: RoundTable, *, key: str = "") -> Done[RoundTable]:
    """Revoke a table's link: the old one stops working, the new one is printed instead. The
    form's ``key`` sent again (a double tap) renews the link once."""

    def write() -> RoundTable:
        locked = RoundTable.objects.select_for_update().get(pk=table.pk)
        locked.token = new_token()
        locked.save(update_fields=["token"])
        return locked

    done = once(table.round.tournament.club, key, write)
    if done.result is not None:
        table.token = done.result.token
    return done


def close_round(round_: Round, unconfirmed_because: str = "") -> Round:
    """Close a round once every table has played its deals or closed early, and every deal is
    confirmed (at a tournament that confirms them) or the director says why he closes it with
    deals unconfirmed (``unconfirmed_because``, kept and shown with the round); its results count."""
    _refuse_if_closed(round_.tournament)
    because = normalise_name(unconfirmed_because)
    problem = text_problem(because, CLOSED_EARLY_LENGTH) if because else None
    if problem:
        raise Refusal.because(problem, field="unconfirmed_because")
    with changing(round_.tournament.club_id):
        locked = Round.objects.select_for_update().get(pk=round_.pk)
        if locked.state == CLOSED:
            return locked
        if locked.state != PUBLISHED:
            raise Refusal.because(_("Publish the round before closing it."))
        # A deal is written under its sitting's lock alone (``changing_one``): lock the round's
        # sittings too (club, round, then sittings by id: the order every write keeps), so that
        # no deal entered or corrected meanwhile escapes the counts read here.
        list(Sitting.objects.filter(round_table__round=locked).select_for_update(of=("self",)).order_by("pk"))
        unfinished = [
            table.number
            for table in locked.tables.select_related("sitting")
            if not table.closed_early and table.sitting.played_count < (table.sitting.deals_due or 0)
        ]
        if unfinished:
            said = by_count(
                len(unfinished),
                _("Table {tables} has not played all its deals: enter them or close the table early."),
                _("Tables {tables} have not played all their deals: enter them or close the tables early."),
            )
            raise Refusal.because(said, tables=", ".join(map(str, unfinished)))
        waiting = unconfirmed(locked)
        if waiting and not because:
            said = by_count(
                sum(waiting.values()),
                _("{count} deal waits for confirmation (table {tables}): confirm it, or say why the round closes."),
                _("{count} deals wait for confirmation (tables {tables}): confirm them, or say why the round closes."),
            )
            tables = ", ".join(map(str, sorted(waiting)))
            raise Refusal.because(said, field="unconfirmed_because", count=sum(waiting.values()), tables=tables)
        locked.state = CLOSED
        locked.closed_at = timezone.now()
        locked.closed_unconfirmed = because if waiting else ""
        locked.save(update_fields=["state", "closed_at", "closed_unconfirmed"])
        _hold(locked)
    return locked


def _hold(round_: Round) -> None:
    """Tell the round's tables whether they take deals now, in its new state (``Sitting.held``):
    a table closed early stays held while its round is being played."""
    tables = Sitting.objects.filter(round_table__round=round_)
    tables.filter(round_table__closed_early="").update(held=held(round_.number, round_.state))
    early = held(round_.number, round_.state, closed_early=True)
    tables.exclude(round_table__closed_early="").update(held=early)


def reopen_table(table: RoundTable) -> RoundTable:
    """Undo closing a table early, while its round is being played: it takes its deals again."""
    _refuse_if_closed(table.round.tournament)
    with changing(table.round.tournament.club_id):
        round_ = Round.objects.select_for_update().get(pk=table.round_id)
        if round_.state != PUBLISHED:
            raise Refusal.because(_("Only a table of the round being played is reopened."))
        table.closed_early = ""
        table.save(update_fields=["closed_early"])
        Sitting.objects.filter(pk=table.sitting_id).update(held=held(round_.number, PUBLISHED))
    return table


def reopen_round(round_: Round) -> Round:
    """Undo closing a round, while it is the tournament's last (no round after it is drawn): it is
    played again, its tables take and correct deals through their links, the reason it closed
    with deals unconfirmed goes."""
    _refuse_if_closed(round_.tournament)
    with changing(round_.tournament.club_id):
        locked = Round.objects.select_for_update().get(pk=round_.pk)
        if locked.state != CLOSED:
            raise Refusal.because(_("Round {number} is not closed."), number=locked.number)
        if locked.tournament.rounds.filter(number__gt=locked.number).exists():
            said = _("Round {number} is not the last round: a round after it is drawn already.")
            raise Refusal.because(said, number=locked.number)
        locked.state, locked.closed_at, locked.closed_unconfirmed = PUBLISHED, None, ""
        locked.save(update_fields=["state", "closed_at", "closed_unconfirmed"])
        _hold(locked)
    return locked


def close_tournament(tournament: Tournament) -> Tournament:
    """End the tournament: its tables' sittings close, so only a club admin corrects them, and
    they are rated (the game re-rated from their date on)."""
    with changing(tournament.club_id):
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if locked.rounds.exclude(state=CLOSED).exists():
            raise Refusal.because(_("Close every round before the tournament."))
        if locked.closed_at is None:
            now = timezone.now()
            locked.closed_at = now
            locked.save(update_fields=["closed_at"])
            with months.kept(Sitting.objects.filter(round_table__round__tournament=locked)):
                for round_ in locked.rounds.all():
                    for table in round_.tables.select_related("sitting"):
                        table.sitting.closed_at = table.sitting.closed_at or now
                        table.sitting.save(update_fields=["closed_at"])
            # from its tables' first date: one drawn before its date was changed, while the
            # tables did not move with it yet (``change_settings``), has tables on the old one
            tables = Sitting.objects.filter(round_table__round__tournament=locked)
            first = tables.aggregate(first=Min("date"))["first"]
            if first is not None:
                rerate(locked.club_id, locked.variant, first)
    return locked
