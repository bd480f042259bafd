// 豹考通 progressive enhancement: pickers marked data-refresh reload the page with the form's values so the
// dependent lists (科类, 批次) follow the province and year; the welcome dots follow the swipe; 打印 prints the 志愿表.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  document.querySelectorAll("select[data-refresh]").forEach(function (select) {
    select.addEventListener("change", function () {
      var form = select.form;
      if (!form) return;
      var params = new URLSearchParams();
      new FormData(form).forEach(function (value, name) {
        if (name !== "csrf_token" && typeof value === "string" && value !== "") params.append(name, value);
      });
      var action = form.getAttribute("method") === "get" ? form.getAttribute("action") : window.location.pathname;
      window.location.assign(action + "?" + params.toString());
    });
  });
  document.querySelectorAll("[data-print]").forEach(function (button) {
    button.addEventListener("click", function () { window.print(); });
  });
  var slides = document.querySelector(".gk-slides");
  if (slides) {
    var dots = document.querySelectorAll(".gk-dot");
    var update = function () {
      var index = Math.round(slides.scrollLeft / Math.max(1, slides.clientWidth));
      dots.forEach(function (dot, i) { dot.classList.toggle("is-active", i === index); });
    };
    slides.addEventListener("scroll", update, { passive: true });
    update();
  }
})();
