// Entry point of the ECharts bundle that scalesite ships (see main.go).
// Only what scalesite's charts use is registered; everything else is
// tree-shaken away. Left out on purpose, since nothing scalesite draws uses
// them (what each saved, gzipped, measured on ECharts 6.1.0):
//   - universal transition, 8.0 KB (charts are drawn with animation off,
//     and it only animates one series morphing into another),
//   - the slider dataZoom, 4.6 KB (charts zoom with the inside zoom and
//     the toolbar's Zoom to area, export.js; the option never holds a
//     slider),
//   - the scrolling legend, 4.7 KB with the toolbox's magicType and
//     dataView (the legend is always 'plain': chartlayout.js wraps it onto
//     rows),
//   - the toolbox, with its saveAsImage, dataZoom (box zoom) and restore
//     features and the 'select' dataZoom they use, 9 KB (the figure's HTML
//     toolbar does all of it, by keyboard too: Save PNG, Save SVG, Zoom to
//     area, Reset zoom; one set of controls, not two),
//   - aria, 1.2 KB (the layout writes the chart's description as the
//     element's role="img" aria-label; ECharts' aria wrote the same text),
//   - the rest of the echarts/core namespace (zrender, matrix, vector,
//     helper, format, number, time, util, parseGeoJSON, extend*...), 4.3 KB.
// The SVG renderer (8.3 KB) is a file of its own, loaded for Save SVG only
// (below). And modules that the parts below import but that no option
// scalesite writes reaches (the category, time and log scales, decals, the
// `large` scatter, dataset transforms, ...), 10.4 KB, are stand-ins that
// throw an error saying what is left out: stubs.go.
//
// The bundle exposes as the global `echarts` the functions of ECharts'
// core (init, getInstanceByDom, getInstanceById, dispose, connect,
// registerTheme, registerLocale, version, ...), `use`, and the `graphic`
// namespace (chartlayout.js draws label leader lines with graphic.Group and
// graphic.Line), and loadSVGRenderer (below). The built-in 'dark' theme is
// registered by the core.
import { use } from 'echarts/core';
import { LineChart, ScatterChart, CustomChart } from 'echarts/charts';
import {
  GridComponent,
  TitleComponent,
  TooltipComponent,
  LegendPlainComponent,
  DataZoomInsideComponent,
  MarkLineComponent,
  MarkAreaComponent,
  MarkPointComponent,
} from 'echarts/components';
import { LabelLayout } from 'echarts/features';
import { CanvasRenderer } from 'echarts/renderers';
use([
  LineChart,
  ScatterChart,
  CustomChart, // error bars and uncertainty bands (marks.js)
  GridComponent,
  TitleComponent,
  TooltipComponent,
  LegendPlainComponent,
  DataZoomInsideComponent,
  MarkLineComponent,
  MarkAreaComponent, // bands
  MarkPointComponent, // annotations
  LabelLayout, // the label placer (chartlayout.js labelPlacer)
  CanvasRenderer,
]);

export * from 'echarts/lib/core/echarts.js';
export { use, graphic } from 'echarts/core';

// The SVG renderer, which only Save SVG uses (export.js draws a copy of the
// chart with it), is a bundle of its own, echarts-svg.min.<hash>.js beside
// this one: main.go builds it against this bundle's zrender (the modules
// it shares are exported below as __svgShared) and gives its published
// name as SCALESITE_SVG_FILE. loadSVGRenderer() loads it once, from the
// folder this script came from, and resolves when the renderer is
// registered ('svg' then works in echarts.init).
var svgFile = SCALESITE_SVG_FILE;
var svgInstalled = false;
var svgLoading = null;
var here = typeof document !== 'undefined' && document.currentScript ? document.currentScript.src : '';

// __svgInstall is called by the SVG bundle as it runs.
export function __svgInstall(install) {
  use(install);
  svgInstalled = true;
}

export function loadSVGRenderer() {
  if (svgInstalled) return Promise.resolve();
  if (svgLoading) return svgLoading;
  svgLoading = new Promise(function (resolve, reject) {
    var fail = function (why) {
      svgLoading = null; // a later call tries again
      reject(new Error('the SVG renderer (' + svgFile + ') ' + why));
    };
    if (!here || typeof URL !== 'function') {
      fail('cannot be found: the address of echarts.min.js is not known');
      return;
    }
    var s = document.createElement('script');
    s.src = new URL(svgFile, here).href;
    s.onload = function () {
      if (svgInstalled) resolve();
      else fail('loaded, but did not register');
    };
    s.onerror = function () { fail('did not load'); };
    document.head.appendChild(s);
  });
  return svgLoading;
}
