"""A tournament's workbook: Standings, a sheet per round, Seating, Deals and Settings.

Names are as the reader may see them (initials on a public page where asked). Rows are
generators on the one writer; titles and words are in the page's language.

A deal thrown in (dealt, not played) is listed in its place on the Deals sheet, marked *Thrown in*,
and played by nobody (*Played* is false for every player, as for the one who sat a deal out): a
pivot table that counts played rows counts it nowhere, and its penalties count in the scores.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.sittings.models import DealRevision, Seat
from scoring.spreadsheets.writer import Sheet
from scoring.tournaments.models import CLOSED, DRAWN, PLACEMENT, PUBLISHED, TIEBREAK_WORDS, Round, Tournament
from scoring.tournaments.ranking import placement_points
from scoring.tournaments.results import Field, Seated, bye_points, seats, standings

STANDINGS, SEATING, DEALS, SETTINGS = _("Standings"), _("Seating"), _("Deals"), _("Settings")
PLACE, ENTRANT, START_NUMBER, STATE = _("Place"), _("Entrant"), _("Start number"), _("State")
POINTS, GAME_POINTS, TABLE_WINS, BEST_ROUND = _("Tournament points"), _("Game points"), _("Table wins"), _("Best round")
ROUND, TABLE, SEAT, RESULT = _("Round"), _("Table"), _("Seat"), _("Result")
DEAL, PLAYER, SCORE, THROWN_IN, PLAYED = _("Deal"), _("Player"), _("Score"), _("Thrown in"), _("Played")
SETTING, VALUE = _("Setting"), _("Value")


def tournament_sheets(tournament: Tournament, field: Field, names: Mapping[int, str], *, live: bool) -> list[Sheet]:
    """The standings as the reader's page shows them (``live``: counting the published round), a
    sheet per published or closed round, the seating, every deal's scores and the settings."""
    played = [r for r in field.rounds if r.state != DRAWN]
    all_seats = seats(tournament, (CLOSED, PUBLISHED), field)
    return [
        standings_sheet(tournament, field, names, live=live),
        *(round_sheet(tournament, round_, all_seats, names) for round_ in played),
        seating_sheet(all_seats, names),
        deals_sheet(tournament, names),
        settings_sheet(tournament),
    ]


def standings_sheet(tournament: Tournament, field: Field, names: Mapping[int, str], *, live: bool) -> Sheet:
    """The standings as the reader's page shows them."""
    lines = standings(tournament, live=live, field=field)
    rounds = len(lines[0].rounds) if lines else 0
    header = [
        str(PLACE),
        str(ENTRANT),
        str(START_NUMBER),
        str(STATE),
        str(POINTS),
        str(GAME_POINTS),
        str(TABLE_WINS),
        str(BEST_ROUND),
    ]
    header += [gettext("Round %(number)s") % {"number": n} for n in range(1, rounds + 1)]

    def rows() -> Iterator[list[object]]:
        for line in lines:
            yield [
                line.place,
                names[line.entrant.start_number],
                line.entrant.start_number,
                gettext(line.state),
                line.points,
                line.game_points,
                line.table_wins,
                line.best_round,
                *(score.points for score in line.rounds),
            ]

    return Sheet(str(STANDINGS), header, rows())


def round_sheet(tournament: Tournament, round_: Round, all_seats: list[Seated], names: Mapping[int, str]) -> Sheet:
    """One round: each seated entrant's place at the table, table, seat, game points and tournament
    points, as the standings count them (``results.standings``): a table that played no deal has
    no places and says *not played*; its players' tournament points are the missed round's once
    it will play none, and none while it may still play."""
    mine = [seat for seat in all_seats if seat.round == round_.number]
    tables: dict[int, dict[int, int]] = {}
    for seat in mine:
        tables.setdefault(seat.table, {})[seat.start_number] = seat.game_points
    header = [str(PLACE), str(ENTRANT), str(TABLE), str(SEAT), str(RESULT), str(POINTS)]

    def rows() -> Iterator[list[object]]:
        for table, results in sorted(tables.items()):
            at_table = sorted((s for s in mine if s.table == table), key=lambda s: s.seat)
            unplayed = at_table[0].unplayed(round_.state)
            if unplayed is not None:
                missed = tournament.missed_round_points if unplayed else None
                for seat in at_table:
                    yield [None, names[seat.start_number], table, seat.seat, gettext("not played"), missed]
                continue
            placement = placement_points(results)
            ranked = sorted(results, key=lambda n: -results[n])
            for seat in sorted(at_table, key=lambda s: ranked.index(s.start_number)):
                place = 1 + sum(points > results[seat.start_number] for points in results.values())
                worth = placement[seat.start_number] if tournament.scoring == PLACEMENT else seat.game_points
                yield [place, names[seat.start_number], table, seat.seat, seat.game_points, worth]

    return Sheet(gettext("Round %(number)s") % {"number": round_.number}, header, rows())


def seating_sheet(all_seats: list[Seated], names: Mapping[int, str]) -> Sheet:
    def rows() -> Iterator[list[object]]:
        for seat in sorted(all_seats, key=lambda s: (s.round, s.table, s.seat)):
            yield [seat.round, seat.table, seat.seat, names[seat.start_number], seat.start_number]

    return Sheet(str(SEATING), [str(ROUND), str(TABLE), str(SEAT), str(ENTRANT), str(START_NUMBER)], rows())


def deals_sheet(tournament: Tournament, names: Mapping[int, str]) -> Sheet:
    """A row per deal and player, for pivot tables: round, table, deal, player, seat, score, whether
    the deal was thrown in and whether the player played it (not thrown in, not sat out: the
    stored score rows' one definition)."""
    numbers = dict(tournament.entrants.values_list("player_id", "start_number"))
    seat_of = {
        (seat.sitting_id, seat.player_id): seat.number
        for seat in Seat.objects.filter(sitting__round_table__round__tournament=tournament)
    }
    deals = (
        DealRevision.objects.filter(sitting__round_table__round__tournament=tournament, live=True)
        .exclude(sitting__round_table__round__state=DRAWN)
        .select_related("sitting__round_table__round")
        .prefetch_related("scores")
        .order_by("sitting__round_table__round__number", "sitting__round_table__number", "number")
    )

    def rows() -> Iterator[list[object]]:
        for deal in deals:
            table = deal.sitting.round_table
            thrown_in = bool(deal.inputs.get("thrown_in"))
            for row in deal.scores.all():
                yield [
                    table.round.number,
                    table.number,
                    deal.number,
                    names[numbers[row.player_id]],
                    seat_of[deal.sitting_id, row.player_id],
                    row.points,
                    thrown_in,
                    row.played and not thrown_in,
                ]

    header = [str(ROUND), str(TABLE), str(DEAL), str(PLAYER), str(SEAT), str(SCORE), str(THROWN_IN), str(PLAYED)]
    return Sheet(str(DEALS), header, rows())


def settings_sheet(tournament: Tournament) -> Sheet:
    variant = tournament.rules
    bye = bye_points(tournament)
    rows: list[list[object]] = [
        [gettext("Name"), tournament.name],
        [gettext("Game"), gettext(variant.name)],
        [gettext("Date"), tournament.date],
        [gettext("Tournament points"), gettext(tournament.get_scoring_display())],
        [gettext("Tiebreaks"), ", ".join(str(TIEBREAK_WORDS[key]) for key in tournament.tiebreaks)],
        [gettext("Table sizes, preferred first"), ", ".join(map(str, tournament.table_sizes))],
        [gettext("Deals each player deals per round"), tournament.deals_per_dealer],
        [gettext("Rounds"), tournament.rounds_planned],
        [gettext("Points for a bye"), gettext("the entrant's average") if isinstance(bye, str) else bye],
        [gettext("Points for a missed round"), tournament.missed_round_points],
    ]
    for option in variant.options:
        value = tournament.options.get(option.name, option.default)
        rows.append([gettext(option.label), gettext(option.word(value)) if option.kind == "choice" else value])
    return Sheet(str(SETTINGS), [str(SETTING), str(VALUE)], rows)
