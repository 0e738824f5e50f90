"""Forms of the ledger's admin pages: the money settings, a season, a season's ranking rule, and
the button that marks a transfer paid.

They check input and say what is wrong, in the page's language; the services write."""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any, Literal

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.club.models import CURRENCIES, LedgerSettings
from scoring.ledger.models import MODE_NAMES, SEASON_ENDS_FIRST, RankingRule, season_name_problem
from scoring.ledger.paid import TransferList
from scoring.ledger.ranking import DEFAULT_CUP_TABLE, FIELD, Mode
from scoring.limits import (
    DAMAGED,
    MOST_CUP_PLACES,
    MOST_RANKING_SETTING,
    MOST_SHEET_FEE_CENTS,
    SEASON_NAME_LENGTH,
)
from scoring.money import CURRENCY_SYMBOLS
from scoring.refusals import kept_name, shown
from scoring.submissions import KeyedForm

DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class LedgerSettingsForm(KeyedForm):
    """The club's currency, and the sheet fee and pot rule that new sittings take with them."""

    currency = forms.ChoiceField(
        label=_("Currency"),
        choices=[(code, f"{code} ({CURRENCY_SYMBOLS[code]})") for code in CURRENCIES],
        help_text=_("Amounts are shown with its symbol; they are kept in cents."),
    )
    sheet_fee_cents = forms.IntegerField(
        label=_("Sheet fee"),
        min_value=0,
        max_value=MOST_SHEET_FEE_CENTS,
        help_text=_("Cents each player pays into the Kasse per sitting; 0 for none."),
    )
    share_pots = forms.BooleanField(
        label=_("Share the pots among the players"),
        required=False,
        help_text=_(
            "What the Danish pots still hold when a sitting ends goes to the Kasse, "
            "unless this is ticked: then the sitting's players share it equally."
        ),
    )

    @classmethod
    def initial_of(cls, settings: LedgerSettings) -> dict[str, Any]:
        return {
            "currency": settings.currency,
            "sheet_fee_cents": settings.sheet_fee_cents,
            "share_pots": settings.share_pots,
        }


class SeasonForm(KeyedForm):
    """A season's name and its first and last day (both included); seasons may overlap."""

    # A typed name may carry extra spaces; what is kept is checked after normalising.
    name = forms.CharField(label=_("Name"), max_length=4 * SEASON_NAME_LENGTH, strip=False)
    start = forms.DateField(label=_("First day"), widget=DATE)
    end = forms.DateField(label=_("Last day"), widget=DATE)

    def clean_name(self) -> str:
        return kept_name(self.cleaned_data["name"], season_name_problem)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        start, end = data.get("start"), data.get("end")
        if start is not None and end is not None and end < start:
            self.add_error("end", shown(SEASON_ENDS_FIRST))
        return data


CUP_TABLE = re.compile(r"\s*\d{1,6}\s*(?:[,;\s]\s*\d{1,6}\s*)*")


class RuleForm(KeyedForm):
    """The ranking rule of one variant's table in one season."""

    mode = forms.ChoiceField(label=_("Ranking mode"), choices=list(MODE_NAMES.items()), widget=forms.RadioSelect)
    list_length = forms.IntegerField(
        label=_("List length L"),
        required=False,
        min_value=1,
        max_value=MOST_RANKING_SETTING,
        help_text=_("For scaled: game points per deal × L, as clubs scale to a 48-deal list."),
    )
    best = forms.IntegerField(
        label=_("Best K"),
        required=False,
        min_value=1,
        max_value=MOST_RANKING_SETTING,
        help_text=_("For best sittings: how many sittings count. For the cup: how many tournaments (empty: all)."),
    )
    cup_by_field = forms.BooleanField(
        label=_("Cup points by the size of the field"),
        required=False,
        help_text=_("round(100 × ((F − place) / (F − 1))³) in a field of F players, instead of the table below."),
    )
    cup_table = forms.CharField(
        label=_("Cup table"),
        required=False,
        max_length=8 * MOST_CUP_PLACES,
        help_text=_("Cup points for places 1, 2, 3 … separated by commas; later places earn 0."),
    )
    minimum_attendance = forms.IntegerField(
        label=_("Minimum attendance M"),
        min_value=0,
        max_value=MOST_RANKING_SETTING,
        help_text=_("Players with fewer sittings (tournaments, in the cup) are listed below the others, unranked."),
    )
    fill_missing = forms.BooleanField(
        label=_("Count missing sittings as 0"),
        required=False,
        help_text=_("Instead of leaving them unranked, rank players below M as if the missing sittings were 0."),
    )
    with_tournaments = forms.BooleanField(
        label=_("Count the tables of the club's tournaments"),
        required=False,
        help_text=_("The tables of tournaments in the season count as sittings."),
    )

    @classmethod
    def initial_of(cls, rule: RankingRule | None) -> dict[str, Any]:
        mode = rule.as_mode() if rule is not None else Mode()
        by_field = mode.cup_table == FIELD
        return {
            "mode": mode.mode,
            "list_length": mode.list_length,
            "best": mode.best,
            "cup_by_field": by_field,
            "cup_table": ", ".join(str(points) for points in (DEFAULT_CUP_TABLE if by_field else mode.cup_table)),
            "minimum_attendance": mode.minimum_attendance,
            "fill_missing": mode.fill_missing,
            "with_tournaments": rule.with_tournaments if rule is not None else False,
        }

    def clean_cup_table(self) -> tuple[int, ...]:
        text = self.cleaned_data["cup_table"].strip()
        if not text:
            return DEFAULT_CUP_TABLE
        if not CUP_TABLE.fullmatch(text):
            raise forms.ValidationError(gettext("Write whole numbers separated by commas, such as 25, 20, 16."))
        table = tuple(int(points) for points in re.split(r"[,;\s]+", text) if points)
        if len(table) > MOST_CUP_PLACES:
            raise forms.ValidationError(
                gettext("At most %(most)s places, not %(count)s.") % {"most": MOST_CUP_PLACES, "count": len(table)}
            )
        if any(points > MOST_RANKING_SETTING for points in table):
            raise forms.ValidationError(gettext("At most %(most)s points a place.") % {"most": MOST_RANKING_SETTING})
        if any(worse > better for better, worse in pairwise(table)):
            raise forms.ValidationError(gettext("A better place cannot earn fewer cup points than a worse one."))
        return table

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        mode = data.get("mode")
        if mode == "scaled" and not data.get("list_length"):
            self.add_error("list_length", gettext("Scaled needs a list length."))
        if mode == "best_n" and not data.get("best"):
            self.add_error("best", gettext("Best sittings needs the number of sittings that count."))
        return data

    def chosen_mode(self) -> Mode:
        data = self.cleaned_data
        table: tuple[int, ...] | Literal["field"] = FIELD if data["cup_by_field"] else data["cup_table"]
        return Mode(
            mode=data["mode"],
            list_length=data["list_length"],
            best=data["best"],
            cup_table=table,
            minimum_attendance=data["minimum_attendance"],
            fill_missing=data["fill_missing"],
        )


class PaidForm(KeyedForm):
    """Mark one transfer of a who-pays-whom list paid (``paid``) or take that back: the list
    (a sitting, or a season of one game or of every game), the payer and the payee (a player's
    id; empty: the Kasse) and the amount as the page showed them. Only sent by the page's
    buttons, so a form that names no list, or two, is damaged."""

    sitting = forms.IntegerField(required=False, min_value=1)
    season = forms.IntegerField(required=False, min_value=1)
    year = forms.IntegerField(required=False, min_value=1, max_value=9999)
    variant = forms.CharField(required=False, max_length=20)
    payer = forms.IntegerField(required=False, min_value=1)
    payee = forms.IntegerField(required=False, min_value=1)
    cents = forms.IntegerField(min_value=1, max_value=10**12)
    paid = forms.BooleanField(required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        named = [data.get(name) for name in ("sitting", "season", "year")]
        if self.errors or sum(value is not None for value in named) != 1 or data["payer"] == data["payee"]:
            raise forms.ValidationError(shown(DAMAGED))
        if data["sitting"] is not None and data["variant"]:
            raise forms.ValidationError(shown(DAMAGED))
        return data

    def listed(self) -> TransferList:
        data = self.cleaned_data
        return TransferList(data["sitting"], data["season"], data["year"], data["variant"] or "")
