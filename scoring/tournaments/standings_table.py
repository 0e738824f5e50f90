"""The rows of a tournament's standings table as HTML, kept in the cache until anything they
show changes.

During a tournament every phone at every table reloads the standings, and a 200-entrant table
after 8 rounds is 3,000 cells: ranked from the stored rows it costs some ten times a bare page.
So the rows are built in Python (the template language spends ten times as long on the cells)
and cached under a key made of everything they depend on: the tournament's settings, its
entrants and their names as this reader sees them, its rounds with their states and byes, the
club's stamp (every write to the club's data counts a change on the club or on its sitting, in
its transaction: ``scoring.club.changes``; an entry, a correction, a take-back, a repair by ``recompute_scores``),
whether the published round counts, and the language. Any change makes a new key, so a reader
never sees stale rows; the key costs no query beyond what the page reads anyway.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping

from django.core.cache import cache
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

from scoring.club.changes import stamp
from scoring.tournaments.models import Tournament
from scoring.tournaments.ranking import BYE, MISSED, WAITING, Standing
from scoring.tournaments.results import Field, standings

KEPT_SECONDS = 3600
DASH = "—"


def standings_rows(tournament: Tournament, field: Field, names: Mapping[int, str], *, live: bool) -> SafeString:
    """The ``<tr>`` rows of the standings (``live``: counting the published round), names as given."""
    key = _key(tournament, field, names, live)
    rows: str | None = cache.get(key)
    if rows is None:
        lines = standings(tournament, live=live, field=field)
        rows = rows_html([(line, names[line.entrant.start_number]) for line in lines])
        cache.set(key, rows, KEPT_SECONDS)
    return mark_safe(rows)  # built by rows_html, which escapes every name


def _key(tournament: Tournament, field: Field, names: Mapping[int, str], live: bool) -> str:
    """The rows' key. The tournament comes with its club (``get_tournament_for_user``), so the
    club's stamp was read before anything the rows show."""
    settings = (
        tournament.pk,
        tournament.created_at.isoformat(),
        tournament.scoring,
        tournament.tiebreaks,
        tournament.bye_points,
        tournament.bye_average,
        tournament.missed_round_points,
        tournament.seed,
    )
    rounds = [(r.number, r.state, r.byes) for r in field.rounds]
    changes = stamp(tournament.club)
    shown = repr((settings, field.entrants, sorted(names.items()), rounds, changes, live, get_language()))
    return "standings:" + hashlib.sha256(shown.encode()).hexdigest()


def rows_html(lines: list[tuple[Standing, str]]) -> str:
    """One ``<tr>`` per line of the standings, each given with the entrant's name as shown: the
    place (a dash for a disqualified entrant), the name with the start number and a tag when
    withdrawn or disqualified, the points, each round's points tagged when a bye or missed, the
    game points, table wins and best round. A round whose table has played no deal yet is tagged
    as waiting."""
    marks = {
        BYE: format_html(' <span class="tag">{}</span>', gettext("bye")),
        MISSED: format_html(' <span class="tag" title="{}">–</span>', gettext("missed")),
        WAITING: format_html(' <span class="tag" title="{}">…</span>', gettext("no deal played yet")),
    }
    states = {
        "withdrawn": format_html(' <span class="tag">{}</span>', gettext("withdrawn")),
        "disqualified": format_html(' <span class="tag">{}</span>', gettext("disqualified")),
    }
    rows = []
    for line, name in lines:
        rounds = "".join(f'<td class="num">{score.points}{marks.get(score.kind, "")}</td>' for score in line.rounds)
        place = DASH if line.place is None else line.place
        best = DASH if line.best_round is None else line.best_round
        rows.append(
            f'<tr><td class="num">{place}</td>'
            f'<td>{conditional_escape(name)} <span class="muted">({line.entrant.start_number})</span>'
            f'{states.get(line.state, "")}</td><td class="num total">{line.points}</td>{rounds}'
            f'<td class="num">{line.game_points}</td><td class="num">{line.table_wins}</td>'
            f'<td class="num">{best}</td></tr>'
        )
    return "\n".join(rows)
