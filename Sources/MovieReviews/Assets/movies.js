// 影评: progressive enhancement for the movie pages (served from /assets/apps/movies/, no inline script).
(function () {
  "use strict";
  var FONT_KEY = "movies.fontSize";

  function toast(message) {
    var box = document.querySelector(".toasts");
    if (!box) return;
    var el = document.createElement("div");
    el.className = "toast toast-info";
    el.setAttribute("role", "status");
    var span = document.createElement("span");
    span.className = "toast-message";
    span.textContent = message;
    el.appendChild(span);
    box.appendChild(el);
    setTimeout(function () { el.remove(); }, 2500);
  }

  function csrfToken() {
    var field = document.querySelector("input[name=csrf_token]");
    var meta = document.querySelector("meta[name=csrf-token]");
    return field ? field.value : meta ? meta.content : "";
  }

  // ---- "加载更多": fetch the next page and append its items in place (the link works without JS).
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-more]");
    if (!link) return;
    event.preventDefault();
    loadMore(link);
  });

  // Reaching the bottom loads the next 20 by itself.
  if ("IntersectionObserver" in window) {
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) { if (entry.isIntersecting && entry.target.isConnected) loadMore(entry.target); });
    }, { rootMargin: "200px" });
    document.querySelectorAll("a[data-more]").forEach(function (link) { observer.observe(link); });
  }

  function loadMore(link) {
    if (link.getAttribute("aria-busy") === "true") return;
    var kind = link.getAttribute("data-more");
    link.setAttribute("aria-busy", "true");
    fetch(link.href, { credentials: "same-origin" }).then(function (r) { return r.text(); }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      var list = document.querySelector("[data-list=" + kind + "]");
      var incoming = doc.querySelector("[data-list=" + kind + "]");
      if (list && incoming) {
        Array.from(incoming.children).forEach(function (item) { list.appendChild(document.adoptNode(item)); });
      }
      var nextLink = doc.querySelector("a[data-more=" + kind + "]");
      var holder = link.parentNode;
      if (nextLink) { link.href = nextLink.href; link.removeAttribute("aria-busy"); }
      else { holder.textContent = ""; var end = document.createElement("p"); end.className = "mv-end"; end.textContent = link.getAttribute("data-end") || ""; holder.appendChild(end); }
    }).catch(function () { window.location.href = link.href; });
  }

  // ---- Pull to refresh at the top of a list.
  var refreshList = document.querySelector("[data-refresh]");
  if (refreshList) {
    var startY = null;
    window.addEventListener("touchstart", function (e) { startY = window.scrollY <= 0 ? e.touches[0].clientY : null; }, { passive: true });
    window.addEventListener("touchend", function (e) {
      if (startY !== null && e.changedTouches[0].clientY - startY > 90) { window.location.href = refreshList.getAttribute("data-refresh"); }
      startY = null;
    }, { passive: true });
  }

  // ---- The review editor keeps its title and body in localStorage while typing (key data-draft-key), so a
  // refused submit (a write limit, a lost connection) loses nothing: an editor that opens empty gets them back.
  document.querySelectorAll("form[data-draft-key]").forEach(function (form) {
    var key = form.getAttribute("data-draft-key");
    var fields = ["title", "body"].map(function (name) { return form.elements[name]; }).filter(Boolean);
    try {
      var kept = JSON.parse(localStorage.getItem(key) || "null");
      if (kept && fields.every(function (field) { return !field.value; })) {
        fields.forEach(function (field) { if (typeof kept[field.name] === "string") field.value = kept[field.name]; });
      }
    } catch (e) {}
    form.addEventListener("input", function () {
      var text = {};
      fields.forEach(function (field) { text[field.name] = field.value; });
      try {
        if (fields.some(function (field) { return field.value; })) localStorage.setItem(key, JSON.stringify(text));
        else localStorage.removeItem(key);
      } catch (e) {}
    });
  });

  // ---- Review page: font size (A−/A+ and pinch, remembered), full-screen reading, swipes, poster overlay.
  var body = document.querySelector("[data-body]");
  if (body) {
    var size = parseInt(localStorage.getItem(FONT_KEY) || "3", 10);
    function applySize(next) {
      size = Math.max(1, Math.min(6, next));
      for (var i = 1; i <= 6; i++) body.classList.remove("mv-font-" + i);
      body.classList.add("mv-font-" + size);
      body.setAttribute("data-font-size", String(size));
      try { localStorage.setItem(FONT_KEY, String(size)); } catch (e) {}
    }
    applySize(size);
    document.querySelectorAll("[data-font-step]").forEach(function (button) {
      button.addEventListener("click", function () { applySize(size + parseInt(button.getAttribute("data-font-step"), 10)); });
    });
    body.addEventListener("click", function (e) {
      if (e.target.closest("a")) return;
      document.body.classList.toggle("mv-reading");
    });
    var pinchStart = null;
    body.addEventListener("touchstart", function (e) {
      if (e.touches.length === 2) pinchStart = Math.hypot(e.touches[0].clientX - e.touches[1].clientX, e.touches[0].clientY - e.touches[1].clientY);
    }, { passive: true });
    body.addEventListener("touchend", function (e) {
      if (pinchStart === null || !e.changedTouches.length || e.touches.length !== 1) { pinchStart = null; return; }
      var a = e.touches[0], b = e.changedTouches[0];
      var ratio = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) / pinchStart;
      if (ratio > 1.2) applySize(size + 1); else if (ratio < 0.8) applySize(size - 1);
      pinchStart = null;
    }, { passive: true });

    var review = document.querySelector("[data-review]");
    var sx = null, sy = null;
    document.addEventListener("touchstart", function (e) {
      if (e.touches.length === 1) { sx = e.touches[0].clientX; sy = e.touches[0].clientY; } else { sx = null; }
    }, { passive: true });
    // A mostly horizontal move is ours (上一篇/下一篇): cancelling it keeps the browser from turning an edge
    // swipe into its own Back/Forward (CSS touch-action and overscroll-behavior do the same where supported).
    document.addEventListener("touchmove", function (e) {
      if (sx === null || e.touches.length !== 1) return;
      var mx = e.touches[0].clientX - sx, my = e.touches[0].clientY - sy;
      if (Math.abs(mx) > 10 && Math.abs(mx) > Math.abs(my) && e.cancelable) e.preventDefault();
    }, { passive: false });
    document.addEventListener("touchend", function (e) {
      if (sx === null) return;
      var dx = e.changedTouches[0].clientX - sx, dy = e.changedTouches[0].clientY - sy;
      sx = null;
      if (Math.abs(dx) < 80 || Math.abs(dy) > Math.abs(dx) / 2) return;
      var target = review.getAttribute(dx < 0 ? "data-next" : "data-prev");
      if (target) window.location.href = target;
    }, { passive: true });
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-overlay]");
    if (!link) return;
    event.preventDefault();
    var overlay = document.createElement("div");
    overlay.className = "mv-overlay";
    overlay.setAttribute("role", "dialog");
    var label = link.getAttribute("data-label") || "";
    overlay.setAttribute("aria-label", label);
    var img = document.createElement("img");
    img.src = link.getAttribute("href");
    img.alt = label;
    overlay.appendChild(img);
    overlay.addEventListener("click", function () { overlay.remove(); });
    document.body.appendChild(overlay);
  });

  // ---- Posters that fail to load fall back to the generated placeholder.
  document.querySelectorAll("img[data-fallback]").forEach(function (img) {
    img.addEventListener("error", function () { img.classList.add("is-missing"); });
  });

  // ---- Share: login first; then the Web Share API where present, else copy the link.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-share]");
    if (!link) return;
    var login = link.getAttribute("data-login");
    if (login) { event.preventDefault(); window.location.href = login; return; }
    event.preventDefault();
    fetch(link.getAttribute("data-share"), {
      method: "PUT", credentials: "same-origin", headers: { "X-CSRF-Token": csrfToken(), "Accept": "application/json" }
    }).then(function (r) {
      if (r.status === 401) { window.location.href = "/login?next=" + encodeURIComponent(location.pathname); throw new Error("login"); }
      return r.json();
    }).then(function (data) {
      var url = location.origin + data.url;
      var title = link.getAttribute("data-title") || document.title;
      if (navigator.share) {
        return navigator.share({ title: title, url: url }).catch(function () {});
      }
      if (navigator.clipboard && navigator.clipboard.writeText) {
        return navigator.clipboard.writeText(url).then(function () { toast((link.getAttribute("data-copied") || "") + url); }, function () { toast(url); });
      }
      toast(url);
    }).catch(function () {});
  });
})();
