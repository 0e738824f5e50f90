"""A scorekeeper's evening in all six games, on a 360 × 740 and a 390 × 844 phone: each game's
first deal is refused once (a wrong number), put right and saved, its second saved at once.

After a refusal the first screen shows the summary of the problems, and it has the focus; after
a save it shows "Deal N saved", the totals and the button for the next deal. No page scrolls
sideways, and every tap target is at least 44 × 44 px. A screenshot of every step is kept in the
test's output folder; the actions and seconds per deal are printed for the closing note.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect

from scoring.club.models import Club, Membership
from scoring.engine import VARIANTS
from scoring.samples import valid_deal
from scoring.scorekeeping.deal_form import form_data
from scoring.sittings.services import start_sitting

from ..test_deal_entry import REALISTIC, TABLES

pytestmark = pytest.mark.django_db(transaction=True)

SCREENS = {"360x740": (360, 740), "390x844": (390, 844)}

TAP_TARGETS = """() => {
  const small = [];
  for (const el of document.querySelectorAll("a[href], button, input:not([type=hidden]), select, summary, textarea")) {
    if (el.offsetParent === null) continue;
    let target = el;
    if (el.type === "checkbox" || el.type === "radio") target = el.closest("label") || el.closest(".field") || el;
    const box = target.getBoundingClientRect();
    if (box.width && box.height && (box.width < 44 || box.height < 44)) {
      const said = (el.textContent || el.name || el.id || "").trim().slice(0, 24);
      small.push(`${el.tagName.toLowerCase()} "${said}" ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
  }
  return small;
}"""


CUT_SELECTS = """() => {
  const context = document.createElement("canvas").getContext("2d");
  const cut = [];
  for (const select of document.querySelectorAll("select")) {
    if (select.offsetParent === null || select.selectedIndex < 0) continue;
    const style = getComputedStyle(select);
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = select.options[select.selectedIndex].text;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    if (context.measureText(text).width > room) cut.push(`${select.name}: "${text}"`);
  }
  return cut;
}"""


class Evening:
    """One phone's evening: each step a screenshot and the checks every screen must pass."""

    def __init__(self, page: Page, folder: Path, width: int, height: int) -> None:
        self.page, self.folder, self.width, self.height, self.count = page, folder, width, height, 0
        self.figures: list[tuple[str, int, int, float]] = []

    def shot(self, name: str) -> None:
        self.count += 1
        self.page.screenshot(path=self.folder / f"{self.count:02d}-{name}.png")
        assert self.page.evaluate("document.documentElement.scrollWidth") <= self.width, f"{name}: scrolls sideways"
        cut = self.page.evaluate(
            "[...document.querySelectorAll('.scroll')].filter(box => box.scrollWidth > box.clientWidth + 1).length"
        )
        assert cut == 0, f"{name}: a table is wider than the screen"
        assert self.page.evaluate(CUT_SELECTS) == [], f"{name}: a select cuts its chosen item"
        assert self.page.evaluate(TAP_TARGETS) == [], f"{name}: tap targets under 44 × 44 px"

    def on_first_screen(self, selector: str) -> None:
        box = self.page.locator(selector).first.bounding_box()
        assert box is not None, f"{selector} is not shown"
        assert box["y"] > -1 and box["y"] + box["height"] <= self.height, f"{selector} is off the first screen"

    def fill(self, data: dict[str, str]) -> int:
        """Set each control the deal needs, as a scorekeeper would; the actions it took."""
        actions = 0
        expect(self.page.get_by_role("button", name="Save the deal")).to_be_visible()
        for name, value in data.items():
            if name in ("key", "rows"):
                continue
            controls = self.page.locator(f"[name='{name}']")
            if controls.count() == 0:
                continue  # the rules fix it (who sits out in Droggn) and the form does not ask
            kind = controls.first.evaluate("element => element.type")
            if kind == "radio":
                self.page.check(f"[name='{name}'][value='{value}']")
            elif kind == "checkbox":
                controls.first.check()
            elif controls.first.input_value() == value:
                continue  # already right: the dealer by rotation, the card points the pack leaves
            elif kind.startswith("select"):
                controls.first.select_option(value)
            else:
                controls.first.fill(value)
            actions += 1
        return actions

    def save(self, number: int) -> int:
        """Save the deal, confirming it where it looks unlikely; the taps it took."""
        self.page.get_by_role("button", name="Save the deal").click()
        taps = 1
        expect(self.page.locator("#warnings, .messages").first).to_be_visible()  # the page sends it itself
        if self.page.locator("#warnings").count():
            self.on_first_screen("#warnings")
            assert self.page.evaluate("document.activeElement.id") == "warnings"
            self.shot(f"deal-{number}-held")
            self.page.get_by_role("button", name="It is right: save anyway").click()
            taps += 1
        expect(self.page.locator(".messages")).to_contain_text(f"Deal {number} saved")
        for selector in (".messages", "#totals", "#enter-deal"):
            self.on_first_screen(selector)
        return taps


def wrong(variant: str, data: dict[str, str]) -> dict[str, str]:
    """The deal with one number wrong: the last card points one short, or more than the pack."""
    points = [name for name in data if name.startswith("cp_")]
    if points:
        return {**data, points[-1]: str(int(data[points[-1]]) - 1)}
    return {**data, "declarer_points": str(VARIANTS[variant].pack_points + 1)}


@pytest.mark.parametrize("screen", list(SCREENS))
def test_six_games_on_a_phone_first_screens_tap_targets_and_no_sideways_scroll(
    live_server: Any, browser: Browser, output_path: str, screen: str
) -> None:
    width, height = SCREENS[screen]
    club = Club.objects.create(name="Tarockrunde Linz", slug="linz")
    kim = User.objects.create_user("kim", password="kim-scores-1754")
    Membership.objects.create(user=kim, club=club, role=Membership.Role.SCOREKEEPER)
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True)
    page = context.new_page()
    folder = Path(output_path)
    folder.mkdir(parents=True, exist_ok=True)
    evening = Evening(page, folder, width, height)

    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("User name").fill("kim")
    page.get_by_label("Password").fill("kim-scores-1754")
    evening.shot("login")
    page.get_by_role("button", name="Log in").last.click()

    for variant in TABLES:
        page.goto(f"{live_server.url}/clubs/linz/sittings/new/?variant={variant}")
        for select in page.locator("select").all():
            for option in select.locator("option").all():
                value = option.get_attribute("value")
                if value:
                    select.select_option(value)
                    assert page.evaluate(CUT_SELECTS) == [], f"{variant}: the start form cuts {option.inner_text()}"
        evening.shot(f"{variant}-start")

    rng = random.Random(1754)
    for variant, names in TABLES.items():
        players = [club.players.get_or_create(display_name=name)[0] for name in names]
        sitting = start_sitting(club, variant, players, user=kim)
        rules = VARIANTS[variant]
        first = form_data(REALISTIC[variant], rules, names)

        began = time.perf_counter()
        page.goto(f"{live_server.url}{sitting.get_absolute_url()}deals/new/")
        actions = evening.fill(wrong(variant, first))
        page.get_by_role("button", name="Save the deal").click()
        expect(page.locator("#problems")).to_be_visible()
        evening.on_first_screen("#problems")
        assert page.evaluate("document.activeElement.id") == "problems", "the summary has the focus"
        evening.shot(f"{variant}-refused")
        actions += 1 + evening.fill(first)
        actions += evening.save(1)
        evening.figures.append((variant, 1, actions, time.perf_counter() - began))
        evening.shot(f"{variant}-saved-1")

        began = time.perf_counter()
        page.locator("#enter-deal").click()
        page.wait_for_url("**/deals/new/")  # the form counts its controls: not on the sheet it leaves
        second = form_data(valid_deal(rng, rules, names, sitting.options, 1, 1), rules, names)
        actions = 1 + evening.fill(second)
        evening.shot(f"{variant}-deal-2")
        actions += evening.save(2)
        evening.figures.append((variant, 2, actions, time.perf_counter() - began))
        evening.shot(f"{variant}-saved-2")
        page.locator("a.deal-link").first.click()
        expect(page.locator("table.breakdown")).to_be_visible()
        evening.shot(f"{variant}-why")

    for variant, number, actions, seconds in evening.figures:
        print(f"{screen} {variant} deal {number}: {actions} actions, {seconds:.1f} s")
    context.close()


@pytest.mark.parametrize("language", ["en", "de", "da"])
def test_no_select_cuts_its_chosen_item_on_a_360_px_screen_in_any_language(
    live_server: Any, browser: Browser, language: str
) -> None:
    club = Club.objects.create(name="Tarockrunde Linz", slug="linz")
    kim = User.objects.create_user("kim", password="kim-scores-1754")
    Membership.objects.create(user=kim, club=club, role=Membership.Role.SCOREKEEPER)
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, locale=language
    )
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.locator("#id_username").fill("kim")
    page.locator("#id_password").fill("kim-scores-1754")
    page.locator("form[action*=login] button[type=submit], main form button[type=submit]").last.click()
    cut: list[str] = []
    for variant, names in TABLES.items():
        players = [club.players.get_or_create(display_name=name)[0] for name in names]
        sitting = start_sitting(club, variant, players, user=kim)
        for address in (f"/clubs/linz/sittings/new/?variant={variant}", f"{sitting.get_absolute_url()}deals/new/"):
            page.goto(f"{live_server.url}{address}")
            for select in page.locator("select:visible").all():
                offered = "options => options.filter(o => !o.disabled && !o.hidden).map(o => o.value)"
                for value in select.locator("option").evaluate_all(offered):
                    if value and select.is_visible():
                        select.select_option(value)
                        cut += [f"{variant} {address[-12:]}: {item}" for item in page.evaluate(CUT_SELECTS)]
    context.close()
    assert sorted(set(cut)) == [], "\n".join(sorted(set(cut)))
