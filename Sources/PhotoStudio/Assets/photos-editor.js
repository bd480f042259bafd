// Photo Studio 图片处理器: the editor (issue 29 item 6). The picture is drawn rotated/flipped on a canvas; the crop box
// is drawn by dragging on the picture, moved by dragging inside it and resized by its corner handles (mouse or touch,
// 44 px targets), kept to the chosen preset (自由, 1:1, 4:3, 16:9, 原始比例) and inside the picture. The box is held in
// picture pixels, so the numeric fields (x, y, width, height) show it exactly and typing in them moves it. The server
// checks the edit list as before. Without this file the form's fields are sent as they are.
(function () {
  "use strict";
  var stage = document.getElementById("editor-stage");
  var form = document.getElementById("edit-form");
  if (!stage || !form) return;
  var W = parseInt(stage.getAttribute("data-width"), 10), H = parseInt(stage.getAttribute("data-height"), 10);
  var sizeLabel = document.getElementById("editor-size");
  var output = document.getElementById("edit-operations");
  var canvas = document.createElement("canvas");
  canvas.className = "editor-canvas";
  canvas.id = "editor-canvas";
  var box = document.createElement("div");
  box.className = "crop-box";
  box.id = "crop-box";
  ["nw", "ne", "sw", "se"].forEach(function (corner) {
    var handle = document.createElement("span");
    handle.className = "crop-handle crop-handle-" + corner;
    handle.setAttribute("data-handle", corner);
    box.appendChild(handle);
  });
  var fields = ["crop_x", "crop_y", "crop_w", "crop_h"].map(function (name) { return form.querySelector("[name=" + name + "]"); });
  var source = new Image();
  var turns = 0, flipH = false, flipV = false, preset = "free";
  var crop = null;  // {x, y, w, h} in pixels of the rotated/flipped picture

  function size() { return turns % 2 ? { w: H, h: W } : { w: W, h: H }; }
  // Width:height of the preset, in picture pixels; null for 自由.
  function ratio() {
    if (preset === "free") return null;
    if (preset === "original") { var s = size(); return s.w / s.h; }
    var p = preset.split(":").map(Number);
    return p[0] / p[1];
  }
  // Display pixels per picture pixel (the canvas is shown at one uniform scale).
  function scale() { return (canvas.clientWidth || 1) / size().w; }

  var base = document.createElement("canvas");
  function draw() {
    var rw = source.naturalWidth, rh = source.naturalHeight;
    var odd = turns % 2 === 1;
    base.width = canvas.width = odd ? rh : rw;
    base.height = canvas.height = odd ? rw : rh;
    var ctx = base.getContext("2d");
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, base.width, base.height);
    ctx.translate(base.width / 2, base.height / 2);
    ctx.scale(flipH ? -1 : 1, flipV ? -1 : 1);
    ctx.rotate(turns * Math.PI / 2);
    ctx.drawImage(source, -rw / 2, -rh / 2);
    crop = preset === "free" ? null : largest(ratio());
    changed();
  }
  // The rendition on the canvas has its own resolution: the veil is painted in its pixels.
  function paint() {
    var ctx = canvas.getContext("2d");
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(base, 0, 0);
    if (!crop) return;
    var k = canvas.width / size().w;
    var x = Math.round(crop.x * k), y = Math.round(crop.y * k), w = Math.round(crop.w * k), h = Math.round(crop.h * k);
    ctx.fillStyle = "rgba(0, 0, 0, 0.55)";
    ctx.fillRect(0, 0, canvas.width, y);
    ctx.fillRect(0, y + h, canvas.width, canvas.height - y - h);
    ctx.fillRect(0, y, x, h);
    ctx.fillRect(x + w, y, canvas.width - x - w, h);
  }
  // The largest box of `r` inside the picture, centred.
  function largest(r) {
    var s = size();
    if (!r) return { x: 0, y: 0, w: s.w, h: s.h };
    var w = s.w, h = w / r;
    if (h > s.h) { h = s.h; w = h * r; }
    return { x: (s.w - w) / 2, y: (s.h - h) / 2, w: w, h: h };
  }
  function rounded() {
    if (!crop) return null;
    var s = size();
    var x = Math.max(0, Math.round(crop.x)), y = Math.max(0, Math.round(crop.y));
    var w = Math.min(s.w - x, Math.round(crop.w)), h = Math.min(s.h - y, Math.round(crop.h));
    if (w < 1 || h < 1) return null;
    if (x === 0 && y === 0 && w === s.w && h === s.h) return null;  // the whole picture: no crop
    return { x: x, y: y, width: w, height: h };
  }
  var widthField = form.querySelector("[name=resize_w]"), heightField = form.querySelector("[name=resize_h]");
  // The new size with the aspect ratio kept: a width alone gives the height (and a height the width).
  function resizeTarget() {
    var c = rounded(), s = size();
    var cw = c ? c.width : s.w, ch = c ? c.height : s.h;
    var rw = parseInt((widthField || {}).value, 10), rh = parseInt((heightField || {}).value, 10);
    if (widthField) widthField.placeholder = String(cw);
    if (heightField) heightField.placeholder = String(ch);
    if (rw > 0 && !(rh > 0)) { rh = Math.max(1, Math.round(rw * ch / cw)); if (heightField) heightField.placeholder = String(rh); }
    else if (rh > 0 && !(rw > 0)) { rw = Math.max(1, Math.round(rh * cw / ch)); if (widthField) widthField.placeholder = String(rw); }
    return rw > 0 && rh > 0 ? { w: rw, h: rh } : null;
  }
  function operations() {
    var ops = [];
    if (turns) ops.push({ op: "rotate", degrees: turns * 90 });
    if (flipH) ops.push({ op: "flip", direction: "horizontal" });
    if (flipV) ops.push({ op: "flip", direction: "vertical" });
    var c = rounded();
    if (c) ops.push({ op: "crop", x: c.x, y: c.y, width: c.width, height: c.height });
    var r = resizeTarget();
    if (r) ops.push({ op: "resize", width: r.w, height: r.h });
    return ops;
  }
  // Everything that follows the box: the veil, the box on screen, the fields, the edit list and the size line.
  function changed(fromFields) {
    paint();
    var c = rounded();
    if (!fromFields) {
      fields.forEach(function (field, i) {
        if (field) field.value = c ? [c.x, c.y, c.width, c.height][i] : "";
      });
    }
    if (crop) {
      var k = scale();
      box.style.left = (canvas.offsetLeft + crop.x * k) + "px";
      box.style.top = (canvas.offsetTop + crop.y * k) + "px";
      box.style.width = (crop.w * k) + "px";
      box.style.height = (crop.h * k) + "px";
      box.classList.add("is-visible");
    } else {
      box.classList.remove("is-visible");
    }
    var ops = operations();
    output.value = ops.length ? JSON.stringify(ops) : "";
    var s = size(), r = resizeTarget();
    var shown = c ? c.width + "×" + c.height : s.w + "×" + s.h;
    if (sizeLabel) sizeLabel.textContent = r ? shown + " → " + r.w + "×" + r.h : shown;
    stage.setAttribute("data-operations", output.value);
    stage.setAttribute("data-crop", c ? [c.x, c.y, c.width, c.height].join(",") : "");
  }

  // Gestures, in picture pixels. "draw" spans the box from the press point; "move" carries it; a corner handle
  // resizes it from the opposite corner. The preset's ratio and the picture's edges bound all three.
  var gesture = null;
  function at(e) {
    var r = canvas.getBoundingClientRect(), k = scale();
    return { x: (e.clientX - r.left) / k, y: (e.clientY - r.top) / k };
  }
  function clamp(v, lo, hi) { return Math.min(hi, Math.max(lo, v)); }
  // The box from the fixed corner (ax, ay) towards p, with the ratio, inside the picture.
  function span(ax, ay, p) {
    var s = size(), r = ratio();
    var dx = clamp(p.x, 0, s.w) - ax, dy = clamp(p.y, 0, s.h) - ay;
    var w = Math.abs(dx), h = Math.abs(dy);
    if (r) {
      if (w / r > h) h = w / r; else w = h * r;
      var maxW = dx < 0 ? ax : s.w - ax, maxH = dy < 0 ? ay : s.h - ay;
      if (w > maxW) { w = maxW; h = w / r; }
      if (h > maxH) { h = maxH; w = h * r; }
    }
    return { x: dx < 0 ? ax - w : ax, y: dy < 0 ? ay - h : ay, w: w, h: h };
  }
  function start(e, kind, corner) {
    var p = at(e);
    gesture = { kind: kind, start: p, from: crop ? { x: crop.x, y: crop.y, w: crop.w, h: crop.h } : null, corner: corner };
    if (kind === "resize") {
      var c = crop;
      gesture.anchor = { x: corner.indexOf("w") >= 0 ? c.x + c.w : c.x, y: corner.indexOf("n") >= 0 ? c.y + c.h : c.y };
    }
    try { e.target.setPointerCapture(e.pointerId); } catch (err) { /* synthetic or already released pointer */ }
    e.preventDefault();
    e.stopPropagation();
  }
  function move(e) {
    if (!gesture) return;
    var p = at(e), s = size(), min = 8 / scale();
    if (gesture.kind === "draw") {
      var next = span(gesture.start.x, gesture.start.y, p);
      crop = next.w * scale() < 4 || next.h * scale() < 4 ? null : next;
    } else if (gesture.kind === "move") {
      var f = gesture.from;
      crop = { x: clamp(f.x + p.x - gesture.start.x, 0, s.w - f.w), y: clamp(f.y + p.y - gesture.start.y, 0, s.h - f.h), w: f.w, h: f.h };
    } else {
      var b = span(gesture.anchor.x, gesture.anchor.y, p);
      if (b.w >= min && b.h >= min) crop = b;
    }
    changed();
  }
  function end() { gesture = null; }
  canvas.addEventListener("pointerdown", function (e) { start(e, "draw"); });
  box.addEventListener("pointerdown", function (e) {
    var corner = e.target.getAttribute && e.target.getAttribute("data-handle");
    start(e, corner ? "resize" : "move", corner);
  });
  [canvas, box].forEach(function (el) {
    el.addEventListener("pointermove", move);
    el.addEventListener("pointerup", end);
    el.addEventListener("pointercancel", end);
  });
  // Typing in the fields moves the box (kept inside the picture); 自由 then, since the numbers set the shape.
  fields.forEach(function (field) {
    if (!field) return;
    field.addEventListener("input", function () {
      var v = fields.map(function (f) { return parseInt(f && f.value, 10); });
      if (v.some(function (n) { return isNaN(n); })) return;
      var s = size();
      var x = clamp(v[0], 0, s.w - 1), y = clamp(v[1], 0, s.h - 1);
      crop = { x: x, y: y, w: clamp(v[2], 1, s.w - x), h: clamp(v[3], 1, s.h - y) };
      choose("free", false);
      changed(true);
    });
  });

  function choose(value, reshape) {
    preset = value;
    document.querySelectorAll(".ratio-btn").forEach(function (o) {
      var on = o.getAttribute("data-ratio") === value;
      o.classList.toggle("is-selected", on);
      o.setAttribute("aria-pressed", on ? "true" : "false");
    });
    if (reshape) { crop = value === "free" ? (crop || largest(null)) : largest(ratio()); changed(); }
  }
  function on(id, fn) { var el = document.getElementById(id); if (el) el.addEventListener("click", function () { fn(); draw(); }); }
  on("rotate-left", function () { turns = (turns + 3) % 4; });
  on("rotate-right", function () { turns = (turns + 1) % 4; });
  // Flips are in the displayed (already rotated) picture: the edit list applies them after the rotation.
  on("flip-h", function () { flipH = !flipH; });
  on("flip-v", function () { flipV = !flipV; });
  on("edit-reset", function () { turns = 0; flipH = false; flipV = false; preset = "free"; choose("free", false); });
  document.querySelectorAll(".ratio-btn").forEach(function (b) {
    b.addEventListener("click", function () { choose(b.getAttribute("data-ratio"), true); });
  });
  form.addEventListener("input", function (e) { if (fields.indexOf(e.target) < 0) changed(); });
  form.addEventListener("submit", function () { changed(); });
  window.addEventListener("resize", function () { changed(); });
  source.addEventListener("load", function () {
    stage.appendChild(canvas);
    stage.appendChild(box);
    stage.classList.add("is-ready");
    draw();
    stage.setAttribute("data-ready", "1");
  });
  source.src = stage.getAttribute("data-src");
})();
