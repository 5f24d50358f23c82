package shard

import (
	"strings"
	"testing"
)

func TestShardFromTheEngineEnvironment(t *testing.T) {
	cases := []struct {
		name    string
		flag    string
		env     map[string]string
		i, n    int
		source  string
		refused string
	}{
		{"I/N counts from 0", "3/4", nil, 3, 4, "--shard 3/4", ""},
		{"I equal to N is refused", "4/4", nil, 0, 0, "", "must be below 4"},
		{"a malformed value is refused", "3-4", nil, 0, 0, "", "want I/N"},
		{"Kubernetes gives the index, the plan the count", "auto", map[string]string{"JOB_COMPLETION_INDEX": "7"}, 7, 0, "Kubernetes Indexed Job (JOB_COMPLETION_INDEX=7)", ""},
		{"AWS Batch gives both", "auto", map[string]string{"AWS_BATCH_JOB_ARRAY_INDEX": "2", "AWS_BATCH_JOB_ARRAY_SIZE": "64"}, 2, 64, "AWS Batch array job", ""},
		{"Cloud Run gives both", "auto", map[string]string{"CLOUD_RUN_TASK_INDEX": "0", "CLOUD_RUN_TASK_COUNT": "8"}, 0, 8, "Cloud Run job", ""},
		{"GCP Batch gives both", "auto", map[string]string{"BATCH_TASK_INDEX": "5", "BATCH_TASK_COUNT": "6"}, 5, 6, "GCP Batch", ""},
		{"a Slurm array may start at 1", "auto", map[string]string{"SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"}, 3, 4, "Slurm job array", ""},
		{"an index past the count is refused", "auto", map[string]string{"CLOUD_RUN_TASK_INDEX": "8", "CLOUD_RUN_TASK_COUNT": "8"}, 0, 0, "", "must be below 8"},
		{"no engine is said so", "auto", nil, 0, 0, "", "no engine's index variable is set"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w, err := ParseShard(tc.flag, func(k string) string { return tc.env[k] })
			if tc.refused != "" {
				if err == nil || !strings.Contains(err.Error(), tc.refused) {
					t.Fatalf("%v, want an error saying %q", err, tc.refused)
				}
				return
			}
			if err != nil || w.I != tc.i || w.N != tc.n || !strings.Contains(w.Source, tc.source) {
				t.Fatalf("%+v, %v", w, err)
			}
		})
	}
}
