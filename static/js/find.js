// "Mein Tisch" (issue #17): filter the pairing list as you type (no server round trip) and show
// the first hit's table and seat large at the top. Without JavaScript the form is sent and the
// server marks the hits and shows the same box.
(function () {
  "use strict";
  function norm(text) {
    return (text || "").toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }
  function apply(input) {
    var list = document.getElementById(input.getAttribute("data-filter-list"));
    var box = document.getElementById(input.getAttribute("data-filter-hit"));
    if (!list) return;
    var query = norm(input.value.trim());
    var first = null;
    list.querySelectorAll("li[data-name]").forEach(function (item) {
      var hit = !query || norm(item.getAttribute("data-name")).indexOf(query) >= 0;
      item.hidden = !hit;
      item.classList.toggle("highlight", Boolean(query) && hit);
      if (query && hit && !first) first = item;
    });
    if (!box) return;
    box.hidden = !first;
    if (first) {
      box.querySelector("[data-hit-where]").textContent = first.getAttribute("data-where");
      box.querySelector("[data-hit-name]").textContent = first.getAttribute("data-name");
    }
  }
  document.addEventListener("input", function (event) {
    if (event.target.matches && event.target.matches("[data-filter-list]")) apply(event.target);
  });
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-filter-list]").forEach(apply);
  });
})();
