"""Writes benchmark: 40 tables of one club saving deals at once through their links, against one
table alone, on PostgreSQL; and the CPU time of one deal entry.

Run with ``python -m bench.writes`` (``make bench`` runs it). It starts a throwaway PostgreSQL
of its own (``.ci/postgres``, port ``PGPORT_FOR_TESTS`` or 54345), or uses the server
``DATABASE_URL`` names, on a fresh database either way (``bench.fresh_site``). A tournament of
the club has its first round of 40 tables of four published.

- **Saves at once**: the site runs under gunicorn with 4 workers (real HTTP, as the club runs
  it: ``make run`` with an address), each table's phone a thread that, deal after deal, reads
  the link's deal form and sends it, all 40 sending at the same moment (a barrier), then one
  table alone. A save's time is the worker's time on it, from gunicorn's access log (``%(D)s``):
  it holds every wait on a lock and on the database, not the wait for a free worker, which
  grows with any load on 4 workers and 2 cores and says nothing about the writes. The time the
  phone waited is printed beside. Goal: the p99 of 40 at once within 3× of one table alone.
  Afterwards every table must hold exactly the deals it saved, numbered 1, 2, 3, …
- **CPU of one deal entry**: ``time.process_time`` of one POST of a deal form through a table's
  link (``django.test.Client``: the whole request path in this process; the database server's
  CPU is not counted), the form sent urlencoded as a browser sends it, median over
  ``--entries``. Goal: 20 ms. ``--profile`` prints where the time goes; ``--cpu-only`` measures
  this alone, on SQLite, without PostgreSQL or the server.
"""

from __future__ import annotations

import argparse
import cProfile
import html
import http.cookiejar
import os
import pstats
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bench.fresh_site import FORM_ENCODED, fresh_site, on_postgresql

ROOT = Path(__file__).resolve().parents[1]
TABLES = 40
WORKERS = 4
RATIO_GOAL = 3.0
CPU_GOAL_MS = 20.0
HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)"')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=8, help="deals each table saves (default 8)")
    parser.add_argument("--alone", type=int, default=24, help="deals the table alone saves (default 24)")
    parser.add_argument("--entries", type=int, default=40, help="deal entries timed for the CPU (default 40)")
    parser.add_argument("--port", type=int, default=0, help="gunicorn's port on 127.0.0.1 (default: a free one)")
    parser.add_argument("--profile", action="store_true", help="print the profile of the deal entries")
    parser.add_argument(
        "--cpu-only",
        action="store_true",
        help="only the CPU of one deal entry, on SQLite (no server, no saves at once)",
    )
    args = parser.parse_args()
    args.port = args.port or free_port()
    if args.cpu_only:
        os.environ.pop("DATABASE_URL", None)
        with fresh_site() as database:
            tokens, variant = tournament(args.entries + 8)
            print(f"On {database}:")
            cpu(tokens[-1], variant, args.entries, args.profile)
        return
    with postgresql(), fresh_site() as database:
        run(args, database)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def postgresql() -> Iterator[None]:
    """``DATABASE_URL`` as given when it names a PostgreSQL server, else a throwaway one."""
    if on_postgresql():
        yield
        return
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "PGPORT_FOR_TESTS": os.environ.get("PGPORT_FOR_TESTS", "54345")}
        started = subprocess.run(
            [ROOT / ".ci/postgres", "start", folder], env=env, check=True, capture_output=True, text=True
        )
        os.environ["DATABASE_URL"] = started.stdout.strip()
        try:
            yield
        finally:
            subprocess.run([ROOT / ".ci/postgres", "stop", folder], env=env, check=False)


def run(args: argparse.Namespace, database: str) -> None:
    from django.db import connection

    tokens, variant = tournament(args.deals + args.alone + args.entries + 8)
    url = database_url(connection.settings_dict["NAME"])
    connection.close()  # the server's workers write; this process only counts afterwards
    print(f"Writes on {database}, gunicorn with {WORKERS} workers: {TABLES} tables of four")
    print(f"  saving {args.deals} deals each at once, then one table saving {args.alone} alone")
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "access.log"
        with server(url, args.port, log):
            address = f"http://127.0.0.1:{args.port}"
            waited_together = phones(address, tokens, variant, args.deals)
            waited_alone = phones(address, tokens[:1], variant, args.alone)
        timed = log.read_text()  # once the server has stopped, and written all of it
    together = saves(timed, tokens)[: TABLES * args.deals]
    alone = saves(timed, tokens[:1])[args.deals :]
    lost = check(tokens, args.deals + args.alone, args.deals)
    print_times("40 tables at once", together, waited_together)
    print_times("one table alone", alone, waited_alone)
    ratio = percentile(together, 99) / percentile(alone, 99)
    met = "ok" if ratio <= RATIO_GOAL else "OVER"
    print(f"  p99 at once ÷ p99 alone: {ratio:.1f}× (goal: within {RATIO_GOAL:.0f}×) {met}")
    print(f"  deals lost or twice: {lost} (goal: 0) {'OVER' if lost else 'ok'}")
    cpu(tokens[-1], variant, args.entries, args.profile)
    if lost:
        sys.exit(1)


def tournament(deals_due: int) -> tuple[list[str], str]:
    """A club's tournament of 160 entrants with its first round published: its tables' tokens
    (by table number) and its game."""
    import datetime

    from scoring.club.models import Club
    from scoring.engine import VARIANTS
    from scoring.tournaments import services
    from scoring.tournaments.models import RoundTable

    variant = next(v for v in VARIANTS.values() if 4 in v.table_sizes and v.declarer_game)
    club = Club.objects.create(name="Bench", slug="bench", public=True)
    chosen = services.Settings(
        name="Bench",
        variant=variant.key,
        date=datetime.date(2026, 11, 14),
        options={},
        scoring="game_points",
        tiebreaks=["table_wins", "lot"],
        table_sizes=(4,),
        deals_per_dealer=-(-deals_due // 4),
        rounds=1,
        seed=7,
        confirm_deals=False,
    )
    held = services.create_tournament(club, chosen, user=None)
    for number in range(4 * TABLES):
        services.add_entrant(held, name=f"Spieler {number + 1:03}")
    services.publish_round(services.draw_round(held, user=None))
    tables = RoundTable.objects.filter(round__tournament=held).order_by("number")
    return [table.token for table in tables], variant.key


def database_url(name: str) -> str:
    """``DATABASE_URL`` with the bench's fresh database in place of the one it names."""
    parts = urllib.parse.urlsplit(os.environ["DATABASE_URL"])
    return urllib.parse.urlunsplit(parts._replace(path="/" + name))


@contextmanager
def server(url: str, port: int, log: Path) -> Iterator[None]:
    """The site under gunicorn on ``port``, debug off, writing its access log to ``log``."""
    env = {**os.environ, "DATABASE_URL": url}
    command = [
        str(ROOT / ".venv/bin/gunicorn"),
        "tarokclub.wsgi",
        f"--bind=127.0.0.1:{port}",
        f"--workers={WORKERS}",
        f"--access-logfile={log}",
        "--access-logformat=%(m)s %(U)s %(s)s %(D)s",
        "--backlog=256",
    ]
    with (log.parent / "errors.log").open("w") as errors:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stderr=errors)
        try:
            wait_for(f"http://127.0.0.1:{port}/accounts/login/", process)
            yield
        finally:
            process.terminate()
            process.wait(timeout=30)


def wait_for(address: str, process: subprocess.Popen[bytes]) -> None:
    for _ in range(200):
        if process.poll() is not None:
            raise SystemExit(f"gunicorn stopped at once: is {address} taken?")
        try:
            urllib.request.urlopen(address, timeout=30).read()
            return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.1)
    raise SystemExit(f"the server never answered at {address}")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def phones(address: str, tokens: list[str], variant: str, deals: int) -> list[float]:
    """Each table's phone saves ``deals`` deals through its link, all phones sending each deal at
    the same moment; the seconds each send waited for its answer."""
    barrier = threading.Barrier(len(tokens))
    waited: list[float] = []
    failures: list[str] = []

    def phone(index: int, token: str) -> None:
        rng = random.Random(index)
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), NoRedirect)
        form_url = f"{address}/t/{token}/deals/new/"
        typed: list[dict[str, str]] = []
        for number in range(deals):
            try:
                page = opener.open(form_url, timeout=120).read().decode()
            except urllib.error.HTTPError as refused:
                failures.append(f"table {index + 1}: the form answered {refused.code}: {refused.read()[:300]!r}")
                return
            hidden = hidden_fields(page)
            if not typed:  # the first form: the deals from the one it offers on
                first = int(hidden["number"])
                typed = deals_typed(page, variant, rng, range(first, first + deals))
            data = {**hidden, **typed[number]}
            barrier.wait()
            start = time.perf_counter()
            try:
                answer = opener.open(form_url, urllib.parse.urlencode(data).encode(), timeout=120)
                said = re.findall(r'class="problems.*?<ul>(.*?)</ul>', answer.read().decode(), re.S)
                failures.append(f"table {index + 1}: answered {answer.status}, not the sheet: {said}")
            except urllib.error.HTTPError as redirect:
                if redirect.code != 302:
                    failures.append(f"table {index + 1}: answered {redirect.code}")
            waited.append(time.perf_counter() - start)

    threads = [threading.Thread(target=phone, args=(i, token)) for i, token in enumerate(tokens)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise SystemExit("\n".join(failures[:10]))
    return waited


def post_data(page: str, variant: str, rng: random.Random) -> dict[str, str]:
    """What the phone sends: the form's hidden fields, and a valid deal of the number it offers
    (marked as confirmed, as a player who was warned would send it again)."""
    hidden = hidden_fields(page)
    return {**hidden, **deals_typed(page, variant, rng, [int(hidden["number"])])[0]}


def hidden_fields(page: str) -> dict[str, str]:
    """The form's hidden fields as the page renders them (its key, the number of the deal)."""
    return {name: html.unescape(value) for name, value in HIDDEN.findall(page)}


def deals_typed(page: str, variant: str, rng: random.Random, numbers: Sequence[int]) -> list[dict[str, str]]:
    """What the players type for the deals ``numbers`` of the form's table: valid deals, each
    marked as confirmed (as a player who was warned would send it again). A phone works them out
    before it sends the first: a phone's own work is no work of the server's, and the phones of
    the bench run on the server's cores."""
    from scoring.engine import VARIANTS
    from scoring.samples import valid_deal
    from scoring.scorekeeping.deal_form import form_data

    players = [html.unescape(p) for p in re.findall(r'<option value="([^"]+)"[^>]*>', page.split('name="dealer"')[1])]
    players = list(dict.fromkeys(p for p in players if p))[:4]  # the seats in dealing order
    typed = []
    for number in numbers:
        while True:  # a deal the form can show: its events name players, not a side
            deal = valid_deal(rng, VARIANTS[variant], players, {}, number, 1)
            fields = form_data(deal, VARIANTS[variant], players)
            if all(value in players for name, value in fields.items() if name.endswith("-who")):
                typed.append({**fields, "confirm": "1"})
                break
    return typed


def saves(log: str, tokens: list[str]) -> list[float]:
    """The worker's seconds on each save of the tables, from the access log, in its order."""
    paths = {f"/t/{token}/deals/new/" for token in tokens}
    times = []
    for line in log.splitlines():
        method, path, status, micros = line.split()
        if method == "POST" and path in paths and status == "302":
            times.append(int(micros) / 1e6)
    return times


def check(tokens: list[str], first_deals: int, other_deals: int) -> int:
    """How many deals differ from those saved: each table holds its deals once, numbered 1…N."""
    from scoring.sittings.models import DealRevision
    from scoring.tournaments.models import RoundTable

    wrong = 0
    for index, token in enumerate(tokens):
        sitting = RoundTable.objects.select_related("sitting").get(token=token).sitting
        numbers = sorted(DealRevision.objects.filter(sitting=sitting, live=True).values_list("number", flat=True))
        expected = list(range(1, (first_deals if index == 0 else other_deals) + 1))
        wrong += len(set(numbers) ^ set(expected)) + len(numbers) - len(set(numbers))
        wrong += abs(sitting.deal_count - len(expected))
    return wrong


def percentile(values: list[float], p: int) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def print_times(what: str, worker: list[float], waited: list[float]) -> None:
    print(
        f"  {what}: a save p50 {percentile(worker, 50) * 1000:.0f} ms, p99 {percentile(worker, 99) * 1000:.0f} ms"
        f" in the worker ({len(worker)} saves); the phone waited p50 {percentile(waited, 50) * 1000:.0f} ms,"
        f" p99 {percentile(waited, 99) * 1000:.0f} ms"
    )


def cpu(token: str, variant: str, entries: int, profile: bool) -> None:
    """The CPU time of one deal entry POST through the table's link, in this process."""
    from django.test import Client

    client = Client(SERVER_NAME="localhost")
    form_url = f"/t/{token}/deals/new/"
    rng = random.Random(0)
    timings = []
    profiler = cProfile.Profile()
    for number in range(entries + 5):
        data = post_data(client.get(form_url).content.decode(), variant, rng)
        start = time.process_time()
        if profile and number >= 5:
            profiler.enable()
        answer = client.post(form_url, urllib.parse.urlencode(data), content_type=FORM_ENCODED)
        profiler.disable()
        spent = time.process_time() - start
        assert answer.status_code == 302, answer.content.decode()[:2000]
        if number >= 5:  # the first entries warm the caches of templates and translations
            timings.append(spent)
    median = statistics.median(timings) * 1000
    print(
        f"CPU of one deal entry (POST through a table's link): median {median:.1f} ms"
        f" (goal: {CPU_GOAL_MS:.0f} ms) {'ok' if median <= CPU_GOAL_MS else 'OVER'}"
    )
    if profile:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(os.environ.get("BENCH_PROFILE", ""), 60)


if __name__ == "__main__":
    main()
