// Entry point of the ECharts bundle that scalesite ships (see main.go).
// Only what scalesite's charts use is registered; everything else is
// tree-shaken away. The bundle exposes the echarts/core namespace as the
// global `echarts` (init, getInstanceByDom, use, registerTheme, version,
// format, ...). The built-in 'dark' theme is registered by echarts/core.
import { use } from 'echarts/core';
import { LineChart, ScatterChart } from 'echarts/charts';
import {
  GridComponent,
  TitleComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  ToolboxComponent,
  MarkLineComponent,
  AriaComponent,
} from 'echarts/components';
import { LabelLayout, UniversalTransition } from 'echarts/features';
import { CanvasRenderer } from 'echarts/renderers';

use([
  LineChart,
  ScatterChart,
  GridComponent,
  TitleComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  ToolboxComponent,
  MarkLineComponent,
  AriaComponent,
  LabelLayout,
  UniversalTransition,
  CanvasRenderer,
]);

export * from 'echarts/core';
