// Asset Slicer 切图: while a job is queued or running, reload its page every second to show the
// progress (the page also has a refresh link, so it works without this file).
(function () {
  "use strict";
  var progress = document.getElementById("slicer-progress");
  if (!progress || progress.getAttribute("data-running") !== "1") return;
  window.setTimeout(function () { window.location.reload(); }, 1000);
})();
