// AppSuite shell: progressive enhancement only. Every page works without this file; it is
// loaded with `defer` from /assets/ and runs under CSP script-src 'self' (no inline code, no eval).
(function () {
  "use strict";
  var root = document.documentElement;
  root.classList.add("js");

  var reduceMotion = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  // ---- Theme: html[data-theme] overrides the system; remembered in localStorage and a cookie
  // (the cookie lets the server render data-theme and avoid a flash on the next page).
  function storedTheme() {
    try { return localStorage.getItem("theme"); } catch (e) { return null; }
  }
  function applyTheme(theme) {
    if (theme === "dark" || theme === "light") root.setAttribute("data-theme", theme);
    else root.removeAttribute("data-theme");
  }
  var saved = storedTheme();
  if (saved && !root.hasAttribute("data-theme")) applyTheme(saved);

  function effectiveTheme() {
    var explicit = root.getAttribute("data-theme");
    if (explicit) return explicit;
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  document.addEventListener("click", function (event) {
    var toggle = event.target.closest && event.target.closest("[data-theme-toggle]");
    if (!toggle) return;
    var next = effectiveTheme() === "dark" ? "light" : "dark";
    applyTheme(next);
    try { localStorage.setItem("theme", next); } catch (e) { /* private mode */ }
    document.cookie = "theme=" + next + "; path=/; max-age=31536000; samesite=lax";
  });

  // ---- Language switch keeps the current page and its query: ?lang=xx is added or replaced.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-lang]");
    if (!link || event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey) return;
    var url = new URL(window.location.href);
    url.searchParams.set("lang", link.getAttribute("data-lang"));
    url.hash = "";
    event.preventDefault();
    window.location.assign(url.toString());
  });

  // ---- Show/hide toggles of password fields (formField's `reveal`): visible only with JavaScript.
  document.addEventListener("click", function (event) {
    var toggle = event.target.closest && event.target.closest("button[data-reveal]");
    if (!toggle) return;
    var field = document.getElementById(toggle.getAttribute("data-reveal"));
    if (!field) return;
    var show = field.type === "password";
    field.type = show ? "text" : "password";
    toggle.textContent = toggle.getAttribute(show ? "data-label-hide" : "data-label-show");
    toggle.setAttribute("aria-pressed", show ? "true" : "false");
  });
  // A form that is sent hides its passwords again, so the browser never keeps them as plain text.
  document.addEventListener("submit", function (event) {
    event.target.querySelectorAll && event.target.querySelectorAll("button[data-reveal]").forEach(function (toggle) {
      var field = document.getElementById(toggle.getAttribute("data-reveal"));
      if (field) field.type = "password";
    });
  }, true);

  // ---- data-confirm on forms and on buttons/links asks before acting.
  document.addEventListener("click", function (event) {
    var el = event.target.closest && event.target.closest("a[data-confirm], button[data-confirm]");
    if (el && !window.confirm(el.getAttribute("data-confirm"))) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.hasAttribute("data-confirm") && !window.confirm(form.getAttribute("data-confirm"))) {
      event.preventDefault();
      return;
    }
    // Guard against double submission; buttons are disabled after the submit has read them.
    if (form.hasAttribute("data-submitting")) { event.preventDefault(); return; }
    form.setAttribute("data-submitting", "");
    setTimeout(function () {
      form.querySelectorAll("button[type=submit]").forEach(function (b) { b.disabled = true; });
    }, 0);
    // If the browser stays on the page (e.g. a download), re-enable after a while.
    setTimeout(function () {
      form.removeAttribute("data-submitting");
      form.querySelectorAll("button[type=submit]").forEach(function (b) { b.disabled = false; });
    }, 8000);
  });
  // Coming back through the bfcache must not leave forms locked.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("form[data-submitting]").forEach(function (form) {
      form.removeAttribute("data-submitting");
      form.querySelectorAll("button[type=submit]").forEach(function (b) { b.disabled = false; });
    });
  });

  // ---- Pressed-state feedback (iOS only fires :active with a touch listener; add a class too).
  var pressable = ".is-link, .btn, .tile, .tab, .segment, .nav-action, .navbar-back";
  var pressed = null;
  function release() { if (pressed) { pressed.classList.remove("is-pressed"); pressed = null; } }
  document.addEventListener("pointerdown", function (event) {
    var el = event.target.closest && event.target.closest(pressable);
    if (!el) return;
    release();
    pressed = el;
    el.classList.add("is-pressed");
  }, { passive: true });
  ["pointerup", "pointercancel", "dragstart"].forEach(function (type) {
    document.addEventListener(type, release, { passive: true });
  });
  document.addEventListener("touchmove", release, { passive: true });
  document.addEventListener("touchstart", function () {}, { passive: true });

  // ---- Toasts: dismiss after a few seconds (errors stay longer), or on tap.
  function dismiss(toast) {
    if (toast.classList.contains("is-leaving")) return;
    toast.classList.add("is-leaving");
    setTimeout(function () { if (toast.parentNode) toast.parentNode.removeChild(toast); }, reduceMotion ? 0 : 320);
  }
  function scheduleToasts(scope) {
    scope.querySelectorAll("[data-toast]").forEach(function (toast) {
      if (toast.hasAttribute("data-toast-scheduled")) return;
      toast.setAttribute("data-toast-scheduled", "");
      var delay = toast.classList.contains("toast-error") ? 7000 : 4000;
      setTimeout(function () { dismiss(toast); }, delay);
      toast.addEventListener("click", function () { dismiss(toast); });
    });
  }

  // ---- Nav bar: flat while at the top, translucent once scrolled; large title hands over.
  var largeTitle = null;
  function onScroll() {
    var y = window.scrollY || 0;
    root.classList.toggle("at-top", y <= 0);
    var threshold = largeTitle ? largeTitle.offsetTop + largeTitle.offsetHeight - 44 : 0;
    root.classList.toggle("is-scrolled", y > Math.max(threshold, 0));
  }

  // ---- Edge swipe: a rightward drag that starts at the left edge follows the back link.
  function setupEdgeSwipe() {
    var back = document.querySelector(".navbar [data-back]");
    var content = document.querySelector(".content");
    if (!back || !content) return;
    var startX = 0, startY = 0, dx = 0, tracking = false, decided = false;
    document.addEventListener("touchstart", function (event) {
      if (event.touches.length !== 1) return;
      var t = event.touches[0];
      tracking = t.clientX <= 24;
      decided = false;
      startX = t.clientX; startY = t.clientY; dx = 0;
    }, { passive: true });
    document.addEventListener("touchmove", function (event) {
      if (!tracking) return;
      var t = event.touches[0];
      dx = t.clientX - startX;
      var dy = t.clientY - startY;
      if (!decided && (Math.abs(dx) > 10 || Math.abs(dy) > 10)) {
        decided = true;
        if (Math.abs(dy) > Math.abs(dx) || dx < 0) { tracking = false; return; }
        document.body.classList.add("is-swiping-back");
      }
      if (decided && !reduceMotion) content.style.transform = "translateX(" + Math.max(0, dx) + "px)";
    }, { passive: true });
    function end() {
      if (!tracking) return;
      tracking = false;
      document.body.classList.remove("is-swiping-back");
      var go = decided && dx > Math.min(120, window.innerWidth * 0.3);
      if (go) {
        if (!reduceMotion) content.style.transform = "translateX(" + window.innerWidth + "px)";
        window.location.assign(back.href);
      } else {
        content.classList.add("is-settling");
        content.style.transform = "";
        setTimeout(function () { content.classList.remove("is-settling"); }, 260);
      }
    }
    document.addEventListener("touchend", end, { passive: true });
    document.addEventListener("touchcancel", end, { passive: true });
    // Restore if the page comes back from the bfcache mid-transition.
    window.addEventListener("pageshow", function () { content.style.transform = ""; });
  }

  // ---- Back label: a previous screen's title too long for its side of the bar reads 返回 / Back, as on iOS, not
  // a cut-off fragment such as "录…".
  function fitBackLabel() {
    var label = document.querySelector(".navbar-back-label[data-short]");
    if (label && label.scrollWidth > label.clientWidth + 1) label.textContent = label.getAttribute("data-short");
  }

  function ready() {
    fitBackLabel();
    largeTitle = document.querySelector(".large-title");
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    scheduleToasts(document);
    setupEdgeSwipe();
    document.querySelectorAll("button[data-reveal][hidden]").forEach(function (toggle) { toggle.hidden = false; });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();

  // For other scripts: AppSuite.toast("已保存", "success") shows a client-side toast.
  window.AppSuite = {
    toast: function (message, kind) {
      var container = document.querySelector(".toasts");
      if (!container) return;
      var toast = document.createElement("div");
      toast.className = "toast toast-" + (kind || "info");
      toast.setAttribute("role", kind === "error" ? "alert" : "status");
      toast.setAttribute("data-toast", "");
      var text = document.createElement("span");
      text.className = "toast-message";
      text.textContent = message;
      toast.appendChild(text);
      container.appendChild(toast);
      scheduleToasts(container);
    }
  };
})();
