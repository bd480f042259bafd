// 爱限免: progressive enhancement for the deal pages (served from /assets/apps/appdeals/, no inline script).
(function () {
  "use strict";
  document.documentElement.classList.add("js");

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

  // ---- 剩余 HH:MM:SS: the server writes the time left at the data's time (data-asof). Only while the data is younger
  // than a poll interval (data-live-for) is that "now": then it counts down to data-ends live and drops "· 截至 …".
  // Older data keeps its figure, labelled with its time.
  function pad(n) { return n < 10 ? "0" + n : String(n); }
  function tick() {
    var now = Math.floor(Date.now() / 1000);
    document.querySelectorAll(".ad-clock[data-ends]").forEach(function (clock) {
      var asOf = parseInt(clock.getAttribute("data-asof"), 10), liveFor = parseInt(clock.getAttribute("data-live-for"), 10);
      if (!(now - asOf <= liveFor)) return;
      var left = Math.max(0, parseInt(clock.getAttribute("data-ends"), 10) - now);
      clock.textContent = pad(Math.floor(left / 3600)) + ":" + pad(Math.floor(left / 60) % 60) + ":" + pad(left % 60);
      var label = clock.parentNode.querySelector(".ad-countdown-asof");
      if (label) label.remove();
    });
  }
  if (document.querySelector(".ad-clock")) { tick(); setInterval(tick, 1000); }

  // ---- Filters apply on change (the form's button does it without JS).
  document.querySelectorAll("form[data-autosubmit] select").forEach(function (select) {
    select.addEventListener("change", function () { select.form.submit(); });
  });

  // ---- "加载更多": the next page appended in place, by itself near the bottom (the link works without JS).
  function loadMore(link) {
    if (link.getAttribute("aria-busy") === "true") return;
    link.setAttribute("aria-busy", "true");
    fetch(link.href, { credentials: "same-origin" }).then(function (r) { return r.text(); }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      var list = document.querySelector("[data-list=apps]");
      var incoming = doc.querySelector("[data-list=apps]");
      if (list && incoming) {
        Array.from(incoming.children).forEach(function (item) { list.appendChild(document.adoptNode(item)); });
      }
      var next = doc.querySelector("a[data-more=apps]");
      if (next) { link.href = next.href; link.removeAttribute("aria-busy"); }
      else { var end = document.createElement("p"); end.className = "ad-end"; end.textContent = link.getAttribute("data-end") || ""; link.parentNode.replaceWith(end); }
    }).catch(function () { window.location.href = link.href; });
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-more]");
    if (!link) return;
    event.preventDefault();
    loadMore(link);
  });
  if ("IntersectionObserver" in window) {
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) { if (entry.isIntersecting && entry.target.isConnected) loadMore(entry.target); });
    }, { rootMargin: "200px" });
    document.querySelectorAll("a[data-more]").forEach(function (link) { observer.observe(link); });
  }

  // ---- 编辑 / 完成 on the favourites grid without a reload.
  var edit = document.querySelector(".ad-edit");
  var grid = document.querySelector(".ad-grid");
  if (edit && grid) {
    edit.addEventListener("click", function (event) {
      event.preventDefault();
      var editing = grid.classList.toggle("is-editing");
      edit.textContent = edit.getAttribute(editing ? "data-done" : "data-edit");
    });
  }

  // ---- 周边: fill the form from the browser's position, rounded to 0.01° here already, and show the list.
  var locate = document.querySelector(".ad-locate");
  var geoForm = document.querySelector("form[data-geolocate]");
  if (locate && geoForm && navigator.geolocation) {
    locate.addEventListener("click", function () {
      navigator.geolocation.getCurrentPosition(function (position) {
        geoForm.querySelector("[name=lat]").value = position.coords.latitude.toFixed(2);
        geoForm.querySelector("[name=lon]").value = position.coords.longitude.toFixed(2);
        geoForm.submit();
      }, function (error) { toast(error.message || "geolocation failed"); }, { maximumAge: 600000, timeout: 10000 });
    });
  }

  // ---- 分享: count the share (the form), then the system share sheet or copy the short link.
  document.querySelectorAll("form[data-share]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var token = form.querySelector("input[name=csrf_token]");
      var headers = { "Content-Type": "application/x-www-form-urlencoded" };
      fetch(form.action, { method: "POST", credentials: "same-origin", headers: headers, redirect: "manual",
                           body: "csrf_token=" + encodeURIComponent(token ? token.value : "") })
        .then(function () {
          return fetch("/api/v1/shares/appdeals/" + form.getAttribute("data-share"),
                       { method: "PUT", credentials: "same-origin", headers: { "X-CSRF-Token": token ? token.value : "" } });
        })
        .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.json(); })
        .then(function (body) {
          var url = location.origin + body.url;
          if (navigator.share) return navigator.share({ title: document.title, url: url });
          return navigator.clipboard.writeText(url).then(function () { toast((form.getAttribute("data-copied") || "") + url); });
        })
        .catch(function () { form.submit(); });
    });
  });
})();
