// Entry point of the ECharts bundle that scalesite ships (see main.go).
// Only what scalesite's charts use is registered; everything else is
// tree-shaken away. The bundle exposes the echarts/core namespace as the
// global `echarts` (init, getInstanceByDom, use, registerTheme, version,
// format, ...). The built-in 'dark' theme is registered by echarts/core.
import { use } from 'echarts/core';
import { LineChart, ScatterChart, CustomChart } from 'echarts/charts';
import {
  GridComponent,
  TitleComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  ToolboxComponent,
  MarkLineComponent,
  MarkAreaComponent,
  MarkPointComponent,
  AriaComponent,
} from 'echarts/components';
import { LabelLayout, UniversalTransition } from 'echarts/features';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

use([
  LineChart,
  ScatterChart,
  CustomChart, // error bars and uncertainty bands (marks.js)
  GridComponent,
  TitleComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  ToolboxComponent,
  MarkLineComponent,
  MarkAreaComponent, // bands
  MarkPointComponent, // annotations
  AriaComponent,
  LabelLayout,
  UniversalTransition,
  CanvasRenderer,
  SVGRenderer, // Save SVG (export.js) draws a copy of the chart with it
]);

export * from 'echarts/core';
