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
