/* scalesite: Save PDF, a chart alone as a vector PDF page of its own size.
 *
 * A PDF writer in the page would weigh more than ECharts itself, and the
 * browser already has one: its print dialog's "Save as PDF". So the Save
 * PDF button (layouts/chart.html) draws the chart as Save SVG does
 * (export.js' exportSVG: the same size, series, zoom, ticks and labels,
 * vector), puts that SVG in a print-only box, sets the printed page to
 * the chart's size with no margin, and opens the print dialog; the print
 * stylesheet (site.css, html.scalesite-printing) shows only that box.
 * The page is put back when the dialog closes ('afterprint').
 *
 * API, on window.scalesite: printChart(id) → a promise, resolved once the
 * chart stands alone as the page to print (before the dialog opens);
 * endPrint() puts the page back. Loaded after export.js. Plain ES2019.
 */
(function () {
  'use strict';
  var S = window.scalesite;
  if (!S || !S.onChart || typeof document === 'undefined') return;
  var PRINTING = 'scalesite-printing';

  // endPrint takes the print-only box and the page size away.
  function endPrint() {
    document.documentElement.classList.remove(PRINTING);
    ['scalesite-print', 'scalesite-print-page'].forEach(function (id) {
      var el = document.getElementById(id);
      if (el) el.parentNode.removeChild(el);
    });
  }

  // printChart lays chart id out as the only thing to print, on a page of
  // its size in CSS px.
  function printChart(id) {
    if (typeof S.exportSVG !== 'function') return Promise.reject(new Error('no SVG export'));
    return S.exportSVG(id).then(function (text) {
      var doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      var svg = doc.documentElement;
      if (!svg || svg.nodeName !== 'svg') throw new Error('the chart did not draw as SVG');
      endPrint();
      var w = parseFloat(svg.getAttribute('width')) || 0, h = parseFloat(svg.getAttribute('height')) || 0;
      var box = document.createElement('div');
      box.id = 'scalesite-print';
      box.setAttribute('aria-hidden', 'true');
      box.appendChild(document.importNode(svg, true));
      document.body.appendChild(box);
      var page = document.createElement('style');
      page.id = 'scalesite-print-page';
      page.textContent = '@page { size: ' + w + 'px ' + h + 'px; margin: 0; }';
      document.head.appendChild(page);
      document.documentElement.classList.add(PRINTING);
    });
  }

  document.addEventListener('click', function (e) {
    var t = e.target && e.target.closest ? e.target.closest('.scalesite-tools [data-tool="pdf"]') : null;
    var id = t && t.closest('.scalesite-tools').getAttribute('data-chart');
    if (!id) return;
    printChart(id).then(function () {
      if (S.say) S.say(id, 'Choose "Save as PDF" in the print dialog');
      window.print();
    }).catch(function (err) {
      endPrint();
      if (S.say) S.say(id, 'That did not work: ' + (err && err.message ? err.message : err));
    });
  });
  window.addEventListener('afterprint', endPrint);

  S.printChart = printChart;
  S.endPrint = endPrint;
})();
