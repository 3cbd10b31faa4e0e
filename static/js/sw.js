// The service worker (issue 34), served at /sw.js by tournaments/webapp/ with its version and
// lists filled in: the app shell (our static files, the offline page) cached per release; the
// player's own public pages (my table, the standings, the hall display, the tournament's page)
// network first, their last copy shown offline with "As of hh:mm - offline"; push messages.
// Staff pages and anything personal are never cached; logging out or in forgets the pages
// and this browser's push subscription (a shared phone). No import, no eval (script-src 'self').
"use strict";

var VERSION = "__VERSION__";
var SHELL = __SHELL__;
var OFFLINE_URL = "__OFFLINE__";
var STATIC_PREFIX = "__STATIC__";
var ICON = "__ICON__";
var PAGES = __PAGES__;
var FORGET_ON = __FORGET_ON__;

var SHELL_CACHE = "drv-shell-" + VERSION;
var PAGE_CACHE = "drv-pages";
var STORED_AT = "X-DRV-Stored-At";

function cachedPage(path) {
  return PAGES.some(function (pattern) { return new RegExp(pattern).test(path); });
}

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(SHELL_CACHE).then(function (cache) {
      return cache.addAll(SHELL.map(function (url) {
        // without cookies: the offline page as any visitor sees it (no name, no token)
        return new Request(url, { cache: "reload", credentials: "omit" });
      }));
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("drv-shell-") === 0 && name !== SHELL_CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function forget() {
  var push = self.registration.pushManager
    ? self.registration.pushManager.getSubscription().then(function (subscription) {
      return subscription ? subscription.unsubscribe() : false;
    }).catch(function () { return false; })
    : Promise.resolve(false);
  return Promise.all([caches.delete(PAGE_CACHE), push]);
}

function store(path, response) {
  // the copy carries when it was stored: the offline note names that time
  return response.blob().then(function (body) {
    var headers = new Headers(response.headers);
    headers.set(STORED_AT, String(Date.now()));
    return caches.open(PAGE_CACHE).then(function (cache) {
      return cache.put(path, new Response(body, { status: 200, headers: headers }));
    });
  });
}

function twoDigits(number) { return (number < 10 ? "0" : "") + number; }

function offlineCopy(response) {
  var stored = new Date(Number(response.headers.get(STORED_AT)) || Date.now());
  var time = twoDigits(stored.getHours()) + ":" + twoDigits(stored.getMinutes());
  return response.text().then(function (html) {
    html = html
      .replace("data-offline-note hidden", "data-offline-note")
      .replace("<time data-offline-time>--:--</time>",
        '<time data-offline-time datetime="' + stored.toISOString() + '">' + time + "</time>")
      // a live page stands still offline: its polls would only fail
      .replace(/data-hx-trigger=/g, "data-offline-hx-trigger=");
    return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  });
}

function offlinePage() {
  return caches.match(OFFLINE_URL).then(function (found) {
    return found || Response.error();
  });
}

function networkFirst(request, path) {
  return fetch(request).then(function (response) {
    var cacheable = response.ok && response.type === "basic" && !response.redirected &&
      (response.headers.get("Cache-Control") || "").indexOf("no-store") === -1;
    if (cacheable) {
      var copy = response.clone();
      store(path, copy).catch(function () { return null; });
    }
    return response;
  }).catch(function () {
    return caches.open(PAGE_CACHE).then(function (cache) {
      return cache.match(path);
    }).then(function (found) {
      return found ? offlineCopy(found) : offlinePage();
    });
  });
}

function cacheFirst(request) {
  return caches.open(SHELL_CACHE).then(function (cache) {
    return cache.match(request, { ignoreSearch: true }).then(function (found) {
      return found || fetch(request);
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && FORGET_ON.indexOf(url.pathname) !== -1) {
    event.waitUntil(forget());
    return;
  }
  if (request.method !== "GET" || request.headers.get("HX-Request")) return;
  if (url.pathname.indexOf(STATIC_PREFIX) === 0 && SHELL.indexOf(url.pathname) !== -1) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === "navigate" && cachedPage(url.pathname)) {
    event.respondWith(networkFirst(request, url.pathname));
  } else if (request.mode === "navigate" && self.navigator.onLine === false) {
    event.respondWith(offlinePage());
  }
});

self.addEventListener("push", function (event) {
  var data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(self.registration.showNotification(data.title || "DRV", {
    body: data.body || "",
    tag: data.tag || undefined,
    lang: data.lang || undefined,
    icon: ICON,
    badge: ICON,
    data: { url: data.url || "/" }
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var target = new URL((event.notification.data && event.notification.data.url) || "/",
    self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true })
    .then(function (windows) {
      for (var i = 0; i < windows.length; i++) {
        if (windows[i].url === target.href && "focus" in windows[i]) return windows[i].focus();
      }
      return self.clients.openWindow(target.href);
    }));
});
