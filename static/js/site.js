// Behaviour of every page, without inline handlers (Content-Security-Policy: script-src 'self').
(function () {
  // htmx requests of an anonymous page carry the visitor's own CSRF cookie (the page itself may
  // come from the shared public cache, so it holds no token; signed-in pages name theirs).
  document.addEventListener("htmx:configRequest", function (event) {
    if (event.detail.headers["X-CSRFToken"]) return;
    var found = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    if (found) event.detail.headers["X-CSRFToken"] = decodeURIComponent(found[1]);
  });
  // <button data-print>: the print dialog (Rangliste, Paarungen, Tischkarten).
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-print]")) window.print();
  });
  // <button data-copy="#id">: copy that field's text (the calendar link), say so in the button.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-copy]");
    var field = button && document.querySelector(button.getAttribute("data-copy"));
    if (!field || !navigator.clipboard) return;
    navigator.clipboard.writeText(field.value).then(function () {
      button.textContent = button.getAttribute("data-copied") || button.textContent;
    });
  });

  // <p data-scroll-hint> just before a box that scrolls sideways (a wide table on a phone):
  // shown only while the box is wider than its room. Without JavaScript it shows on phones.
  function scrollHints() {
    document.querySelectorAll("[data-scroll-hint]").forEach(function (hint) {
      var box = hint.nextElementSibling;
      if (box) hint.hidden = box.scrollWidth <= box.clientWidth + 1;
    });
  }
  document.addEventListener("DOMContentLoaded", scrollHints);
  document.addEventListener("htmx:afterSettle", scrollHints);
  window.addEventListener("resize", scrollHints);

  // <select data-presets='{"city": {"rounds_planned": 3, ...}}'>: choosing a tournament category
  // fills its rounds and games (Klub 6.3). Without JavaScript the server fills empty fields.
  document.addEventListener("change", function (event) {
    var select = event.target;
    if (!select.matches || !select.matches("select[data-presets]")) return;
    var preset = JSON.parse(select.getAttribute("data-presets"))[select.value];
    if (!preset || !select.form) return;
    Object.keys(preset).forEach(function (name) {
      var input = select.form.elements[name];
      if (input && preset[name] !== null) input.value = preset[name];
    });
  });

  // A one-day event: the end follows the start while it is empty or before it.
  document.addEventListener("change", function (event) {
    var start = event.target;
    if (start.name !== "start_date" || !start.form) return;
    var end = start.form.elements.end_date;
    if (end && (!end.value || end.value < start.value)) end.value = start.value;
  });

  // A form on its way (a native submit: the page is being left) sends no more htmx previews:
  // they would only race its save on the server and be thrown away. A submit that a script or
  // htmx handles itself is default-prevented before it gets here and is not marked.
  // <form data-busy="Drawing …">: while the server works (a draw), its button says so, is busy
  // for assistive technology and a second click sends nothing more.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || !form.setAttribute) return;
    if (form.hasAttribute("data-busy") && form.hasAttribute("data-submitting")) {
      event.preventDefault();  // already on its way
      return;
    }
    form.setAttribute("data-submitting", "");
    var label = form.getAttribute("data-busy");
    var button = label && form.querySelector("button[type=submit]");
    if (!button) return;
    button.setAttribute("data-idle", button.textContent);
    button.textContent = label;
    button.setAttribute("aria-busy", "true");
    button.setAttribute("aria-disabled", "true");
    button.classList.add("busy");
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (elt && elt.closest && elt.closest("form[data-submitting]")) event.preventDefault();
  });
  window.addEventListener("pageshow", function (event) {  // back from the cache: usable again
    if (!event.persisted) return;
    document.querySelectorAll("form[data-submitting]").forEach(function (form) {
      form.removeAttribute("data-submitting");
      form.querySelectorAll("button[data-idle]").forEach(function (button) {
        button.textContent = button.getAttribute("data-idle");
        button.removeAttribute("data-idle");
        button.removeAttribute("aria-busy");
        button.removeAttribute("aria-disabled");
        button.classList.remove("busy");
      });
    });
  });

  // <form data-clears-search="reg-q">: after a player was added, the search is empty and focused
  // again for the next name (the registration desk). Without JavaScript the page reloads so.
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.target.closest && event.target.closest("form[data-clears-search]");
    if (!form || !event.detail.successful) return;
    var search = document.getElementById(form.getAttribute("data-clears-search"));
    if (!search) return;
    var results = document.getElementById("search-results");
    if (results) results.innerHTML = "";
    search.value = "";
    search.focus();
  });
})();

// The installable app (issue 34): the service worker keeps the shell and the player's own
// pages for offline use and shows push messages; a new release replaces it by itself.
(function () {
  var meta = document.querySelector("meta[name=drv-service-worker]");
  if (!meta || !("serviceWorker" in navigator)) return;
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(meta.content, { scope: "/", updateViaCache: "none" })
      .catch(function () { return null; });  // private windows, old browsers: pages work as ever
  });
})();
