/* The outbox: a deal sent while the club's Wi-Fi is down is kept on this phone and sent by itself
 * when the connection is back. Everything also works without JavaScript (the ordinary post).
 *
 * - A form marked data-outbox (the deal form, a correction, taking back the last deal) is sent
 *   by the page itself. Before it goes, what it sends is kept in localStorage under the form's
 *   data-outbox id (the sitting and the deal), so it survives a reload or a closed tab.
 * - When the send fails for want of a connection, a notice says the deal is waiting, and it is
 *   sent again, once at a time, when the browser says it is online and every few seconds.
 * - Whatever the server answers (the sheet after a save, the form with a refusal or a doubt)
 *   replaces the page as a plain post would have, and the kept copy goes: a refused deal is on
 *   the screen with everything typed and the reason, never silently dropped. The form's one-time
 *   key makes a deal that arrives twice count once.
 * - Any page of the site sends what a previous page kept (the tab was reloaded offline, or
 *   closed).
 * - A form marked data-busy (imports, draws) shows that it is working and is not sent twice by a
 *   second tap.
 * No service worker: a club laptop serves plain HTTP on its Wi-Fi, where browsers allow none.
 */
(function () {
  "use strict";

  var STORE = "tarokclub.outbox";
  var RETRY_MS = 4000;
  var GATEWAY = [502, 503, 504];
  var words = {};
  var sending = false;
  var timer = null;

  function said(name, label) {
    return (words[name] || "").replace("{label}", label);
  }

  function kept() {
    try {
      var all = JSON.parse(window.localStorage.getItem(STORE) || "{}");
      return all && typeof all === "object" ? all : {};
    } catch (e) {
      return {};
    }
  }

  function keep(all) {
    try {
      window.localStorage.setItem(STORE, JSON.stringify(all));
    } catch (e) {
      /* private mode or a full store: the page still sends, it only cannot keep a copy */
    }
  }

  function forget(id) {
    var all = kept();
    delete all[id];
    keep(all);
  }

  function oldest() {
    var all = kept(), found = null;
    Object.keys(all).forEach(function (id) {
      if (!found || all[id].at < all[found].at) found = id;
    });
    return found === null ? null : { id: found, entry: all[found] };
  }

  /* The notice of what waits on this phone, at the top of the page, announced politely. */
  function notice() {
    var box = document.getElementById("outbox-notice");
    var all = kept(), ids = Object.keys(all);
    if (!ids.length) {
      if (box) box.remove();
      return;
    }
    if (!box) {
      box = document.createElement("div");
      box.id = "outbox-notice";
      box.className = "outbox-notice";
      box.setAttribute("role", "status");
      var main = document.querySelector("main") || document.body;
      main.insertBefore(box, main.firstChild);
    }
    var list = document.createElement("ul");
    ids.forEach(function (id) {
      var item = document.createElement("li");
      item.textContent = said(sending ? "sending" : "waiting", all[id].label);
      list.appendChild(item);
    });
    box.replaceChildren(list);
  }

  /* Put the server's answer in place of this page, as the browser would after a plain post. */
  function show(html, url) {
    var next = new DOMParser().parseFromString(html, "text/html");
    document.title = next.title;
    document.documentElement.lang = next.documentElement.lang;
    document.body.replaceWith(document.adoptNode(next.body));
    if (url && url !== window.location.href) window.history.replaceState(null, "", url);
    window.scrollTo(0, 0);
    /* scripts of the new body run as they would on a loaded page (from this site only) */
    document.body.querySelectorAll("script[src]").forEach(function (old) {
      var script = document.createElement("script");
      script.src = old.src;
      old.replaceWith(script);
    });
    var focus = document.querySelector("[autofocus]");
    if (focus) focus.focus();
    notice();
  }

  function send() {
    var next = oldest();
    if (sending || !next) return;
    sending = true;
    notice();
    var body = new URLSearchParams();
    next.entry.fields.forEach(function (field) {
      body.append(field[0], field[1]);
    });
    window
      .fetch(next.entry.action, { method: "POST", body: body, credentials: "same-origin" })
      .then(function (response) {
        /* a proxy that cannot reach the site (it is starting again): not arrived, try again */
        if (GATEWAY.indexOf(response.status) >= 0) throw new Error("not arrived");
        return response.text().then(function (html) {
          forget(next.id);
          sending = false;
          show(html, response.url);
          send();
        });
      })
      .catch(function () {
        sending = false;
        notice();
        wait();
      });
  }

  function wait() {
    if (timer === null && oldest()) {
      timer = window.setTimeout(function () {
        timer = null;
        send();
      }, RETRY_MS);
    }
  }

  function fields(form, submitter) {
    var found = [];
    new FormData(form, submitter).forEach(function (value, name) {
      if (typeof value === "string") found.push([name, value]);
    });
    return found;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset.busy !== undefined) {
      if (form.classList.contains("busy")) {
        event.preventDefault();
        return;
      }
      form.classList.add("busy");
      form.setAttribute("aria-busy", "true");
      var status = form.querySelector(".busy-status");
      if (!status) {
        status = document.createElement("span");
        status.className = "busy-status";
        status.setAttribute("role", "status");
        var button = event.submitter || form.querySelector("[type=submit]");
        if (button) button.after(status);
        else form.appendChild(status);
      }
      status.textContent = words.busy || "";
    }
    if (!form.dataset.outbox || !window.fetch || !window.FormData) return;
    event.preventDefault();
    var all = kept();
    all[form.dataset.outbox] = {
      action: form.action,
      fields: fields(form, event.submitter),
      label: form.dataset.outboxLabel || "",
      at: Date.now(),
    };
    keep(all);
    send();
  });

  window.addEventListener("online", send);
  window.addEventListener("pageshow", function (event) {
    /* back to a page the browser kept: whatever it said about busy forms is old */
    if (event.persisted) {
      document.querySelectorAll("form.busy").forEach(function (form) {
        form.classList.remove("busy");
        form.removeAttribute("aria-busy");
      });
    }
  });
  document.addEventListener("DOMContentLoaded", function () {
    var data = document.getElementById("outbox-words");
    if (data) words = JSON.parse(data.textContent);
    notice();
    send();
  });
})();
