/* The deal form, nicer with JavaScript; everything also works without it.
 * - each declaration or event row shows only the controls its type uses, and its "who" only the
 *   players or the sides that type names;
 * - "thrown in" hides everything a deal that was not played has not (cards, bids, declarations,
 *   the counting helper), and its event rows offer only penalties;
 * - card points: the one player left blank gets what the pack leaves, with a live sum;
 * - the counting helper counts as the engine does (scoring/engine/cards.py) and fills the field;
 * - a refused or doubtful deal's summary takes the focus, so the first screen says what is wrong;
 * - where the rules fix who sits out (Droggn: the dealer), the form names him as the dealer
 *   changes, and he cannot be picked as declarer.
 */
(function () {
  "use strict";

  var VALUES = { kings: 5, queens: 4, cavaliers: 3, jacks: 2, trull: 5, others: 1 };
  var FRACTIONS = ["", "\u2153", "\u2154"];

  /* Card points of a pile: groups of three worth their values minus 2, i.e. 3F - 2n thirds;
   * rounded at the end, x1/3 down and x2/3 up. */
  function countPile(counts) {
    var value = 0, cards = 0;
    Object.keys(VALUES).forEach(function (name) {
      var n = Number(counts[name] || 0);
      value += VALUES[name] * n;
      cards += n;
    });
    var thirds = 3 * value - 2 * cards;
    var whole = Math.floor(thirds / 3), rest = thirds - 3 * whole;
    var text = (whole || !rest ? String(whole) : "") + FRACTIONS[rest];
    return { thirds: thirds, points: Math.floor((thirds + 1) / 3), text: text };
  }
  window.tarokclub = { countPile: countPile };

  var form = document.getElementById("deal-form");
  if (!form) return;
  var pack = Number(form.dataset.pack);
  var rules = JSON.parse(document.getElementById("deal-rules").textContent);

  /* Offer only the values a select allows; one no longer allowed is cleared, and a group of
   * options none of which is allowed (the sides, for a penalty) goes too. */
  function offer(select, values) {
    Array.prototype.forEach.call(select.options, function (option) {
      var off = values !== null && option.value !== "" && values.indexOf(option.value) < 0;
      option.hidden = off;
      option.disabled = off;
      if (off && option.selected) select.value = "";
    });
    select.querySelectorAll("optgroup").forEach(function (group) {
      var none = Array.prototype.every.call(group.children, function (option) { return option.disabled; });
      group.hidden = none;
      group.disabled = none;
    });
  }

  function showRowControls(row, list) {
    var type = row.querySelector("[data-control=type] select").value;
    var wanted = rules.items[list][type] || {};
    row.querySelectorAll(".field[data-control]").forEach(function (field) {
      var control = field.dataset.control;
      if (control === "type") return;
      field.hidden = !type || !(control in wanted);
      var select = field.querySelector("select");
      if (select && !field.hidden) offer(select, wanted[control]);
    });
  }

  /* A contract may admit only some events (a Solo Valat only penalties); a deal thrown in has
   * only penalties, and none of the controls of a played deal. */
  var contract = form.querySelectorAll("[name=contract]");
  var thrownIn = form.querySelector("[name=thrown_in]");
  function showContractEvents() {
    var chosen = form.querySelector("[name=contract]:checked");
    var admitted = thrownIn && thrownIn.checked ? ["penalty"] : chosen && rules.contract_events[chosen.value];
    var events = form.querySelector("fieldset[data-list=events]");
    if (!events) return;
    events.hidden = !!admitted && admitted.length === 0;
    events.querySelectorAll("[data-control=type] select").forEach(function (select) {
      var before = select.value;
      offer(select, admitted || null);
      if (select.value !== before) select.dispatchEvent(new Event("change"));
    });
  }
  contract.forEach(function (radio) { radio.addEventListener("change", showContractEvents); });
  function showThrownIn() {
    form.querySelectorAll("[data-played]").forEach(function (part) { part.hidden = thrownIn.checked; });
    showContractEvents();
  }
  if (thrownIn) thrownIn.addEventListener("change", showThrownIn);
  /* One empty row at a time: the next appears once a row is used. */
  function showRows(fieldset) {
    var emptySeen = false;
    fieldset.querySelectorAll(".item-row").forEach(function (row) {
      var used = row.querySelector("[data-control=type] select").value !== "";
      var failed = row.querySelector(".errorlist");
      row.hidden = !used && !failed && emptySeen;
      if (!used) emptySeen = true;
    });
  }
  form.querySelectorAll("fieldset.items").forEach(function (fieldset) {
    var list = fieldset.dataset.list;
    fieldset.querySelectorAll(".item-row").forEach(function (row) {
      showRowControls(row, list);
      row.querySelector("[data-control=type] select").addEventListener("change", function () {
        showRowControls(row, list);
        showRows(fieldset);
      });
    });
    showRows(fieldset);
  });
  if (thrownIn) showThrownIn(); else showContractEvents();

  var summary = document.getElementById("problems") || document.getElementById("warnings");
  if (summary) {
    summary.scrollIntoView();
    summary.focus();
  }

  var dealer = form.querySelector("[name=dealer]");
  var outName = document.getElementById("sits-out-name");
  var declarer = form.querySelector("select[name=declarer]");
  function showWhoSitsOut() {
    var out = rules.sits_out[dealer.value] || "";
    if (outName) outName.textContent = out;
    if (declarer) {
      Array.prototype.forEach.call(declarer.options, function (option) {
        option.disabled = option.value !== "" && option.value === out;
        if (option.disabled && option.selected) declarer.value = "";
      });
    }
  }
  if (dealer && Object.keys(rules.sits_out).length) {
    dealer.addEventListener("change", showWhoSitsOut);
    showWhoSitsOut();
  }

  var pointFields = Array.prototype.slice.call(form.querySelectorAll(".card-points .cp"));
  var sittingOut = form.querySelector("[name=sitting_out]");
  var sumLine = document.getElementById("cp-sum");

  function activeInputs() {
    return pointFields.filter(function (field) {
      var out = sittingOut && field.dataset.player === sittingOut.value;
      field.hidden = !!out;
      return !out;
    }).map(function (field) { return field.querySelector("input"); });
  }
  function updateSum(changed) {
    if (!sumLine) return;
    var inputs = activeInputs();
    var blank = inputs.filter(function (input) { return input.value === "" || input.dataset.filled; });
    if (blank.length === 1 && blank[0] !== changed) {
      var others = inputs.filter(function (input) { return input !== blank[0]; });
      var rest = pack - others.reduce(function (sum, input) { return sum + Number(input.value || 0); }, 0);
      if (rest >= 0) { blank[0].value = rest; blank[0].dataset.filled = "1"; }
    }
    var sum = inputs.reduce(function (total, input) { return total + Number(input.value || 0); }, 0);
    sumLine.textContent = sum + " / " + pack;
    sumLine.className = "sum " + (sum === pack ? "ok" : "off");
  }
  pointFields.forEach(function (field) {
    var input = field.querySelector("input");
    input.addEventListener("input", function () { delete input.dataset.filled; updateSum(input); });
  });
  if (sittingOut) sittingOut.addEventListener("change", function () { updateSum(null); });
  updateSum(null);

  var counted = document.getElementById("counted");
  function counts() {
    var result = {};
    Object.keys(VALUES).forEach(function (name) {
      var input = form.querySelector("[name=count_" + name + "]");
      result[name] = input ? input.value : 0;
    });
    return result;
  }
  function showCount() {
    var pile = countPile(counts());
    counted.textContent = pile.text + " \u2192 " + pile.points;
    return pile;
  }
  form.querySelectorAll("#counting input").forEach(function (input) {
    input.addEventListener("input", showCount);
  });
  document.getElementById("count-button").addEventListener("click", function (event) {
    event.preventDefault();
    var pile = showCount();
    var target = form.querySelector("[name=" + form.querySelector("[name=count_for]").value + "]");
    if (target) {
      target.value = pile.points;
      delete target.dataset.filled;
      target.dispatchEvent(new Event("input"));
      target.focus();
    }
  });
})();
