package chart

// expandRaw puts opt's points where the page's layout puts them
// (chartlayout.js expandRaw), for the tests that read the option in axis
// space: on a chart whose meta says raw, each point [x, y] of a line or
// scatter series on a panel with a log axis becomes [X, Y, x, y], X and Y
// at log10 of the values (logCoord) where the axis is log, and a gap
// [x, "-"] becomes [X, "-"]. It leaves the meta as it is.
func expandRaw(opt map[string]any) {
	meta, _ := opt["scalesite"].(map[string]any)
	if raw, _ := meta["raw"].(bool); !raw {
		return
	}
	isLog := func(key string, i int) bool {
		axes, _ := opt[key].([]any)
		if i >= len(axes) {
			return false
		}
		ax, _ := axes[i].(map[string]any)
		log, _ := ax["scalesiteLog"].(bool)
		return log
	}
	at := func(v any, log bool) any {
		if f, ok := v.(float64); ok && log {
			return logCoord(f)
		}
		return v
	}
	series, _ := opt["series"].([]any)
	for _, s := range series {
		sm, _ := s.(map[string]any)
		if sm == nil || sm["type"] == "custom" {
			continue
		}
		xi, _ := sm["xAxisIndex"].(float64)
		yi, _ := sm["yAxisIndex"].(float64)
		logX, logY := isLog("xAxis", int(xi)), isLog("yAxis", int(yi))
		if !logX && !logY {
			continue
		}
		data, _ := sm["data"].([]any)
		for k, d := range data {
			item, _ := d.(map[string]any)
			v, _ := d.([]any)
			if item != nil {
				v, _ = item["value"].([]any)
			}
			if len(v) != 2 {
				continue
			}
			var out []any
			if v[1] == "-" {
				out = []any{at(v[0], logX), "-"}
			} else {
				out = []any{at(v[0], logX), at(v[1], logY), v[0], v[1]}
			}
			if item != nil {
				item["value"] = out
			} else {
				data[k] = out
			}
		}
	}
}
