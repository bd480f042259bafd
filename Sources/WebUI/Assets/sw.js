// AppSuite's service worker, served at /sw.js (scope /): shows Web Push messages and opens their page.
// The payload is the JSON the server encrypts (RFC 8291): {"title","body","url"}.
self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = { title: event.data ? event.data.text() : "" }; }
  event.waitUntil(self.registration.showNotification(data.title || "AppSuite", {
    body: data.body || "", icon: "/assets/icon-192.png", data: { url: data.url || "/inbox" }
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = event.notification.data && event.notification.data.url;
  var target = typeof url === "string" && url.charAt(0) === "/" && url.charAt(1) !== "/" ? url : "/inbox";
  event.waitUntil(self.clients.openWindow(target));
});
