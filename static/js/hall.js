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
// The round clock (issue #15.7): count down locally from the server's state (no per-second
// polling); the live poll (live.js) brings a pause, resume or end within its interval.
(function () {
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function text(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor(seconds % 3600 / 60), s = seconds % 60;
    return h ? h + ":" + pad(m) + ":" + pad(s) : m + ":" + pad(s);
  }
  function tick() {
    var box = document.querySelector("[data-clock]");
    if (!box || box.getAttribute("data-status") !== "running") return;
    var endsAt = parseInt(box.getAttribute("data-ends-at"), 10);
    if (isNaN(endsAt)) return;
    var now = window.drvLive ? window.drvLive.now() : Date.now();
    var left = Math.max(0, Math.ceil((endsAt - now) / 1000));
    var timer = box.querySelector(".hall-timer");
    if (timer && timer.textContent !== text(left)) timer.textContent = text(left);
    if (left === 0 && !box.classList.contains("expired")) {
      box.classList.add("expired");
      var state = box.querySelector("[data-clock-state]");
      if (state) state.textContent = box.getAttribute("data-expired-text") || state.textContent;
    }
  }
  setInterval(tick, 250);
  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("htmx:afterSettle", tick);
})();
