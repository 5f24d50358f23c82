package report

import (
	"fmt"
	"html/template"
	"math"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/audit"
)

// Chart geometry, in SVG user units (pixels at 100 % zoom).
const (
	charW        = 7  // an average character of the charts' 12px font
	maxBars      = 40 // rows drawn in a bar chart; the table lists all
	barRowH      = 20
	barChartW    = 520
	barValueW    = 140 // the value column right of the plot
	barTop       = 18  // room for the bar line's label
	barAxisH     = 30  // the x axis and its title
	minLabelW    = 48
	maxLabelW    = 190
	dayChartW    = 1000
	dayPlotTop   = 16
	dayPlotH     = 120
	dayPlotLeft  = 44
	dayPlotEnd   = 80 // room right of the plot for the bar line's label
	maxDayColW   = 48
	dayLabelW    = 84 // the room a date label takes, so labels do not overlap
	minDayChartW = 300
)

var percentTicks = []float64{0, 0.25, 0.5, 0.75, 1}

// barsSVG draws the accuracy of the worst maxBars groups as horizontal
// bars with their 95 % intervals, on a 0–100 % axis with the bar line.
// Names too long for the label column are shortened with "…"; hovering a
// row shows it whole, and the table beside lists every group in full.
func barsSVG(rows []groupRow, bar float64) template.HTML {
	if len(rows) == 0 {
		return ""
	}
	caption := "citation accuracy (line: 95 % interval)"
	if len(rows) > maxBars {
		caption = fmt.Sprintf("citation accuracy of the %d worst of %d (line: 95 %% interval)", maxBars, len(rows))
		rows = rows[:maxBars]
	}
	longest := 0
	for _, r := range rows {
		longest = max(longest, utf8.RuneCountInString(displayName(r.Name)))
	}
	labelW := math.Min(maxLabelW, math.Max(minLabelW, float64(longest)*charW+10))
	x0, x1 := labelW, float64(barChartW-barValueW)
	x := func(v float64) float64 { return x0 + (x1-x0)*v }
	plotBottom := barTop + len(rows)*barRowH
	h := plotBottom + barAxisH
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart bars" role="img" aria-label="citation accuracy by group, with 95 %% intervals" viewBox="0 0 %d %d">`, barChartW, h)
	for _, t := range percentTicks {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" class="grid"/><text x="%.1f" y="%d" class="tick" text-anchor="middle">%.0f%%</text>`,
			x(t), barTop-2, x(t), plotBottom+4, x(t), plotBottom+16, 100*t)
	}
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" class="axis" text-anchor="middle">%s</text>`, (x0+x1)/2, plotBottom+28, caption)
	for i, r := range rows {
		y := barTop + i*barRowH
		name := displayName(r.Name)
		fmt.Fprintf(&b, `<g><title>%s: %.1f%% of %d citations, 95 %% interval %.1f–%.1f%%%s</title>`,
			template.HTMLEscapeString(name), 100*r.Accuracy, r.Citations, 100*r.Rate.Low, 100*r.Rate.High, smallNote(r.Small))
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" class="lbl">%s</text>`, labelW-6, y+14, template.HTMLEscapeString(fitLabel(name, labelW-8)))
		fmt.Fprintf(&b, `<rect x="%.1f" y="%d" width="%.1f" height="%d" class="%s"/>`, x0, y+3, math.Max(1, x(r.Accuracy)-x0), barRowH-6, rateClass(r.Accuracy, bar, r.Small))
		fmt.Fprintf(&b, `<path d="M%.1f %dV%dM%.1f %dH%.1fM%.1f %dV%d" class="ci"/>`,
			x(r.Rate.Low), y+6, y+14, x(r.Rate.Low), y+10, x(r.Rate.High), x(r.Rate.High), y+6, y+14)
		small := ""
		if r.Small {
			small = " · small"
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" class="val">%.1f%% n=%d%s</text></g>`, x1+6, y+14, 100*r.Accuracy, r.Citations, small)
	}
	fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" class="barline"/><text x="%.1f" y="%d" class="barlbl" text-anchor="middle">bar %s</text>`,
		x(bar), barTop-4, x(bar), plotBottom, x(bar), barTop-6, pct(bar))
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// daysSVG draws accuracy per day as columns on a time axis (a day without
// citations is a gap), on a 0–100 % axis with the bar line. The groups
// without a date (no timestamp, days past the cap) are in the table only.
func daysSVG(rows []groupRow, bar float64) template.HTML {
	type col struct {
		r groupRow
		t time.Time
	}
	var cols []col
	for _, r := range rows {
		if t, err := time.Parse("2006-01-02", r.Name); err == nil && !r.Other {
			cols = append(cols, col{r, t})
		}
	}
	if len(cols) == 0 {
		return ""
	}
	first := cols[0].t
	span := int(cols[len(cols)-1].t.Sub(first).Hours()/24) + 1
	x0, x1 := float64(dayPlotLeft), float64(dayChartW-dayPlotEnd)
	cw := math.Min(maxDayColW, (x1-x0)/float64(span))
	x1 = x0 + cw*float64(span) // a short period is drawn narrow, not stretched
	y := func(v float64) float64 { return dayPlotTop + dayPlotH*(1-v) }
	bottom := dayPlotTop + dayPlotH
	h := bottom + 34
	w := max(int(math.Ceil(x1))+dayPlotEnd, minDayChartW)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart days" role="img" aria-label="citation accuracy by day" width="%d" height="%d" viewBox="0 0 %d %d">`, w, h, w, h)
	for _, t := range percentTicks {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" class="grid"/><text x="%.1f" y="%.1f" class="tick" text-anchor="end">%.0f%%</text>`,
			x0, y(t), x1, y(t), x0-4, y(t)+4, 100*t)
	}
	for _, c := range cols {
		i := int(c.t.Sub(first).Hours() / 24)
		top := math.Min(y(c.r.Accuracy), float64(bottom)-2) // a day at 0 % still shows
		fmt.Fprintf(&b, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" class="%s"><title>%s: %.1f%% of %d citations, 95 %% interval %.1f–%.1f%%%s</title></rect>`,
			x0+float64(i)*cw+cw*0.1, top, math.Max(cw*0.8, 0.8), float64(bottom)-top, rateClass(c.r.Accuracy, bar, c.r.Small),
			c.r.Name, 100*c.r.Accuracy, c.r.Citations, 100*c.r.Rate.Low, 100*c.r.Rate.High, smallNote(c.r.Small))
	}
	for _, i := range dayTicks(span, int((x1-x0-cw)/dayLabelW)+1) {
		cx := x0 + (float64(i)+0.5)*cw
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" class="grid"/><text x="%.1f" y="%d" class="tick" text-anchor="middle">%s</text>`,
			cx, bottom, cx, bottom+4, cx, bottom+16, first.AddDate(0, 0, i).Format("2006-01-02"))
	}
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" class="axis">day; height: citation accuracy</text>`, x0, bottom+30)
	fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" class="barline"/><text x="%.1f" y="%.1f" class="barlbl">bar %s</text>`,
		x0, y(bar), x1, y(bar), x1+4, y(bar)+4, pct(bar))
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// dayTicks chooses up to n days of a span to label (at most 7), first and
// last included, evenly spaced.
func dayTicks(span, n int) []int {
	n = max(1, min(n, 7))
	if n == 1 {
		return []int{0}
	}
	if span <= n {
		out := make([]int, span)
		for i := range out {
			out[i] = i
		}
		return out
	}
	out := make([]int, n)
	for k := range out {
		out[k] = int(math.Round(float64(k) * float64(span-1) / float64(n-1)))
	}
	return out
}

// histSVG draws the support-score histogram of supported and unsupported
// citations with the model's threshold, on labelled axes.
func histSVG(hist map[string][]int, threshold float64) template.HTML {
	const w, left, right, top, plotH = 560, 46, 16, 18, 150
	sup, uns := hist[audit.Supported], hist[audit.Unsupported]
	if len(sup) == 0 || len(uns) != len(sup) {
		return ""
	}
	peak := 1
	for i := range sup {
		peak = max(peak, sup[i], uns[i])
	}
	x := func(v float64) float64 { return left + (w-left-right)*v }
	y := func(n float64) float64 { return top + plotH*(1-n/float64(peak)) }
	bottom := top + plotH
	bw := float64(w-left-right) / float64(len(sup))
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart hist" role="img" aria-label="support score histogram" viewBox="0 0 %d %d">`, w, bottom+36)
	ticks := []int{0, peak}
	if peak >= 4 {
		ticks = []int{0, peak / 2, peak}
	}
	for _, t := range ticks {
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" class="grid"/><text x="%d" y="%.1f" class="tick" text-anchor="end">%d</text>`,
			left, y(float64(t)), w-right, y(float64(t)), left-4, y(float64(t))+4, t)
	}
	for i := range sup {
		for k, v := range []int{sup[i], uns[i]} {
			hh := float64(bottom) - y(float64(v))
			cls := []string{"ok", "bad"}[k]
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" class="%s"><title>%s %.2f–%.2f: %d</title></rect>`,
				x(0)+float64(i)*bw+float64(k)*bw/2, float64(bottom)-hh, bw/2-1, hh, cls, []string{"supported", "unsupported"}[k],
				float64(i)/float64(len(sup)), float64(i+1)/float64(len(sup)), v)
		}
	}
	for _, t := range percentTicks {
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" class="tick" text-anchor="middle">%.2f</text>`, x(t), bottom+14, t)
	}
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" class="axis" text-anchor="middle">support score p(supported) · bars: citations (green supported, red unsupported)</text>`, x(0.5), bottom+30)
	fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" class="barline"/><text x="%.1f" y="%d" class="barlbl" text-anchor="middle">threshold %.2f</text>`,
		x(threshold), top-2, x(threshold), bottom, x(threshold), top-6, threshold)
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

func rateClass(acc, bar float64, small bool) string {
	cls := "ok"
	if acc < bar {
		cls = "bad"
	}
	if small {
		cls += " small"
	}
	return cls
}

func smallNote(small bool) string {
	if small {
		return fmt.Sprintf(" (fewer than %d citations: a small sample)", SmallGroup)
	}
	return ""
}

// fitLabel shortens a label to the width w, marking the cut.
func fitLabel(s string, w float64) string {
	return truncate(s, max(2, int(w/charW)))
}

// displayName is a group name as people see it in the page: invisible and
// control characters as escapes, "(none)" for no name.
func displayName(s string) string {
	if s == "" {
		return "(none)"
	}
	return Printable(s)
}
