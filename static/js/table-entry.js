// The table's phone page (issue #15): a device id for the record, the live control sum, a
// number pad with an easy minus, and a draft kept in the phone that is sent again after a lost
// connection (the form's submission key makes a second send return the first version).
(function () {
  "use strict";
  var DEVICE_KEY = "drv-device-id";

  function storage() {
    try { return window.localStorage; } catch (e) { return null; }
  }

  function deviceId() {
    var store = storage();
    var id = store && store.getItem(DEVICE_KEY);
    if (!id) {
      id = (window.crypto && crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2)).slice(0, 13);
      if (store) store.setItem(DEVICE_KEY, id);
    }
    return id;
  }

  function parsePoints(text) {
    var cleaned = String(text || "").replace(/\s/g, "").replace(/[\u2212\u2013]/g, "-").replace(/^\+/, "");
    if (!/^-?\d{1,6}$/.test(cleaned)) return null;
    return parseInt(cleaned, 10);
  }

  // Display only: the server checks every rule (the desk's validation) on each change.
  function updateSums(form) {
    form.querySelectorAll("tr[data-game]").forEach(function (row) {
      var cells = row.querySelectorAll("input[data-cell]");
      var exhausted = document.getElementById("g" + row.getAttribute("data-game") + "_exhausted");
      var pool = exhausted && exhausted.checked;  // Klub 11.4: the sum is not 0 then
      var sum = 0, filled = 0, empty = [];
      cells.forEach(function (cell) {
        var value = parsePoints(cell.value);
        if (value !== null) { sum += value; filled += 1; } else { empty.push(cell); }
        cell.removeAttribute("placeholder");
      });
      // One cell left and the others all minus: its value is the winner's plus (Klub 19.1).
      if (!pool && empty.length === 1 && filled > 0 && sum < 0) empty[0].setAttribute("placeholder", "+" + (-sum));
      var out = row.querySelector("output[data-sum]");
      if (!out) return;
      out.textContent = filled ? (sum > 0 ? "+" + sum : String(sum)) : "";
      out.className = filled === cells.length && !pool ? (sum === 0 ? "ok" : "bad") : "";
    });
  }

  function fields(form) {
    var values = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.type === "hidden" || el.type === "submit" || el.type === "button") return;
      if (el.type === "checkbox") {
        values[el.name] = el.checked ? el.value : "";
      } else if (el.type === "radio") {
        if (el.checked) values[el.name] = el.value;
      } else {
        values[el.name] = el.value;
      }
    });
    return values;
  }

  function restore(form, values) {
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || !(el.name in values) || el.type === "hidden") return;
      if (el.type === "radio" || el.type === "checkbox") el.checked = values[el.name] === el.value;
      else el.value = values[el.name];
    });
  }

  function setupDraft(form) {
    var store = storage();
    var key = "drv-table-draft:" + form.getAttribute("data-draft");
    var version = form.querySelector("input[name=version]").value;
    var submissionKey = form.querySelector("[data-submission-key]");
    var banner = form.querySelector("[data-offline]");
    var retryTimer = null;

    function read() {
      try { return JSON.parse(store.getItem(key) || "null"); } catch (e) { return null; }
    }
    function write(pending) {
      if (!store) return;
      store.setItem(key, JSON.stringify({
        version: version, key: submissionKey.value, fields: fields(form), pending: pending
      }));
    }
    function say(text) {
      banner.textContent = text;
      banner.hidden = !text;
    }

    var draft = store && read();
    if (draft && draft.version === version) {
      restore(form, draft.fields || {});
      if (draft.key) submissionKey.value = draft.key;
      say(banner.getAttribute(draft.pending ? "data-text-restored-pending" : "data-text-restored"));
    } else if (draft && store) {
      store.removeItem(key);  // somebody saved since: the old draft does not fit any more
    }

    function nativeSubmit() {
      var action = document.createElement("input");
      action.type = "hidden"; action.name = "action"; action.value = "save";
      form.appendChild(action);
      HTMLFormElement.prototype.submit.call(form);
    }

    function send() {
      if (retryTimer) { clearTimeout(retryTimer); retryTimer = null; }
      write(true);
      var body = new FormData(form);
      body.set("action", "save");
      // getAttribute: the form's buttons named "action" shadow the property form.action. A save
      // is answered 204 (X-Table-Script): the page is then loaded once more, with its message.
      var target = form.getAttribute("action") || window.location.pathname + window.location.search;
      fetch(target, {
        method: "POST", body: body, credentials: "same-origin", headers: { "X-Table-Script": "1" }
      })
        .then(function (response) {
          if (response.status === 204) {
            if (store) store.removeItem(key);
            window.location.assign(target);
          } else {
            write(false);
            nativeSubmit();  // the server's own page with its messages (same key: no twin)
          }
        })
        .catch(function () {
          say(banner.getAttribute("data-text-offline"));
          retryTimer = setTimeout(send, 5000);
        });
    }

    // No live preview while the phone knows it is offline: it could not arrive (htmx would
    // report a failed request); the draft keeps the figures and the save goes out once back.
    form.addEventListener("htmx:beforeRequest", function (event) {
      if (navigator.onLine === false) event.preventDefault();
    });
    form.addEventListener("input", function () { write(false); });
    form.addEventListener("change", function () { write(false); });
    form.addEventListener("submit", function (event) {
      var submitter = event.submitter;
      if (submitter && submitter.value !== "save") return;  // "Prüfen": a normal post
      event.preventDefault();
      send();
    });
    window.addEventListener("online", function () {
      var current = store && read();
      if (current && current.pending) send();
    });
    if (draft && draft.version === version && draft.pending) send();
  }

  function setupPad(form) {
    var pad = form.querySelector("[data-numpad]");
    if (!pad || !window.matchMedia || !window.matchMedia("(pointer: coarse)").matches) return;
    var cells = Array.prototype.slice.call(form.querySelectorAll("input[data-cell]"));
    var active = null;
    cells.forEach(function (cell) {
      cell.setAttribute("inputmode", "none");
      cell.addEventListener("focus", function () {
        active = cell;
        pad.hidden = false;
        document.body.classList.add("numpad-open");
        cell.scrollIntoView({ block: "center" });  // never hidden behind the pad
      });
    });
    function close() {
      pad.hidden = true;
      document.body.classList.remove("numpad-open");
      if (active) active.blur();
    }
    pad.addEventListener("pointerdown", function (event) { event.preventDefault(); });
    pad.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-key]");
      if (!button || !active) return;
      var key = button.getAttribute("data-key");
      var value = active.value.replace(/[\u2212\u2013]/g, "-");
      if (key === "next") {
        var next = cells[cells.indexOf(active) + 1];
        if (next) next.focus(); else close();
        return;
      }
      if (key === "close") {
        close();
        return;
      }
      if (key === "back") value = value.slice(0, -1);
      else if (key === "sign") value = value.charAt(0) === "-" ? value.slice(1) : "-" + value.replace(/^\+/, "");
      else value += key;
      active.value = value;
      active.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }

  function setupNoMeld(form) {
    form.querySelectorAll("select[data-nomeld]").forEach(function (select) {
      select.addEventListener("change", function () {
        var cell = document.getElementById(select.getAttribute("data-nomeld"));
        if (cell && select.value && !cell.value) {
          cell.value = "-" + select.value;  // Klub 19.2: the flat -100 / -200
          cell.dispatchEvent(new Event("input", { bubbles: true }));
        }
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var id = deviceId();
    document.querySelectorAll("[data-device-id]").forEach(function (input) { input.value = id; });
    var form = document.getElementById("table-entry");
    if (!form) return;
    setupDraft(form);
    setupPad(form);
    setupNoMeld(form);
    form.addEventListener("input", function () { updateSums(form); });
    form.addEventListener("change", function () { updateSums(form); });
    updateSums(form);
  });
})();
