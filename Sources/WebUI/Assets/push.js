// Web Push on /inbox/settings: registers /sw.js and subscribes this browser only after the user taps the
// button (the browser then asks for permission). Loaded with `defer`; CSP script-src 'self', no inline code.
(function () {
  "use strict";
  var section = document.getElementById("push");
  if (!section) return;
  var enable = section.querySelector("button[name=push-enable]");
  var disable = section.querySelector("button[name=push-disable]");
  var supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (!supported) { section.setAttribute("data-state", "unsupported"); return; }

  function base64urlToBytes(text) {
    var padded = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
    var raw = atob(padded);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }
  function send(method, url, body) {
    return fetch(url, {
      method: method, credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": section.getAttribute("data-csrf") },
      body: body ? JSON.stringify(body) : undefined
    }).then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.status === 204 ? null : response.json();
    });
  }
  function show(state) {
    section.setAttribute("data-state", state);
    enable.disabled = state !== "off";
    disable.disabled = state !== "on";
  }

  var registration = navigator.serviceWorker.register("/sw.js", { scope: "/" });
  registration.then(function (reg) { return reg.pushManager.getSubscription(); })
    .then(function (subscription) {
      var stored = localStorage.getItem("push-subscription-id");
      show(subscription && stored ? "on" : "off");
    })
    .catch(function () { show("unsupported"); });

  enable.addEventListener("click", function () {
    show("busy");
    Promise.all([registration, send("GET", section.getAttribute("data-push-key"))])
      .then(function (results) {
        return results[0].pushManager.subscribe({
          userVisibleOnly: true, applicationServerKey: base64urlToBytes(results[1].publicKey)
        });
      })
      .then(function (subscription) { return send("POST", section.getAttribute("data-push-subscriptions"), subscription.toJSON()); })
      .then(function (stored) { localStorage.setItem("push-subscription-id", String(stored.id)); show("on"); })
      .catch(function () { show(Notification.permission === "denied" ? "unsupported" : "off"); });
  });

  disable.addEventListener("click", function () {
    show("busy");
    var id = localStorage.getItem("push-subscription-id");
    registration.then(function (reg) { return reg.pushManager.getSubscription(); })
      .then(function (subscription) { return subscription ? subscription.unsubscribe() : true; })
      .then(function () { return id ? send("DELETE", section.getAttribute("data-push-subscriptions") + "/" + encodeURIComponent(id)) : null; })
      .then(function () { localStorage.removeItem("push-subscription-id"); show("off"); })
      .catch(function () { show("on"); });
  });
})();
