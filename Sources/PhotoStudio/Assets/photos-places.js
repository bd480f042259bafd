// 地点 with map tiles configured: the platform's maps.js draws every area of photos over the tiles, as its newest
// photo's thumbnail with the count; a tap opens the timeline of that area, as the plot's dots do. Without this
// script (or Leaflet, or any tile) the page keeps its plot and list.
(function () {
  "use strict";
  var figure = document.querySelector(".places-plot[data-tile-url]");
  if (!figure || !window.L || !window.AppSuiteMap) return;
  AppSuiteMap.draw(figure, {
    plot: figure.querySelector(".places-plot-svg"), note: figure.querySelector(".places-plot-note"), holderClass: "places-map",
    links: figure.querySelectorAll("a[data-lat]"), iconClass: "places-pin", iconSize: [48, 48], clusterRadius: 52,
    icon: function (link) {
      var pin = document.createElement("span");
      pin.className = "places-pin-body";
      var picture = document.createElement("img");
      picture.src = link.getAttribute("data-thumbnail");
      picture.alt = "";
      var count = document.createElement("span");
      count.className = "places-pin-count";
      count.textContent = link.getAttribute("data-count");
      pin.appendChild(picture);
      pin.appendChild(count);
      return pin;
    }
  });
})();
