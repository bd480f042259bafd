// Photo Studio 图片处理器: uploads with progress (issue 29 item 5). With this file the upload form sends each chosen
// file on its own XMLHttpRequest to POST /api/v1/photos (two at a time), shows a progress bar per file and for all of
// them, lets one be cancelled or a failed one retried while the rest go on, and shows each thumbnail as soon as the
// server has made it. Without it the form posts as before.
(function () {
  "use strict";
  var form = document.getElementById("upload-form");
  var input = document.getElementById("photo-files");
  var panel = document.getElementById("upload-panel");
  if (!form || !input || !panel || !window.XMLHttpRequest || !window.FormData) return;
  var words = JSON.parse(panel.getAttribute("data-words"));
  var maxBytes = parseInt(panel.getAttribute("data-max-bytes"), 10) || Infinity;  // --photos-max-megabytes
  var csrf = form.querySelector("input[name=csrf_token]");
  var list = document.getElementById("upload-list");
  var totalBar = document.getElementById("upload-total-bar");
  var totalText = document.getElementById("upload-total-text");
  var items = [];
  var running = 0;
  var parallel = 2;
  var added = 0;

  function say(template, values) {
    return template.replace(/\{(\w+)\}/g, function (_, key) { return values[key]; });
  }
  // The file's size as it is: "0 B", "166 B", "9.5 KB", "240 KB", "3.1 MB" (never rounded up to a kilobyte).
  function size(bytes) {
    if (bytes < 1024) return bytes + " B";
    if (bytes < 1048576) return (bytes < 10240 ? (bytes / 1024).toFixed(1) : Math.round(bytes / 1024)) + " KB";
    return (bytes / 1048576).toFixed(1) + " MB";
  }
  // A refusal of the file itself (4xx but 408 and 429: empty, not an image, too large …) ends the same way however
  // often it is sent: no 重试 for it. Network errors, 408, 429, 5xx and 507 (the quota may be freed) can be retried.
  function retryable(status) {
    return status === 0 || status === 408 || status === 429 || status >= 500;
  }
  function problemText(xhr) {
    try {
      var body = JSON.parse(xhr.responseText);
      var code = /^urn:appsuite:problem:photo-(.+)$/.exec(body.type || "");
      if (code && words.reasons[code[1]]) return words.reasons[code[1]];
      var parts = (body.errors || []).map(function (e) { return e.message || e.detail || ""; });
      return parts.length ? parts.join(" ") : (body.detail || body.title || "");
    } catch (e) { return ""; }
  }

  function row(file) {
    var li = document.createElement("li");
    li.className = "upload-item";
    li.innerHTML = '<span class="upload-thumb" aria-hidden="true"></span><span class="upload-body"><span class="upload-name"></span>' +
      '<progress class="upload-bar" max="100" value="0"></progress><span class="upload-status" role="status"></span></span>' +
      '<button type="button" class="upload-action"></button>';
    li.querySelector(".upload-name").textContent = file.name + " · " + size(file.size);
    list.appendChild(li);
    return li;
  }

  function setState(item, state, detail) {
    item.state = state;
    item.li.setAttribute("data-state", state);
    var status = item.li.querySelector(".upload-status");
    var action = item.li.querySelector(".upload-action");
    status.textContent = detail || words[state] || "";
    action.hidden = !(state === "waiting" || state === "sending" || (state === "failed" && item.retryable));
    action.textContent = state === "failed" ? words.retry : words.cancel;
    action.setAttribute("aria-label", (state === "failed" ? words.retry : words.cancel) + " " + item.file.name);
  }

  function updateTotal() {
    var counted = items.filter(function (i) { return i.state !== "cancelled"; });
    var bytes = counted.reduce(function (s, i) { return s + i.file.size; }, 0);
    var sent = counted.reduce(function (s, i) { return s + (i.state === "done" ? i.file.size : i.loaded); }, 0);
    var done = counted.filter(function (i) { return i.state === "done"; }).length;
    var failed = counted.filter(function (i) { return i.state === "failed"; }).length;
    totalBar.value = bytes ? Math.round(sent * 100 / bytes) : 0;
    totalText.textContent = say(words.total, { done: done, count: counted.length }) + (failed ? say(words.failedCount, { n: failed }) : "");
  }

  function showThumbnail(item, photo) {
    var slot = item.li.querySelector(".upload-thumb");
    function place() {
      var img = document.createElement("img");
      img.src = photo.thumbnailURL;
      img.alt = photo.filename;
      img.className = "upload-thumb-img";
      slot.textContent = "";
      slot.appendChild(img);
      var link = document.createElement("a");
      link.href = "/photos/" + photo.id;
      link.className = "upload-open";
      link.textContent = words.open;
      item.li.querySelector(".upload-status").appendChild(document.createTextNode(" "));
      item.li.querySelector(".upload-status").appendChild(link);
    }
    if (photo.thumbnailReady) { place(); return; }
    var rounds = 0;
    (function check() {
      if (++rounds > 90) return;
      fetch("/api/v1/photos/" + photo.id, { credentials: "same-origin", headers: { "Accept": "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (p) {
          if (p && p.thumbnailReady) { photo = p; place(); } else if (p && p.problem) { slot.textContent = "!"; } else { setTimeout(check, 1000); }
        }, function () { setTimeout(check, 2000); });
    })();
  }

  function send(item) {
    running++;
    item.loaded = 0;
    setState(item, "sending", say(words.sending, { percent: 0 }));
    var data = new FormData();
    data.append("file", item.file, item.file.name);
    if (item.file.lastModified) data.append("lastModified", String(item.file.lastModified));
    var xhr = new XMLHttpRequest();
    item.xhr = xhr;
    xhr.open("POST", "/api/v1/photos");
    xhr.setRequestHeader("Accept", "application/json");
    if (csrf) xhr.setRequestHeader("X-CSRF-Token", csrf.value);
    xhr.upload.onprogress = function (e) {
      if (!e.lengthComputable) return;
      item.loaded = Math.min(item.file.size, e.loaded * item.file.size / e.total);
      var percent = Math.round(e.loaded * 100 / e.total);
      item.li.querySelector(".upload-bar").value = percent;
      item.li.querySelector(".upload-status").textContent = percent < 100 ? say(words.sending, { percent: percent }) : words.processing;
      updateTotal();
    };
    function finish(state, detail, status) {
      running--;
      item.retryable = retryable(status || 0);
      item.xhr = null;
      if (item.state !== "cancelled") setState(item, state, detail);
      updateTotal();
      next();
    }
    xhr.onload = function () {
      var body = null;
      try { body = JSON.parse(xhr.responseText); } catch (e) { body = null; }
      if ((xhr.status === 200 || xhr.status === 201) && body && body.items && body.items.length) {
        var photo = body.items[0];
        item.li.querySelector(".upload-bar").value = 100;
        if (xhr.status === 201) added++;
        finish("done", photo.restored ? words.restored : (photo.duplicate ? words.duplicate : words.done));
        showThumbnail(item, photo);
      } else {
        finish("failed", problemText(xhr) || say(words.httpError, { status: xhr.status }), xhr.status);
      }
    };
    xhr.onerror = function () { finish("failed", words.network); };
    xhr.onabort = function () { finish("cancelled"); };
    xhr.send(data);
  }

  function next() {
    while (running < parallel) {
      var waiting = items.filter(function (i) { return i.state === "waiting"; })[0];
      if (!waiting) break;
      send(waiting);
    }
    if (running === 0 && added > 0 && !items.some(function (i) { return i.state === "waiting"; })) refreshGrid();
  }

  // The new photos in their sections: the timeline's first page again, whose #photo-library (grouping, filter, 选择 bar,
  // rail, grid; an empty library's empty state before its first photo) replaces the one on screen. The upload list above it
  // stays with every failure and 重试; photos.js sets up the new grid, rail and 选择 on "photos:library".
  function refreshGrid() {
    added = 0;
    fetch(window.location.pathname + window.location.search, { credentials: "same-origin" }).then(function (r) { return r.text(); }).then(function (html) {
      var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("photo-library");
      var library = document.getElementById("photo-library");
      if (!fresh || !library) return;
      library.parentNode.replaceChild(document.importNode(fresh, true), library);
      document.dispatchEvent(new CustomEvent("photos:library"));
    }).catch(function () {});
  }

  list.addEventListener("click", function (e) {
    var button = e.target.closest(".upload-action");
    if (!button) return;
    var item = items.filter(function (i) { return i.li.contains(button); })[0];
    if (!item) return;
    if (item.state === "failed") {
      item.li.querySelector(".upload-bar").value = 0;
      setState(item, "waiting");
      updateTotal();
      next();
    } else if (item.state === "sending" && item.xhr) {
      item.state = "cancelled";
      item.xhr.abort();
      setState(item, "cancelled");
    } else if (item.state === "waiting") {
      setState(item, "cancelled");
      updateTotal();
    }
  });

  form.addEventListener("submit", function (e) {
    if (!input.files || !input.files.length) return;
    e.preventDefault();
    // Sent here, not by the browser: app.js's double-submit lock (8 s) must not hold the button while more files are chosen.
    e.stopPropagation();
    panel.hidden = false;
    Array.prototype.forEach.call(input.files, function (file) {
      var item = { file: file, li: null, loaded: 0, state: "waiting", xhr: null };
      item.li = row(file);
      items.push(item);
      // Over the limit: refused here, with the server's words, before a phone sends megabytes for nothing.
      if (file.size > maxBytes) { item.retryable = false; setState(item, "failed", words.reasons["too-large"]); } else setState(item, "waiting");
    });
    input.value = "";
    updateTotal();
    next();
  });
})();
