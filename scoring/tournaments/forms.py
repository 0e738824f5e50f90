"""The director's forms: a new tournament (after its game is chosen), an entrant, a reason."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.club.forms import option_field
from scoring.club.models import Club, Player
from scoring.engine import VARIANTS
from scoring.limits import (
    CLOSED_EARLY_LENGTH,
    GROUP_LENGTH,
    NAME_LENGTH,
    TOURNAMENT_NAME_LENGTH,
    group_problem,
    name_problem,
)
from scoring.refusals import kept_name
from scoring.submissions import KeyedForm
from scoring.tournaments.models import MOST_ROUNDS, TIEBREAK_WORDS, Tournament
from scoring.tournaments.ranking import DEFAULT_TIEBREAKS, TIEBREAKS
from scoring.tournaments.services import Settings

TIEBREAK_SLOTS = 4


class TournamentForm(KeyedForm):
    """A tournament of one game: its name and day, scoring and tiebreaks, tables, rounds, byes
    and the house rules (the club's defaults prefilled). The name is kept normalised and checked
    as on every path (``scoring.limits``)."""

    # A typed name may carry extra spaces; what is kept is checked after normalising.
    name = forms.CharField(label=_("Name"), max_length=4 * TOURNAMENT_NAME_LENGTH, strip=False)
    # a date control holds its value as YYYY-MM-DD in every language (the phone shows it its own way)
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    rounds = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=MOST_ROUNDS, initial=4)
    deals_per_dealer = forms.IntegerField(
        label=_("Deals each player deals per round"), min_value=1, max_value=20, initial=4
    )
    scoring = forms.ChoiceField(label=_("Tournament points"), choices=Tournament.Scoring.choices)
    bye_points = forms.IntegerField(label=_("Points for a bye"), initial=0, min_value=-10_000, max_value=10_000)
    bye_average = forms.BooleanField(label=_("A bye scores the entrant's average so far instead"), required=False)
    missed_round_points = forms.IntegerField(
        label=_("Points for a missed round"), initial=0, min_value=-10_000, max_value=10_000
    )
    seeded_from_round = forms.IntegerField(
        label=_("Seeded from round"),
        required=False,
        min_value=1,
        max_value=MOST_ROUNDS,
        help_text=_("From this round on the best of the standings sit together, table 1 first. Empty: never."),
    )
    public = forms.BooleanField(
        label=_("Public"), required=False, help_text=_("Anyone may read the standings and seating.")
    )
    live_standings = forms.BooleanField(
        label=_("Live standings"),
        required=False,
        help_text=_("The public page shows the standings before a round closes."),
    )
    hold_results = forms.BooleanField(
        label=_("Results held back"),
        required=False,
        help_text=Tournament._meta.get_field("hold_results").help_text,
    )

    confirm_deals = forms.BooleanField(
        label=_("Deals confirmed by another player"),
        required=False,
        initial=True,
        help_text=_(
            "A deal entered at a table counts once another player of the table has typed one of its figures again."
        ),
    )

    def __init__(self, *args: Any, club: Club, variant: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.variant = VARIANTS[variant]
        self.fields["date"].initial = timezone.localdate()
        sizes = [(str(n), str(n)) for n in self.variant.table_sizes]
        self.fields["preferred_size"] = forms.TypedChoiceField(
            label=_("Players at a table"), choices=sizes, coerce=int, initial=sizes[-1][0]
        )
        if len(sizes) > 1:
            self.fields["other_size"] = forms.BooleanField(
                label=_("Seat the rest at tables of the other size"), required=False, initial=True
            )
            self.fields["byes_at_tables"] = forms.BooleanField(
                label=_("Byes at tables of 3 or 4"),
                required=False,
                help_text=_(
                    "Whoever the tables cannot seat has a bye (13 at tables of 4: one), nobody a second before"
                    " everyone had one; a bye scores the points for a bye."
                ),
            )
        tiebreaks = [
            (key, str(TIEBREAK_WORDS[key]))
            for key in TIEBREAKS
            if key != "fewest_declarer_losses" or self.variant.declarer_game
        ]
        for slot in range(TIEBREAK_SLOTS):
            default = DEFAULT_TIEBREAKS[slot] if slot < len(DEFAULT_TIEBREAKS) else ""
            self.fields[f"tiebreak_{slot}"] = forms.ChoiceField(
                label=_("Then by") if slot else _("Ties broken by"),
                choices=[("", "—"), *tiebreaks],
                required=False,
                initial=default,
            )
        chosen = club.options_for(variant)
        for spec in self.variant.options:
            self.fields[f"option_{spec.name}"] = option_field(spec, chosen.get(spec.name, spec.default))

    def clean_name(self) -> str:
        return kept_name(self.cleaned_data["name"], lambda name: name_problem(name, TOURNAMENT_NAME_LENGTH))

    def tiebreak_fields(self) -> list[forms.BoundField]:
        return [self[f"tiebreak_{slot}"] for slot in range(TIEBREAK_SLOTS)]

    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("option_")]

    def settings(self) -> Settings:
        data = self.cleaned_data
        preferred = data["preferred_size"]
        others = [n for n in self.variant.table_sizes if n != preferred] if data.get("other_size") else []
        return Settings(
            name=data["name"],
            variant=self.variant.key,
            date=data["date"],
            options={spec.name: data[f"option_{spec.name}"] for spec in self.variant.options},
            scoring=data["scoring"],
            tiebreaks=[data[f"tiebreak_{slot}"] for slot in range(TIEBREAK_SLOTS) if data[f"tiebreak_{slot}"]],
            table_sizes=[preferred, *others],
            deals_per_dealer=data["deals_per_dealer"],
            rounds=data["rounds"],
            bye_points=data["bye_points"],
            bye_average=data["bye_average"],
            missed_round_points=data["missed_round_points"],
            public=data["public"],
            live_standings=data["live_standings"],
            hold_results=data["hold_results"],
            confirm_deals=data["confirm_deals"],
            byes_at_tables=bool(data.get("byes_at_tables")),
            seeded_from_round=data["seeded_from_round"],
        )


def initial_of(tournament: Tournament) -> dict[str, Any]:
    """The tournament's settings as the tournament form's initial values, to change them."""
    sizes = list(tournament.table_sizes)
    initial: dict[str, Any] = {
        "name": tournament.name,
        "date": tournament.date,
        "rounds": tournament.rounds_planned,
        "deals_per_dealer": tournament.deals_per_dealer,
        "scoring": tournament.scoring,
        "bye_points": tournament.bye_points,
        "bye_average": tournament.bye_average,
        "missed_round_points": tournament.missed_round_points,
        "seeded_from_round": tournament.seeded_from_round,
        "public": tournament.public,
        "live_standings": tournament.live_standings,
        "hold_results": tournament.hold_results,
        "confirm_deals": tournament.confirm_deals,
        "preferred_size": str(sizes[0]),
        "other_size": len(sizes) > 1,
        "byes_at_tables": tournament.byes_at_tables,
    }
    for slot in range(TIEBREAK_SLOTS):
        initial[f"tiebreak_{slot}"] = tournament.tiebreaks[slot] if slot < len(tournament.tiebreaks) else ""
    for name, value in tournament.options.items():
        initial[f"option_{name}"] = value
    return initial


class PlayersForm(KeyedForm):
    """The club's active players who have not entered, every one ticked: the director unticks who
    is absent."""

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        entered = tournament.entrants.values_list("player_id", flat=True)
        active = tournament.club.players.filter(active=True).order_by("display_name")
        offered = list(active.exclude(pk__in=entered))
        # offered: who has not entered; taken: any active player, so that a second send of the
        # form (a double tap) is answered, not refused for a player it entered
        field = forms.ModelMultipleChoiceField(
            label=_("Who plays"),
            queryset=active,
            widget=forms.CheckboxSelectMultiple,
            initial=[p.pk for p in offered],
            error_messages={"required": _("Tick at least one player.")},
        )
        field.choices = [(p.pk, p.display_name) for p in offered]
        self.fields["players"] = field
        self.offered = offered


class EntrantForm(KeyedForm):
    """An entrant: a club player who has not entered yet, or a guest by name. The guest's name and
    the group are kept normalised and checked as on every path (``scoring.limits``)."""

    group = forms.CharField(
        label=_("Group"),
        max_length=4 * GROUP_LENGTH,
        required=False,
        strip=False,
        help_text=_("Entrants of one group are kept apart."),
    )
    name = forms.CharField(
        label=_("Or a new player"),
        max_length=4 * NAME_LENGTH,
        required=False,
        strip=False,
        help_text=_("A guest: added to the club's players."),
    )

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        entered = tournament.entrants.values_list("player_id", flat=True)
        players = tournament.club.players.filter(active=True).exclude(pk__in=entered).order_by("display_name")
        self.fields["player"] = forms.ModelChoiceField(
            label=_("Player"), queryset=players, required=False, empty_label="—"
        )
        self.order_fields(["player", "name", "group"])

    def clean_name(self) -> str:
        return kept_name(self.cleaned_data["name"], lambda name: name_problem(name) if name else None)

    def clean_group(self) -> str:
        return kept_name(self.cleaned_data["group"], group_problem)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("player") and not data.get("name") and not self.has_error("name"):
            self.add_error("player", gettext("Choose a player or type a new one's name."))
        return data

    def chosen_player(self) -> Player | None:
        player: Player | None = self.cleaned_data.get("player")
        return player


class ReasonForm(KeyedForm):
    """Why a table closes early: normalised and checked by the service, which says what is wrong."""

    reason = forms.CharField(label=_("Reason"), max_length=4 * CLOSED_EARLY_LENGTH, strip=False)
