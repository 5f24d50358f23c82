package guard

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// metrics are the service's counters in Prometheus' text format, written
// by hand: a handful of counters and one histogram do not justify the
// client library's dependencies (and its global registry) in a binary
// that is otherwise offline and small.
type metrics struct {
	mu        sync.Mutex
	decisions map[[3]string]int64 // endpoint, action, tenant
	classes   map[[2]string]int64 // class, tenant
	latency   map[string]*histogram
	logErrors int64
	rejected  map[string]int64 // HTTP status of refused requests
	pending   func() int
}

// latencyBuckets are the upper bounds of the latency histogram, seconds.
var latencyBuckets = []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1}

type histogram struct {
	counts []int64 // per bucket, not cumulative; the last is +Inf
	sum    float64
	n      int64
}

func newMetrics(pendingLen func() int) *metrics {
	return &metrics{decisions: map[[3]string]int64{}, classes: map[[2]string]int64{}, latency: map[string]*histogram{},
		rejected: map[string]int64{}, pending: pendingLen}
}

// decision counts one decision with its classes and the time taken.
func (m *metrics) decision(endpoint, action, tenant string, classes []Class, took time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.decisions[[3]string{endpoint, action, tenant}]++
	for _, c := range classes {
		m.classes[[2]string{string(c), tenant}]++
	}
	if took > 0 {
		m.observe(endpoint, took)
	}
}

// observe adds a request's time to the endpoint's histogram (lock held).
func (m *metrics) observe(endpoint string, took time.Duration) {
	h := m.latency[endpoint]
	if h == nil {
		h = &histogram{counts: make([]int64, len(latencyBuckets)+1)}
		m.latency[endpoint] = h
	}
	s := took.Seconds()
	i, _ := slices.BinarySearch(latencyBuckets, s)
	h.counts[i]++
	h.sum += s
	h.n++
}

func (m *metrics) refused(status int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.rejected[strconv.Itoa(status)]++
}

func (m *metrics) logError() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.logErrors++
}

// write writes every metric, sorted, in the text exposition format.
func (m *metrics) write(w io.Writer) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	var b strings.Builder
	b.WriteString("# HELP ragaudit_guard_decisions_total Decisions by endpoint, action and tenant.\n# TYPE ragaudit_guard_decisions_total counter\n")
	for _, k := range sortedKeysOf(m.decisions, func(k [3]string) string { return strings.Join(k[:], "\x00") }) {
		fmt.Fprintf(&b, "ragaudit_guard_decisions_total{endpoint=%s,action=%s,tenant=%s} %d\n", q(k[0]), q(k[1]), q(k[2]), m.decisions[k])
	}
	b.WriteString("# HELP ragaudit_guard_classes_total Classes of failure met, by class and tenant.\n# TYPE ragaudit_guard_classes_total counter\n")
	for _, k := range sortedKeysOf(m.classes, func(k [2]string) string { return k[0] + "\x00" + k[1] }) {
		fmt.Fprintf(&b, "ragaudit_guard_classes_total{class=%s,tenant=%s} %d\n", q(k[0]), q(k[1]), m.classes[k])
	}
	b.WriteString("# HELP ragaudit_guard_request_duration_seconds Time to answer a request, by endpoint.\n# TYPE ragaudit_guard_request_duration_seconds histogram\n")
	for _, ep := range sortedKeysOf(m.latency, func(k string) string { return k }) {
		h := m.latency[ep]
		var cum int64
		for i, le := range latencyBuckets {
			cum += h.counts[i]
			fmt.Fprintf(&b, "ragaudit_guard_request_duration_seconds_bucket{endpoint=%s,le=\"%g\"} %d\n", q(ep), le, cum)
		}
		fmt.Fprintf(&b, "ragaudit_guard_request_duration_seconds_bucket{endpoint=%s,le=\"+Inf\"} %d\n", q(ep), h.n)
		fmt.Fprintf(&b, "ragaudit_guard_request_duration_seconds_sum{endpoint=%s} %g\n", q(ep), h.sum)
		fmt.Fprintf(&b, "ragaudit_guard_request_duration_seconds_count{endpoint=%s} %d\n", q(ep), h.n)
	}
	b.WriteString("# HELP ragaudit_guard_requests_refused_total Requests refused before a decision, by HTTP status.\n# TYPE ragaudit_guard_requests_refused_total counter\n")
	for _, k := range sortedKeysOf(m.rejected, func(k string) string { return k }) {
		fmt.Fprintf(&b, "ragaudit_guard_requests_refused_total{code=%s} %d\n", q(k), m.rejected[k])
	}
	fmt.Fprintf(&b, "# HELP ragaudit_guard_decision_log_errors_total Decisions the log could not record.\n# TYPE ragaudit_guard_decision_log_errors_total counter\nragaudit_guard_decision_log_errors_total %d\n", m.logErrors)
	fmt.Fprintf(&b, "# HELP ragaudit_guard_pending_regenerations Decisions waiting for a regenerated answer.\n# TYPE ragaudit_guard_pending_regenerations gauge\nragaudit_guard_pending_regenerations %d\n", m.pending())
	_, err := io.WriteString(w, b.String())
	return err
}

// q quotes a label value as the exposition format escapes it.
func q(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s) + `"`
}

func sortedKeysOf[K comparable, V any](m map[K]V, key func(K) string) []K {
	out := make([]K, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.SortFunc(out, func(a, b K) int { return strings.Compare(key(a), key(b)) })
	return out
}
