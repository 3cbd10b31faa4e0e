// Behaviour of every page, without inline handlers (Content-Security-Policy: script-src 'self').
(function () {
  // <button data-print>: the print dialog (Rangliste, Paarungen, Tischkarten).
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-print]")) window.print();
  });
})();
