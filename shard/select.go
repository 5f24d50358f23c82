package shard

import (
	"fmt"
	"strconv"
	"strings"
)

// Which is this process's shard: its index from 0 and the count (0: the
// plan's), and where they came from.
type Which struct {
	I, N   int
	Source string
}

// engineVars are, in the order tried, the environment variables array-job
// engines give a task: its index, the count ("" when the engine gives
// none), and the first index ("" when 0).
var engineVars = []struct{ engine, index, count, min string }{
	{"Kubernetes Indexed Job", "JOB_COMPLETION_INDEX", "", ""},
	{"AWS Batch array job", "AWS_BATCH_JOB_ARRAY_INDEX", "AWS_BATCH_JOB_ARRAY_SIZE", ""},
	{"Cloud Run job", "CLOUD_RUN_TASK_INDEX", "CLOUD_RUN_TASK_COUNT", ""},
	{"GCP Batch", "BATCH_TASK_INDEX", "BATCH_TASK_COUNT", ""},
	{"Slurm job array", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN"},
}

// ParseShard reads --shard: "I/N" (0-based, like JOB_COMPLETION_INDEX),
// or "auto", which takes the index (and count) from the first engine whose
// variables getenv finds. I must be below N.
func ParseShard(v string, getenv func(string) string) (Which, error) {
	if v == "auto" {
		for _, e := range engineVars {
			idx := getenv(e.index)
			if idx == "" {
				continue
			}
			w := Which{Source: fmt.Sprintf("%s (%s=%s", e.engine, e.index, idx)}
			i, err := strconv.Atoi(idx)
			if err != nil {
				return w, fmt.Errorf("--shard auto: %s=%q is not an index", e.index, idx)
			}
			if e.min != "" {
				if m := getenv(e.min); m != "" {
					first, err := strconv.Atoi(m)
					if err != nil {
						return w, fmt.Errorf("--shard auto: %s=%q is not an index", e.min, m)
					}
					i -= first
					w.Source += fmt.Sprintf(", %s=%s", e.min, m)
				}
			}
			if e.count != "" && getenv(e.count) != "" {
				n, err := strconv.Atoi(getenv(e.count))
				if err != nil || n < 1 {
					return w, fmt.Errorf("--shard auto: %s=%q is not a count", e.count, getenv(e.count))
				}
				w.N = n
				w.Source += fmt.Sprintf(", %s=%d", e.count, n)
			}
			w.I, w.Source = i, w.Source+")"
			return w, w.check()
		}
		return Which{}, fmt.Errorf("--shard auto: no engine's index variable is set (JOB_COMPLETION_INDEX, AWS_BATCH_JOB_ARRAY_INDEX, CLOUD_RUN_TASK_INDEX, BATCH_TASK_INDEX, SLURM_ARRAY_TASK_ID): give --shard I/N")
	}
	is, ns, ok := strings.Cut(v, "/")
	i, err1 := strconv.Atoi(is)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil {
		return Which{}, fmt.Errorf("--shard %q: want I/N (0-based: 0/4 … 3/4) or auto", v)
	}
	w := Which{I: i, N: n, Source: "--shard " + v}
	return w, w.check()
}

func (w Which) check() error {
	switch {
	case w.I < 0:
		return fmt.Errorf("shard %d (%s): want an index from 0", w.I, w.Source)
	case w.N != 0 && w.N < 1:
		return fmt.Errorf("%s: want at least 1 shard", w.Source)
	case w.N != 0 && w.I >= w.N:
		return fmt.Errorf("shard %d of %d (%s): the index counts from 0, so it must be below %d", w.I, w.N, w.Source, w.N)
	}
	return nil
}
