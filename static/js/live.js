// Live screens (issue #15.5): an element with data-live polls its page (hx-trigger "every
// 1500ms") and sends the ETag its content was made under; the server answers 304 Not Modified
// while nothing changed (tournaments/common/live.py), and htmx then leaves the element alone.
// Hidden tabs do not poll; coming back polls at once. Also estimates the server's clock from
// the answers' Date headers (window.drvLive.now(), used by the hall display's round clock).
(function () {
  "use strict";
  var tags = {}; // element id -> ETag of the newest answer
  var bounds = { lo: -Infinity, hi: Infinity }; // server clock minus ours, in ms

  function liveElt(elt) {
    return elt && elt.hasAttribute && elt.hasAttribute("data-live") ? elt : null;
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var elt = liveElt(event.detail.elt);
    if (!elt) return;
    if (document.hidden) { event.preventDefault(); return; }
    var tag = tags[elt.id] || elt.getAttribute("data-live-etag");
    if (tag) event.detail.headers["If-None-Match"] = tag;
    elt.liveSentAt = Date.now();
  });

  function learnClock(xhr, sentAt) {
    var date = Date.parse(xhr.getResponseHeader("Date") || "");
    if (isNaN(date) || !sentAt) return;
    // The server's second [date, date + 1000) lies between our send and our receipt.
    bounds.lo = Math.max(bounds.lo, date - Date.now());
    bounds.hi = Math.min(bounds.hi, date + 1000 - sentAt);
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var elt = liveElt(event.detail.requestConfig && event.detail.requestConfig.elt);
    if (!elt) return;
    var xhr = event.detail.xhr;
    learnClock(xhr, elt.liveSentAt);
    if (xhr.status === 304) {
      event.detail.shouldSwap = false;
      event.detail.isError = false;
      return;
    }
    var tag = xhr.getResponseHeader("ETag");
    if (tag && elt.id && xhr.status === 200) tags[elt.id] = tag;
  });

  // "Mein Tisch": the poll answers with data-live-goto once a newer round is released.
  document.addEventListener("htmx:afterSettle", function (event) {
    var goto = event.detail.elt && event.detail.elt.getAttribute && event.detail.elt.getAttribute("data-live-goto");
    if (!goto) return;
    var query = document.querySelector("[data-live-query]");
    var q = query && query.value.trim();
    window.location.assign(goto + (q ? "?q=" + encodeURIComponent(q) : ""));
  });

  document.addEventListener("visibilitychange", function () {
    if (document.hidden || !window.htmx) return;
    document.querySelectorAll("[data-live]").forEach(function (elt) { htmx.trigger(elt, "live-now"); });
  });

  window.drvLive = {
    // Our best estimate of the server's clock (ms since the epoch).
    now: function () {
      if (bounds.lo === -Infinity) return Date.now();
      var offset = bounds.lo <= bounds.hi ? (bounds.lo + bounds.hi) / 2 : bounds.lo;
      if (bounds.hi === Infinity) offset = bounds.lo + 500;
      return Date.now() + offset;
    }
  };
})();
