/* The room's screen (tournaments/screen.html) keeps itself up to date, without a reload.
 * - Every 10 s it fetches screen.json (the address in the page's data-source) and shows what it
 *   says: the round, the clock, each table's line and the standings. The lines are made from the
 *   page's own <template> rows, the markup the server renders, filled in by their data-field
 *   (a missing value is a dash) and with the marks the JSON names shown (data-mark).
 * - Every second it counts the clock down from the seconds left that the server last gave, while
 *   the clock runs; at 0 it says "Time is up". Each fetch sets it right again, so a projector's
 *   laptop that was asleep or slow never drifts.
 * - Without a connection it keeps what it shows, and the next fetch tries again.
 * Without JavaScript the page reloads itself every 30 s instead (its <noscript> refresh).
 */
(function () {
  "use strict";

  var EVERY_MS = 10000;
  var screen = document.getElementById("screen");
  if (!screen) return;
  var clock = { left: null, running: false, at: 0 };

  function byId(id) {
    return document.getElementById(id);
  }

  function twoDigits(n) {
    return (n < 10 ? "0" : "") + n;
  }

  /* As the server writes it (scoring/tournaments/clock.py, minutes_seconds): mm:ss. */
  function minutesSeconds(seconds) {
    return twoDigits(Math.floor(seconds / 60)) + ":" + twoDigits(seconds % 60);
  }

  function leftNow() {
    if (clock.left === null || !clock.running) return clock.left;
    return Math.max(0, clock.left - Math.floor((performance.now() - clock.at) / 1000));
  }

  function tick() {
    var left = leftNow();
    byId("clock").hidden = left === null;
    if (left === null) return;
    byId("clock-left").textContent = minutesSeconds(left);
    byId("clock-left").hidden = left === 0;
    byId("clock-up").hidden = left !== 0;
    if (left === 0) byId("clock-paused").hidden = true;
  }

  function setClock(read) {
    clock = read ? { left: read.left, running: read.running, at: performance.now() } : { left: null, running: false, at: 0 };
    byId("clock-paused").hidden = !(read && read.paused);
    tick();
  }

  function fill(line, data) {
    line.querySelectorAll("[data-field]").forEach(function (el) {
      var value = data[el.dataset.field];
      el.textContent = value === null || value === undefined ? "\u2014" : value;
    });
    line.querySelectorAll("progress").forEach(function (bar) {
      bar.max = data.due || 1;
      bar.value = data.deals;
    });
    line.querySelectorAll("[data-mark]").forEach(function (el) {
      el.hidden = (data.marks || []).indexOf(el.dataset.mark) < 0;
    });
    return line;
  }

  function lines(bodyId, patternId, items) {
    var pattern = byId(patternId).content.firstElementChild;
    var body = byId(bodyId);
    body.replaceChildren.apply(
      body,
      items.map(function (item) {
        return fill(pattern.cloneNode(true), item);
      })
    );
  }

  function show(data) {
    byId("tournament").textContent = data.tournament;
    byId("heading").textContent = data.heading;
    byId("tag").textContent = data.tag;
    byId("tag").hidden = !data.tag;
    setClock(data.clock);
    lines("tables", "table-line", data.tables);
    byId("standings-title").textContent = data.standings_heading;
    byId("standings-table").hidden = !data.standings.length;
    lines("standings", "standing-line", data.standings);
  }

  function refresh() {
    fetch(screen.dataset.source, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } })
      .then(function (answer) {
        if (!answer.ok) throw new Error("screen.json answered " + answer.status);
        return answer.json();
      })
      .then(show)
      .catch(function () {
        /* no connection, or the server is restarting: keep what is shown, try again next time */
      });
  }

  var shown = byId("clock");
  setClock(
    shown.dataset.left === ""
      ? null
      : { left: Number(shown.dataset.left), running: shown.dataset.running === "true", paused: !byId("clock-paused").hidden }
  );
  window.setInterval(tick, 1000);
  window.setInterval(refresh, EVERY_MS);
})();
