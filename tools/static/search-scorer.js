/* The search page's ranking: the book's chapters before the API's class members.
 *
 * Sphinx's search (searchtools.js) ranks an object whose last name equals the query
 * (11, plus 5 for its priority) above a page whose title holds the query (15 + 0):
 * searching "AUC" listed the attribute ROCResult.auc before the chapter "ROC and AUC
 * with intervals". tools/sphinx_mathtext.py passes this file to Sphinx as
 * html_search_scorer, which puts it in language_data.js on the search page, after the
 * default Scorer of searchtools.js; the weights below are Sphinx's defaults, and score()
 * adjusts each result once it is found:
 *
 * - a member of a class (attribute, property, method) or a module loses 10, so a page
 *   whose title or text holds the word comes first (a module's priority, 15, put the
 *   chapter helpers patterneval.book.roc_auc first); they are still listed;
 * - a page of a chapter (book/part*) gains 2 over any other page at an equal match, so
 *   "AUC" gives the chapter before the API page whose section title says AUC too.
 *
 * Also here, as it is the search page's: a whole page's snippet is cut from its text
 * without its title and its printed table of contents ("Contents"), so that it shows
 * where the page's text uses the word, not the title the result already shows.
 */
var Scorer = {
  score: function (result) {
    var docname = result[0], descr = result[3], score = result[4];
    if (descr && /^Python (attribute|property|method|class method|static method|module)\b/.test(descr))
      return score - 10;
    if (!descr && /^book\/part\d/.test(docname)) return score + 2;
    return score;
  },
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: { 0: 15, 1: 5, 2: -5 },
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
};

if (typeof Search !== "undefined" && Search.makeSearchSummary && !Search.__peSummary) {
  Search.__peSummary = true;
  var peMakeSearchSummary = Search.makeSearchSummary;
  Search.makeSearchSummary = function (htmlText, keywords, anchor) {
    if (!anchor) {
      var page = new DOMParser().parseFromString(htmlText, "text/html");
      page
        .querySelectorAll('[role="main"] h1, #jb-print-toc, #print-main-content > h1')
        .forEach(function (el) { el.remove(); });
      htmlText = page.documentElement.outerHTML;
    }
    return peMakeSearchSummary(htmlText, keywords, anchor);
  };
}
