// Photo Studio 图片处理器: progressive enhancement for the grid (infinite scroll, the timeline's scrubber, selection)
// and the viewer (swipe, keyboard, zoom buttons, double-tap and pinch); the editor is photos-editor.js, uploads
// photos-upload.js. Every page works without these files.
(function () {
  "use strict";

  // ---- Grid: load the next keyset page when the "more" link comes into view.
  function setUpGrid() {
    var grid = document.getElementById("photo-grid");
    if (!grid || !("IntersectionObserver" in window)) return;
    var loading = false;
    function load(link) {
      if (loading) return;
      loading = true;
      fetch(link.href, { credentials: "same-origin" }).then(function (r) { return r.text(); }).then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        // A section the previous page ended in continues: its photos join the section on screen (no second header).
        doc.querySelectorAll("#photo-grid > .timeline-section").forEach(function (section) {
          var sections = grid.querySelectorAll(".timeline-section");
          var last = sections[sections.length - 1];
          if (section.classList.contains("is-continued") && last && last.getAttribute("data-section") === section.getAttribute("data-section")) {
            var list = last.querySelector(".photo-grid");
            section.querySelectorAll(".photo-grid > li").forEach(function (li) { list.appendChild(document.importNode(li, true)); });
          } else {
            grid.appendChild(document.importNode(section, true));
          }
        });
        watchPendingTiles();
        var next = doc.getElementById("photo-more");
        var wrap = link.parentNode;
        loading = false;
        // Observed again: a short page leaves the link in view, and an observer only reports changes.
        if (next) { link.href = next.href; observer.unobserve(link); observer.observe(link); } else { wrap.parentNode.removeChild(wrap); observer.disconnect(); }
      }).catch(function () { loading = false; });
    }
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (e) { if (e.isIntersecting) load(e.target); });
    }, { rootMargin: "600px" });
    var more = document.getElementById("photo-more");
    if (more) observer.observe(more);
  }

  // ---- Timeline: the year/month scrubber. Dragging along the rail picks a month (between the year labels beside it, newest at the
  // top), shows it in a bubble and opens the timeline there on release; a tap on a year is an ordinary link.
  function setUpScrubber() {
    var rail = document.getElementById("timeline-scrubber");
    if (!rail) return;
    var bubble = document.getElementById("scrubber-bubble");
    var months = rail.getAttribute("data-months").split(";").map(function (entry) {
      var parts = entry.split("|");
      return { month: parts[0], label: parts[1], count: parseInt(parts[2], 10) || 0 };
    });
    var drag = null, suppress = false;
    // Floating once the timeline's top has gone under the nav bar; in the row above it before that.
    var navbar = document.querySelector(".navbar");
    var queued = false;
    function place() {
      queued = false;
      if (!rail.isConnected) return;  // an upload's refresh put a new rail in its place, with its own listener
      var timeline = document.getElementById("photo-grid");  // looked up each time: an upload's refresh replaces it
      if (!timeline) return;
      var box = timeline.getBoundingClientRect();
      var under = box.top < (navbar ? navbar.getBoundingClientRect().bottom : 0) + 8 && box.bottom > window.innerHeight;
      // The slot keeps the row's height (wrapped years may take two lines), so nothing jumps when the rail floats.
      if (!rail.classList.contains("is-floating")) rail.parentNode.style.minHeight = rail.offsetHeight + "px";
      rail.classList.toggle("is-floating", under);
    }
    window.addEventListener("scroll", function () { if (!queued) { queued = true; requestAnimationFrame(place); } }, { passive: true });
    place();
    // The month under the finger: between two year labels, that stretch of months (newest first) spread evenly, so the
    // bubble always agrees with the labels beside it.
    var index = {};
    months.forEach(function (m, i) { index[m.month] = i; });
    function pick(clientY) {
      var box = rail.getBoundingClientRect();
      var marks = Array.prototype.map.call(rail.querySelectorAll(".scrubber-year"), function (a) {
        var r = a.getBoundingClientRect();
        return { y: r.top + r.height / 2, i: index[decodeURIComponent((a.href.split("month=")[1] || "").split("#")[0])] || 0 };
      });
      var chosen = marks.length ? marks[0].i : 0;
      if (marks.length && clientY >= marks[marks.length - 1].y) {
        chosen = months.length - 1;
      } else {
        for (var k = 0; k + 1 < marks.length; k++) {
          if (clientY < marks[k + 1].y) {
            var f = Math.max(0, (clientY - marks[k].y) / (marks[k + 1].y - marks[k].y));
            chosen = Math.min(marks[k + 1].i - 1, marks[k].i + Math.floor(f * (marks[k + 1].i - marks[k].i)));
            break;
          }
        }
      }
      var month = months[Math.max(0, chosen)];
      bubble.textContent = month.label;
      bubble.style.top = Math.max(0, Math.min(box.height - 36, clientY - box.top - 18)) + "px";
      return month;
    }
    rail.addEventListener("pointerdown", function (e) {
      if (!rail.classList.contains("is-floating")) return;
      drag = { y: e.clientY, moved: false, month: pick(e.clientY) };
      rail.setPointerCapture(e.pointerId);
    });
    rail.addEventListener("pointermove", function (e) {
      if (!drag) return;
      if (Math.abs(e.clientY - drag.y) > 6) { drag.moved = true; rail.classList.add("is-dragging"); }
      if (drag.moved) drag.month = pick(e.clientY);
    });
    function end(e) {
      if (!drag) return;
      var chosen = drag.moved ? drag.month : null;
      drag = null;
      rail.classList.remove("is-dragging");
      if (chosen && e.type === "pointerup") {
        e.preventDefault();
        suppress = true;
        window.location.href = rail.getAttribute("data-href") + encodeURIComponent(chosen.month) + "#photo-grid";
      }
    }
    rail.addEventListener("pointerup", end);
    rail.addEventListener("pointercancel", end);
    // A drag must not also follow the year link it ended on.
    rail.addEventListener("click", function (e) { if (suppress) { suppress = false; e.preventDefault(); } });
  }

  // ---- Grid: tiles whose thumbnail is still being made ask the API every 2 s (a few at a time, for
  // up to 3 minutes) and show the picture once it exists. One watcher at a time; pages loaded by the
  // infinite scroll start it again if it had stopped.
  var watching = false;
  function watchPendingTiles() {
    if (!document.getElementById("photo-grid") || !window.fetch || watching) return;
    watching = true;
    var rounds = 0;
    function check() {
      var grid = document.getElementById("photo-grid");  // looked up each time: an upload's refresh replaces it
      var pending = grid ? grid.querySelectorAll(".photo-placeholder[data-pending]") : [];
      if (!pending.length || ++rounds > 90) { watching = false; return; }
      var batch = Array.prototype.slice.call(pending, 0, 6);
      Promise.all(batch.map(function (tile) {
        var id = tile.parentNode.getAttribute("data-photo-id");
        return fetch("/api/v1/photos/" + id, { credentials: "same-origin" }).then(function (r) { return r.ok ? r.json() : null; })
          .then(function (photo) {
            if (!photo) return;
            if (photo.thumbnailReady) {
              var img = document.createElement("img");
              img.className = "photo-thumb";
              img.alt = tile.getAttribute("data-alt") || "";
              img.src = tile.getAttribute("data-pending");
              tile.parentNode.replaceChild(img, tile);
            } else if (photo.problem) {
              tile.removeAttribute("data-pending");
              tile.classList.add("is-broken");
              tile.title = photo.problem;
              tile.firstChild.textContent = tile.getAttribute("data-broken");
            }
          }).catch(function () {});
      })).then(function () { setTimeout(check, 2000); });
    }
    setTimeout(check, 1500);
  }

  // ---- Grid: 选择 (or a long press on a photo) → pick photos → trash, add to / remove from an album, or download a
  // zip, through POST /api/v1/photos/batch (all or nothing) and GET /api/v1/photos/download.
  function setUpSelection() {
    var bar = document.getElementById("select-bar");
    var grid = document.getElementById("photo-grid");
    document.body.classList.remove("is-selecting");  // a bar an upload's refresh replaced may have been on
    if (!bar || !grid || !window.fetch) return;
    bar.classList.add("is-ready");
    var toggle = document.getElementById("select-toggle");
    var count = document.getElementById("select-count");
    var status = document.getElementById("select-status");
    var albumChoice = document.getElementById("select-album");
    var max = parseInt(bar.getAttribute("data-max"), 10) || 500;
    var on = false, suppressClick = false;
    function text(name, n, album) {
      return (bar.getAttribute("data-text-" + name) || "").replace("{n}", String(n)).replace("{album}", album || "");
    }
    function selected() {
      return Array.prototype.map.call(grid.querySelectorAll(".photo-cell.is-selected .photo-link"), function (a) {
        return a.getAttribute("data-photo-id");
      });
    }
    function say(message, isError) {
      status.textContent = message;
      status.classList.toggle("is-error", !!isError);
    }
    function refresh() {
      var n = selected().length;
      count.textContent = n ? text("count", n) : text("none");
      bar.querySelectorAll(".select-action").forEach(function (b) { b.disabled = n === 0 || n > max; });
      if (n > max) say(text("too-many"), true);
    }
    function setMode(value) {
      on = value;
      bar.classList.toggle("is-on", on);
      document.body.classList.toggle("is-selecting", on);
      toggle.setAttribute("aria-pressed", on ? "true" : "false");
      toggle.textContent = toggle.getAttribute(on ? "data-label-on" : "data-label-off");
      if (!on) grid.querySelectorAll(".photo-cell.is-selected").forEach(function (li) { li.classList.remove("is-selected"); });
      grid.querySelectorAll(".photo-link").forEach(function (a) { if (on) a.setAttribute("aria-pressed", "false"); else a.removeAttribute("aria-pressed"); });
      refresh();
    }
    function pick(link) {
      var li = link.parentNode;
      li.classList.toggle("is-selected");
      link.setAttribute("aria-pressed", li.classList.contains("is-selected") ? "true" : "false");
      refresh();
    }
    toggle.addEventListener("click", function () { say(""); setMode(!on); });
    grid.addEventListener("click", function (e) {
      var link = e.target.closest && e.target.closest(".photo-link");
      if (!link) return;
      if (suppressClick) { suppressClick = false; e.preventDefault(); return; }
      if (!on) return;
      e.preventDefault();
      pick(link);
    });
    // Long press (500 ms without moving) starts selecting with that photo picked.
    var press = null;
    grid.addEventListener("pointerdown", function (e) {
      var link = e.target.closest && e.target.closest(".photo-link");
      if (!link || on || e.button > 0) return;
      var x = e.clientX, y = e.clientY;
      press = { x: x, y: y, timer: setTimeout(function () {
        press = null;
        suppressClick = true;
        setMode(true);
        pick(link);
      }, 500) };
    });
    function cancelPress(e) {
      if (!press) return;
      if (e && e.type === "pointermove" && Math.abs(e.clientX - press.x) < 8 && Math.abs(e.clientY - press.y) < 8) return;
      clearTimeout(press.timer);
      press = null;
    }
    ["pointerup", "pointercancel", "pointermove"].forEach(function (type) { grid.addEventListener(type, cancelPress); });
    grid.addEventListener("contextmenu", function (e) { if (on || suppressClick) e.preventDefault(); });

    function problemText(body) {
      if (!body) return "";
      var parts = (body.errors || []).map(function (err) { return err.message || err.detail || ""; });
      return parts.length ? parts.join(" ") : (body.detail || body.title || "");
    }
    function batch(action, albumID) {
      var ids = selected().map(Number);
      var payload = { ids: ids, action: action };
      if (albumID) payload.albumId = Number(albumID);
      bar.classList.add("is-busy");
      return fetch("/api/v1/photos/batch", {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRF-Token": bar.getAttribute("data-csrf") },
        body: JSON.stringify(payload)
      }).then(function (r) {
        return r.json().catch(function () { return null; }).then(function (body) {
          bar.classList.remove("is-busy");
          if (!r.ok) { say(text("failed") + problemText(body), true); return null; }
          return body;
        });
      }, function (err) { bar.classList.remove("is-busy"); say(text("failed") + String(err), true); return null; });
    }
    function dropSelected() {
      grid.querySelectorAll(".photo-cell.is-selected").forEach(function (li) { li.parentNode.removeChild(li); });
    }
    function onClick(id, fn) { var el = document.getElementById(id); if (el) el.addEventListener("click", fn); }
    onClick("select-trash", function () {
      var n = selected().length;
      if (!n || !window.confirm(text("trash-confirm", n))) return;
      batch("trash").then(function (body) {
        if (!body) return;
        dropSelected(); setMode(false); say(text("trashed", body.changed));
      });
    });
    onClick("select-remove", function () {
      batch("removeFromAlbum", bar.getAttribute("data-album")).then(function (body) {
        if (!body) return;
        dropSelected(); setMode(false); say(text("removed", body.changed));
      });
    });
    onClick("select-add", function () {
      var option = albumChoice.options[albumChoice.selectedIndex];
      batch("addToAlbum", albumChoice.value).then(function (body) {
        if (!body) return;
        var n = selected().length;
        setMode(false); say(text("added", n, option ? option.textContent : ""));
      });
    });
    var downloadMax = parseInt(bar.getAttribute("data-download-max"), 10) || 100;
    onClick("select-download", function () {
      var ids = selected();
      if (!ids.length) return;
      if (ids.length > downloadMax) { say(text("download-too-many"), true); return; }
      var link = document.createElement("a");
      link.href = "/api/v1/photos/download?" + ids.map(function (id) { return "id=" + encodeURIComponent(id); }).join("&");
      link.setAttribute("download", "");
      document.body.appendChild(link);
      link.click();
      document.body.removeChild(link);
    });
    refresh();
  }

  // ---- Viewer
  function setUpViewer() {
    var stage = document.getElementById("viewer-stage");
    var image = document.getElementById("viewer-image");
    if (!stage || !image) return;
    var prev = document.getElementById("photo-prev");
    var next = document.getElementById("photo-next");
    var zoomIn = document.getElementById("zoom-in");
    var zoomOut = document.getElementById("zoom-out");
    var level = document.getElementById("zoom-level");
    var naturalWidth = parseInt(stage.getAttribute("data-width"), 10) || 1;
    var scale = 1, tx = 0, ty = 0;

    // Zoom from "fit" (1) up to 4 screen pixels per image pixel, never less than 2× and never more than 16×.
    function maxScale() {
      var shown = image.getBoundingClientRect().width / scale || 1;
      var pixelLimit = 4 * naturalWidth / (shown * (window.devicePixelRatio || 1)) * (window.devicePixelRatio || 1);
      return Math.min(16, Math.max(2, pixelLimit));
    }
    function clampPan() {
      var w = stage.clientWidth, h = stage.clientHeight;
      var iw = image.offsetWidth * scale, ih = image.offsetHeight * scale;
      var mx = Math.max(0, (iw - w) / 2), my = Math.max(0, (ih - h) / 2);
      tx = Math.min(mx, Math.max(-mx, tx));
      ty = Math.min(my, Math.max(-my, ty));
    }
    function apply() {
      scale = Math.min(maxScale(), Math.max(1, scale));
      if (scale === 1) { tx = 0; ty = 0; }
      clampPan();
      image.style.transform = "translate(" + tx + "px," + ty + "px) scale(" + scale + ")";
      if (level) level.textContent = Math.round(scale * 100) + "%";
      if (zoomOut) zoomOut.disabled = scale <= 1.001;
      if (zoomIn) zoomIn.disabled = scale >= maxScale() - 0.001;
      stage.setAttribute("data-scale", scale.toFixed(3));
    }
    function go(link) { if (link && link.tagName === "A") window.location.assign(link.href); }
    if (zoomIn) zoomIn.addEventListener("click", function () { scale *= 1.5; apply(); });
    if (zoomOut) zoomOut.addEventListener("click", function () { scale /= 1.5; apply(); });
    document.addEventListener("keydown", function (e) {
      if (e.target && /INPUT|TEXTAREA|SELECT/.test(e.target.tagName)) return;
      if (e.key === "ArrowLeft") go(prev);
      else if (e.key === "ArrowRight") go(next);
      else if (e.key === "+" || e.key === "=") { scale *= 1.5; apply(); }
      else if (e.key === "-") { scale /= 1.5; apply(); }
    });

    // Touch: one finger swipes (at scale 1) or pans (zoomed); two fingers pinch; double tap toggles 2.5×.
    var start = null, pinch = null, lastTap = 0;
    function distance(t) { var dx = t[0].clientX - t[1].clientX, dy = t[0].clientY - t[1].clientY; return Math.sqrt(dx * dx + dy * dy); }
    stage.addEventListener("touchstart", function (e) {
      image.classList.add("is-gesture");
      if (e.touches.length === 2) { pinch = { d: distance(e.touches), s: scale }; start = null; }
      else if (e.touches.length === 1) { start = { x: e.touches[0].clientX, y: e.touches[0].clientY, tx: tx, ty: ty, t: Date.now() }; }
    }, { passive: true });
    stage.addEventListener("touchmove", function (e) {
      if (pinch && e.touches.length === 2) { scale = pinch.s * distance(e.touches) / pinch.d; apply(); e.preventDefault(); }
      else if (start && e.touches.length === 1 && scale > 1) {
        tx = start.tx + e.touches[0].clientX - start.x; ty = start.ty + e.touches[0].clientY - start.y; apply(); e.preventDefault();
      }
    }, { passive: false });
    stage.addEventListener("touchend", function (e) {
      image.classList.remove("is-gesture");
      if (pinch) { if (e.touches.length < 2) pinch = null; return; }
      if (!start) return;
      var t = e.changedTouches[0], dx = t.clientX - start.x, dy = t.clientY - start.y;
      var now = Date.now();
      if (Math.abs(dx) < 10 && Math.abs(dy) < 10 && now - start.t < 300) {
        if (now - lastTap < 320) { scale = scale > 1 ? 1 : 2.5; apply(); lastTap = 0; } else { lastTap = now; }
      } else if (scale <= 1 && Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(dy) * 1.5) {
        go(dx < 0 ? next : prev);
      }
      start = null;
    });
    stage.addEventListener("dblclick", function () { scale = scale > 1 ? 1 : 2.5; apply(); });
    // Mouse/pen drag to pan when zoomed.
    var drag = null;
    stage.addEventListener("pointerdown", function (e) {
      if (e.pointerType === "touch" || scale <= 1) return;
      drag = { x: e.clientX, y: e.clientY, tx: tx, ty: ty };
    });
    window.addEventListener("pointermove", function (e) { if (drag) { tx = drag.tx + e.clientX - drag.x; ty = drag.ty + e.clientY - drag.y; apply(); } });
    window.addEventListener("pointerup", function () { drag = null; });
    // Full screen (where the browser allows it): the stage alone, black, the picture fitted; Esc leaves.
    var full = document.getElementById("viewer-fullscreen");
    if (full && stage.requestFullscreen) {
      full.classList.remove("needs-js");
      full.addEventListener("click", function () {
        if (document.fullscreenElement) document.exitFullscreen(); else stage.requestFullscreen().catch(function () {});
      });
      document.addEventListener("fullscreenchange", function () { scale = 1; apply(); });
    }
    if (image.complete) apply(); else image.addEventListener("load", apply);
    window.addEventListener("resize", apply);
  }

  // ---- Grid: the album pills scroll sideways; the selected one is brought to the middle of the row (the page itself
  // does not scroll).
  function showSelectedAlbum() {
    var row = document.getElementById("album-switcher");
    var selected = row && row.querySelector(".segment.is-selected");
    if (!selected || row.scrollWidth <= row.clientWidth) return;
    var box = row.getBoundingClientRect(), pill = selected.getBoundingClientRect();
    row.scrollLeft += pill.left - box.left - (box.width - pill.width) / 2;
  }

  // ---- Viewer: 保存到相册 hands the file to the system share sheet where it takes files (iOS offers 存储图像,
  // Android 保存), and downloads it elsewhere. The file is fetched when the finger goes down, so the share
  // still runs inside the tap's user activation.
  function setUpSave() {
    var link = document.getElementById("photo-download");
    if (!link || !window.fetch || !navigator.canShare || !window.File) return;
    var pending = null;
    function load() {
      if (!pending) {
        pending = fetch(link.href, { credentials: "same-origin" }).then(function (r) {
          if (!r.ok) throw new Error("HTTP " + r.status);
          return r.blob();
        }).then(function (blob) {
          return new File([blob], link.getAttribute("data-filename") || "photo", { type: blob.type });
        });
        pending.catch(function () { pending = null; });
      }
      return pending;
    }
    link.addEventListener("pointerdown", load);
    link.addEventListener("click", function (e) {
      e.preventDefault();
      load().then(function (file) {
        if (navigator.canShare({ files: [file] })) {
          link.setAttribute("data-shared", "share");
          return navigator.share({ files: [file] }).catch(function (err) {
            if (err && err.name === "AbortError") return;  // the person closed the sheet
            window.location.assign(link.href);
          });
        }
        link.setAttribute("data-shared", "download");
        window.location.assign(link.href);
      }, function () { window.location.assign(link.href); });
    });
  }

  function setUpLibrary() { setUpGrid(); setUpScrubber(); setUpSelection(); watchPendingTiles(); }
  function start() { showSelectedAlbum(); setUpLibrary(); setUpViewer(); setUpSave(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
  // photos-upload.js replaced #photo-library after an upload: its grid, rail and 选择 bar are new elements.
  document.addEventListener("photos:library", setUpLibrary);
})();
