// "Notifications on this device" (issue 34): only after the person's click on the button the
// browser is asked for permission and a push subscription, which is sent to the server with the
// kinds chosen. Without JavaScript or push support the section says so and nothing is asked.
(function () {
  function base64ToBytes(text) {
    var padded = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = window.atob(padded);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  function markThisDevice(registration) {
    if (!registration || !registration.pushManager) return;
    registration.pushManager.getSubscription().then(function (subscription) {
      if (!subscription) return;
      document.querySelectorAll("[data-endpoint]").forEach(function (item) {
        if (item.getAttribute("data-endpoint") !== subscription.endpoint) return;
        var mark = item.querySelector("[data-this-device]");
        if (mark) mark.hidden = false;
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var box = document.querySelector("[data-push]");
    var supported = "serviceWorker" in navigator && "PushManager" in window &&
      "Notification" in window;
    if (!box || !supported) return;
    var form = box.querySelector("[data-push-form]");
    var state = box.querySelector("[data-push-state]");
    var button = form.querySelector("button[type=submit]");
    var worker = navigator.serviceWorker.register(box.getAttribute("data-push-worker"),
      { scope: "/", updateViaCache: "none" }).then(function () {
      return navigator.serviceWorker.ready;
    });
    worker.then(markThisDevice).catch(function () { return null; });
    form.hidden = false;
    state.hidden = true;

    function say(text) {
      state.textContent = text;
      state.hidden = false;
      button.removeAttribute("aria-busy");
      button.disabled = false;
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var kinds = Array.prototype.map.call(
        form.querySelectorAll("input[type=checkbox]:checked"), function (input) {
          return input.value;
        });
      button.disabled = true;
      button.setAttribute("aria-busy", "true");
      state.textContent = box.getAttribute("data-text-busy");
      state.hidden = false;
      Notification.requestPermission().then(function (permission) {
        if (permission !== "granted") throw new Error("denied");
        return worker;
      }).then(function (registration) {
        return registration.pushManager.getSubscription().then(function (found) {
          return found || registration.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: base64ToBytes(box.getAttribute("data-push-key"))
          });
        });
      }).then(function (subscription) {
        var data = subscription.toJSON();
        data.kinds = kinds;
        return fetch(box.getAttribute("data-push-url"), {
          method: "POST",
          credentials: "same-origin",
          headers: {
            "Content-Type": "application/json",
            "X-CSRFToken": form.querySelector("[name=csrfmiddlewaretoken]").value
          },
          body: JSON.stringify(data)
        });
      }).then(function (response) {
        if (response.ok) {
          window.location.reload();
          return null;
        }
        return response.json().then(function (answer) {
          say(answer.error || box.getAttribute("data-text-failed"));
        });
      }).catch(function (error) {
        say(box.getAttribute(error && error.message === "denied" ?
          "data-text-denied" : "data-text-failed"));
      });
    });
  });
})();
