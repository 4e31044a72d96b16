/* The search page without raw TeX: math in result titles and snippets as plain Unicode.
 *
 * Sphinx's search (searchtools.js) shows section titles from searchindex.js and cuts each
 * snippet from the text of the fetched page, where math is still TeX source (MathJax typesets
 * it only on the page itself). tools/sphinx_mathtext.py puts this script on search.html; it
 * rewrites the index's section titles and, before a snippet is cut, every `.math` element
 * of the fetched page, with plainMath(): `\hat\varepsilon_{CV} \le \frac{1}{2}` becomes
 * `ε̂_CV ≤ 1/2`. Cutting a plain string cannot leave half a formula, and nothing loads.
 * Also loaded by node in tests/test_mathtext.py (module.exports below).
 */
(function (root) {
  "use strict";

  var SYMBOLS = {
    alpha: "α", beta: "β", gamma: "γ", delta: "δ", epsilon: "ϵ", varepsilon: "ε",
    zeta: "ζ", eta: "η", theta: "θ", vartheta: "ϑ", iota: "ι", kappa: "κ", lambda: "λ",
    mu: "μ", nu: "ν", xi: "ξ", pi: "π", varpi: "ϖ", rho: "ρ", varrho: "ϱ", sigma: "σ",
    varsigma: "ς", tau: "τ", upsilon: "υ", phi: "ϕ", varphi: "φ", chi: "χ", psi: "ψ",
    omega: "ω", Gamma: "Γ", Delta: "Δ", Theta: "Θ", Lambda: "Λ", Xi: "Ξ", Pi: "Π",
    Sigma: "Σ", Upsilon: "Υ", Phi: "Φ", Psi: "Ψ", Omega: "Ω",
    le: "≤", leq: "≤", ge: "≥", geq: "≥", ne: "≠", neq: "≠", ll: "≪", gg: "≫",
    approx: "≈", sim: "∼", simeq: "≃", cong: "≅", equiv: "≡", propto: "∝", coloneqq: "≔",
    times: "×", cdot: "·", div: "÷", pm: "±", mp: "∓", ast: "∗", star: "⋆", circ: "∘",
    bullet: "•", oplus: "⊕", otimes: "⊗", cdots: "⋯", ldots: "…", dots: "…", vdots: "⋮",
    ddots: "⋱", infty: "∞", sum: "∑", prod: "∏", int: "∫", oint: "∮", partial: "∂",
    nabla: "∇", in: "∈", notin: "∉", ni: "∋", subset: "⊂", subseteq: "⊆", supset: "⊃",
    supseteq: "⊇", cup: "∪", cap: "∩", bigcup: "⋃", bigcap: "⋂", emptyset: "∅",
    varnothing: "∅", setminus: "∖", smallsetminus: "∖", to: "→", rightarrow: "→",
    leftarrow: "←", gets: "←", leftrightarrow: "↔", Rightarrow: "⇒", Leftarrow: "⇐",
    Leftrightarrow: "⇔", implies: "⇒", iff: "⇔", mapsto: "↦", uparrow: "↑",
    downarrow: "↓", forall: "∀", exists: "∃", neg: "¬", lnot: "¬", land: "∧", lor: "∨",
    wedge: "∧", vee: "∨", mid: "|", vert: "|", Vert: "‖", lvert: "|", rvert: "|",
    lVert: "‖", rVert: "‖", parallel: "∥", perp: "⊥", top: "⊤", bot: "⊥", intercal: "ᵀ",
    prime: "′", ell: "ℓ", hbar: "ℏ", Re: "ℜ", Im: "ℑ", aleph: "ℵ", langle: "⟨",
    rangle: "⟩", lfloor: "⌊", rfloor: "⌋", lceil: "⌈", rceil: "⌉", lbrace: "{",
    rbrace: "}", backslash: "∖", triangleq: "≜", sqcup: "⊔", models: "⊨", vdash: "⊢",
    quad: " ", qquad: " ", enspace: " ", thinspace: " ",
    "{": "{", "}": "}", "|": "‖", "%": "%", "&": "&", "#": "#", "_": "_", "$": "$",
    ",": " ", ";": " ", ":": " ", ">": " ", " ": " ", "!": ""
  };
  // font and text wrappers: their argument is kept as it is
  var WRAPPERS = /^(text|textrm|textit|textbf|textsf|texttt|textup|mathrm|mathit|mathbf|mathsf|mathtt|mathcal|mathscr|mathfrak|boldsymbol|bm|operatorname\*?|mbox|hbox|mathop|mathord|mathbin|mathrel|underline|displaystyle|textstyle|scriptstyle|boxed)$/;
  var DROPPED = /^(left|right|big|Big|bigg|Bigg|bigl|bigr|Bigl|Bigr|biggl|biggr|Biggl|Biggr|middle|nonumber|notag|limits|nolimits|displaystyle|textstyle|scriptstyle|scriptscriptstyle|allowbreak|strut|relax)$/;
  var SKIP_ARGUMENT = /^(label|tag|hspace|vspace|phantom|hphantom|vphantom)$/;
  var ACCENTS = {
    hat: "\u0302", widehat: "\u0302", tilde: "\u0303", widetilde: "\u0303", bar: "\u0304",
    overline: "\u0305", dot: "\u0307", ddot: "\u0308", check: "\u030C", breve: "\u0306",
    acute: "\u0301", grave: "\u0300", vec: "\u20D7", overrightarrow: "\u20D7"
  };
  var BLACKBOARD = { R: "ℝ", N: "ℕ", Z: "ℤ", Q: "ℚ", C: "ℂ", P: "ℙ", E: "𝔼", "1": "𝟙" };
  var SUPERSCRIPT = {
    "0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷",
    "8": "⁸", "9": "⁹", "+": "⁺", "-": "⁻", "−": "⁻", "=": "⁼", "(": "⁽", ")": "⁾",
    n: "ⁿ", i: "ⁱ", T: "ᵀ", k: "ᵏ", "*": "*", "′": "′", "⋆": "⋆", "∗": "∗"
  };
  var SUBSCRIPT = {
    "0": "₀", "1": "₁", "2": "₂", "3": "₃", "4": "₄", "5": "₅", "6": "₆", "7": "₇",
    "8": "₈", "9": "₉", "+": "₊", "-": "₋", "−": "₋", "=": "₌", "(": "₍", ")": "₎",
    a: "ₐ", e: "ₑ", h: "ₕ", i: "ᵢ", j: "ⱼ", k: "ₖ", l: "ₗ", m: "ₘ", n: "ₙ", o: "ₒ",
    p: "ₚ", r: "ᵣ", s: "ₛ", t: "ₜ", u: "ᵤ", v: "ᵥ", x: "ₓ"
  };

  function script(text, table, mark) {
    var chars = Array.from(text.trim());
    if (chars.length && chars.every(function (c) { return table[c]; })) {
      return chars.map(function (c) { return table[c]; }).join("");
    }
    return mark + (chars.length > 1 ? "(" + text.trim() + ")" : text.trim());
  }

  function accent(text, mark, every) {
    var chars = Array.from(text);
    if (!chars.length) return mark;
    if (every) return chars.map(function (c) { return c + mark; }).join("");
    return chars.join("") + mark;
  }

  function fraction(top, bottom) {
    var wrap = function (s) { return /^[\w.′·αβγδεθλμνπρστφχψω]*$/.test(s) ? s : "(" + s + ")"; };
    return wrap(top.trim()) + "/" + wrap(bottom.trim());
  }

  // A recursive reader of TeX math: read(stop) returns the plain text up to `stop` ("}"
  // or the end), one token at a time; arguments are a {group} or one token.
  // In `text` mode (a section title: prose with the TeX of its math) - and ' stay as typed.
  function Reader(tex, text) { this.tex = tex; this.i = 0; this.text = !!text; }

  Reader.prototype.argument = function () {
    var tex = this.tex;
    while (this.i < tex.length && /\s/.test(tex[this.i])) this.i++;
    if (tex[this.i] === "{") { this.i++; return this.read("}"); }
    return this.token();
  };

  Reader.prototype.optional = function () {
    if (this.tex[this.i] !== "[") return null;
    var end = this.tex.indexOf("]", this.i);
    if (end < 0) return null;
    var inner = plainMath(this.tex.slice(this.i + 1, end));
    this.i = end + 1;
    return inner;
  };

  Reader.prototype.command = function () {
    var tex = this.tex, m = /^\\([A-Za-z]+\*?|.)/.exec(tex.slice(this.i));
    if (!m) { this.i++; return ""; }
    var name = m[1];
    this.i += m[0].length;
    if (name === "\\") return "; ";
    if (SYMBOLS.hasOwnProperty(name)) return SYMBOLS[name];
    if (name === "begin" || name === "end") {
      var env = this.argument();
      if (name === "begin" && /^(array|tabular)$/.test(env)) this.argument();  // column spec
      return " ";
    }
    if (DROPPED.test(name)) {
      if ((name === "left" || name === "right" || name === "middle") && tex[this.i] === ".") this.i++;
      return "";
    }
    if (SKIP_ARGUMENT.test(name)) { this.argument(); return ""; }
    if (name === "mathbb" || name === "mathbbm") {
      var letters = this.argument();
      return Array.from(letters).map(function (c) { return BLACKBOARD[c] || c; }).join("");
    }
    if (/^(text|mbox|hbox)/.test(name)) {  // prose: - and ' as typed, $ (math again) dropped
      var outer = this.text;
      this.text = true;
      var words = this.argument();
      this.text = outer;
      return words;
    }
    if (WRAPPERS.test(name)) return this.argument();
    if (ACCENTS.hasOwnProperty(name)) {
      return accent(this.argument(), ACCENTS[name], name === "overline" || name === "bar");
    }
    if (/^[dt]?frac$|^cfrac$/.test(name)) return fraction(this.argument(), this.argument());
    if (/^[dt]?binom$/.test(name)) return "C(" + this.argument() + ", " + this.argument() + ")";
    if (name === "sqrt") {
      var degree = this.optional(), radicand = this.argument();
      var root = degree ? script(degree, SUPERSCRIPT, "^") : "";
      return root + "√" + (Array.from(radicand).length > 1 ? "(" + radicand + ")" : radicand);
    }
    if (name === "not") return "¬";
    if (name === "operatorname" || name === "mathop") return this.argument();
    return /^[A-Za-z]/.test(name) ? name : "";  // an unknown command: its name, as a word
  };

  Reader.prototype.token = function () {
    var c = this.tex[this.i];
    if (c === undefined) return "";
    if (c === "\\") return this.command();
    if (c === "{") { this.i++; return this.read("}"); }
    this.i++;
    if (c === "^") return script(this.argument(), SUPERSCRIPT, "^");
    if (c === "_") return script(this.argument(), SUBSCRIPT, "_");
    if (c === "~") return " ";
    if (c === "$") return "";
    if (c === "&") return "";
    if (c === "'" && !this.text) return "′";
    if (c === "-" && !this.text) return "−";
    return c;
  };

  Reader.prototype.read = function (stop) {
    var out = "";
    while (this.i < this.tex.length) {
      if (stop && this.tex[this.i] === stop) { this.i++; break; }
      if (this.tex[this.i] === "}") { this.i++; continue; }  // an unmatched brace
      out += this.token();
    }
    return out;
  };

  /** TeX math (without delimiters) as plain Unicode text; `prose`: a text with TeX in it. */
  function plainMath(tex, prose) {
    var text = new Reader(String(tex), prose).read(null);
    return text.replace(/\s+/g, " ").trim();
  }

  /** The TeX of a math element of a Sphinx page: its text without \( \), \[ \] or $. */
  function stripDelimiters(source) {
    var s = source.trim();
    var m = /^\\\(([\s\S]*)\\\)$/.exec(s) || /^\\\[([\s\S]*)\\\]$/.exec(s) ||
            /^\$\$([\s\S]*)\$\$$/.exec(s) || /^\$([\s\S]*)\$$/.exec(s);
    return m ? m[1] : s;
  }

  /** A page's HTML with the TeX of every .math element replaced by plainMath. */
  function plainHtml(htmlString) {
    var doc = new DOMParser().parseFromString(htmlString, "text/html");
    doc.querySelectorAll(".math").forEach(function (el) {
      var text = plainMath(stripDelimiters(el.textContent));
      el.textContent = el.tagName === "DIV" ? " " + text + " " : text;
    });
    return "<!DOCTYPE html>" + doc.documentElement.outerHTML;
  }

  /** Section titles of the search index (searchindex.js) without TeX. */
  function plainTitles(index) {
    var titles = index && index.alltitles;
    if (!titles) return;
    Object.keys(titles).forEach(function (title) {
      if (!/\\[A-Za-z]|\$/.test(title)) return;
      var plain = title.replace(/\$([^$]+)\$/g, function (_, tex) { return plainMath(tex); });
      plain = /\\[A-Za-z]/.test(plain) ? plainMath(plain, true) : plain;
      titles[plain] = (titles[plain] || []).concat(titles[title]);
      delete titles[title];
    });
  }

  function hook() {
    // searchtools.js declares `const Search`: a global binding, not a property of window
    if (typeof Search === "undefined" || Search.__pePlainMath) return;
    Search.__pePlainMath = true;
    var htmlToText = Search.htmlToText;
    Search.htmlToText = function (htmlString, anchor) {
      return htmlToText(plainHtml(htmlString), anchor);
    };
    if (Search._index) plainTitles(Search._index);
    var setIndex = Search.setIndex;
    Search.setIndex = function (index) {
      plainTitles(index);
      return setIndex.apply(this, arguments);
    };
  }

  var api = { plainMath: plainMath, stripDelimiters: stripDelimiters, plainTitles: plainTitles };
  if (typeof module !== "undefined" && module.exports) {
    module.exports = api;
  } else {
    root.pePlainMath = api;
    // searchtools.js and searchindex.js come after this script on search.html; the query
    // runs from Search.init on DOMContentLoaded, after this listener (registered first).
    root.document.addEventListener("DOMContentLoaded", hook);
  }
})(typeof window !== "undefined" ? window : globalThis);
