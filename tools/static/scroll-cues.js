/* Boxes that scroll sideways say so, and figures keep a readable size (every page;
 * html_js_files in _config.yml; the styles are in patterneval.css, "scroll cues").
 *
 * - Code (`pre`) and display math (the `mjx-container` of a `div.math`) scroll in their own
 *   boxes (pydata-sphinx-theme), with no scroll bar on a phone. Each box whose content is
 *   wider than the box gets `pe-scrolls`, plus `pe-more-right` / `pe-more-left` while there
 *   is more to see on that side: a shadow on that edge.
 * - A figure of a cell's output (an <img>, or an inline <svg>, outside the explorers' widget
 *   Output, which has its own scroll box) goes into a frame:
 *   div.pe-figure-frame > div.pe-figure-scroll > img, + span.pe-scroll-hint. The image is
 *   never shown below 70 % of its natural width (--pe-natural-width; on a phone, at its
 *   natural width, like the explorers' figures) and scrolls in the box instead; the frame
 *   then shows the edge shadows and a "scroll" hint.
 * The state is re-measured when a box is scrolled or resized, when MathJax adds its
 * containers, and when the fonts have loaded. tests/test_site.py checks all of it at 390 and
 * at 1366 px.
 */
(function () {
  "use strict";
  var BOXES = "pre, div.highlight, div.math > mjx-container, mjx-container[display='true']";
  var FIGURES = ".cell_output img, .cell_output svg";
  var NOT_FIGURES = ".widget-subarea, .widget-output, .jupyter-widgets, mjx-container, svg svg, " +
    "button, .pe-figure-scroll";
  var HINT = "Full-size figure: scroll sideways \u2192";
  var seen = typeof WeakSet === "function" ? new WeakSet() : null;
  var resize = typeof ResizeObserver === "function"
    ? new ResizeObserver(function (entries) { update(entries.map(function (e) { return e.target; })); })
    : null;

  function scrolls(box) {
    var overflow = getComputedStyle(box).overflowX;
    return overflow === "auto" || overflow === "scroll";
  }

  // Measure every box first, then set the classes: a class set between two measurements
  // would make the browser lay the page out again for each box.
  function update(boxes) {
    var states = boxes.map(function (box) {
      var over = box.clientWidth > 0 && box.scrollWidth > box.clientWidth + 1 && scrolls(box);
      var left = Math.abs(box.scrollLeft);
      return [over, over && left > 1, over && left + box.clientWidth < box.scrollWidth - 1];
    });
    boxes.forEach(function (box, i) {
      var target = box.classList.contains("pe-figure-scroll") ? box.parentNode : box;
      target.classList.toggle("pe-scrolls", states[i][0]);
      target.classList.toggle("pe-more-left", states[i][1]);
      target.classList.toggle("pe-more-right", states[i][2]);
    });
  }

  function watch(box) {
    if (seen ? seen.has(box) : box.__peCue) return;
    if (seen) seen.add(box); else box.__peCue = true;
    box.addEventListener("scroll", function () { update([box]); }, { passive: true });
    if (resize) resize.observe(box);
  }

  function naturalWidth(fig) {
    if (fig.tagName.toLowerCase() === "img") return fig.naturalWidth;
    var width = fig.width && fig.width.baseVal;
    if (width && width.unitType !== 2 /* % */ && width.value) return width.value;
    var box = fig.viewBox && fig.viewBox.baseVal;
    return box && box.width ? box.width : 0;
  }

  function sizeFigure(fig) {
    var width = naturalWidth(fig);
    if (width) fig.style.setProperty("--pe-natural-width", Math.round(width) + "px");
  }

  function frame(fig) {
    if (fig.closest(NOT_FIGURES)) return;
    var outer = document.createElement("div");
    var box = document.createElement("div");
    var hint = document.createElement("span");
    outer.className = "pe-figure-frame";
    box.className = "pe-figure-scroll";
    hint.className = "pe-scroll-hint";
    hint.setAttribute("aria-hidden", "true");
    hint.textContent = HINT;
    fig.parentNode.insertBefore(outer, fig);
    box.appendChild(fig);
    outer.appendChild(box);
    outer.appendChild(hint);
    fig.classList.add("pe-figure");
    if (fig.tagName.toLowerCase() === "img" && !fig.complete) {
      fig.addEventListener("load", function () { sizeFigure(fig); update([box]); });
    }
    sizeFigure(fig);
  }

  function scan() {
    var main = document.querySelector("main") || document.body;
    Array.prototype.forEach.call(main.querySelectorAll(FIGURES), frame);
    var boxes = Array.prototype.slice.call(main.querySelectorAll(BOXES + ", .pe-figure-scroll"));
    boxes.forEach(watch);
    update(boxes);
  }

  var pending = false;
  function later() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(function () { pending = false; scan(); });
  }

  function start() {
    scan();
    var main = document.querySelector("main") || document.body;
    // MathJax typesets after the page has loaded, the widget renderer adds its figures
    if (typeof MutationObserver === "function") {
      new MutationObserver(later).observe(main, { childList: true, subtree: true });
    }
    if (document.fonts && document.fonts.ready) document.fonts.ready.then(later);
    window.addEventListener("load", later);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
