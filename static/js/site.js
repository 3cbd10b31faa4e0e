// Behaviour of every page, without inline handlers (Content-Security-Policy: script-src 'self').
(function () {
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
})();
