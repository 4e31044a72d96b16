/* Explorers on the static site: swap precomputed frames as the sliders move.
 *
 * tools/static_frames.py draws every explorer's figure for a grid of control positions
 * when the site is built; tools/sphinx_frames.py puts this script on each page with an
 * explorer, after the ipywidgets renderer (embed-amd.js), with the page's manifest in
 * window.peExplorerFrames = {base: "<page-relative frames folder>/", explorers: {...}}.
 *
 * The renderer keeps its widget models to itself, so the script wraps
 * HTMLManager.prototype.display_view as the renderer loads it (on window load). For
 * each displayed explorer (a VBox whose children are an HBox of controls, an Output whose
 * figure is labelled "<Name figure>", ...), it listens to every control's model; on a
 * change it snaps each control to its grid (the slider then shows the value the figure
 * was drawn for) and points the Output's <img> at the frame of those grid indices (with
 * each control that the manifest's aliases say does not matter there at its initial index:
 * such frames are stored once).
 */
(function () {
  "use strict";
  var config = window.peExplorerFrames;
  if (!config || !window.requirejs) return;

  function nearest(grid, value, kind) {
    var best = 0, bestDistance = Infinity;
    for (var i = 0; i < grid.length; i++) {
      var d = kind === "log" ? Math.abs(Math.log(grid[i]) - Math.log(value))
                             : Math.abs(grid[i] - value);
      if (d < bestDistance) { best = i; bestDistance = d; }
    }
    return best;
  }

  function same(a, b) {
    return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  }

  function attach(vbox, el) {
    var children = vbox.get("children") || [];
    var hbox = children[0], output = children[1];
    if (!hbox || !output || !hbox.get || !output.get) return;
    var outs = output.get("outputs") || [];
    var label = outs.length && outs[0].data && outs[0].data["text/plain"];
    var match = /^<(\w+) figure>$/.exec(label || "");
    var spec = match && config.explorers[match[1]];
    var controls = hbox.get("children") || [];
    if (!spec || controls.length !== spec.controls.length) return;
    var at = spec.controls.map(function (c) { return c.initial; });

    function show() {
      var img = el.querySelector(".widget-output img");
      if (!img) return;
      var key = at.join("-");
      if (img.getAttribute("data-pe-frame") === key) return;
      img.setAttribute("data-pe-frame", key);
      // a control that does not matter at this point (spec.aliases) shows the frame
      // drawn at its initial index, the one frame stored for all its positions
      var point = at.slice();
      (spec.aliases || []).forEach(function (a) {
        if (a.values.indexOf(at[a.other]) >= 0) point[a.control] = spec.controls[a.control].initial;
      });
      img.src = config.base + (spec.folder || spec.explorer) + "/" + point.join("-") + ".png";
    }

    function update() {
      controls.forEach(function (model, i) {
        var c = spec.controls[i], value = model.get(c.attr);
        var j = nearest(c.grid, value, c.kind);
        if (j === at[i] && !same(c.grid[j], value)) {
          // a small move (an arrow key) from a grid point: on to the next one that way
          j = Math.max(0, Math.min(c.grid.length - 1, j + (value > c.grid[j] ? 1 : -1)));
        }
        at[i] = j;
        if (!same(c.grid[j], value)) model.set(c.attr, c.grid[j]);
      });
      show();
    }

    controls.forEach(function (model, i) {
      model.on("change:" + spec.controls[i].attr, update);
    });
    el.setAttribute("data-pe-explorer", spec.explorer);
  }

  function patch(hm) {
    var proto = hm && hm.HTMLManager && hm.HTMLManager.prototype;
    if (!proto || proto.__peFrames) return;
    proto.__peFrames = true;
    var display = proto.display_view;
    proto.display_view = function (view, el) {
      var shown = display.apply(this, arguments);
      Promise.resolve(shown).then(function () {
        if (view && view.model && view.model.get("_model_name") === "VBoxModel") {
          attach(view.model, el);
        }
      });
      return shown;
    };
  }

  // The renderer asks window.requirejs for "@jupyter-widgets/html-manager" when it starts
  // (libembed-amd's renderWidgets, on window load): patch the module as it is handed
  // over. Requiring it here ourselves would load it earlier, from another URL, and its
  // icon fonts with it (three 404s).
  var requirejs = window.requirejs;
  var wrapped = function (deps, callback) {
    if (Array.isArray(deps) && deps.length === 1 && deps[0] === "@jupyter-widgets/html-manager" &&
        typeof callback === "function") {
      var args = Array.prototype.slice.call(arguments);
      args[1] = function (hm) { patch(hm); return callback.apply(this, arguments); };
      return requirejs.apply(this, args);
    }
    return requirejs.apply(this, arguments);
  };
  Object.keys(requirejs).forEach(function (key) { wrapped[key] = requirejs[key]; });
  window.requirejs = wrapped;
})();
