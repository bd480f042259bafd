// 天气 progressive enhancement: the rotary dial (drag with inertia, tap or keys bring a button to the front,
// the front one opens), "my location", the share card made in place (save, Web Share, Weibo), dragging saved
// places into a new order, and the loading
// gear that blocks input until the next page arrives and offers a retry after 12 s. Without this script every
// part is a plain link or form.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  // ---- loading overlay ----
  var overlay = document.querySelector(".wx-loading");
  var slowTimer = null;
  function showLoading(href) {
    if (!overlay) return;
    overlay.hidden = false;
    var retry = overlay.querySelector(".wx-loading-retry");
    if (retry && href) retry.setAttribute("href", href);
    clearTimeout(slowTimer);
    slowTimer = setTimeout(function () {
      overlay.querySelector(".wx-loading-slow").hidden = false;
      if (retry) retry.hidden = false;
    }, 12000);
  }
  function hideLoading() {
    if (!overlay) return;
    overlay.hidden = true;
    clearTimeout(slowTimer);
    overlay.querySelector(".wx-loading-slow").hidden = true;
    var retry = overlay.querySelector(".wx-loading-retry");
    if (retry) retry.hidden = true;
  }
  window.addEventListener("pageshow", hideLoading);
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[href]");
    if (!link || event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    var href = link.getAttribute("href");
    if (/^\/weather\/(forecast|samples\/|climate\?)/.test(href)) showLoading(href);
  });

  // ---- my location ----
  var locate = document.querySelector(".wx-locate button");
  if (locate) {
    var status = document.createElement("p");
    status.className = "wx-locate-status";
    status.setAttribute("role", "status");
    locate.parentNode.appendChild(status);
    locate.addEventListener("click", function () {
      if (!navigator.geolocation) { status.textContent = document.documentElement.lang === "en" ? "Location is not available in this browser." : "此浏览器不支持定位。"; return; }
      showLoading(null);
      navigator.geolocation.getCurrentPosition(function (position) {
        var url = "/weather/locate?lat=" + position.coords.latitude.toFixed(4) + "&lon=" + position.coords.longitude.toFixed(4);
        window.location.assign(url);
      }, function (error) {
        hideLoading();
        status.textContent = (document.documentElement.lang === "en" ? "Location failed: " : "定位失败：") + error.message;
      }, { timeout: 10000, maximumAge: 600000 });
    });
  }

  // ---- the share card: sent to the API, shown here with save, Web Share and Weibo ----
  var shareForm = document.querySelector(".wx-share-form");
  var weibo = document.querySelector(".wx-weibo");
  if (weibo) weibo.href += "&url=" + encodeURIComponent(window.location.href);
  if (shareForm && window.fetch && window.FormData) {
    var en = document.documentElement.lang === "en";
    var result = document.querySelector(".wx-share-result");
    var chosen = shareForm.querySelector(".wx-photo-name");
    var cardURL = null;
    shareForm.addEventListener("change", function (event) {
      if (event.target.type !== "file" || !event.target.files.length) return;
      // One photo: the other input is cleared so only this one is sent.
      shareForm.querySelectorAll("input[type=file]").forEach(function (input) { if (input !== event.target) input.value = ""; });
      chosen.textContent = event.target.files[0].name;
    });
    shareForm.addEventListener("submit", function (event) {
      event.preventDefault();
      var data = new FormData(shareForm);
      var token = data.get("csrf_token");
      var loadingText = overlay && overlay.querySelector(".wx-loading-text");
      var waitingText = loadingText ? loadingText.textContent : "";
      function done() { hideLoading(); if (loadingText) loadingText.textContent = waitingText; }
      showLoading(null);
      if (loadingText) loadingText.textContent = en ? "Making the card…" : "正在制作卡片…";
      fetch(shareForm.getAttribute("data-api"), { method: "POST", body: data, credentials: "same-origin",
                                                  headers: { "X-CSRF-Token": token, "Accept": "image/jpeg, application/problem+json" } })
        .then(function (response) {
          if (response.ok) return response.blob().then(function (blob) {
            var name = (/filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") || "") || [])[1] || "weather.jpg";
            return { blob: blob, name: name };
          });
          return response.json().then(function (problem) { throw new Error(problem.detail || problem.title); },
                                      function () { throw new Error(String(response.status)); });
        })
        .then(function (card) {
          done();
          if (cardURL) URL.revokeObjectURL(cardURL);
          cardURL = URL.createObjectURL(card.blob);
          result.hidden = false;
          result.querySelector(".wx-card").src = cardURL;
          var save = result.querySelector(".wx-card-save");
          save.href = cardURL;
          save.setAttribute("download", card.name);
          var share = result.querySelector("button");
          var file = window.File ? new File([card.blob], card.name, { type: "image/jpeg" }) : null;
          share.hidden = !(file && navigator.canShare && navigator.canShare({ files: [file] }));
          share.onclick = function () { navigator.share({ files: [file] }).catch(function () {}); };
          chosen.textContent = "";
          result.scrollIntoView({ block: "nearest" });
        })
        .catch(function (error) {
          done();
          chosen.textContent = (en ? "The card was not made: " : "卡片没有做成：") + error.message;
        });
    });
  }

  // ---- saved places: drag ⠿ to reorder; the new order goes to the API (the ↑ ↓ forms work without this) ----
  var savedList = document.querySelector(".wx-saved-list");
  if (savedList && window.fetch) {
    savedList.classList.add("is-draggable");
    var csrf = (document.querySelector(".wx-saved-list input[name=csrf_token]") || {}).value || "";
    var dragged = null, startY = 0, order = "";
    function ids() { return Array.prototype.map.call(savedList.querySelectorAll(".wx-saved-row"), function (row) { return row.getAttribute("data-id"); }); }
    function refreshButtons() {
      var rows = savedList.querySelectorAll(".wx-saved-row");
      rows.forEach(function (row, i) {
        var buttons = row.querySelectorAll(".wx-move-button");
        if (buttons[0]) buttons[0].disabled = i === 0;
        if (buttons[1]) buttons[1].disabled = i === rows.length - 1;
      });
    }
    savedList.addEventListener("pointerdown", function (event) {
      var handle = event.target.closest(".wx-drag");
      if (!handle || event.button !== 0) return;
      event.preventDefault();
      dragged = handle.closest(".wx-saved-row");
      startY = event.clientY;
      order = ids().join(",");
      dragged.classList.add("is-dragging");
      handle.setPointerCapture(event.pointerId);
    });
    savedList.addEventListener("pointermove", function (event) {
      if (!dragged) return;
      var dy = event.clientY - startY;
      dragged.style.transform = "translateY(" + dy + "px)";
      var before = dragged.previousElementSibling, after = dragged.nextElementSibling;
      if (before && dy < -before.offsetHeight / 2) {
        savedList.insertBefore(dragged, before);
        startY -= before.offsetHeight;
        dragged.style.transform = "translateY(" + (event.clientY - startY) + "px)";
      } else if (after && dy > after.offsetHeight / 2) {
        savedList.insertBefore(after, dragged);
        startY += after.offsetHeight;
        dragged.style.transform = "translateY(" + (event.clientY - startY) + "px)";
      }
    });
    function drop() {
      if (!dragged) return;
      dragged.classList.remove("is-dragging");
      dragged.style.transform = "";
      dragged = null;
      refreshButtons();
      if (ids().join(",") === order) return;
      fetch(savedList.getAttribute("data-api"), {
        method: "PUT", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf, "Accept": "application/json" },
        body: JSON.stringify({ placeIds: ids() })
      }).then(function (response) { if (!response.ok) window.location.reload(); },
              function () { window.location.reload(); });
    }
    savedList.addEventListener("pointerup", drop);
    savedList.addEventListener("pointercancel", drop);
  }

  // ---- the rotary dial ----
  var dial = document.querySelector(".wx-dial");
  if (!dial) return;
  var ring = dial.querySelector(".wx-dial-ring");
  var slots = Array.prototype.slice.call(dial.querySelectorAll(".wx-dial-slot"));
  if (!ring || slots.length < 2) return;
  dial.classList.add("is-rotary");
  var caption = document.createElement("p");
  caption.className = "wx-dial-caption";
  caption.setAttribute("aria-live", "polite");
  dial.appendChild(caption);
  var step = 360 / slots.length;
  var angle = 0;          // degrees the ring is turned; slot i is at i*step + angle, 0 = front
  var velocity = 0;       // degrees per frame after a release
  var animation = null;

  function front() {
    var index = Math.round(-angle / step) % slots.length;
    return (index + slots.length) % slots.length;
  }
  function place() {
    var radius = Math.min(ring.clientWidth / 2 - 58, 120);
    var frontIndex = front();
    slots.forEach(function (slot, i) {
      var theta = (i * step + angle) * Math.PI / 180;
      var x = Math.sin(theta) * radius;
      var depth = Math.cos(theta);                 // 1 at the front, -1 at the back
      var y = -depth * 40 + 10;                    // the dial is tilted: the back sits higher
      var scale = 0.55 + 0.45 * (depth + 1) / 2;
      slot.style.transform = "translate3d(" + x.toFixed(1) + "px," + y.toFixed(1) + "px," + (depth * 80).toFixed(1) + "px) scale(" + scale.toFixed(3) + ")";
      slot.style.zIndex = String(Math.round((depth + 1) * 50));
      slot.style.opacity = (0.45 + 0.55 * (depth + 1) / 2).toFixed(2);
      slot.classList.toggle("is-front", i === frontIndex);
      var link = slot.querySelector("a");
      link.setAttribute("tabindex", i === frontIndex ? "0" : "-1");
    });
    var label = slots[frontIndex].querySelector(".wx-dial-sub");
    caption.textContent = label ? label.textContent : "";
  }
  function animateTo(target) {
    cancelAnimationFrame(animation);
    if (reduced) { angle = target; place(); return; }
    var start = angle, startTime = null;
    function frame(time) {
      if (startTime === null) startTime = time;
      var t = Math.min(1, (time - startTime) / 320);
      var eased = 1 - Math.pow(1 - t, 3);
      angle = start + (target - start) * eased;
      place();
      if (t < 1) animation = requestAnimationFrame(frame);
    }
    animation = requestAnimationFrame(frame);
  }
  function snap() { animateTo(Math.round(angle / step) * step); }
  function bringToFront(i) {
    // The nearest way round.
    var target = -i * step;
    while (target - angle > 180) target -= 360;
    while (target - angle < -180) target += 360;
    animateTo(target);
  }
  function coast() {
    cancelAnimationFrame(animation);
    if (reduced) { snap(); return; }
    function frame() {
      angle += velocity;
      velocity *= 0.94;
      place();
      if (Math.abs(velocity) > 0.15) animation = requestAnimationFrame(frame); else snap();
    }
    animation = requestAnimationFrame(frame);
  }

  var dragging = false, moved = 0, lastX = 0, lastTime = 0;
  ring.addEventListener("pointerdown", function (event) {
    if (event.button !== 0) return;
    dragging = true; moved = 0; lastX = event.clientX; lastTime = event.timeStamp; velocity = 0;
    cancelAnimationFrame(animation);
    ring.classList.add("is-dragging");
  });
  window.addEventListener("pointermove", function (event) {
    if (!dragging) return;
    var dx = event.clientX - lastX;
    moved += Math.abs(dx);
    var delta = dx * 0.45;
    angle += delta;
    var dt = Math.max(1, event.timeStamp - lastTime);
    velocity = delta * 16 / dt;
    lastX = event.clientX; lastTime = event.timeStamp;
    place();
  });
  window.addEventListener("pointerup", function () {
    if (!dragging) return;
    dragging = false;
    ring.classList.remove("is-dragging");
    if (moved > 6) coast();
  });
  slots.forEach(function (slot, i) {
    var link = slot.querySelector("a");
    link.addEventListener("dragstart", function (event) { event.preventDefault(); });
    link.addEventListener("click", function (event) {
      if (moved > 6) { event.preventDefault(); event.stopPropagation(); moved = 0; return; }
      if (i !== front()) { event.preventDefault(); event.stopPropagation(); bringToFront(i); }
    }, true);
  });
  ring.addEventListener("keydown", function (event) {
    var i = front();
    if (event.key === "ArrowRight" || event.key === "ArrowDown") i = (i + 1) % slots.length;
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") i = (i - 1 + slots.length) % slots.length;
    else return;
    event.preventDefault();
    bringToFront(i);
    slots[i].querySelector("a").focus({ preventScroll: true });
  });
  ring.setAttribute("aria-roledescription", document.documentElement.lang === "en" ? "dial" : "转盘");
  window.addEventListener("resize", place);
  place();
})();
