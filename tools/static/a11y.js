/* Accessibility of the static site (tools/sphinx_a11y.py puts it on every page).
 *
 * The ipywidgets renderer draws the explorers after the page has loaded (window load),
 * and tools/static/explorer-frames.js swaps their figure as the sliders move; a
 * MutationObserver keeps the following true through both:
 *
 * - an explorer's figure has alt text: the explorer's caption (.pe-explorer-caption, the
 *   sentence the appendix's gallery also uses) and the values its controls show;
 * - the figure's output area is a polite live region with a visually hidden status line,
 *   so that a screen reader announces "Figure redrawn: <values>" when a frame swaps;
 * - each slider handle (role="slider") is named by its label and its aria-valuetext is
 *   the readout the slider shows (not the grid position, not 0.09999999999999999); the
 *   editable readout is named "<label> value";
 * - a "Skip to the explorer" link, right after the theme's "Skip to main content", leads
 *   past the page's formulas (MathJax makes each one a tab stop) to the first explorer;
 * - the theme's search buttons are named by their visible text ("Search Ctrl+K"), and
 *   the colour-mode button by the icon it shows, so that a speech user can say what they
 *   see;
 * - the bibliography's entries are list items of its list.
 */
(function () {
  "use strict";

  function text(el) {
    return el ? (el.textContent || "").replace(/\s+/g, " ").trim() : "";
  }

  function controlsOf(area) {
    return Array.prototype.slice.call(
      area.querySelectorAll(".widget-slider, .widget-toggle-buttons, .widget-dropdown"));
  }

  function values(area) {
    return controlsOf(area).map(function (c) {
      var label = text(c.querySelector(".widget-label"));
      var shown = text(c.querySelector(".widget-readout"));
      if (!shown) {
        var pressed = c.querySelector("button.mod-active, button[aria-pressed='true']");
        var select = c.querySelector("select");
        shown = pressed ? text(pressed) : select && select.selectedIndex >= 0
          ? text(select.options[select.selectedIndex]) : "";
      }
      return (label ? label + " " : "") + shown;
    }).filter(Boolean).join(", ");
  }

  function describeSliders(area) {
    area.querySelectorAll("[role='slider']").forEach(function (handle) {
      var box = handle.closest(".widget-slider") || handle.closest(".widget-inline-hbox");
      if (!box) return;
      var label = text(box.querySelector(".widget-label")) || "Slider";
      var readout = box.querySelector(".widget-readout");
      var shown = text(readout);
      if (handle.getAttribute("aria-label") !== label) handle.setAttribute("aria-label", label);
      if (shown && handle.getAttribute("aria-valuetext") !== shown) {
        handle.setAttribute("aria-valuetext", shown);
      }
      if (readout && readout.getAttribute("aria-label") !== label + " value") {
        readout.setAttribute("aria-label", label + " value");
        readout.setAttribute("role", "textbox");
      }
    });
    area.querySelectorAll("select").forEach(function (select) {
      var box = select.closest(".widget-dropdown");
      var label = box && text(box.querySelector(".widget-label"));
      if (label && !select.getAttribute("aria-label")) select.setAttribute("aria-label", label);
    });
  }

  function describeFigure(area) {
    var caption = text(area.querySelector(".pe-explorer-caption"));
    var output = area.querySelector(".widget-output");
    var img = output && output.querySelector("img");
    if (!output || !img) return;
    var now = values(area);
    var alt = (caption || "The explorer's figure.") + (now ? " Shown for " + now + "." : "");
    if (img.getAttribute("alt") !== alt) img.setAttribute("alt", alt);
    if (output.getAttribute("aria-live") !== "polite") output.setAttribute("aria-live", "polite");
    var status = output.querySelector(".pe-a11y-status");
    if (!status) {
      status = document.createElement("span");
      status.className = "pe-a11y-status pe-visually-hidden";
      output.appendChild(status);
      status.setAttribute("data-pe-values", now);
      return;  // the first drawing is not a change: nothing to announce
    }
    var frame = img.getAttribute("src");
    if (status.getAttribute("data-pe-frame") !== frame) {
      var first = !status.hasAttribute("data-pe-frame");
      status.setAttribute("data-pe-frame", frame);
      if (!first && status.getAttribute("data-pe-values") !== now) {
        status.textContent = "Figure redrawn for " + now + ".";
      }
      status.setAttribute("data-pe-values", now);
    }
  }

  function update() {
    document.querySelectorAll(".widget-subarea").forEach(function (area) {
      describeSliders(area);
      describeFigure(area);
    });
    document.querySelectorAll(".search-button__button, .search-button-field").forEach(
      function (button) {
        var shown = text(button);
        if (shown && button.getAttribute("aria-label") !== shown) {
          button.setAttribute("aria-label", shown);
        }
      });
    // the colour-mode button shows one icon, titled "Light", "Dark" or "System Settings"
    var mode = document.documentElement.getAttribute("data-mode") || "auto";
    document.querySelectorAll(".theme-switch-button").forEach(function (button) {
      var icon = button.querySelector(".theme-switch[data-mode='" + mode + "']");
      var title = icon ? icon.getAttribute("title") || text(icon.querySelector("title")) ||
        text(icon) : "";
      var name = "Color mode" + (title ? ": " + title : "");
      if (button.getAttribute("aria-label") !== name) button.setAttribute("aria-label", name);
    });
  }

  function skipLink() {
    var view = document.querySelector(
      "script[type='application/vnd.jupyter.widget-view+json']");
    var main = document.querySelector("main, #main-content");
    if (!view || !main || document.querySelector(".pe-skip-explorer")) return;
    var target = view.closest(".cell_output") || view.parentElement;
    if (!target.id) target.id = "pe-explorer";
    target.classList.add("pe-explorer-target");
    target.setAttribute("tabindex", "-1");
    var link = document.createElement("a");
    link.className = "pe-skip-explorer";
    link.href = "#" + target.id;
    link.textContent = "Skip to the explorer";
    link.addEventListener("click", function (event) {
      event.preventDefault();
      target.focus();
      target.scrollIntoView();
    });
    var themeSkip = document.querySelector(".skip-link");
    if (themeSkip && themeSkip.parentNode) {
      themeSkip.parentNode.insertBefore(link, themeSkip.nextSibling);
    } else {
      document.body.insertBefore(link, document.body.firstChild);
    }
  }

  var scheduled = false;
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    window.requestAnimationFrame(function () { scheduled = false; update(); });
  }

  function start() {
    // Sphinx gives each bibliography entry the deprecated role doc-biblioentry, which a
    // list (role="list") may not own: the entries are list items
    document.querySelectorAll(".citation-list[role='list'] > [role='doc-biblioentry']")
      .forEach(function (entry) { entry.setAttribute("role", "listitem"); });
    skipLink();
    update();
    new MutationObserver(function (records) {
      // our own attribute changes do not re-trigger (update() only sets what differs)
      schedule();
    }).observe(document.body, {
      subtree: true, childList: true, characterData: true,
      attributes: true, attributeFilter: ["src", "aria-valuetext", "class", "data-mode"]
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
