// AppSuite maps: a Leaflet map over the operator's tiles in place of a page's offline SVG plot. The server puts the
// tile source on the plot's figure (data-tile-url, data-tile-subdomains, data-tile-attribution, data-map-label,
// data-map-note) and every place as a link with data-lat/data-lon already in the tiles' datum (GCJ-02 for mainland
// providers). When no tile loads (offline, a blocked host) the map is removed and the plot comes back. Each app's
// own script calls AppSuiteMap.draw and adds what only it shows (a search circle, a button).
(function () {
  "use strict";
  var escape = function (text) {
    return text.replace(/[&<>"']/g, function (c) { return "&#" + c.charCodeAt(0) + ";"; });
  };
  var position = function (element) {
    return [parseFloat(element.getAttribute("data-lat")), parseFloat(element.getAttribute("data-lon"))];
  };

  window.AppSuiteMap = {
    position: position,
    // figure: the element with the tile source. options:
    //   plot, note     the offline SVG (hidden while the map shows) and the caption (which reads data-map-note meanwhile)
    //   holderClass    the map's class (its size comes from the app's stylesheet)
    //   links          the places: each becomes a marker that opens the link's href
    //   icon(link)     the marker's content (a node), in a divIcon of class iconClass and iconSize [w, h]
    //   also           more [lat, lon] the first view must show (the user's position); around: metres shown
    //                  around a single point (default 1000)
    //   clusterRadius  pixels within which markers.cluster merges markers (default 36)
    // Returns the Leaflet map, or null without Leaflet.
    draw: function (figure, options) {
      if (!window.L) return null;
      var plot = options.plot, note = options.note;
      var offlineNote = note.textContent;
      var holder = document.createElement("div");
      holder.className = options.holderClass;
      holder.setAttribute("role", "region");
      holder.setAttribute("aria-label", figure.getAttribute("data-map-label"));
      figure.insertBefore(holder, plot);
      plot.classList.add("is-hidden");
      note.textContent = figure.getAttribute("data-map-note");
      var map = L.map(holder, { zoomControl: true, attributionControl: true });
      var points = (options.also || []).concat(Array.prototype.map.call(options.links, position));
      var bounds = L.latLngBounds(points);
      if (bounds.getNorth() === bounds.getSouth() && bounds.getEast() === bounds.getWest()) bounds = L.latLng(points[0]).toBounds(options.around || 1000);
      map.fitBounds(bounds, { padding: [28, 28], maxZoom: 18 });
      var tiles = L.tileLayer(figure.getAttribute("data-tile-url"), {
        subdomains: figure.getAttribute("data-tile-subdomains"), maxZoom: 19,
        attribution: escape(figure.getAttribute("data-tile-attribution"))
      });
      var loaded = 0;
      tiles.on("tileload", function () { loaded += 1; figure.classList.add("has-tiles"); });
      tiles.on("tileerror", function () {
        if (loaded > 0 || !holder.parentNode) return;
        map.remove();
        holder.remove();
        plot.classList.remove("is-hidden");
        note.textContent = offlineNote;
      });
      tiles.addTo(map);
      var cluster = L.markerClusterGroup ? L.markerClusterGroup({ maxClusterRadius: options.clusterRadius || 36, showCoverageOnHover: false }) : L.layerGroup();
      Array.prototype.forEach.call(options.links, function (link) {
        var marker = L.marker(position(link), {
          icon: L.divIcon({ className: options.iconClass, html: options.icon(link), iconSize: options.iconSize }),
          title: link.getAttribute("aria-label"), alt: link.getAttribute("aria-label"), keyboard: true
        });
        marker.on("click", function () { window.location.href = link.getAttribute("href"); });
        cluster.addLayer(marker);
      });
      cluster.addTo(map);
      return map;
    }
  };
})();
