// 商户 progressive enhancement: "use my location" (the browser's position, with an error state when it is
// denied), the online map over configured tiles (Leaflet), 摇一摇 by devicemotion (asking iOS for permission
// first), a haptic-like wiggle, the network banner (offline/online events and a probe, with retry) and the
// upgrade prompt after a deploy. Without this script the pages are plain links and GET forms.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  // Each part in its own scope, so a name in one cannot overwrite another's.
  // ---- my location ----
  (function () {
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
  })();

  // ---- online map ----
  // The plot carries the tile source and every merchant's position in the tiles' datum (converted by the
  // server); the platform's maps.js draws them over the tiles and brings the plot back if no tile loads.
  (function () {
    var plot = document.querySelector(".mx-plot[data-tile-url]");
    if (plot && window.L && window.AppSuiteMap) {
      var note = plot.querySelector(".mx-plot-note");
      var center = AppSuiteMap.position(plot);
      var radius = parseFloat(plot.getAttribute("data-radius"));
      // The view shows the merchants listed (and the user), not the whole radius: the nearest 20 are often within
      // a few hundred metres, which the radius' view would cluster into a few dots.
      var map = AppSuiteMap.draw(plot, {
        plot: plot.querySelector(".mx-plot-svg"), note: note, holderClass: "mx-map",
        links: plot.querySelectorAll("a[data-lat]"), also: [center], around: radius * 2,
        iconClass: "mx-map-pin", iconSize: [44, 44],
        icon: function (link) {
          var dot = document.createElement("span");
          dot.className = "mx-map-dot mx-cat-" + link.getAttribute("data-category");
          var number = parseInt(link.getAttribute("data-number"), 10);
          if (number <= 9) dot.textContent = String(number);
          return dot;
        }
      });
      L.circle(center, { radius: radius, className: "mx-map-ring", interactive: false }).addTo(map);
      L.circleMarker(center, { radius: 7, className: "mx-map-me", interactive: false }).addTo(map);

      // "Search this area": after the user moves the map, its centre (in WGS-84: GCJ-02 tiles' centre converted
      // back by the server's iterative inverse) becomes the position of a new search with the same filters.
      var area = document.createElement("button");
      area.type = "button";
      area.className = "btn btn-secondary mx-search-area";
      area.textContent = plot.getAttribute("data-search-area");
      area.hidden = true;
      plot.insertBefore(area, note);
      map.on("moveend", function () { area.hidden = false; });
      area.addEventListener("click", function () {
        var middle = map.getCenter();
        var go = function (lat, lon) {
          var url = new URL(window.location.href);
          url.searchParams.set("lat", lat.toFixed(6));
          url.searchParams.set("lon", lon.toFixed(6));
          url.searchParams.delete("cursor");
          window.location.href = url.toString();
        };
        if (plot.getAttribute("data-datum") !== "gcj02") { go(middle.lat, middle.lng); return; }
        area.disabled = true;
        fetch("/api/v1/merchants/coordinates?from=gcj02&to=wgs84&lat=" + middle.lat.toFixed(7) + "&lon=" + middle.lng.toFixed(7),
              { headers: { Accept: "application/json" } })
          .then(function (response) { if (!response.ok) throw new Error("HTTP " + response.status); return response.json(); })
          .then(function (point) { go(point.lat, point.lon); })
          .catch(function () { area.disabled = false; });
      });
    }
  })();

  // ---- shake ----
  (function () {
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
  })();

  // ---- network banner and upgrade prompt ----
  // A probe of /api/v1/app/version on load, when the browser comes back online and on "retry": a failure
  // shows the banner (offline, or the server unreachable) and retries every 15 s; an answer hides it, and
  // shows the upgrade prompt when this page's release (data-release) is older than the server's.
  (function () {
    var banner = document.querySelector(".mx-network");
    var upgrade = document.querySelector(".mx-upgrade");
    if (banner && upgrade && window.fetch) {
      var text = banner.querySelector(".mx-network-text");
      var retry = banner.querySelector(".mx-network-retry");
      var probing = false;
      var retryTimer = null;
      var show = function (state) {
        text.textContent = banner.getAttribute("data-" + state);
        banner.setAttribute("data-state", state);
        banner.hidden = false;
      };
      var probe = function () {
        if (probing) return;
        probing = true;
        retry.disabled = true;
        clearTimeout(retryTimer);
        var url = "/api/v1/app/version?platform=web&current=" + encodeURIComponent(upgrade.getAttribute("data-release"));
        fetch(url, { cache: "no-store", credentials: "same-origin", headers: { Accept: "application/json" } })
          .then(function (response) {
            if (!response.ok) throw new Error("HTTP " + response.status);
            return response.json();
          })
          .then(function (version) {
            banner.hidden = true;
            banner.removeAttribute("data-state");
            if (version.updateRequired) {
              var notes = upgrade.querySelector(".mx-upgrade-notes");
              if (version.releaseNotesURL && /^https?:\/\//.test(version.releaseNotesURL)) {
                notes.href = version.releaseNotesURL;
                notes.hidden = false;
              }
              upgrade.hidden = false;
            }
          })
          .catch(function () {
            show(navigator.onLine ? "failed" : "offline");
            retryTimer = setTimeout(probe, 15000);
          })
          .then(function () {
            probing = false;
            retry.disabled = false;
          });
      };
      retry.addEventListener("click", probe);
      window.addEventListener("offline", function () { show("offline"); });
      window.addEventListener("online", probe);
      if (navigator.onLine) probe(); else show("offline");
    }
  })();

})();
