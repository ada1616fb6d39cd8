package chart

// expandRaw puts opt's points where the page's layout puts them
// (chartlayout.js expandRaw), for the tests that read the option in axis
// space: on a chart whose meta says raw, each point [x, y] of a line or
// scatter series on a panel with a log axis becomes [X, Y, x, y], X and Y
// at log10 of the values (logCoord) where the axis is log, and a gap
// [x, "-"] becomes [X, "-"]; on any chart, a min/max band (spreadToken)
// becomes a band (bandToken) of [X, LO, HI, run] items. It leaves the meta
// as it is.
func expandRaw(opt map[string]any) {
	meta, _ := opt["scalesite"].(map[string]any)
	raw, _ := meta["raw"].(bool)
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
		if sm, _ := s.(map[string]any); sm != nil && sm["renderItem"] == spreadToken {
			expandSpread(sm, isLog("xAxis", axisIndex(sm, "xAxisIndex")), isLog("yAxis", axisIndex(sm, "yAxisIndex")), at)
		}
	}
	for _, s := range series {
		sm, _ := s.(map[string]any)
		if sm == nil || sm["type"] == "custom" {
			continue
		}
		if !raw {
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

func axisIndex(s map[string]any, key string) int {
	i, _ := s[key].(float64)
	return int(i)
}

// expandSpread makes a min/max band's buckets ([x, LO, HI, run] or
// [x0, x1, LO, HI, run]) the points of a band, as expandRaw.
func expandSpread(s map[string]any, logX, logY bool, at func(any, bool) any) {
	data, _ := s["data"].([]any)
	var out []any
	for _, d := range data {
		v, _ := d.([]any)
		xs := v[:1]
		if len(v) == 5 {
			xs = v[:2]
		}
		lo, hi, run := v[len(v)-3], v[len(v)-2], v[len(v)-1]
		for _, x := range xs {
			out = append(out, []any{at(x, logX), at(lo, logY), at(hi, logY), run})
		}
	}
	s["data"] = out
	s["renderItem"] = bandToken
}
