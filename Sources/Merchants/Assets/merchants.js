// 商户 progressive enhancement: "use my location" (the browser's position, with an error state when it is
// denied), 摇一摇 by devicemotion (asking iOS for permission first), a haptic-like wiggle, and the network
// banner (offline/online events). Without this script the pages are plain links and GET forms.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  // ---- my location ----
  var bar = document.querySelector(".mx-location");
  var locate = bar && bar.querySelector(".mx-locate");
  if (locate && navigator.geolocation) {
    locate.hidden = false;
    locate.addEventListener("click", function () {
      var label = locate.textContent;
      locate.textContent = locate.getAttribute("data-locating");
      navigator.geolocation.getCurrentPosition(function (position) {
        var url = new URL(window.location.href);
        url.searchParams.set("lat", position.coords.latitude.toFixed(6));
        url.searchParams.set("lon", position.coords.longitude.toFixed(6));
        url.searchParams.delete("cursor");
        window.location.href = url.toString();
      }, function () {
        locate.textContent = label;
        bar.querySelector(".mx-location-error").hidden = false;
      }, { enableHighAccuracy: true, timeout: 10000, maximumAge: 60000 });
    });
  }

  // ---- shake ----
  var shake = document.querySelector(".mx-shake");
  if (shake) {
    var again = shake.getAttribute("data-again");
    var busy = false;
    var go = function () {
      if (busy) return;
      busy = true;
      shake.classList.add("is-shaking");
      if (navigator.vibrate) navigator.vibrate([60, 40, 60]);
      setTimeout(function () { window.location.href = again; }, 600);
    };
    shake.querySelector(".mx-shake-button").addEventListener("click", function (event) {
      event.preventDefault();
      go();
    });
    var last = 0;
    var onMotion = function (event) {
      var a = event.accelerationIncludingGravity;
      if (!a) return;
      var strength = Math.abs(a.x || 0) + Math.abs(a.y || 0) + Math.abs(a.z || 0);
      var now = Date.now();
      if (strength > 30 && now - last > 1000) { last = now; go(); }
    };
    if (window.DeviceMotionEvent && typeof window.DeviceMotionEvent.requestPermission === "function") {
      // iOS 13+: motion needs a tap to ask for permission.
      var ask = document.createElement("button");
      ask.type = "button";
      ask.className = "btn btn-secondary";
      ask.textContent = shake.getAttribute("data-permission");
      ask.addEventListener("click", function () {
        window.DeviceMotionEvent.requestPermission().then(function (state) {
          if (state === "granted") { window.addEventListener("devicemotion", onMotion); ask.remove(); }
        });
      });
      shake.appendChild(ask);
    } else if (window.DeviceMotionEvent) {
      window.addEventListener("devicemotion", onMotion);
    }
  }

  // ---- network banner ----
  var banner = document.querySelector(".mx-offline");
  if (banner) {
    var update = function () { banner.hidden = navigator.onLine; };
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    update();
  }
})();
