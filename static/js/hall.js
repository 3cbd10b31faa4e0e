// Hall display: scroll long lists slowly, pause at both ends, start again after each refresh.
(function () {
  var timer = null;
  function start() {
    if (timer) clearInterval(timer);
    var box = document.querySelector(".hall-scroll");
    if (!box || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    var pause = 40; // ticks of 50 ms
    box.scrollTop = 0;
    timer = setInterval(function () {
      if (pause > 0) { pause--; return; }
      var max = box.scrollHeight - box.clientHeight;
      if (max <= 0) return;
      if (box.scrollTop >= max - 1) { pause = 60; setTimeout(function () { box.scrollTop = 0; }, 2500); return; }
      box.scrollTop += 1;
    }, 50);
  }
  document.addEventListener("DOMContentLoaded", start);
  document.addEventListener("htmx:afterSettle", start);
})();
